# Shared by the screenshot scripts: a private Xvfb, and clicking Clavis keys by id.
#   source scripts/lib/xvfb-keys.sh
#   start_xvfb 1280x800          # sets DISPLAY and $work (removed on exit with the children)
#   click_key "$work/keys.json" q  # clicks the key whose id is q (waits for it to be on screen)

start_xvfb() {
  work=$(mktemp -d)
  trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
  local display=":$((90 + RANDOM % 9))"
  Xvfb "$display" -screen 0 "$1x24" -nolisten tcp >/dev/null 2>&1 &
  export DISPLAY="$display" NO_AT_BRIDGE=1 LC_ALL=C.UTF-8
  sleep 1
}

# Prints the centre of a key from a --geometry-out file, or nothing when it is not on screen.
key_centre() {
  python3 -c 'import json,sys
k=[k for k in json.load(open(sys.argv[1]))["keys"] if k["id"]==sys.argv[2]]
k and print(k[0]["x"]+k[0]["width"]//2, k[0]["y"]+k[0]["height"]//2)' "$1" "$2"
}

click_key() {
  local centre=""
  for _ in $(seq 20); do
    centre=$(key_centre "$1" "$2")
    [[ -n "$centre" ]] && break
    sleep 0.1
  done
  [[ -n "$centre" ]] || { echo "no key '$2' on screen" >&2; return 1; }
  read -r x y <<<"$centre"
  xdotool mousemove "$x" "$y" click 1
  sleep 0.15
}
