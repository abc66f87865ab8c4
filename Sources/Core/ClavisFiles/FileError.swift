import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read or written: the path, and the system's reason in a few words
/// ("no such file", "permission denied"), for messages that name the file and say what is
/// wrong.
///
///     do { _ = try Files.read("/nope") } catch { print(error) }   // "/nope: no such file"
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder the operation was on.
    public var path: String
    /// The `errno` the system gave.
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The code for a path that is there but is no regular file: a named pipe, a device or a
    /// socket (not a system `errno`, so no system call reports it by mistake).
    public static let notRegular: Int32 = -1

    /// The error of the last failed system call on `path`.
    static func last(_ path: String) -> FileError {
        FileError(path: path, code: errno)
    }

    /// The reason alone: "no such file", "permission denied", or the system's own words.
    public var reason: String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "no space left on the device"
        case EISDIR: "a folder, not a file"
        case Self.notRegular: "not a regular file (a pipe, device or socket is never read)"
        case ENOTDIR: "a part of the path is not a folder"
        default: String(cString: strerror(code))
        }
    }

    public var description: String { "\(MessageText.escaped(path)): \(reason)" }
}
