#!/usr/bin/env bash
# The engine benchmark (release build): press → insertText, p50/p99 over 100,000 presses.
# Prints a table and rewrites the engine section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench engine --markdown docs/benchmarks.md "$@"
