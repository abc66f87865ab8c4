#!/usr/bin/env bash
# Before and after in one run: builds Clavis at BASE (default ac302f5, the last commit before
# issue 19's memory and speed work) in a worktree under .build-before/, as it was built then
# (with its own scripts/lib/release.sh where it has one), and the current tree as scripts/lib/release.sh builds it, then runs `clavis-bench compare`
# under a private Xvfb beside Onboard (installed when missing), `clavis keyboard` and a bare GTK 3
# program (the memory floor, scripts/bench/gtk-floor.c). Rewrites the compare section
# of docs/benchmarks.md. Takes about 15 minutes.
#   scripts/bench-compare.sh [BASE [clavis-bench compare options]]
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-ac302f5}"
shift || true
scripts/deps.sh build test
missing=()
for package in onboard dbus-daemon; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == "install ok installed" ]] || missing+=("$package")
done
if ((${#missing[@]})); then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
scripts/text-data.sh
tree=".build-before/$base"
[[ -d "$tree" ]] || git worktree add --detach "$tree" "$base"
# The earlier build reads this tree's lexicons (the format only grew tables it skips), from a
# copy of its own: sharing the files, its reads (with the kernel's readahead, before
# MADV_RANDOM) filled the page cache the current build then maps 64 KB around each page.
mkdir -p "$tree/.build-data"
[[ -L "$tree/.build-data/text" ]] && rm "$tree/.build-data/text"
rm -rf "$tree/.build-data/text" && cp -r .build-data/text "$tree/.build-data/text"
# A base that ships its own release build (scripts/lib/release.sh) is built that way, so the
# two are compared as users get them; an older one as it was built then.
if [[ -f "$tree/scripts/lib/release.sh" ]]; then
  (cd "$tree" && source scripts/lib/release.sh && build_release clavis clavis-bench)
else
  (cd "$tree" && swift build -c release --product clavis && swift build -c release --product clavis-bench)
fi
source scripts/lib/release.sh
build_release clavis clavis-bench
# GTK's own floor, measured in the same run (issue 47's idle target is the floor + 6 MB).
mkdir -p .build/bench
cc -O2 -o .build/bench/gtk-floor scripts/bench/gtk-floor.c $(pkg-config --cflags --libs gtk+-3.0)
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" .build/release/clavis-bench compare \
  --before "$tree/.build/release/clavis" --before-bench "$tree/.build/release/clavis-bench" --before-label "$base" \
  --floor .build/bench/gtk-floor --runs 9 --markdown docs/benchmarks.md "$@"
