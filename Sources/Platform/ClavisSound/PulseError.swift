#if canImport(Glibc)
import Glibc
#endif

/// What went wrong talking to the sound server, worded for the one warning the user sees.
///
///     PulseError.refused(.auth, code: 1).description
///     // "the sound server refused the connection: access denied"
enum PulseError: Error, Equatable, CustomStringConvertible {
    /// No server listens at `path` (`errno` from connect).
    case unreachable(path: String, code: Int32)
    /// The connection failed or closed after it was made.
    case lost(code: Int32)
    /// No answer within the time allowed.
    case timedOut
    /// The server answered `command` with an error (pa_error_code_t).
    case refused(PulseCommand, code: UInt32)
    /// The server sent something that does not parse.
    case malformed(String)

    var description: String {
        switch self {
        case let .unreachable(path, code): "no sound server at \(path) (\(String(cString: strerror(code))))"
        case let .lost(code): code == 0 ? "the sound server closed the connection" : "the sound server connection failed (\(String(cString: strerror(code))))"
        case .timedOut: "the sound server did not answer"
        case let .refused(command, code): "the sound server refused \(Self.describe(command)): \(Self.describe(code))"
        case let .malformed(what): "the sound server's answer does not parse (\(what))"
        }
    }

    /// Whether the server no longer holds the sample a play asked for (someone emptied its
    /// cache, or it restarted): uploading again mends it.
    var isMissingSample: Bool {
        if case .refused(.playSample, code: 5) = self { return true }
        return false
    }

    private static func describe(_ command: PulseCommand) -> String {
        switch command {
        case .auth: "the connection"
        case .setClientName: "the client name"
        case .createUploadStream, .finishUploadStream: "a sample upload"
        case .playSample: "a play"
        case .error, .reply: "a reply"
        }
    }

    /// pa_strerror's wording for the codes a client of the sample cache can meet.
    private static func describe(_ code: UInt32) -> String {
        switch code {
        case 1: "access denied"
        case 3: "invalid argument"
        case 5: "no such entity"
        case 7: "protocol error"
        case 9: "no authentication key"
        case 17: "incompatible protocol version"
        case 18: "too large"
        case 19: "not supported"
        default: "error \(code)"
        }
    }
}
