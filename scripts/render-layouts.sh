#!/usr/bin/env bash
# Redraws docs/layouts/*.png: every built-in layout's first layer, portrait and landscape.
# (The emoji keyboard needs Unicode's emoji list: scripts/deps.sh build installs unicode-data.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
swift build --product clavis
mkdir -p docs/layouts
# The built-in layout files, and the emoji keyboard generated from Unicode's list.
for id in $(basename -s .yaml data/layouts/*.yaml) emoji; do
  .build/debug/clavis render "$id" --size 400x260 --orientation portrait -o "docs/layouts/$id-portrait.png"
  .build/debug/clavis render "$id" --size 1280x300 --orientation landscape -o "docs/layouts/$id-landscape.png"
done
# The hand modes, for docs/hands.md.
.build/debug/clavis render us --size 400x260 --orientation portrait --hands left -o docs/layouts/us-left-portrait.png
.build/debug/clavis render us --size 400x260 --orientation portrait --hands right -o docs/layouts/us-right-portrait.png
.build/debug/clavis render us --size 1280x300 --orientation landscape --hands split -o docs/layouts/us-split-landscape.png
# Three generated from XKB, for docs/desktop.md.
.build/debug/clavis render xkb:ru --size 1280x300 --orientation landscape -o docs/layouts/xkb-ru-landscape.png
.build/debug/clavis render xkb:fr --size 400x260 --orientation portrait -o docs/layouts/xkb-fr-portrait.png
.build/debug/clavis render xkb:es --size 1280x300 --orientation landscape -o docs/layouts/xkb-es-landscape.png
echo "rendered $(ls docs/layouts/*.png | wc -l) pictures into docs/layouts"
