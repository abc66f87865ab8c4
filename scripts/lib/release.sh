# The release build that Clavis ships, the benchmarks measure and CI checks (source it):
# the Swift runtime linked statically (only what Clavis uses is paged in, and the dynamic
# linker resolves no Swift symbols at start-up) and linked by lld with packed relative
# relocations (RELR: 8 KB where 1 MB of .rela.dyn was read at every start). Together about
# 4.5 MB less resident memory (docs/performance.md).
#   source scripts/lib/release.sh; build_release clavis clavis-bench
release_flags=(-c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)

# Builds each product named, then writes back the page cache: a freshly linked binary's pages
# count as its private dirty memory until they are written back.
build_release() {
  local product
  for product in "$@"; do
    swift build "${release_flags[@]}" --product "$product"
  done
  sync
}
