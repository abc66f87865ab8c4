#!/usr/bin/env bash
# The auto-correction benchmark (release build): on every language's held-out text, the
# correctly typed words Space changes, the accents it puts back and the slips it corrects,
# through the keyboard's own code. Prints the table and rewrites the autocorrect section of
# docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
source scripts/lib/held-out.sh
arguments=()
for pair in "${held_out[@]}"; do arguments+=(--held-out "$pair"); done
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench autocorrect "${arguments[@]}" --markdown docs/benchmarks.md "$@"
