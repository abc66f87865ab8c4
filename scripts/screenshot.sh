#!/usr/bin/env bash
# Takes docs/screenshot.png of the real app under a private Xvfb: starts clavis, types a name
# by clicking its keys with xdotool (positions from --geometry-out), and captures the window.
#   scripts/screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/screenshot.png}"
scripts/deps.sh build test
swift build -c release --product clavis

work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
export DISPLAY="$display" NO_AT_BRIDGE=1
sleep 1
.build/release/clavis --geometry-out "$work/keys.json" &
for _ in $(seq 50); do [[ -s "$work/keys.json" ]] && break; sleep 0.1; done
sleep 0.5   # the keyboard's slide-in

click() {  # click the key with this id
  read -r x y < <(python3 -c 'import json,sys
k=next(k for k in json.load(open(sys.argv[1]))["keys"] if k["id"]==sys.argv[2])
print(k["x"]+k["width"]//2, k["y"]+k["height"]//2)' "$work/keys.json" "$1")
  xdotool mousemove "$x" "$y" click 1
  sleep 0.1
}
for key in a d a return l o v e l a c e return; do click "$key"; done
# Hold a key down so the picture shows the pressed state.
read -r x y < <(python3 -c 'import json,sys
k=next(k for k in json.load(open(sys.argv[1]))["keys"] if k["id"]=="a")
print(k["x"]+k["width"]//2, k["y"]+k["height"]//2)' "$work/keys.json")
xdotool mousemove "$x" "$y" mousedown 1
sleep 0.3
import -window "$(xdotool search --onlyvisible --name '^Clavis$' | head -n 1)" "$out"
xdotool mouseup 1
echo "wrote $out"
