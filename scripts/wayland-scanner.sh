#!/usr/bin/env bash
# Generates the C glue for the Wayland protocols Clavis speaks, with wayland-scanner (Debian
# libwayland-bin): client headers into OUT/include, marshalling code into OUT.
#   - input-method v1 (with the input panel), read from Debian's wayland-protocols package where
#     it is published (/usr/share/wayland-protocols): KDE Plasma's KWin and Weston;
#   - input-method v2, virtual keyboard v1 and the wlroots virtual pointer (for tests), which
#     that package lacks, from data/wayland/*.xml: sway and the other wlroots compositors.
# SwiftPM 6.3 ignores C files a build plugin generates ("C source file generation not
# enabled"), so the output is checked in as the CWayland target; `WaylandGlueTests` runs this
# script into a temporary folder and fails when the checked-in glue differs from what the
# installed XML gives.
#   scripts/wayland-scanner.sh Sources/Platform/CWayland
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/wayland-scanner.sh OUTPUT-DIRECTORY}
protocols=${WAYLAND_PROTOCOLS_DIR:-/usr/share/wayland-protocols}
packaged=("$protocols/unstable/input-method/input-method-unstable-v1.xml")
for xml in "${packaged[@]}"; do
  [[ -f "$xml" ]] || { echo "wayland-scanner.sh: $xml is missing: install wayland-protocols (scripts/deps.sh build)" >&2; exit 1; }
done
mkdir -p "$out/include"
count=0
for xml in "${packaged[@]}" data/wayland/*.xml; do
  name=$(basename "$xml" .xml)
  wayland-scanner client-header "$xml" "$out/include/$name-client-protocol.h"
  wayland-scanner private-code "$xml" "$out/$name-protocol.c"
  count=$((count + 1))
done
echo "generated $count protocols into $out"
