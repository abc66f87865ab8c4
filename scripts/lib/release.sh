# The release build that Clavis ships, the benchmarks measure and CI checks (source it):
# - the Swift runtime linked statically (only what Clavis uses is paged in, and the dynamic
#   linker resolves no Swift symbols at start-up);
# - linked by lld with packed relative relocations (RELR: 8 KB where 1 MB of .rela.dyn was
#   read at every start);
# - libstdc++ (which only the Swift runtime uses) linked statically as well: a folder holding
#   just libstdc++.a comes first in the library path, so `-lstdc++` finds the archive;
# - no symbols exported (the static runtime's link arguments ask for --export-dynamic; nothing
#   looks Clavis's symbols up, and every library's symbol lookups at start-up went through the
#   400 KB of names it exported first);
# - each function in its own section, and the functions a session runs (clavis.order, written
#   by scripts/hot-code.sh) placed together at the front, so that the pages they share are
#   all the code that comes into memory; the compiler's nameless functions, which the order
#   cannot name, and the PLT every call into a shared library goes through, go just before
#   them (text-front.lds).
# docs/performance.md has what each saves.
#   source scripts/lib/release.sh; build_release clavis clavis-bench
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/quiet-build.sh"
release_order="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/clavis.order"
release_front="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/text-front.lds"
release_static_cxx="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/static-libstdc++"
mkdir -p "$release_static_cxx"
ln -sf "$(clang++ -print-file-name=libstdc++.a)" "$release_static_cxx/libstdc++.a"
release_flags=(-c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
  -Xlinker "-L$release_static_cxx" -Xlinker --no-export-dynamic
  -Xswiftc -Xfrontend -Xswiftc -function-sections
  -Xlinker "--symbol-ordering-file=$release_order" -Xlinker --no-warn-symbol-ordering
  -Xlinker -T -Xlinker "$release_front")

# Builds each product named, then writes back the page cache: a freshly linked binary's pages
# count as its private dirty memory until they are written back. SwiftPM does not know that
# the link reads clavis.order and text-front.lds, so a binary older than either is removed to
# be linked again.
build_release() {
  local product bin
  bin=$(swift build "${release_flags[@]}" --show-bin-path 2> >(without_pkg_config_notes >&2))
  for product in "$@"; do
    [[ "$bin/$product" -nt "$release_order" && "$bin/$product" -nt "$release_front" ]] || rm -f "$bin/$product"
    swift build "${release_flags[@]}" --product "$product" 2>&1 | without_pkg_config_notes
  done
  sync
}
