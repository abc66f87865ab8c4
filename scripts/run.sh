#!/usr/bin/env bash
# Builds Clavis (release) with the word lists of English and the desktop's language, and opens
# the demo window; arguments go to clavis. The other languages' word lists are built after the
# window opens, in the background at low priority (.build-data/text-data.log); each language
# offers suggestions from its next start once its list is there.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
source scripts/lib/release.sh
bin=$(swift build "${release_flags[@]}" --show-bin-path 2>/dev/null)
if [[ ! -x "$bin/clavis" ]]; then
  echo "run.sh: building Clavis (release) for the first time: two to three minutes on two cores; later runs rebuild only what changed"
fi
build_release clavis
if [[ ! -f .build-data/text/en.clx ]]; then
  echo "run.sh: building the word lists of English and your desktop's language (about a minute each the first time)"
fi
scripts/text-data.sh desktop
missing=$(scripts/text-data.sh --missing)
if [[ -n "$missing" ]]; then
  echo "run.sh: building the other languages' word lists in the background ($missing): see .build-data/text-data.log"
  nohup nice -n 19 scripts/text-data.sh all >.build-data/text-data.log 2>&1 </dev/null &
fi
cat <<MESSAGE
run.sh: Clavis is $bin/clavis. Until \`make install\` puts \`clavis\` on your PATH (and its
manual in \`man clavis\`), run it by that path: $bin/clavis keyboard --dock,
$bin/clavis settings; $bin/clavis --help lists every command.
MESSAGE
exec "$bin/clavis" "$@"
