#!/usr/bin/env bash
# The swipe benchmark (release build): top-1 and top-3 accuracy of the gesture decoder on
# synthetic strokes of every word of held-out text (English: the fortunes), at a phone's and a
# desktop's size, with decode times. Prints a table and rewrites the swipe section of
# docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench swipe --keyboards en=us --markdown docs/benchmarks.md "$@"
