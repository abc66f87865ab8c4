#!/usr/bin/env bash
# The switch scanning and dwell benchmark (release build): scan steps and switch presses per
# character typing the held-out fortunes text, QWERTY and the scanning keyboard, with and
# without prediction, through the real session on virtual time. Prints a table and rewrites
# the access section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis-bench
exec .build/release/clavis-bench access --markdown docs/benchmarks.md "$@"
