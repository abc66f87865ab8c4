#!/usr/bin/env bash
# Builds the lexicons of the suggestion bar (en, de, fr) into .build-data/text/LANG.clx from
# documented sources (docs/text-data.md): wordfreq (PyPI, pinned, in a private venv), hunspell
# dictionaries through libhunspell, WordNet's example sentences. Skips languages already built
# from the same script and tool; `--force` rebuilds.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build text

out=.build-data/text
venv=.build-data/venv
mkdir -p "$out"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import wordfreq" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "wordfreq==3.1.1"
fi
source scripts/lib/release.sh
swift build "${release_flags[@]}" --product clavis-lexicon >/dev/null
tool=$(swift build "${release_flags[@]}" --show-bin-path)/clavis-lexicon

stamp=$(cat scripts/text-data.py "$tool" | sha256sum | cut -c1-16)
for lang in en de fr; do
  if [[ "${1:-}" != "--force" && -f "$out/$lang.clx" && "$(cat "$out/$lang.stamp" 2>/dev/null)" == "$stamp" ]]; then
    continue
  fi
  "$venv/bin/python" scripts/text-data.py --lang "$lang" --out "$out"
  "$tool" --words "$out/$lang.words.tsv" --ngrams "$out/$lang.ngrams.tsv" \
          --replacements "$out/$lang.replacements.tsv" --output "$out/$lang.clx"
  rm -f "$out/$lang".*.tsv
  echo "$stamp" >"$out/$lang.stamp"
done
