#!/usr/bin/env bash
# The view benchmark (release build) under a private Xvfb: a full-keyboard frame, start-up to
# the first frame, and memory idle and after typing. Rewrites the view section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis clavis-bench
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  .build/release/clavis-bench view --runs 10 --markdown docs/benchmarks.md "$@"
