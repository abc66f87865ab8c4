import Foundation

/// Puts the files a program maps into the page cache the way a start from disk reads them,
/// before its memory is measured.
///
/// RSS counts the page-cache pages a process maps, and on this machine's kernel (6.18) a
/// fault maps the whole page-cache folio around it. A file just written (a binary the linker
/// wrote, a lexicon text-data.sh made, a package apt unpacked) sits in large folios, so
/// touching one byte of it maps up to megabytes: the same Clavis measured 5 MB higher with a
/// freshly made en.clx than after the file had been read back from disk
/// (docs/performance.md). Every program compared gets the same treatment: one start to learn
/// its files, those files dropped from the cache (pages another process maps stay), one more
/// start that reads them back; the measured starts follow.
///
///     try PageCache.settle(program)
enum PageCache {
    static func settle(_ program: KeyboardProgram) throws {
        var files: Set<String> = []
        _ = try launchKeyboard(program, typing: 0) { group in
            for member in group.members { files.formUnion(mappedFiles(of: member)) }
        }
        for file in files { drop(file) }
        _ = try launchKeyboard(program, typing: 0)
    }

    /// The regular files a process maps (`/proc/PID/maps`).
    static func mappedFiles(of pid: pid_t) -> Set<String> {
        guard let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8) else { return [] }
        return Set(maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].hasPrefix("/") else { return nil }
            return String(fields[5])
        })
    }

    /// Drops a file's pages that no process maps from the page cache.
    static func drop(_ file: String) {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }
}
