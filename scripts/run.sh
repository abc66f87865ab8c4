#!/usr/bin/env bash
# Builds Clavis (release) and opens the demo window; arguments go to clavis.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
scripts/text-data.sh
source scripts/lib/release.sh
build_release clavis
exec .build/release/clavis "$@"
