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
/// end. Its owner asks `isIntact` before each use, and maps the file again when it was written
/// to; and the mapping is guarded (`clavis_map_guard.h`), so a read that races the writer
/// finds zeros rather than ending the process.
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
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        let size = Int(status.st_size)
        guard size > 0 else {
            close(descriptor)
            throw .corrupt(path: path, reason: "the file is empty")
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        self.descriptor = descriptor
        modified = status.st_mtim
        // Lookups touch scattered pages: read only those, not the kernel's usual readahead
        // around each (which made a 2 MB resident share of a lexicon at the first suggestions).
        madvise(base, size, MADV_RANDOM)
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        guardSlot = clavis_map_guard_register(base, size)
    }

    /// The guard's slot (-1: every slot was taken, and the mapping is unguarded).
    private let guardSlot: Int32
    /// The file mapped, kept open to see whether it is written to.
    private let descriptor: Int32
    /// When it was last written, as mapped.
    private let modified: timespec

    /// Whether the mapping still holds what was checked when the file was read: nothing has
    /// written to the file since (`cp`, `truncate` or `rsync --inplace` over it), and no read
    /// found it cut short. A file replaced by a rename (how Clavis, dpkg and most tools
    /// install) leaves the mapped one as it was. Asked before each use (one `fstat`, well under
    /// a microsecond); a reader that finds it false reads the file again.
    ///
    ///     if !lexicon.isIntact { lexicon = try Lexicon(path: lexicon.origin) }
    public var isIntact: Bool {
        guard clavis_map_guard_damaged(guardSlot) == 0 else { return false }
        var status = stat()
        return fstat(descriptor, &status) == 0 && Int(status.st_size) == bytes.count
            && status.st_mtim.tv_sec == modified.tv_sec && status.st_mtim.tv_nsec == modified.tv_nsec
    }
    /// Unmaps the pages this process has touched, keeping the mapping: they stay in the page
    /// cache (the file's, shared, clean), and the next touch maps them again from there. The
    /// kernel maps a file's pages a whole page-cache folio at a time (up to 2 MB), so a few
    /// scattered lookups can map most of a file: a reader that is done for now lets them go.
    public func releaseResidentPages() {
        madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit {
        clavis_map_guard_unregister(guardSlot)
        close(descriptor)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
