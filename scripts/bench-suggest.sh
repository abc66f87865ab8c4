#!/usr/bin/env bash
# The suggestions benchmark (release build): keystroke savings of Clavis and presage on the
# same held-out text (fortunes), corrections, query time and memory, in one run; then every
# language with held-out text beside Onboard's own predictor, and mixed text with two
# languages on. Prints the tables and rewrites the suggest and suggest-languages sections of
# docs/benchmarks.md. Held-out text, never used to build a lexicon: Debian's fortunes in the
# language, the Debian FAQ in French, vimtutor's translation where there are no fortunes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build bench
mkdir -p .build-data/bench
cc -O2 -Wall scripts/bench/presage-suggest.c -lpresage -o .build-data/bench/presage-suggest
# presage's own configuration with the learning predictor left out and learning off.
sed -e 's#<PREDICTORS>.*</PREDICTORS>#<PREDICTORS>DefaultSmoothedNgramPredictor</PREDICTORS>#' \
    -e 's#<ONLINE_LEARNING>yes#<ONLINE_LEARNING>no#' /etc/presage.xml >.build-data/bench/presage.xml
held=.build-data/held-out
mkdir -p "$held"
declare -A fortunes=([de]=de/zitate [es]=es [it]=it [pl]=pl [ru]=ru [cs]=cs [bg]=bg [pt]=brasil [eo]=eo [sk]=sk)
arguments=(--held-out en=/usr/share/games/fortunes/fortunes)
for lang in de es it pt pl ru cs sk bg eo; do
  source=/usr/share/games/fortunes/${fortunes[$lang]}
  if [[ -d "$source" ]]; then
    # Each file's UTF-8 copy where it has one.
    for file in "$source"/*; do
      case "$file" in *.dat|*.u8) continue ;; esac
      if [[ -e "$file.u8" ]]; then cat "$file.u8"; else cat "$file"; fi
      printf '%%\n'
    done >"$held/$lang.txt"
  else
    cp "$source" "$held/$lang.txt"
  fi
  arguments+=(--held-out "$lang=$held/$lang.txt")
done
faq=/usr/share/doc/debian/FAQ/debian-faq.fr.txt.gz
if [[ ! -f "$faq" ]]; then  # documentation excluded by dpkg: take it from the package itself
  (cd "$held" && apt-get download -q debian-faq-fr >/dev/null && dpkg -x debian-faq-fr_*.deb faq && rm -f debian-faq-fr_*.deb)
  faq="$held/faq$faq"
fi
zcat "$faq" | sed -n '/^Chapitre[^0-9]*1\./,$p' >"$held/fr.txt"
arguments+=(--held-out "fr=$held/fr.txt")
for lang in nl sv da nb el tr uk hu ca lv vi; do
  arguments+=(--held-out "$lang=/usr/share/vim/vim90/tutor/tutor.$lang.utf-8")
done
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis clavis-bench
exec .build/release/clavis-bench suggest "${arguments[@]}" --mixed en+de --mixed es+en --markdown docs/benchmarks.md "$@"
