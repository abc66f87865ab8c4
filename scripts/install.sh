#!/usr/bin/env bash
# Installs Clavis like a desktop application under PREFIX (default ~/.local):
#   PREFIX/bin/clavis, PREFIX/share/clavis (layouts, themes, sounds, lexicons), .desktop entries (the demo, the
#   keyboard that types into other applications, and the entry KDE Plasma lists under System Settings → Keyboard →
#   Virtual Keyboard, which names the binary by its full path: KWin starts it itself), an icon (XDG), and the IBus
#   component that makes Clavis an input source on GNOME (PREFIX/share/ibus/component/clavis.xml, its <exec> the
#   binary's full path; ibus-daemon reads only /usr/share/ibus/component unless IBUS_COMPONENT_PATH says more, so any
#   other prefix also gets an environment.d file adding its folder: ~/.config/environment.d for a prefix in $HOME,
#   /etc/environment.d otherwise, read at the next login); the AppStream metadata software centres list
#   (PREFIX/share/metainfo), the manual page clavis(1) and bash, zsh and fish completions, both generated from the
#   command definitions (swift-argument-parser's generate-manual and --generate-completion-script); and the GNOME
#   Shell extension (PREFIX/share/gnome-shell/extensions/clavis@clavis-keyboard.github.io, in the form the installed
#   Shell loads: scripts/gnome-extension.sh), which the user enables with `clavis setup gnome` or
#   `gnome-extensions enable clavis@clavis-keyboard.github.io` (a prefix in $HOME is the user's own extensions folder).
#   scripts/install.sh [--prefix DIR] [--binary PATH] [--destdir DIR]   (--binary skips the release build; --destdir
#                      writes every file under DIR for a package, paths inside the files still naming PREFIX)
#   scripts/install.sh --uninstall [--prefix DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
binary=""
destdir=""
uninstall=0
while (($#)); do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --destdir) destdir="$2"; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    *) echo "install.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

share="$destdir$prefix/share"
components="$share/ibus/component"
# Where the login session learns of a component folder ibus-daemon does not read by default.
if [[ "$prefix" == "$HOME"/* ]]; then
  environment="${XDG_CONFIG_HOME:-$HOME/.config}/environment.d/60-clavis-ibus.conf"
else
  environment="$destdir/etc/environment.d/60-clavis-ibus.conf"
fi
metainfo=io.github.clavis_keyboard.Clavis.metainfo.xml
files=("$destdir$prefix/bin/clavis" "$share/applications/clavis.desktop" "$share/applications/clavis-keyboard.desktop"
       "$share/applications/clavis-virtual-keyboard.desktop" "$share/icons/hicolor/scalable/apps/clavis.svg"
       "$components/clavis.xml" "$share/metainfo/$metainfo" "$share/man/man1/clavis.1.gz"
       "$share/bash-completion/completions/clavis" "$share/zsh/vendor-completions/_clavis"
       "$share/fish/vendor_completions.d/clavis.fish")
extension="$share/gnome-shell/extensions/clavis@clavis-keyboard.github.io"
if ((uninstall)); then
  rm -f "${files[@]}"
  grep -qs "Clavis" "$environment" && rm -f "$environment"
  rm -rf "$share/clavis" "$extension"
  echo "Removed Clavis from $prefix"
  exit 0
fi

if [[ -z "$binary" ]]; then
  scripts/deps.sh build
  source scripts/lib/release.sh
  build_release clavis
  binary=.build/release/clavis
  # The tool that writes the manual page from the command definitions (swift-argument-parser's).
  swift build --product generate-manual 2>&1 >/dev/null | without_pkg_config_notes
fi
# The suggestion bar's lexicons and the kana–kanji model (built when missing).
[[ -f .build-data/text/en.clx && -f .build-data/text/ja.kkm ]] || scripts/text-data.sh

install -Dm755 "$binary" "$destdir$prefix/bin/clavis"
rm -rf "$share/clavis"
mkdir -p "$share/clavis"
cp -R data/layouts "$share/clavis/layouts"
cp -R Resources/sounds "$share/clavis/sounds"
cp -R data/themes "$share/clavis/themes"
mkdir -p "$share/clavis/text"
cp .build-data/text/*.clx .build-data/text/*.known .build-data/text/ja.kkm "$share/clavis/text/"
install -Dm644 Resources/clavis.desktop "$share/applications/clavis.desktop"
install -Dm644 Resources/clavis-keyboard.desktop "$share/applications/clavis-keyboard.desktop"
sed "s|^Exec=clavis |Exec=$prefix/bin/clavis |" Resources/clavis-virtual-keyboard.desktop \
  | install -Dm644 /dev/stdin "$share/applications/clavis-virtual-keyboard.desktop"
install -Dm644 Resources/clavis.svg "$share/icons/hicolor/scalable/apps/clavis.svg"
sed "s|<exec>clavis |<exec>$prefix/bin/clavis |" Resources/clavis-ibus.xml | install -Dm644 /dev/stdin "$components/clavis.xml"
install -Dm644 "Resources/$metainfo" "$share/metainfo/$metainfo"
rm -rf "$extension"
scripts/gnome-extension.sh "$(dirname "$extension")"
# The manual page and the completions, from the installed binary's own command definitions.
# With --binary nothing is built (a test installs from inside `swift test`, which holds the
# build folder): the manual page then needs its tool built already.
if [[ -x .build/debug/generate-manual ]]; then
  manual=$(mktemp -d)
  .build/debug/generate-manual "$binary" --authors "The Clavis developers" \
    --date "$(git log -1 --format=%cs 2>/dev/null || date +%F)" -o "$manual" >/dev/null
  install -d "$share/man/man1"
  gzip -9n <"$manual/clavis.1" >"$share/man/man1/clavis.1.gz"
  chmod 644 "$share/man/man1/clavis.1.gz"
  rm -rf "$manual"
else
  echo "install.sh: no manual page: its tool is not built (swift build --product generate-manual)" >&2
fi
"$binary" --generate-completion-script bash | sed "1{/^#!/d}" | install -Dm644 /dev/stdin "$share/bash-completion/completions/clavis"
"$binary" --generate-completion-script zsh | install -Dm644 /dev/stdin "$share/zsh/vendor-completions/_clavis"
"$binary" --generate-completion-script fish | install -Dm644 /dev/stdin "$share/fish/vendor_completions.d/clavis.fish"
if [[ "$prefix/share/ibus/component" != /usr/share/ibus/component ]]; then
  mkdir -p "$(dirname "$environment")"
  printf '# Clavis as an IBus input source (scripts/install.sh): the folder of its component file.\nIBUS_COMPONENT_PATH=/usr/share/ibus/component:%s\n' \
    "$prefix/share/ibus/component" >"$environment"
fi
# A package's own triggers refresh these where it is installed.
[[ -n "$destdir" ]] && exit 0
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
echo "Installed Clavis in $prefix (run: $prefix/bin/clavis, or find it in the desktop menu)"
echo "On GNOME: log out and in, then Settings → Keyboard → Input Sources → + → Other → Clavis (docs/typing-into-apps.md)"
