#!/usr/bin/env bash
# Takes docs/scanning.png for docs/accessibility.md: the real demo under a private Xvfb and
# session bus, the scanning keyboard in the high-contrast theme with step scanning and dwell
# on, a row highlighted by `clavis scan next` and the pointer resting on a key (dwell's ring).
#   scripts/screenshot-scanning.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/xvfb-keys.sh
out="$(realpath -m "${1:-docs/scanning.png}")"
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis

start_xvfb 1024x768
export XDG_CONFIG_HOME="$work" XDG_DATA_HOME="$work"
.build/release/clavis settings --set scanning=step --set dwell=on --set dwell-time=3 --set suggestions=off
dbus-run-session -- bash -c '
  .build/release/clavis --layout scan --theme high-contrast --geometry-out "$0/keys.json" &
  for _ in $(seq 50); do [[ -s "$0/keys.json" ]] && break; sleep 0.1; done
  sleep 0.5
  .build/release/clavis scan next
  .build/release/clavis scan next
  source scripts/lib/xvfb-keys.sh
  read -r x y <<<"$(key_centre "$0/keys.json" e)"
  xdotool mousemove "$x" "$y"
  sleep 1.5
  import -window "$(xdotool search --onlyvisible --name "^Clavis$" | head -n 1)" "$1"
  kill %1
' "$work" "$out"
echo "wrote $out"
