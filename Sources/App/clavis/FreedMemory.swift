/// glibc's `malloc_trim` (in <malloc.h>, which the Glibc module does not bring in).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// Hands the heap's free memory back to the system. After a large engine is let go (the
/// kana–kanji converter's model, tens of megabytes in small pieces) glibc keeps what was
/// freed for reuse, and the keyboard's resident memory would stay where the engine took it.
///
///     converter = nil
///     returnFreedMemory()
func returnFreedMemory() {
    _ = mallocTrim(0)
}
