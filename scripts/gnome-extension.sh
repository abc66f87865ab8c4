#!/usr/bin/env bash
# Writes Clavis's GNOME Shell extension (data/gnome-shell) into FOLDER/clavis@clavis-keyboard.github.io, in the form the
# Shell loads: for GNOME 43 and 44 a script with `imports.*` (legacy.js around clavis-shell.js), for GNOME 45 and
# later an ES module (module.js around it). VERSION is the Shell's major version; by default the installed
# gnome-shell's, and the module form where there is none (the versions distributions ship from now on).
#   scripts/gnome-extension.sh FOLDER [VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${1:?usage: scripts/gnome-extension.sh FOLDER [VERSION]}"
version="${2:-}"
if [[ -z "$version" ]] && command -v gnome-shell >/dev/null; then
  version=$(gnome-shell --version 2>/dev/null | sed -n 's/^GNOME Shell \([0-9][0-9]*\).*/\1/p')
fi
version="${version:-45}"
if ((version < 45)); then
  entry=data/gnome-shell/legacy.js versions='"43", "44"'
else
  entry=data/gnome-shell/module.js versions='"45", "46", "47", "48", "49"'
fi
uuid=clavis@clavis-keyboard.github.io
out="$folder/$uuid"
mkdir -p "$out"
sed -e '/^\/\/ @clavis-shell@$/{r data/gnome-shell/clavis-shell.js' -e 'd}' "$entry" >"$out/extension.js"
sed "s/\"@shell-versions@\"/$versions/" data/gnome-shell/metadata.json >"$out/metadata.json"
chmod 644 "$out/extension.js" "$out/metadata.json"
