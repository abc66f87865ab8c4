#!/usr/bin/env bash
# Every benchmark, release builds, in one run (about 5–10 minutes on the 2-core machine):
# the solver against kiwisolver, layout scale, the engine, suggestions against presage, switch
# scanning and dwell, drawing
# and start-up, and Clavis
# beside Onboard, xvkbd and matchbox-keyboard (installed when missing), and typing into other
# applications over XTest; on Wayland beside squeekboard and wvkbd; memory with use (leaks).
# Each part rewrites
# its own section of docs/benchmarks.md; the summary of every target is printed at the end.
# A benchmark, not a test: CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
missing=()
for package in onboard xvkbd matchbox-keyboard dbus-daemon; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == "install ok installed" ]] || missing+=("$package")
done
if ((${#missing[@]})); then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
python3 -c 'import kiwisolver' 2>/dev/null || python3 -m pip install --quiet kiwisolver
source scripts/lib/release.sh
build_release clavis clavis-bench
bench=.build/release/clavis-bench
$bench solver --markdown docs/benchmarks.md
$bench layouts --markdown docs/benchmarks.md
$bench engine --markdown docs/benchmarks.md
$bench caret --markdown docs/benchmarks.md
$bench hands --markdown docs/benchmarks.md
scripts/bench-suggest.sh
scripts/bench-access.sh
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" $bench view --runs 10 --markdown docs/benchmarks.md
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" $bench apps --runs 5 --markdown docs/benchmarks.md
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" $bench xtest --markdown docs/benchmarks.md
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" $bench leaks --markdown docs/benchmarks.md
scripts/bench-wayland.sh --runs 5 --presses 200
python3 - <<'PY'
import re
text = open("docs/benchmarks.md").read()
rows = [line for line in text.splitlines() if line.startswith("| ") and ("met |" in line or "missed" in line)]
print("\nEvery target, from docs/benchmarks.md:")
for row in rows:
    cells = [c.strip() for c in row.strip("|").split("|")]
    print(f"  {cells[0][:60]:60} {cells[-1]}")
PY
