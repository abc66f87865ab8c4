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
    # Every file's passages in turn (the first of each, then the second, …), so the passages
    # typed are of every kind the package has, not all from its alphabetically first file;
    # each file's UTF-8 copy where it has a non-empty one (fortunes-pl's are empty).
    python3 - "$source" >"$held/$lang.txt" <<'PY'
import os, sys
folder = sys.argv[1]
files = []
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    if name.endswith((".dat", ".u8")) or not os.path.isfile(path):
        continue
    utf8 = path + ".u8"
    chosen = utf8 if os.path.isfile(utf8) and os.path.getsize(utf8) > 0 else path
    with open(chosen, encoding="utf-8", errors="replace") as text:
        files.append([p.strip() for p in text.read().split("\n%\n") if p.strip() and p.strip() != "%"])
for turn in range(max(map(len, files), default=0)):
    for passages in files:
        if turn < len(passages):
            print(passages[turn].replace("\n%", ""))
            print("%")
PY
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
