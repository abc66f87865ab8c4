#!/usr/bin/env bash
# Redraws docs/layouts/*.png: every built-in layout's first layer, portrait and landscape.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
swift build --product clavis
mkdir -p docs/layouts
for file in data/layouts/*.yaml; do
  id=$(basename "$file" .yaml)
  .build/debug/clavis render "$id" --size 400x260 --orientation portrait -o "docs/layouts/$id-portrait.png"
  .build/debug/clavis render "$id" --size 1280x300 --orientation landscape -o "docs/layouts/$id-landscape.png"
done
echo "rendered $(ls docs/layouts/*.png | wc -l) pictures into docs/layouts"
