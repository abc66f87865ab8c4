# Prepares the held-out text of every language the benchmarks type (never used to build a
# lexicon: docs/text-data.md) in .build-data/held-out, and lists it in `held_out` as
# LANG=FILE: Debian's fortunes in the language, the Debian FAQ in French, vimtutor's
# translation where there are no fortunes. Sourced by bench-suggest.sh and bench-swipe.sh
# after `scripts/deps.sh bench`.
held=.build-data/held-out
mkdir -p "$held"
declare -A fortunes=([de]=de/zitate [es]=es [it]=it [pl]=pl [ru]=ru [cs]=cs [bg]=bg [pt]=brasil [eo]=eo [sk]=sk)
held_out=(en=/usr/share/games/fortunes/fortunes)
for lang in de es it pt pl ru cs sk bg eo; do
  source=/usr/share/games/fortunes/${fortunes[$lang]}
  if [[ -d "$source" ]]; then
    # Each file's UTF-8 copy where it has one (fortunes-pl's are empty: its own files are UTF-8).
    for file in "$source"/*; do
      [[ -f "$file" ]] || continue
      case "$file" in *.dat|*.u8) continue ;; esac
      if [[ -s "$file.u8" ]]; then cat "$file.u8"; else cat "$file"; fi
      printf '%%\n'
    done >"$held/$lang.txt"
  else
    cp "$source" "$held/$lang.txt"
  fi
  held_out+=("$lang=$held/$lang.txt")
done
faq=/usr/share/doc/debian/FAQ/debian-faq.fr.txt.gz
if [[ ! -f "$faq" ]]; then  # documentation excluded by dpkg: take it from the package itself
  (cd "$held" && apt-get download -q debian-faq-fr >/dev/null && dpkg -x debian-faq-fr_*.deb faq && rm -f debian-faq-fr_*.deb)
  faq="$held/faq$faq"
fi
zcat "$faq" | sed -n '/^Chapitre[^0-9]*1\./,$p' >"$held/fr.txt"
held_out+=("fr=$held/fr.txt")
for lang in nl sv da nb el tr uk hu ca lv vi; do
  held_out+=("$lang=/usr/share/vim/vim90/tutor/tutor.$lang.utf-8")
done
