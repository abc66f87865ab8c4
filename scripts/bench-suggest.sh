#!/usr/bin/env bash
# The suggestions benchmark (release build): keystroke savings of Clavis and presage on the
# same held-out text (fortunes), corrections, query time and memory, in one run; then every
# language with held-out text beside Onboard's own predictor, and mixed text with two
# languages on. Prints the tables and rewrites the suggest and suggest-languages sections of
# docs/benchmarks.md. Held-out text, never used to build a lexicon: Debian's fortunes in the
# language, the Debian FAQ in French, vimtutor's translation where there are no fortunes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
mkdir -p .build-data/bench
cc -O2 -Wall scripts/bench/presage-suggest.c -lpresage -o .build-data/bench/presage-suggest
# presage's own configuration with the learning predictor left out and learning off.
sed -e 's#<PREDICTORS>.*</PREDICTORS>#<PREDICTORS>DefaultSmoothedNgramPredictor</PREDICTORS>#' \
    -e 's#<ONLINE_LEARNING>yes#<ONLINE_LEARNING>no#' /etc/presage.xml >.build-data/bench/presage.xml
source scripts/lib/held-out.sh
arguments=()
for pair in "${held_out[@]}"; do arguments+=(--held-out "$pair"); done
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis clavis-bench
exec .build/release/clavis-bench suggest "${arguments[@]}" --mixed en+de --mixed es+en --markdown docs/benchmarks.md "$@"
