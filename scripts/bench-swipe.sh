#!/usr/bin/env bash
# The swipe benchmark (release build): top-1 and top-3 accuracy of the gesture decoder on
# synthetic strokes of every word of held-out text, at a phone's and a desktop's size, with
# decode times and memory, in English, German and French and eight more languages on their XKB
# keyboards. Held-out text from scripts/lib/held-out.sh (fortunes, the Debian FAQ in French,
# vimtutor), none of it used to build a lexicon. Prints a table and rewrites the swipe section
# of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis-bench
source scripts/lib/held-out.sh
arguments=()
for pair in "${held_out[@]}"; do arguments+=(--held-out "$pair"); done
# The languages beyond English, German and French on their XKB keyboards.
exec .build/release/clavis-bench swipe --keyboards en=us --keyboards de=de --keyboards fr=fr \
  --keyboards es=xkb:es --keyboards it=xkb:it --keyboards pt=xkb:br --keyboards pl=xkb:pl --keyboards ru=xkb:ru \
  --keyboards cs=xkb:cz --keyboards nl=xkb:nl --keyboards sv=xkb:se "${arguments[@]}" --markdown docs/benchmarks.md "$@"
