#if canImport(Glibc)
import Glibc
#endif

/// What Clavis needs of the file system — whole files read and written, folders listed and
/// made — over the C library, without Foundation (whose URL, Data and FileManager code would
/// be paged into every keyboard process: docs/performance.md).
///
///     let bytes = try Files.read("/etc/hostname")
///     try Files.write(Array("{}".utf8), to: "\(home)/.config/clavis/settings.json")
public enum Files {
    /// The whole file; with a `limit`, no more than that many bytes are read, and a longer
    /// file throws `EFBIG` (a hostile file is not read into memory whole).
    ///
    /// Only a regular file is read: a named pipe, a device or a socket (`/dev/stdin`, a FIFO
    /// left where a layout was) would block the reader or never end, so it throws
    /// `FileError.notRegular` before anything is read from it.
    public static func read(_ path: String, limit: Int? = nil) throws(FileError) -> [UInt8] {
        let (bytes, whole) = try readPrefix(path, count: limit ?? Int.max)
        guard whole else { throw FileError(path: path, code: EFBIG) }
        return bytes
    }

    /// The file's first `count` bytes (all of it when it is shorter), and whether that is the
    /// whole file: for a store that keeps what it can of a file grown past its limit.
    ///
    ///     let (bytes, whole) = try Files.readPrefix(path, count: 8 << 20)
    public static func readPrefix(_ path: String, count limit: Int) throws(FileError) -> (bytes: [UInt8], whole: Bool) {
        let descriptor = try openRegular(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            // One byte past the limit tells whether there is more.
            let room = limit - bytes.count
            let wanted = room >= chunk.count ? chunk.count : room + 1
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count == 0 { return (bytes, true) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            bytes += chunk[0..<count]
            if bytes.count > limit { return (Array(bytes.prefix(limit)), false) }
        }
    }

    /// Opens a regular file for reading, or throws why not (`EISDIR` for a folder,
    /// `FileError.notRegular` for a pipe, device or socket). The path is looked at before it
    /// is opened, so a named pipe is never opened; it is opened without blocking and looked at
    /// again, so one swapped in between is refused too.
    ///
    ///     let descriptor = try Files.openRegular("/usr/share/clavis/text/en.clx")
    public static func openRegular(_ path: String) throws(FileError) -> Int32 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .last(path) }
        try requireRegular(status, path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .last(path) }
        guard fstat(descriptor, &status) == 0 else {
            let failure = FileError.last(path)
            close(descriptor)
            throw failure
        }
        do {
            try requireRegular(status, path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func requireRegular(_ status: stat, _ path: String) throws(FileError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw FileError(path: path, code: EISDIR)
        default: throw FileError(path: path, code: FileError.notRegular)
        }
    }

    /// Whether `path` is a regular file (or a link to one): not a folder, pipe or device.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Replaces the file with `bytes` atomically: written whole to a temporary file beside
    /// it, then renamed over it, so a reader sees the old file or the new one, never half.
    /// `synced` (the default) waits for the data to reach the disk before the rename, so a
    /// crash or power cut also leaves one or the other; a file rewritten on every frame (the
    /// geometry export) skips that. Missing folders on the way are made, with
    /// `folderPermissions`. A path that is a symbolic link (a settings file kept with the
    /// user's dotfiles) is written through: its target is replaced and the link stays.
    public static func write(_ bytes: [UInt8], to link: String, permissions: mode_t = 0o644,
                             folderPermissions: mode_t = 0o755, synced: Bool = true) throws(FileError) {
        let path = linkTarget(link)
        let folder = Path.parent(of: path)
        try createDirectories(folder, permissions: folderPermissions)
        let temporary = "\(folder)/.\(Path.lastComponent(of: path)).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw .last(path) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let failure = FileError.last(path)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            written += count
        }
        if synced { fsync(descriptor) }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let failure = FileError.last(path)
            unlink(temporary)
            throw failure
        }
        guard synced else { return }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Whether anything is there (a file, a folder, or a link to one).
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` is a folder (or a link to one).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder (not "." and ".."), in no particular order.
    public static func contents(ofDirectory path: String) throws(FileError) -> [String] {
        guard let directory = opendir(path) else { throw .last(path) }
        defer { closedir(directory) }
        var names: [String] = []
        // The name is read in place up to its terminator: a directory entry is only as long
        // as its name, so copying the whole 256-byte `d_name` read past the end of short ones.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the folder and any missing folder above it; a folder already there is fine.
    public static func createDirectories(_ path: String, permissions: mode_t = 0o755) throws(FileError) {
        guard !path.isEmpty, !isDirectory(path) else { return }
        try createDirectories(Path.parent(of: path), permissions: permissions)
        guard mkdir(path, permissions) == 0 || errno == EEXIST else { throw .last(path) }
    }

    /// Moves an unusable file out of the way as `PATH.SUFFIX`, or `PATH.SUFFIX.2`, `.3`, …
    /// when that is taken, so a second damaged file never overwrites the first one set aside.
    /// Returns where it went. Past `PATH.SUFFIX.99` the oldest numbered one is replaced: a
    /// file damaged a hundred times is not worth a hundred copies.
    ///
    ///     try Files.setAside("/home/u/.local/share/clavis/learned-words.tsv", suffix: "broken")
    ///     // "/home/u/.local/share/clavis/learned-words.tsv.broken", then ".broken.2"
    @discardableResult
    public static func setAside(_ path: String, suffix: String) throws(FileError) -> String {
        let places = setAsidePaths(of: path, suffix: suffix)
        let destination = places.first { !exists($0) } ?? places[1]
        try move(path, to: destination)
        return destination
    }

    /// Every place `setAside` may put `path`, first to last (for removing them all).
    public static func setAsidePaths(of path: String, suffix: String) -> [String] {
        ["\(path).\(suffix)"] + (2...99).map { "\(path).\(suffix).\($0)" }
    }

    /// Renames `path` to `destination`, replacing what was there.
    public static func move(_ path: String, to destination: String) throws(FileError) {
        guard rename(path, destination) == 0 else { throw .last(path) }
    }

    /// Removes a file; nothing happens when there is none.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// Where a symbolic link at `path` leads, link after link (at most 40, as the kernel
    /// follows): `path` itself when it is no link. A link to nothing gives the path it names,
    /// so writing there makes the file the link expects.
    ///
    ///     Files.linkTarget("/home/ann/.config/clavis/settings.json")   // "/home/ann/dotfiles/clavis/settings.json"
    public static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : Path.join(Path.parent(of: current), target)
        }
        return current
    }

    /// The path with every symbolic link resolved (`/proc/self/exe` is the executable);
    /// unchanged when it cannot be resolved.
    public static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
