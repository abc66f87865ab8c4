#!/usr/bin/env bash
# The Japanese input benchmark (release build) under a private Xvfb: the converter's accuracy on
# held-out sentences beside libkkc's and Mozc's, its conversion of 20-kana sentences, a key's way
# into the marked text, and the demo's memory before, while and after converting. Prints a table
# and rewrites the japanese section of docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
# The converters it is compared with: libkkc (through its GObject bindings) and Mozc.
scripts/deps.sh packages mozc-server emacs-mozc-bin gir1.2-kkc-1.0 libkkc-data python3-gi
scripts/text-data.sh ja
source scripts/lib/release.sh
build_release clavis clavis-bench
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  .build/release/clavis-bench japanese --markdown docs/benchmarks.md "$@"
