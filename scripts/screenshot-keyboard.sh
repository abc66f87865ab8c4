#!/usr/bin/env bash
# Takes docs/typing-into-apps.png: `clavis keyboard --dock` under openbox on a private Xvfb,
# typing into a maximised xterm (keys clicked with xdotool at --geometry-out positions).
#   scripts/screenshot-keyboard.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/xvfb-keys.sh
out="${1:-docs/typing-into-apps.png}"
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis

start_xvfb 1280x800
dbus-daemon --session --nofork --address="unix:path=$work/bus" &
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
openbox --sm-disable &
sleep 1
.build/release/clavis keyboard --dock --layout de --geometry-out "$work/keys.json" 2>/dev/null &
for _ in $(seq 50); do [[ -s "$work/keys.json" ]] && break; sleep 0.1; done
xterm -maximized -T "cat" -fa Monospace -fs 14 -e cat &
for _ in $(seq 50); do [[ "$(xdotool getwindowfocus getwindowname 2>/dev/null)" == cat ]] && break; sleep 0.1; done

for key in shift g r ü ß e , space w ö r l d numbers ! space numbers € return; do
  click_key "$work/keys.json" "$key"
done
sleep 0.3
import -window root "$out"
echo "wrote $out"
