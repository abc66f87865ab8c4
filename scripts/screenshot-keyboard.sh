#!/usr/bin/env bash
# Takes docs/typing-into-apps.png: `clavis keyboard --dock` under openbox on a private Xvfb,
# typing into a maximised xterm (keys clicked with xdotool at --geometry-out positions).
#   scripts/screenshot-keyboard.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/typing-into-apps.png}"
scripts/deps.sh build test
swift build -c release --product clavis

work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
export DISPLAY="$display" NO_AT_BRIDGE=1 LC_ALL=C.UTF-8
sleep 1
dbus-daemon --session --nofork --address="unix:path=$work/bus" &
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
openbox --sm-disable &
sleep 1
.build/release/clavis keyboard --dock --layout de --geometry-out "$work/keys.json" 2>/dev/null &
for _ in $(seq 50); do [[ -s "$work/keys.json" ]] && break; sleep 0.1; done
xterm -maximized -T "cat" -fa Monospace -fs 14 -e cat &
for _ in $(seq 50); do [[ "$(xdotool getwindowfocus getwindowname 2>/dev/null)" == cat ]] && break; sleep 0.1; done

click() {  # click the key with this id
  for _ in $(seq 20); do
    read -r x y < <(python3 -c 'import json,sys
k=[k for k in json.load(open(sys.argv[1]))["keys"] if k["id"]==sys.argv[2]]
print(*(k and [k[0]["x"]+k[0]["width"]//2, k[0]["y"]+k[0]["height"]//2] or ["-", "-"]))' "$work/keys.json" "$1")
    [[ "$x" != "-" ]] && break
    sleep 0.1
  done
  xdotool mousemove "$x" "$y" click 1
  sleep 0.15
}
for key in shift g r ü ß e , space w ö r l d numbers ! space numbers € return; do click "$key"; done
sleep 0.3
import -window root "$out"
echo "wrote $out"
