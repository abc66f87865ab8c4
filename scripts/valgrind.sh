#!/usr/bin/env bash
# Runs Clavis's ordinary runs under valgrind and fails on any invalid access or use of an
# uninitialised value: `clavis check us`, `clavis suggest` on a few lines, `clavis render`, and
# a demo session under a private Xvfb with words typed by real clicks. Uses the release build
# (built here if missing), on a copy without debug information: valgrind 3.19 cannot read the
# DWARF the release build carries. .ci/run calls it after the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test

source scripts/lib/release.sh
[[ -x .build/release/clavis ]] || build_release clavis
scripts/text-data.sh >/dev/null 2>&1

work=$(mktemp -d /tmp/clavis-valgrind.XXXXXX)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug .build/release/clavis "$work/clavis"
export CLAVIS_TEXT_DIR="$PWD/.build-data/text" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" NO_AT_BRIDGE=1
failed=0
run() {  # NAME COMMAND...: runs the command under valgrind, its report in $work/NAME.txt
  local name=$1; shift
  valgrind -q --error-exitcode=99 --log-file="$work/$name.txt" "$@" >"$work/$name.out" 2>&1 </dev/null || true
  if [[ -s "$work/$name.txt" ]]; then
    echo "valgrind.sh: $name: $(grep -c '^==[0-9]*== [A-Z]' "$work/$name.txt") problems:" >&2
    head -40 "$work/$name.txt" >&2
    failed=1
  else
    echo "valgrind.sh: $name: clean" >&2
  fi
}
run check "$work/clavis" check us
printf 'see you tom\nthe quik\nrecieve\n\nhelo wor\n' >"$work/lines.txt"
valgrind -q --log-file="$work/suggest.txt" "$work/clavis" suggest --language en <"$work/lines.txt" >"$work/suggest.out" 2>&1 || true
if [[ -s "$work/suggest.txt" ]]; then echo "valgrind.sh: suggest:" >&2; head -40 "$work/suggest.txt" >&2; failed=1; else echo "valgrind.sh: suggest: clean" >&2; fi
run render "$work/clavis" render us --size 800x300 --output "$work/us.png"

# The demo: "hello world " clicked key by key at the positions it exports, then closed.
cat >"$work/session.sh" <<SESSION
#!/usr/bin/env bash
valgrind -q --log-file="$work/demo.txt" "$work/clavis" --layout us --geometry-out "$work/keys.json" >"$work/demo.out" 2>&1 &
pid=\$!
for _ in \$(seq 300); do [[ -s "$work/keys.json" ]] && break; sleep 0.2; done
python3 - "$work/keys.json" <<'PY'
import json, subprocess, sys, time
for key in list("hello") + ["space"] + list("world") + ["space"]:
    keys = {k["id"]: k for k in json.load(open(sys.argv[1]))["keys"]}
    k = keys[key]
    subprocess.run(["xdotool", "mousemove", str(k["x"] + k["width"] // 2), str(k["y"] + k["height"] // 2), "click", "1"])
    time.sleep(0.3)
PY
typed=\$?
sleep 1
kill -TERM \$pid; wait \$pid || true
exit \$typed
SESSION
chmod +x "$work/session.sh"
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$work/session.sh" || { echo "valgrind.sh: the demo session could not be typed into" >&2; failed=1; }
if [[ -s "$work/demo.txt" ]]; then echo "valgrind.sh: demo session:" >&2; head -40 "$work/demo.txt" >&2; failed=1; else echo "valgrind.sh: demo session: clean" >&2; fi
exit $failed
