#!/usr/bin/env bash
# Takes docs/settings-PAGE.png for docs/settings.md: `clavis settings` on each of its pages
# under a private Xvfb, with a few keyboards enabled and a few learned words, as a person
# who has used Clavis for a while would see it.
#   scripts/screenshot-settings.sh [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/xvfb-keys.sh
out="$(realpath -m "${1:-docs}")"
scripts/deps.sh build test
source scripts/lib/release.sh
build_release clavis

start_xvfb 1024x768
export XDG_CONFIG_HOME="$work" XDG_DATA_HOME="$work"
.build/release/clavis settings --set enabledKeyboards=us,de,xkb:ru,emoji --set allowFullAccess=on
mkdir -p "$work/clavis"
printf '# clavis user words 1\nw\tAnneliese\t4\nw\tClavis\t12\nw\tKrakow\t2\nend\t3\n' >"$work/clavis/learned-words.tsv"
for page in keyboards appearance typing sound accessibility privacy; do
  dbus-run-session -- bash -c '
    .build/release/clavis settings --page "$1" &
    for _ in $(seq 100); do xdotool search --onlyvisible --name "^Clavis Settings$" >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 1
    import -window "$(xdotool search --onlyvisible --name "^Clavis Settings$" | head -n 1)" "$0/settings-$1.png"
    kill %1
  ' "$out" "$page"
  echo "wrote $out/settings-$page.png"
done
