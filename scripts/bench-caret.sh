#!/usr/bin/env bash
# Touches to put the caret at a random place in a 200-character text: tapping into the text,
# sliding along the space bar (Clavis's own touch tracker), and both (release build; a
# simulation with stated assumptions). Prints a table and rewrites the caret section of
# docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
source scripts/lib/release.sh
build_release clavis-bench
.build/release/clavis-bench caret --markdown docs/benchmarks.md "$@"
