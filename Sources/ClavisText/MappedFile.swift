import CMapGuard
import ClavisFiles
#if canImport(Glibc)
import Glibc
#endif

/// A read-only file mapped into memory: its pages are loaded on first touch and shared with
/// the page cache, so a large lexicon costs no private memory.
///
/// A file cut short or rewritten in place while mapped (`cp`, `truncate`, `rsync --inplace`
/// over an installed lexicon) would end the process with SIGBUS at the next read past its new
/// end; the mapping is guarded (`clavis_map_guard.h`): such a read finds zeros, and
/// `isDamaged` tells the owner to read the file again. The readers bound every lookup by the
/// sizes they checked, so zeros give no answer rather than a wrong one far away.
///
///     let file = try MappedFile(path: "/usr/share/clavis/text/en.clx")
///     file.bytes.count
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes, valid as long as this object lives.
    public let bytes: UnsafeRawBufferPointer
    /// The path it was mapped from (for messages).
    public let path: String

    /// Maps `path`, or throws `LexiconError.unreadable` naming it.
    public init(path: String) throws(LexiconError) {
        self.path = path
        // A regular file only: a named pipe in its place would block the keyboard.
        let descriptor: Int32
        do { descriptor = try Files.openRegular(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let size = Int(status.st_size)
        guard size > 0 else { throw .corrupt(path: path, reason: "the file is empty") }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        // Lookups touch scattered pages: read only those, not the kernel's usual readahead
        // around each (which made a 2 MB resident share of a lexicon at the first suggestions).
        madvise(base, size, MADV_RANDOM)
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        guardSlot = clavis_map_guard_register(base, size)
    }

    /// The guard's slot (-1: every slot was taken, and the mapping is unguarded).
    private let guardSlot: Int32

    /// Whether the file was cut short behind the mapping since it was mapped: what was read
    /// from it may be zeros, and it should be mapped again.
    public var isDamaged: Bool { clavis_map_guard_damaged(guardSlot) != 0 }
    /// Unmaps the pages this process has touched, keeping the mapping: they stay in the page
    /// cache (the file's, shared, clean), and the next touch maps them again from there. The
    /// kernel maps a file's pages a whole page-cache folio at a time (up to 2 MB), so a few
    /// scattered lookups can map most of a file: a reader that is done for now lets them go.
    public func releaseResidentPages() {
        madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit {
        clavis_map_guard_unregister(guardSlot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
