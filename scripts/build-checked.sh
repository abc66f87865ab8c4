#!/usr/bin/env bash
# Builds like `swift build` (arguments go to it) and fails when the compiler warns about our
# own code (Sources/, Tests/). Dependencies' warnings and SwiftPM's pkg-config notes pass.
# A clean build shows every warning; an incremental one only those of the files it rebuilt.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/quiet-build.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build "$@" 2>&1 | tee "$log" | without_pkg_config_notes
status=${PIPESTATUS[0]}
((status == 0)) || exit "$status"
ours=$(grep -E "^$PWD/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u)
if [[ -n "$ours" ]]; then
  echo "build-checked.sh: the build warns about our own code; fix these:" >&2
  echo "$ours" >&2
  exit 1
fi
