#!/usr/bin/env bash
# Builds the lexicons of the suggestion bar into .build-data/text/LANG.clx (and the words each
# spelling dictionary accepts into LANG.known) from documented
# sources (docs/text-data.md): wordfreq (PyPI, pinned, in a private venv), hunspell dictionaries
# through libhunspell (the language's Debian package installed when missing), WordNet's example
# sentences (English) and, for the other languages' word sequences, translated help pages
# (LibreOffice's, unpacked from their Debian packages without installing LibreOffice, and
# GNOME's) and the Battle for Wesnoth's translated stories (its packages unpacked the same way);
# and the kana–kanji model of Japanese conversion into .build-data/text/ja.kkm, from libkkc-data's
# word trigrams (scripts/kana-kanji-data.py). Skips what is already built from the same script
# and tool; `--force` rebuilds.
#   scripts/text-data.sh                 every language below and ja (what the README's test command builds)
#   scripts/text-data.sh es it pl ja     those languages (their dictionaries installed first)
#   scripts/text-data.sh desktop         English and the desktop's language (what scripts/run.sh
#                                        builds before the first window; `all` the others after)
# One build at a time: a second waits for the first (the demo's background build and the tests).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each language with a wordfreq list (or, for eo, gd and ga, the dictionary's stems and the words of its
# texts) and the Debian package of its hunspell dictionary.
declare -A dictionaries=(
  [en]=hunspell-en-us [de]=hunspell-de-de [fr]=hunspell-fr [es]=hunspell-es [it]=hunspell-it [pt]=hunspell-pt-pt
  [nl]=hunspell-nl [pl]=hunspell-pl [ru]=hunspell-ru [uk]=hunspell-uk [bg]=hunspell-bg [cs]=hunspell-cs
  [sk]=hunspell-sk [sl]=hunspell-sl [hu]=hunspell-hu [ro]=hunspell-ro [da]=hunspell-da [sv]=hunspell-sv
  [nb]=hunspell-no [is]=hunspell-is [el]=hunspell-el [tr]=hunspell-tr [lt]=hunspell-lt [lv]=hunspell-lv
  [ca]=hunspell-ca [id]=hunspell-id [vi]=hunspell-vi [eo]=myspell-eo [gd]=hunspell-gd [ga]=myspell-ga [ko]=hunspell-ko
)
# The languages of LibreOffice's help packages (libreoffice-help-CODE) each language reads.
declare -A helps=(
  [de]=de [fr]=fr [es]=es [it]=it [pt]="pt pt-br" [nl]=nl [pl]=pl [ru]=ru [cs]=cs [sk]=sk [sl]=sl [hu]=hu
  [da]=da [sv]=sv [el]=el [tr]=tr [ca]=ca [id]=id [vi]=vi [ko]=ko
)
# Languages that build many forms of a word (cases, compounds) keep 200,000 words: their
# 60,000 most frequent miss forms typed every day (Czech and Russian save 1–1.5 points more,
# clavis-bench suggest --skip 150); the others 60,000.
declare -A vocabulary=(
  [de]=200000 [it]=200000 [pt]=200000 [ru]=200000 [uk]=200000 [pl]=200000 [cs]=200000 [sk]=200000 [sl]=200000
  [hu]=200000 [lv]=200000 [lt]=200000 [bg]=200000 [el]=200000
)
# `--missing`: the languages (and ja) whose files are not built yet, on one line.
if [[ "${1:-}" == "--missing" ]]; then
  missing=()
  for lang in $(printf '%s\n' "${!dictionaries[@]}" | sort); do
    [[ -f ".build-data/text/$lang.clx" && -f ".build-data/text/$lang.known" ]] || missing+=("$lang")
  done
  [[ -f .build-data/text/ja.kkm ]] || missing+=(ja)
  echo "${missing[*]}"
  exit 0
fi
scripts/deps.sh build text
force=0
languages=()
japanese=0
for argument in "$@"; do
  case "$argument" in
    --force) force=1 ;;
    all) languages+=("${!dictionaries[@]}"); japanese=1 ;;
    ja) japanese=1 ;;
    desktop)
      # LANGUAGE's first, else the locale's: de_DE.UTF-8 → de.
      locale=${LANGUAGE:-${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}}
      desktop=${locale%%[_.@:]*}
      languages+=(en)
      if [[ "$desktop" == ja ]]; then japanese=1
      elif [[ -n "$desktop" && "$desktop" != en && -n "${dictionaries[$desktop]:-}" ]]; then languages+=("$desktop"); fi ;;
    *)
      [[ -n "${dictionaries[$argument]:-}" ]] || {
        echo "text-data.sh: no lexicon source for '$argument' (known: $(printf '%s\n' "${!dictionaries[@]}" | sort | tr '\n' ' '))" >&2
        exit 2
      }
      languages+=("$argument") ;;
  esac
done
if ((!${#languages[@]} && !japanese)); then languages=("${!dictionaries[@]}"); japanese=1; fi
packages=()
for lang in "${languages[@]}"; do packages+=("${dictionaries[$lang]}"); done
scripts/deps.sh packages "${packages[@]}"

# A Debian package's files, unpacked into .build-data/corpus once, never installed (help
# packages depend on LibreOffice and yelp, which these pages do not need).
corpus=.build-data/corpus
unpacked() {
  local package=$1 deb
  if [[ ! -d "$corpus/$package" ]]; then
    mkdir -p "$corpus/debs"
    (cd "$corpus/debs" && { apt-get download -q "$package" >/dev/null 2>&1 ||
      { apt-get update -q >/dev/null && apt-get download -q "$package" >/dev/null; }; })
    deb=$(ls "$corpus/debs/${package}_"*.deb | head -1)
    rm -rf "$corpus/$package.partial"
    dpkg-deb -x "$deb" "$corpus/$package.partial"
    # The pages and message catalogues only: images, fonts, sounds and scripts are most of
    # the package.
    find "$corpus/$package.partial" -type f ! -name '*.html' ! -name '*.page' ! -name '*.mo' -delete
    mv "$corpus/$package.partial" "$corpus/$package"
    rm -f "$deb"
  fi
  echo "$corpus/$package"
}

# The Battle for Wesnoth's packages whose message catalogues hold its stories, dialogue and
# help in some fifty languages (GPL-2+): the game's own and each campaign's.
wesnoth=1.16
wesnoth_packages=(data did dm dw ei httt l low nr sof sota sotbe thot trow tsg ttb utbs)
# Wesnoth's names of a language's catalogues where they are not the language's code.
declare -A wesnoth_locales=([nb]=nb_NO [pt]="pt pt_BR")

# The texts a language's word sequences are counted from: LibreOffice's help pages (3 MB a
# language), GNOME's (one package, 9 MB, every language) and Wesnoth's catalogues (17
# packages, 1–4 MB a language).
help_folders() {
  local lang=$1 code folder package
  for code in ${helps[$lang]:-}; do
    echo "$(unpacked "libreoffice-help-$code")/usr/share/libreoffice/help/$code"
  done
  folder=$(unpacked gnome-user-docs)/usr/share/help
  for code in "$lang" ${helps[$lang]:-}; do
    code=${code/-br/_BR}
    if [[ -d "$folder/$code/gnome-help" ]]; then echo "$folder/$code/gnome-help"; fi
  done | sort -u
  for package in "${wesnoth_packages[@]}"; do
    folder=$(unpacked "wesnoth-$wesnoth-$package")/usr/share/games/wesnoth/$wesnoth/locale
    for code in ${wesnoth_locales[$lang]:-$lang}; do
      if [[ -d "$folder/$code" ]]; then echo "$folder/$code"; fi
    done
  done
}

out=.build-data/text
venv=.build-data/venv
mkdir -p "$out"
exec 9>.build-data/text-data.lock
if ! flock -n 9; then
  echo "text-data.sh: another build of the word lists is running; waiting for it"
  flock 9
fi
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import wordfreq" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "wordfreq==3.1.1"
fi
source scripts/lib/release.sh
swift build "${release_flags[@]}" --product clavis-lexicon 2>&1 >/dev/null | without_pkg_config_notes
tool=$(swift build "${release_flags[@]}" --show-bin-path)/clavis-lexicon

stamp=$(cat scripts/text-data.py scripts/text-data.sh "$tool" | sha256sum | cut -c1-16)
for lang in "${languages[@]}"; do
  if ((!force)) && [[ -f "$out/$lang.clx" && "$(cat "$out/$lang.stamp" 2>/dev/null)" == "$stamp" ]]; then
    continue
  fi
  echo "text-data.sh: building the word list of $lang (a minute or two)"
  texts=()
  while read -r folder; do [[ -n "$folder" ]] && texts+=(--text "$folder"); done < <(help_folders "$lang")
  "$venv/bin/python" scripts/text-data.py --lang "$lang" --out "$out" --words "${vocabulary[$lang]:-60000}" "${texts[@]}"
  "$tool" --words "$out/$lang.words.tsv" --ngrams "$out/$lang.ngrams.tsv" \
          --replacements "$out/$lang.replacements.tsv" --output "$out/$lang.clx"
  rm -f "$out/$lang".*.tsv
  # LibreOffice's help is 20–60 MB of pages a language unpacked: fetched again if ever needed.
  for code in ${helps[$lang]:-}; do rm -rf "$corpus/libreoffice-help-$code"; done
  echo "$stamp" >"$out/$lang.stamp"
done

# The words each language's spelling dictionary accepts (LANG.known), which auto-correction
# leaves alone: its own stamp, so a change to it does not rebuild the lexicons.
known_stamp=$(cat scripts/known-words.py scripts/text-data.py | sha256sum | cut -c1-16)
for lang in "${languages[@]}"; do
  if ((!force)) && [[ -f "$out/$lang.known" && "$(cat "$out/$lang.known.stamp" 2>/dev/null)" == "$known_stamp" ]]; then
    continue
  fi
  "$venv/bin/python" scripts/known-words.py --lang "$lang" --out "$out"
  echo "$known_stamp" >"$out/$lang.known.stamp"
done

# The kana–kanji model: libkkc-data's unigram, bigram and trigram tables read out (python3-marisa
# reads their trie of words), each word's everyday frequency from wordfreq, the words of skkdic's
# SKK-JISYO.L the model lacks, written as a mapped .kkm by the same tool.
if ((japanese)); then
  source_model=$(dpkg -L libkkc-data | grep -m1 '/models/sorted3$')
  stamp=$( (cat scripts/kana-kanji-data.py scripts/text-data.sh "$tool"; dpkg-query -W -f='${Version}' libkkc-data skkdic) | sha256sum | cut -c1-16)
  if ((force)) || [[ ! -f "$out/ja.kkm" || "$(cat "$out/ja.kkm.stamp" 2>/dev/null)" != "$stamp" ]]; then
    "$venv/bin/python" scripts/kana-kanji-data.py frequencies "$out/ja.kk-everyday.tsv"
    /usr/bin/python3 scripts/kana-kanji-data.py model "$source_model" "$out/ja.kk-everyday.tsv" \
      "$(dpkg -L skkdic | grep -m1 '/SKK-JISYO.L$')" "$out"
    "$tool" kana-kanji --words "$out/ja.kk-words.tsv" --bigrams "$out/ja.kk-bigrams.tsv" \
            --trigrams "$out/ja.kk-trigrams.tsv" --output "$out/ja.kkm"
    rm -f "$out"/ja.kk-*.tsv
    echo "$stamp" >"$out/ja.kkm.stamp"
  fi
fi
