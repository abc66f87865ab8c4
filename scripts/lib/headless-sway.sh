# Sourced: starts a headless sway (no GPU, display or input devices; one 1280x800 output) for
# benchmarks and demonstrations, and exports WAYLAND_DISPLAY (the socket's full path) and
# SWAYSOCK for its clients, and XDG_RUNTIME_DIR (a folder of the caller's own: GTK will not
# open a Wayland display without one). sway refuses to run as root, so it runs as the ordinary user
# clavis-wayland (created once, as the GUI tests do); clients may run as root. It is stopped
# when the sourcing script exits.
#   source scripts/lib/headless-sway.sh; start_headless_sway [WIDTHxHEIGHT]
start_headless_sway() {
  local size=${1:-1280x800} user=clavis-wayland
  id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
  SWAY_FOLDER=$(mktemp -d /tmp/clavis-sway.XXXXXX)
  chmod 755 "$SWAY_FOLDER"
  mkdir -m 700 "$SWAY_FOLDER/run" && chown "$user" "$SWAY_FOLDER/run"
  printf 'output HEADLESS-1 resolution %s\n' "$size" > "$SWAY_FOLDER/sway.conf"
  mkdir -m 700 "$SWAY_FOLDER/client-run"
  setsid runuser -u "$user" -- env XDG_RUNTIME_DIR="$SWAY_FOLDER/run" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
    WLR_RENDERER=pixman sway -c "$SWAY_FOLDER/sway.conf" >"$SWAY_FOLDER/sway.log" 2>&1 &
  SWAY_PID=$!
  trap 'kill $SWAY_PID 2>/dev/null || true; wait $SWAY_PID 2>/dev/null || true; rm -rf "$SWAY_FOLDER"' EXIT
  for _ in $(seq 100); do
    [[ -S "$SWAY_FOLDER/run/wayland-1" ]] && compgen -G "$SWAY_FOLDER/run/sway-ipc.*.sock" >/dev/null && break
    sleep 0.1
  done
  [[ -S "$SWAY_FOLDER/run/wayland-1" ]] || { echo "headless sway did not start:" >&2; cat "$SWAY_FOLDER/sway.log" >&2; return 1; }
  export WAYLAND_DISPLAY="$SWAY_FOLDER/run/wayland-1" XDG_RUNTIME_DIR="$SWAY_FOLDER/client-run"
  SWAYSOCK=$(compgen -G "$SWAY_FOLDER/run/sway-ipc.*.sock")
  export SWAYSOCK
}
