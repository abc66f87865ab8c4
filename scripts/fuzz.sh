#!/usr/bin/env bash
# Fuzzes Clavis's readers of outside input with libFuzzer (shipped with the Swift toolchain)
# under AddressSanitizer:
#   scripts/fuzz.sh                    every target, 60 s each
#   scripts/fuzz.sh layout 600         one target for 600 s
#   scripts/fuzz.sh --list             the targets
# Targets are in Sources/Tools/ClavisFuzzTargets/FuzzTarget.swift; each starts from its committed seeds
# (Tests/ClavisFuzzTargetsTests/Corpus/TARGET, and data/layouts or data/themes for those two, which
# the tests run once each) and keeps what it
# grows in .build-fuzz/corpus/TARGET. A crash is written to .build-fuzz/crashes/TARGET/ and
# the run stops with its stack; reproduce it with `.build/debug/clavis-fuzz TARGET FILE`,
# fix it, and copy the file into the committed corpus. Not part of .ci/run (CI runs the
# corpora once instead); docs/reliability.md has what was run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build

targets=(layout constraint theme settings learned-words lexicon known-words solve suggest compose kana-kanji-model swipe input-method clipboard clipboard-file x11-clipboard autostart-entry hangul handed-touches)
if [[ "${1:-}" == "--list" ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
selected=("${targets[@]}")
if [[ -n "${1:-}" ]]; then selected=("$1"); fi
seconds=${2:-60}

swift build --build-path .build-fuzz --product clavis-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCLAVIS_LIBFUZZER >&2
fuzzer=$(swift build --build-path .build-fuzz --show-bin-path)/clavis-fuzz

for target in "${selected[@]}"; do
  seeds=Tests/ClavisFuzzTargetsTests/Corpus/$target
  [[ -d "$seeds" ]] || { echo "fuzz.sh: no target '$target' (scripts/fuzz.sh --list)" >&2; exit 2; }
  corpus=.build-fuzz/corpus/$target
  crashes=.build-fuzz/crashes/$target/
  mkdir -p "$corpus" "$crashes"
  echo "fuzz.sh: $target for ${seconds}s" >&2
  # Inputs up to 64 KB (a layout or theme is a few); 2 GB of memory and 10 s an input at most:
  # more is a blow-up to fix, not to wait for. Compose converts over the kana–kanji model:
  # 16 KB inputs (two lines at the protocol's limit), 5 s and 1.2 GB each — a conversion that
  # grows faster than its reading (libkkc's took 30 s and 1.7 GB on 96 kana) is found.
  budget=(-max_len=65536 -rss_limit_mb=2048 -timeout=10)
  case $target in compose) budget=(-max_len=16384 -rss_limit_mb=1200 -timeout=5) ;; esac
  extra=()
  # FuzzTarget.repositorySeeds: the shipped layouts and themes seed those two targets too.
  case $target in layout) extra=(data/layouts) ;; theme) extra=(data/themes) ;; esac
  CLAVIS_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$fuzzer" "$corpus" "$seeds" "${extra[@]}" \
    -max_total_time="$seconds" "${budget[@]}" \
    -artifact_prefix="$crashes" -print_final_stats=1 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Done )" || true
  if compgen -G "$crashes/*" >/dev/null; then
    echo "fuzz.sh: $target found problems: $(ls "$crashes")" >&2
  fi
done
