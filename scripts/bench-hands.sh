#!/usr/bin/env bash
# What switching the US keyboard between both hands, one-handed and split costs (release build).
# Prints a table and rewrites the hands section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
source scripts/lib/release.sh
build_release clavis-bench
.build/release/clavis-bench hands --markdown docs/benchmarks.md "$@"
