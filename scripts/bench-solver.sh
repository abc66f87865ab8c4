#!/usr/bin/env bash
# The solver benchmark: Clavis's solver against kiwisolver (PyPI) on the same systems, in one
# run, release build. Prints a table and rewrites the solver section of docs/benchmarks.md.
#   scripts/bench-solver.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import kiwisolver' 2>/dev/null || python3 -m pip install --quiet kiwisolver
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench solver --markdown docs/benchmarks.md "$@"
