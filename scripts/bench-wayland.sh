#!/usr/bin/env bash
# Clavis beside squeekboard and wvkbd (installed when missing) on one headless sway (release
# build): start-up to the first frame on the output, memory, and key press → text in a GTK
# entry. Prints a table and rewrites the wayland section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
missing=()
for package in squeekboard wvkbd dbus-daemon; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == "install ok installed" ]] || missing+=("$package")
done
if ((${#missing[@]})); then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
source scripts/lib/release.sh
build_release clavis clavis-bench
source scripts/lib/headless-sway.sh
start_headless_sway 1280x800
.build/release/clavis-bench wayland --markdown docs/benchmarks.md "$@"
