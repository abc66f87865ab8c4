#!/usr/bin/env bash
# Checks the Debian packages scripts/package.sh built, as a user installing them would meet
# them: their files (dpkg-deb -c; every language's lexicon in a package of its own),
# lintian without errors, the program, the Spanish lexicon and the Japanese model installed with apt on this
# machine (as root), run from /usr/bin without Swift's libraries, its desktop entries,
# AppStream metadata and manual page valid, then removed with nothing left behind. CI runs
# it (.ci/run).
#   scripts/package-test.sh [dist/clavis_VERSION_ARCH.deb]   (default: the newest in dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh package
package=${1:-$(ls -t dist/clavis_*.deb | head -1)}
version=$(dpkg-deb -f "$package" Version)
fail() { echo "package-test.sh: $package: $*" >&2; exit 1; }

contents=$(dpkg-deb -c "$package" | awk '{print $6}' | sed 's#^\./#/#')
for file in /usr/bin/clavis /usr/share/applications/clavis.desktop /usr/share/applications/clavis-keyboard.desktop \
  /usr/share/applications/clavis-virtual-keyboard.desktop /usr/share/icons/hicolor/scalable/apps/clavis.svg \
  /usr/share/ibus/component/clavis.xml /usr/share/metainfo/io.github.clavis_keyboard.Clavis.metainfo.xml \
  /usr/share/man/man1/clavis.1.gz /usr/share/bash-completion/completions/clavis /usr/share/zsh/vendor-completions/_clavis \
  /usr/share/fish/vendor_completions.d/clavis.fish /usr/share/doc/clavis/copyright /usr/share/doc/clavis/changelog.gz \
  /usr/share/gnome-shell/extensions/clavis@clavis-keyboard.github.io/extension.js \
  /usr/share/gnome-shell/extensions/clavis@clavis-keyboard.github.io/metadata.json \
  /usr/share/clavis/layouts/us.yaml /usr/share/clavis/themes/dark.css /usr/share/clavis/sounds/character.wav; do
  grep -qx "$file" <<<"$contents" || fail "$file is missing"
done
grep -qx /usr/share/clavis/text/en.clx <<<"$contents" || fail "the English lexicon is missing"
grep -qx /usr/share/clavis/text/en.known <<<"$contents" || fail "the English known words are missing"
# Every other language built is a package of its own beside it, holding its lexicon.
languages=()
for lexicon in .build-data/text/*.clx; do
  code=$(basename "$lexicon" .clx)
  [[ "$code" == en ]] && continue
  ! grep -qx "/usr/share/clavis/text/$code.clx" <<<"$contents" || fail "$code.clx is in the program's package"
  pack=$(dirname "$package")/clavis-lexicon-${code}_${version}_all.deb
  [[ -f "$pack" ]] || fail "no package $pack for the $code lexicon"
  packed=$(dpkg-deb -c "$pack")
  grep -q "\./usr/share/clavis/text/$code.clx$" <<<"$packed" || fail "$pack lacks $code.clx"
  grep -q "\./usr/share/clavis/text/$code.known$" <<<"$packed" || fail "$pack lacks $code.known"
  languages+=("$pack")
done
! grep -q "/usr/share/clavis/text/ja.kkm" <<<"$contents" || fail "ja.kkm is in the program's package"
japanese=$(dirname "$package")/clavis-lexicon-ja_${version}_all.deb
[[ -f "$japanese" ]] || fail "no package $japanese for the kana-kanji model"
grep -q "\./usr/share/clavis/text/ja.kkm$" <<<"$(dpkg-deb -c "$japanese")" || fail "$japanese lacks ja.kkm"
languages+=("$japanese")
echo "files: all $(grep -c . <<<"$contents") there, and ${#languages[@]} language packages"

# Errors fail, in every package; what lintian still says is listed in docs/packaging.md.
lintian --fail-on error "$package" "${languages[@]}" || fail "lintian reports errors"
spanish=$(dirname "$package")/clavis-lexicon-es_${version}_all.deb

purge() { apt-get purge -y -q clavis clavis-lexicon-es clavis-lexicon-ja >/dev/null 2>&1 || true; }
trap purge EXIT
purge
apt-get install -y -q "./$package" "./$spanish" "./$japanese" >/dev/null || fail "apt cannot install it with the Spanish lexicon and the Japanese model"
[[ "$(/usr/bin/clavis --version)" == "$version" ]] || fail "/usr/bin/clavis --version is not $version"
! ldd /usr/bin/clavis | grep -qi swift || fail "/usr/bin/clavis needs Swift's libraries: $(ldd /usr/bin/clavis | grep -i swift)"
/usr/bin/clavis check us >/dev/null || fail "clavis check us failed"
suggestions=$(cd / && echo "helo" | CLAVIS_TEXT_DIR= /usr/bin/clavis suggest --language en)
grep -q '"hello"' <<<"$suggestions" || fail "clavis suggest --language en did not answer from the installed lexicon: $suggestions"
suggestions=$(cd / && echo "mañan" | /usr/bin/clavis suggest --language es)
grep -q '"mañana"' <<<"$suggestions" || fail "clavis suggest --language es did not answer: $suggestions"
converted=$(cd / && echo "nihongo" | CLAVIS_TEXT_DIR= /usr/bin/clavis compose --language ja)
grep -q "日本語" <<<"$converted" || fail "clavis compose --language ja did not convert nihongo: $converted"
picture=$(mktemp --suffix=.png)
(cd / && xvfb-run -a /usr/bin/clavis render ja --size 600x240 --theme dark --output "$picture") || fail "clavis render ja --theme dark failed"
[[ -s "$picture" ]] || fail "clavis render wrote no picture"
rm -f "$picture"
# The demo, the keyboard and the settings window start on a display and keep running
# (timeout's 124) instead of failing.
for command in "" keyboard settings; do
  status=0
  (cd / && xvfb-run -a timeout 4 /usr/bin/clavis $command >/dev/null 2>&1) || status=$?
  ((status == 124)) || fail "clavis $command ended with status $status on a display instead of running"
done
layouts=$(cd / && /usr/bin/clavis layout --list)
grep -q $'^us\t' <<<"$layouts" || fail "clavis layout --list does not list the installed us layout"
desktop-file-validate /usr/share/applications/clavis*.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net /usr/share/metainfo/io.github.clavis_keyboard.Clavis.metainfo.xml >/dev/null ||
  fail "appstreamcli validate"
manual=$(MANWIDTH=100 man -l /usr/share/man/man1/clavis.1.gz 2>/dev/null)
for subcommand in keyboard settings suggest layout check; do
  grep -q "^     $subcommand" <<<"$manual" || fail "the manual page lacks the $subcommand subcommand"
done
bash -c 'source /usr/share/bash-completion/completions/clavis && complete -p clavis' >/dev/null ||
  fail "the bash completion does not load"
echo "installed: clavis $version runs from /usr/bin (demo, keyboard, settings), answers and converts from /usr/share/clavis, entries and manual valid"

trap - EXIT
apt-get purge -y -q clavis clavis-lexicon-es clavis-lexicon-ja >/dev/null
left=$(ls -d /usr/bin/clavis /usr/share/clavis /usr/share/ibus/component/clavis.xml /usr/share/man/man1/clavis.1.gz \
  /usr/share/gnome-shell/extensions/clavis@clavis-keyboard.github.io 2>/dev/null || true)
[[ -z "$left" ]] || fail "removing it left $left"
echo "removed: nothing left"
