#!/usr/bin/env bash
# The layout scale benchmark (release build): generated layouts of 100–800 keys, build and
# orientation-toggle times. Prints a table and rewrites the layout section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench layouts --markdown docs/benchmarks.md "$@"
