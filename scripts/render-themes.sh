#!/usr/bin/env bash
# Redraws docs/themes/*.png: the US layout in every built-in theme (under a private Xvfb,
# since drawing with a GTK theme needs a display).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build test
swift build --product clavis
mkdir -p docs/themes
for file in data/themes/*.css; do
  name=$(basename "$file" .css)
  xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
    .build/debug/clavis render us --size 800x260 --orientation landscape --theme "$name" -o "docs/themes/$name.png"
done
echo "rendered $(ls docs/themes/*.png | wc -l) themes into docs/themes"
