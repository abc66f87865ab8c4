#!/usr/bin/env bash
# Installs the Debian packages Clavis needs that are missing, and nothing else.
#   scripts/deps.sh build        to build and run the app
#   scripts/deps.sh text         to build the lexicons (scripts/text-data.sh)
#   scripts/deps.sh build test   to run the tests as well (Xvfb, xdotool, ImageMagick, and a
#                                PulseAudio server to record the key clicks from)
#   scripts/deps.sh package      to build and check the Debian package (scripts/package.sh)
#   scripts/deps.sh packages P…  those packages (scripts/text-data.sh: a language's dictionary)
set -euo pipefail

declare -A groups=(
  [build]="libyaml-dev libgtk-3-dev libgtk-layer-shell-dev libwayland-dev wayland-protocols libstdc++-12-dev libcanberra-dev libcanberra-pulse libx11-dev libxtst-dev libxi-dev libatspi2.0-dev fonts-ipafont-gothic fonts-nanum unicode-data fonts-noto-color-emoji libxkbcommon-dev libxkbregistry-dev xkb-data pkg-config"
  [text]="python3-venv python3-marisa libkkc-data skkdic libhunspell-1.7-0 hunspell-en-us hunspell-de-de hunspell-fr wordnet-base"
  [package]="dpkg-dev lintian appstream desktop-file-utils man-db xz-utils binutils xvfb xauth"
  [bench]="presage libpresage-dev fortunes-min fortunes-de fortunes-es fortunes-it fortunes-pl fortunes-ru fortunes-cs fortunes-bg fortunes-br fortunes-eo vim-runtime onboard onboard-data debian-faq-fr maliit-keyboard qtwayland5"
  [test]="python3-kiwisolver valgrind sway wayland-utils libwayland-bin xvfb xauth xdotool imagemagick x11-utils x11-xserver-utils desktop-file-utils pulseaudio pulseaudio-utils dbus-daemon at-spi2-core python3-pyatspi python3-gi gir1.2-gtk-3.0 openbox xterm zenity kwin-wayland plasma-wayland-protocols weston ibus ibus-gtk3 gnome-shell xwayland gjs"
)

wanted=()
# `scripts/deps.sh packages NAME…`: those packages themselves (a language's dictionary, say).
if [[ "${1:-}" == "packages" ]]; then
  shift
  wanted=("$@")
  set --
fi
for group in "$@"; do
  [[ -n "${groups[$group]:-}" ]] || { echo "deps.sh: unknown group '$group' (build, text, package, test, bench)" >&2; exit 2; }
  read -r -a packages <<<"${groups[$group]}"
  wanted+=("${packages[@]}")
done

missing=()
for package in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "Installing missing packages: ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "deps.sh: run as root or install sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

command -v swift >/dev/null || { echo "deps.sh: Swift 6 is needed (swift not found on PATH)" >&2; exit 1; }
