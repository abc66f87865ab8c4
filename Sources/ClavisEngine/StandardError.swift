#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error (with a write(2), so no Foundation is needed for it). A
/// line longer than `maximumProblemLength` bytes is cut there, with how much was left out:
/// a problem that quotes what it found (a 10 MB theme name) stays one readable line.
///
///     reportProblem("clavis: cannot read the theme")
public func reportProblem(_ line: String) {
    let bytes = Array((cutForReport(line) + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// The longest line `reportProblem` writes whole, in bytes.
public let maximumProblemLength = 2000

/// `line` cut to `maximumProblemLength` bytes at a character's start, saying how many more
/// there were.
func cutForReport(_ line: String) -> String {
    let utf8 = Array(line.utf8)
    guard utf8.count > maximumProblemLength else { return line }
    var end = maximumProblemLength
    while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: utf8[..<end], as: UTF8.self) + "… (\(utf8.count - end) more bytes)"
}
