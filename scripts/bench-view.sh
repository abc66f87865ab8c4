#!/usr/bin/env bash
# The view benchmark (release build) under a private Xvfb: a full-keyboard frame, start-up to
# the first frame, and memory idle and after typing. Rewrites the view section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
swift build -c release --product clavis
swift build -c release --product clavis-bench
# A freshly linked binary's pages sit dirty in the page cache until written back, and count
# as its private dirty memory: write them back before measuring.
sync
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  .build/release/clavis-bench view --runs 10 --markdown docs/benchmarks.md "$@"
