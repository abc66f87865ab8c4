#!/usr/bin/env bash
# The swipe benchmark (release build): top-1 and top-3 accuracy of the gesture decoder on
# synthetic strokes of every word of held-out text, at a phone's and a desktop's size, with
# decode times and memory. English types the fortunes (fortunes-min), German the quotations of
# fortunes-de, French the Debian FAQ's French translation (debian-faq-fr: the only French prose
# Debian packages; technical). None of them built a lexicon. Prints a table and rewrites the
# swipe section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis-bench
held=.build-data/held-out
mkdir -p "$held"
# The FAQ's body, from its first chapter (the table of contents before it is headings only).
faq=/usr/share/doc/debian/FAQ/debian-faq.fr.txt.gz
if [[ ! -f "$faq" ]]; then  # documentation excluded by dpkg: take it from the package itself
  (cd "$held" && apt-get download -q debian-faq-fr >/dev/null && dpkg -x debian-faq-fr_*.deb faq && rm -f debian-faq-fr_*.deb)
  faq="$held/faq$faq"
fi
zcat "$faq" | sed -n '/^Chapitre[^0-9]*1\./,$p' >"$held/fr.txt"
exec .build/release/clavis-bench swipe --keyboards en=us --keyboards de=de --keyboards fr=fr \
  --held-out de=/usr/share/games/fortunes/de/zitate --held-out fr="$held/fr.txt" --markdown docs/benchmarks.md "$@"
