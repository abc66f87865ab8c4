#!/usr/bin/env bash
# Takes docs/screenshot.png of the real app under a private Xvfb: starts clavis, types a name
# by clicking its keys with xdotool (positions from --geometry-out), and captures the window.
#   scripts/screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/xvfb-keys.sh
out="${1:-docs/screenshot.png}"
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis

start_xvfb 1024x768
.build/release/clavis --geometry-out "$work/keys.json" &
for _ in $(seq 50); do [[ -s "$work/keys.json" ]] && break; sleep 0.1; done
sleep 0.5   # the keyboard's slide-in

for key in a d a return l o v e l; do click_key "$work/keys.json" "$key"; done
# Hold a key down so the picture shows the pressed state.
read -r x y <<<"$(key_centre "$work/keys.json" a)"
xdotool mousemove "$x" "$y" mousedown 1
sleep 0.3
import -window "$(xdotool search --onlyvisible --name '^Clavis$' | head -n 1)" "$out"
xdotool mouseup 1
echo "wrote $out"
