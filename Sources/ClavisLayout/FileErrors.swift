import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read or written, in a few words ("no such file", "permission
/// denied", "No space left on device"): for messages that name the file and say what is
/// wrong, without Foundation's localized descriptions.
///
///     describeFileError(error)   // "no such file"
public func describeFileError(_ error: any Error) -> String {
    guard let error = error as? CocoaError else { return "\(error)" }
    switch error.code {
    case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteOutOfSpace: return "no space left on the device"
    default:
        if let posix = error.userInfo["NSUnderlyingError"] as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "error \(error.code.rawValue)"
    }
}
