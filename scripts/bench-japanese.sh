#!/usr/bin/env bash
# The Japanese input benchmark (release build) under a private Xvfb: libkkc's conversion of
# 20-kana sentences, a key's way into the marked text, and the demo's memory before and after
# the engine loads. Prints a table and rewrites the japanese section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis clavis-bench
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  .build/release/clavis-bench japanese --markdown docs/benchmarks.md "$@"
