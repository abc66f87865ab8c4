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
    public static func read(_ path: String, limit: Int? = nil) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw FileError(path: path, code: EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            bytes += chunk[0..<count]
            if let limit, bytes.count > limit { throw FileError(path: path, code: EFBIG) }
        }
    }

    /// Replaces the file with `bytes` atomically: written whole to a temporary file beside
    /// it, then renamed over it, so a reader sees the old file or the new one, never half.
    /// `synced` (the default) waits for the data to reach the disk before the rename, so a
    /// crash or power cut also leaves one or the other; a file rewritten on every frame (the
    /// geometry export) skips that. Missing folders on the way are made, with
    /// `folderPermissions`.
    public static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644,
                             folderPermissions: mode_t = 0o755, synced: Bool = true) throws(FileError) {
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

    /// Renames `path` to `destination`, replacing what was there.
    public static func move(_ path: String, to destination: String) throws(FileError) {
        guard rename(path, destination) == 0 else { throw .last(path) }
    }

    /// Removes a file; nothing happens when there is none.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// The path with every symbolic link resolved (`/proc/self/exe` is the executable);
    /// unchanged when it cannot be resolved.
    public static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
