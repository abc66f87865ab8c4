#!/usr/bin/env bash
# The suggestions benchmark (release build): keystroke savings of Clavis and presage on the
# same held-out text (fortunes), corrections, query time and memory, in one run. Prints a
# table and rewrites the suggest section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
scripts/text-data.sh
mkdir -p .build-data/bench
cc -O2 -Wall scripts/bench/presage-suggest.c -lpresage -o .build-data/bench/presage-suggest
# presage's own configuration with the learning predictor left out and learning off.
sed -e 's#<PREDICTORS>.*</PREDICTORS>#<PREDICTORS>DefaultSmoothedNgramPredictor</PREDICTORS>#' \
    -e 's#<ONLINE_LEARNING>yes#<ONLINE_LEARNING>no#' /etc/presage.xml >.build-data/bench/presage.xml
source scripts/lib/release.sh
build_release clavis clavis-bench
exec .build/release/clavis-bench suggest --markdown docs/benchmarks.md "$@"
