import CLazyLayerShell
import CLazyLibrary
import Testing

/// `clavis_lazy_library_open`: symbols into slots, or a message naming what is missing.
@Suite struct LazyLibraryTests {
    /// Opens `soname` with `symbols`, returning the failure message (nil on success) and the
    /// slots filled.
    func open(_ soname: String, _ symbols: [String]) -> (failure: String?, slots: [UnsafeMutableRawPointer?]) {
        let names = symbols.map { strdup($0) } + [nil]
        defer { names.forEach { free($0) } }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        let failure = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { namesBuffer in
            slots.withUnsafeMutableBufferPointer { slotBuffer in
                clavis_lazy_library_open(soname, namesBuffer.baseAddress, slotBuffer.baseAddress)
            }
        }
        return (failure.map { String(cString: $0) }, slots)
    }

    @Test func fillsTheSlotsOfALibraryThatIsThere() {
        let (failure, slots) = open("libxkbregistry.so.0", ["rxkb_context_new", "rxkb_layout_first"])
        #expect(failure == nil)
        #expect(slots.allSatisfy { $0 != nil })
    }

    @Test func aMissingLibraryOrSymbolIsNamed() {
        #expect(open("libclavis-missing.so.9", ["anything"]).failure?.contains("libclavis-missing.so.9") == true)
        #expect(open("libxkbregistry.so.0", ["rxkb_context_new", "rxkb_no_such_function"]).failure?.contains("rxkb_no_such_function") == true)
    }

    @Test func gtkLayerShellOpens() {
        #expect(clavis_layer_shell_open().map { String(cString: $0) } == nil)
    }
}
