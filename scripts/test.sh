#!/usr/bin/env bash
# Runs the whole test suite; GUI tests run under a private Xvfb. Arguments go to swift test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/quiet-build.sh
scripts/deps.sh build test
# The lexicons of the suggestion bar (skipped when already built).
scripts/text-data.sh
# GUI tests fail instead of skipping when the display is missing.
export CLAVIS_REQUIRE_DISPLAY=1
# No accessibility bus in the test X server: keep GTK from warning about it.
export NO_AT_BRIDGE=1
# Fails on any compiler warning in our own code.
scripts/build-checked.sh --build-tests
# The manual page's tool, which scripts/install.sh runs when a test installs Clavis (it
# cannot build it from inside `swift test`, which holds the build folder).
swift build --product generate-manual 2>&1 >/dev/null | without_pkg_config_notes
# The whole run is kept in .build/test.log; when it fails, the failures are printed again
# last, where a log cut to its tail (CI's) still shows them.
log=.build/test.log
status=0
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" swift test --skip-build "$@" 2>&1 \
  | without_pkg_config_notes | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then
  echo "== What failed (whole log: $log) =="
  grep -E ' error: |failed \(|✘|Fatal error|Exited with (signal|unexpected)|crashed' "$log" | head -60 || true
fi
exit "$status"
