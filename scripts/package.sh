#!/usr/bin/env bash
# Builds the Debian package dist/clavis_VERSION_ARCH.deb (also `make deb`): the release build
# as shipped (the Swift runtime linked in: installing it needs no Swift), with everything
# scripts/install.sh puts under /usr (layouts, themes, sounds, the English lexicon, the desktop
# entries, the IBus component, the icon, the AppStream metadata, the manual page and the shell
# completions), the machine-readable copyright file and a changelog. The version is the one
# `clavis --version` prints; Depends: is what dpkg-shlibdeps finds the binary linked against;
# the libraries Clavis opens only when a feature is used are Recommends:. Every other built
# lexicon goes in a package of its own beside it: dist/clavis-lexicon-LL_VERSION_all.deb, and
# the Japanese kana–kanji model in dist/clavis-lexicon-ja_VERSION_all.deb.
#   scripts/package.sh            build the release binary and the lexicons when missing, then the package
#   scripts/package.sh --binary PATH   package that binary instead
# scripts/package-test.sh checks the result (lintian, install, run, remove).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
while (($#)); do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    *) echo "package.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
scripts/deps.sh build package
if [[ -z "$binary" ]]; then
  source scripts/lib/release.sh
  build_release clavis
  binary=.build/release/clavis
fi
scripts/text-data.sh

version=$("$binary" --version)
metainfo=Resources/io.github.clavis_keyboard.Clavis.metainfo.xml
grep -q "<release version=\"$version\"" "$metainfo" || {
  echo "package.sh: $metainfo has no <release version=\"$version\"> (the version clavis prints): add the release there" >&2
  exit 1
}
architecture=$(dpkg --print-architecture)
work=.build/package
root=$work/root
rm -rf "$work"
mkdir -p "$root/DEBIAN" dist

source scripts/lib/quiet-build.sh
swift build --product generate-manual 2>&1 >/dev/null | without_pkg_config_notes
scripts/install.sh --prefix /usr --destdir "$root" --binary "$binary" >/dev/null
[[ -f "$root/usr/share/man/man1/clavis.1.gz" ]] || { echo "package.sh: the manual page was not written" >&2; exit 1; }
# Debug symbols stay in the build folder: the package carries the stripped program.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/clavis"
maintainer="The Clavis developers <clavis@users.noreply.github.com>"
# A package's copyright file and changelog (lintian wants both in every package).
documents() {
  local name=$1 folder=$2/usr/share/doc/$1
  install -Dm644 Resources/package/copyright "$folder/copyright"
  printf '%s (%s) unstable; urgency=medium\n\n  * Built from %s by scripts/package.sh.\n\n -- %s  %s\n' \
    "$name" "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo 'a source tree')" "$maintainer" \
    "$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")" | gzip -9n >"$folder/changelog.gz"
}
# Builds the package staged in a folder: its folders' modes, checksums, xz.
build() {
  local folder=$1 package=$2
  find "$folder" -type d -exec chmod 755 {} +
  (cd "$folder" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$folder/DEBIAN/md5sums"
  dpkg-deb --root-owner-group -Zxz --build "$folder" "$package" >/dev/null
  echo "$package ($(du -h "$package" | cut -f1))"
}
documents clavis "$root"

# A data package (Architecture: all) holding a language's files of /usr/share/clavis/text (its lexicon
# and the words its dictionary accepts, or the kana–kanji model), moved out of
# the program's: `data_package CODE FILE SUMMARY` with the description's body on standard input.
lexicons=()
data_package() {
  local code=$1 file=$2 summary=$3 folder=$work/lexicon-$1 body
  body=$(cat)
  mkdir -p "$folder/DEBIAN" "$folder/usr/share/clavis/text"
  mv "$root/usr/share/clavis/text/$file" "$folder/usr/share/clavis/text/"
  # The words its spelling dictionary accepts go with the lexicon they keep from "correcting".
  if [[ -f "$root/usr/share/clavis/text/$code.known" ]]; then
    mv "$root/usr/share/clavis/text/$code.known" "$folder/usr/share/clavis/text/"
  fi
  documents "clavis-lexicon-$code" "$folder"
  cat >"$folder/DEBIAN/control" <<EOF
Package: clavis-lexicon-$code
Version: $version
Architecture: all
Multi-Arch: foreign
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$folder" | cut -f1)
Depends: clavis (>= $version)
Section: localization
Priority: optional
Homepage: https://github.com/clavis-keyboard/clavis
Description: $summary
$body
EOF
  lexicons+=("$folder")
}

# Every language but English in a package of its own, clavis-lexicon-LL: the lexicons are nine
# tenths of the size and the same on every architecture, and a user installs the languages they
# type. English stays with the program, so the bar works at once.
while IFS=$'\t' read -r code name; do
  [[ "$code" == en || ! -f "$root/usr/share/clavis/text/$code.clx" ]] && continue
  data_package "$code" "$code.clx" "$name word list for the Clavis on-screen keyboard" <<EOF
 Word suggestions, corrections and swipe typing in $name ($code) for
 Clavis: the language's words with their frequencies and the word
 sequences that predict the next word, memory-mapped by the keyboard.
EOF
done < <(CLAVIS_TEXT_DIR="$root/usr/share/clavis/text" "$binary" suggest --list-languages)

# Japanese conversion's model, as large as the lexicons and as independent of the architecture.
data_package ja ja.kkm "Japanese kana-kanji conversion model for the Clavis on-screen keyboard" <<EOF
 Kana to kanji conversion for Clavis's Japanese keyboards: a word trigram
 model of Japanese (from libkkc-data) with the words of the SKK dictionary
 it lacks and their frequencies in everyday writing, memory-mapped by the
 keyboard. Without it the Japanese keyboards type kana only.
EOF

# Depends: from the libraries the binary is linked against (dpkg-shlibdeps reads a
# debian/control, so it runs in a folder holding a minimal one).
mkdir -p "$work/source/debian"
printf 'Source: clavis\n\nPackage: clavis\nArchitecture: any\n' >"$work/source/debian/control"
depends=$(cd "$work/source" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/clavis" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[[ -n "$depends" ]] || { echo "package.sh: dpkg-shlibdeps found no libraries for $root/usr/bin/clavis" >&2; exit 1; }

cat >"$root/DEBIAN/control" <<EOF
Package: clavis
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: libcanberra0, libcanberra-pulse, pulseaudio | pipewire-pulse, fonts-noto-color-emoji, libxkbregistry0, libgtk-layer-shell0, libibus-1.0-5
Suggests: ibus, fonts-nanum | fonts-noto-cjk
Section: utils
Priority: optional
Homepage: https://github.com/clavis-keyboard/clavis
Description: on-screen keyboard with word suggestions, swipe and Japanese input
 Clavis is an on-screen keyboard for touchscreens, mice, head pointers and
 switches. It types into any application on X11, on Wayland compositors
 (sway, Hyprland, labwc, Phosh), on KDE Plasma and, through IBus, on GNOME.
 .
 It completes and corrects words in 30 languages, two or more at once, takes
 swiped words, converts Japanese kana to kanji, composes and completes Korean
 Hangul, offers every keyboard layout
 the system knows plus emoji and PC keyboards, scans with switches and
 clicks by dwelling, and reads layouts in YAML and themes in CSS.
 .
 English suggestions come with it; each other language is the package
 clavis-lexicon-LL (clavis-lexicon-de, clavis-lexicon-es, ...), and kanji
 conversion for Japanese clavis-lexicon-ja. Optional: clicks need
 libcanberra and a PulseAudio or PipeWire sound server; the dock on Wayland
 needs gtk-layer-shell; GNOME needs IBus.
EOF
rm -f dist/clavis_*.deb dist/clavis-lexicon-*.deb
build "$root" "dist/clavis_${version}_${architecture}.deb"
for folder in "${lexicons[@]}"; do
  build "$folder" "dist/clavis-lexicon-${folder##*/lexicon-}_${version}_all.deb"
done
