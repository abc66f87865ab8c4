#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error (with a write(2), so no Foundation is needed for it).
///
///     reportProblem("clavis: cannot read the theme")
public func reportProblem(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
