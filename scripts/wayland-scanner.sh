#!/usr/bin/env bash
# Generates the C glue for the Wayland protocols Debian's wayland-protocols lacks (input-method
# v2, virtual keyboard v1; the wlroots virtual pointer for tests) from data/wayland/*.xml with wayland-scanner (Debian libwayland-bin):
# client headers into OUT/include, marshalling code into OUT. The Wayland adapter (issue 18)
# builds it as the CWayland target, where the output is checked in:
#   scripts/wayland-scanner.sh Sources/CWayland
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/wayland-scanner.sh OUTPUT-DIRECTORY}
mkdir -p "$out/include"
for xml in data/wayland/*.xml; do
  name=$(basename "$xml" .xml)
  wayland-scanner client-header "$xml" "$out/include/$name-client-protocol.h"
  wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done
echo "generated $(ls data/wayland/*.xml | wc -l) protocols into $out"
