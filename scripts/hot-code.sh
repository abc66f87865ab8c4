#!/usr/bin/env bash
# Writes scripts/lib/clavis.order, the list of functions the linker puts together at the front
# of the shipped binary (scripts/lib/release.sh): the ones a user's session runs. Code pages
# come into memory 64 KB at a time around each one touched, so with hot code scattered over
# the 10 MB of text (Swift runtime and FoundationEssentials included) most of it was resident;
# gathered, far less is (docs/performance.md).
# How: the demo and `clavis keyboard` run under callgrind on a private Xvfb with a null-sink
# PulseAudio while keys are clicked (letters, shift, numbers, symbols, backspace held, a
# suggestion, Next, a long press for accents, a turn to portrait and back); every function of
# the binary that ran is listed, those that ran before the first click first. Left out are
# names the binary defines more than once when one copy is file-local in a prebuilt Swift or
# C++ archive's file that would not come to the front otherwise (helpers such as
# __swift_instantiateConcreteTypeFromMangledName): those files are not split by function,
# so the linker would pull the whole file to the front. Takes ~3 minutes. Run it again when
# start-up or typing code changes much; names that no longer exist are skipped by the linker.
#   scripts/hot-code.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/xvfb-keys.sh
scripts/deps.sh build test
command -v valgrind >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind; }
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis
# valgrind 3.19 cannot read clang's DWARF 5; the symbol table is all it needs. The copy stays
# under the package so that clavis finds its data.
mkdir -p .build/hot-code
objcopy --strip-debug .build/release/clavis .build/hot-code/clavis

start_xvfb 1280x1024
export XDG_RUNTIME_DIR="$work/run" PULSE_SERVER="unix:$work/run/pulse.sock"
mkdir -m 700 "$XDG_RUNTIME_DIR"
pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no \
  --load="module-null-sink sink_name=virt" \
  --load="module-native-protocol-unix socket=$work/run/pulse.sock auth-anonymous=1" >/dev/null 2>&1 &
for _ in $(seq 50); do [[ -S "$work/run/pulse.sock" ]] && break; sleep 0.1; done

# Long press: the accents popup; `hold` seconds.
hold_key() {
  local centre
  centre=$(key_centre "$1" "$2")
  read -r x y <<<"$centre"
  xdotool mousemove "$x" "$y" mousedown 1 sleep "$3" mouseup 1
  sleep 0.3
}

# profile NAME ARGUMENTS...: one callgrind run of clavis with these arguments, keys clicked.
profile() {
  local name=$1
  shift
  local home="$work/home-$name"
  mkdir -p "$home"
  HOME="$home" XDG_CONFIG_HOME="$home/.config" valgrind --tool=callgrind --dump-instr=no \
    --compress-strings=no --compress-pos=no --demangle=no --callgrind-out-file="$work/$name.%p" \
    .build/hot-code/clavis "$@" --geometry-out "$home/keys.json" >/dev/null 2>"$work/$name.log" &
  local pid=$!
  for _ in $(seq 600); do grep -q '"visible":true' "$home/keys.json" 2>/dev/null && break; sleep 0.2; done
  grep -q '"visible":true' "$home/keys.json" || { cat "$work/$name.log" >&2; echo "clavis did not show" >&2; exit 1; }
  # What start-up ran (and two seconds idle) goes in its own dump, $name.$pid.1.
  sleep 2
  callgrind_control -d "$pid" >/dev/null
  for key in h e l l o space shift w o r l d backspace d space numbers 1 2 symbols letters , space; do
    click_key "$home/keys.json" "$key" || true
  done
  hold_key "$home/keys.json" e 1.2
  hold_key "$home/keys.json" backspace 1.5
  local window
  window=$(xdotool search --onlyvisible --name '^Clavis' | head -1)
  if [[ -n "$window" ]]; then
    xdotool windowsize "$window" 500 900
    sleep 3
    click_key "$home/keys.json" t
    xdotool windowsize "$window" 900 600
    sleep 3
  fi
  for key in t h e r e return a return; do
    click_key "$home/keys.json" "$key" || true
  done
  sleep 1
  callgrind_control -d "$pid" >/dev/null
  sleep 2
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

profile demo --layout us
profile keyboard keyboard --layout us

nm --defined-only .build/release/clavis | awk '{print $NF}' | sort >"$work/binary-symbols"
uniq -d "$work/binary-symbols" >"$work/defined-twice"
for archive in "$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")"/lib/swift_static/linux/*.a "$(clang++ -print-file-name=libstdc++.a)"; do
  nm -A --defined-only "$archive" 2>/dev/null | awk 'NF >= 3 {split($1, p, ":"); print p[1] ":" p[2], $(NF-1), $NF}'
done >"$work/archive-symbols"
python3 - "$work" >"$work/order" <<'EOF'
import collections, glob, sys
work = sys.argv[1]
binary = set(open(f"{work}/binary-symbols").read().split())
twice = set(open(f"{work}/defined-twice").read().split())
functions_in = collections.defaultdict(set)  # archive member -> the functions it defines (not weak ones, which may come from elsewhere)
local_in = collections.defaultdict(set)  # function name -> the members defining it file-locally
for line in open(f"{work}/archive-symbols"):
    member, kind, name = line.split()
    if kind in ("T", "t"):
        functions_in[member].add(name)
    if kind == "t":
        local_in[name].add(member)

def functions(path):
    """The binary's functions that ran, in one callgrind dump."""
    ran, ob, cob = set(), None, None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            ob = line[3:].strip()
        elif line.startswith("cob="):
            cob = line[4:].strip()
        elif line.startswith("fn=") or line.startswith("cfn="):
            owner = (cob or ob) if line.startswith("cfn=") else ob
            name = line.split("=", 1)[1].strip()
            if owner and owner.endswith("/hot-code/clavis") and not name.startswith("0x"):
                ran.add(name)
            if line.startswith("cfn="):
                cob = None
    return ran

dumps = [path for path in glob.glob(f"{work}/demo.*") + glob.glob(f"{work}/keyboard.*") if not path.endswith(".log")]
startup = set().union(*(functions(path) for path in dumps if path.endswith(".1")))
typing = set().union(*(functions(path) for path in dumps if not path.endswith(".1"))) - startup
# A name the binary defines more than once moves every copy to the front. Copies in Clavis's
# own objects are sections of their own; a copy in a prebuilt archive's file means that
# file's whole text, which is fine only when the file comes to the front anyway (it holds
# another function that ran: libswiftCore's Swift.o) or is not linked at all.
ran_once = (startup | typing) - twice
hot = {member for member, names in functions_in.items() if names & ran_once}
linked = {member for member, names in functions_in.items() if (names - twice) & binary}
def placeable(name):
    return name not in twice or all(member in hot or member not in linked for member in local_in[name])
# The C runtime's entry point, which callgrind does not name, starts the run.
print("\n".join(["_start"] + sorted(filter(placeable, startup)) + sorted(filter(placeable, typing))))
EOF
[[ $(wc -l <"$work/order") -gt 1000 ]] || { echo "too few functions profiled: $(wc -l <"$work/order")" >&2; exit 1; }
mv "$work/order" scripts/lib/clavis.order
echo "wrote scripts/lib/clavis.order ($(wc -l <scripts/lib/clavis.order) functions)"
