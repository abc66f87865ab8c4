#!/usr/bin/env bash
# Clavis beside GNOME's own on-screen keyboard on a headless GNOME Shell (release build, Clavis
# installed into a temporary prefix as a user would install it): start-up to the keyboard shown
# for a focused field, memory, and key press → text in a Wayland GTK entry. Prints a table and
# rewrites the gnome section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis clavis-bench
user=clavis-wayland
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
prefix=$(mktemp -d /tmp/clavis-gnome-prefix.XXXXXX)
trap 'rm -rf "$prefix"' EXIT
HOME="$prefix" scripts/install.sh --prefix "$prefix" --binary .build/release/clavis >/dev/null
chmod -R a+rX "$prefix"
# Pages of files just written are dirty until written back, and smaps counts them as Clavis's own.
sync
.build/release/clavis-bench gnome --clavis "$prefix/bin/clavis" --input Tests/ClavisUITests/Helpers/mutter-input.py \
  --markdown docs/benchmarks.md "$@"
