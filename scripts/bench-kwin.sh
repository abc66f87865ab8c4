#!/usr/bin/env bash
# Clavis beside Maliit (installed when missing) as KDE Plasma's virtual keyboard, each started by
# a headless KWin of its own (release build): start-up until KWin shows the panel, memory, and key
# press → text in a GTK entry. Prints a table and rewrites the kwin section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test bench
source scripts/lib/release.sh
build_release clavis clavis-bench
user=clavis-wayland
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
# The client that presses keys through org_kde_kwin_fake_input (as the tests build it).
helper=$(mktemp -d /tmp/clavis-kwin-fake-input.XXXXXX)
trap 'rm -rf "$helper"' EXIT
xml=/usr/share/plasma-wayland-protocols/fake-input.xml
wayland-scanner client-header "$xml" "$helper/fake-input-client-protocol.h"
wayland-scanner private-code "$xml" "$helper/fake-input-protocol.c"
compiler=cc; command -v cc >/dev/null || compiler=clang
"$compiler" -O1 -I "$helper" -o "$helper/kwin-fake-input" Tests/ClavisUITests/Helpers/kwin-fake-input.c "$helper/fake-input-protocol.c" -lwayland-client
chmod 755 "$helper" "$helper/kwin-fake-input"
.build/release/clavis-bench kwin --fake-input "$helper/kwin-fake-input" --markdown docs/benchmarks.md "$@"
