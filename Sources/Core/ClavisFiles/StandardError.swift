import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error (with a write(2), so no Foundation is needed for it). A
/// line longer than `maximumProblemLength` bytes is cut there, with how much was left out:
/// a problem that quotes what it found (a 10 MB theme name) stays one readable line. It is
/// always one line: a newline or other control character inside (a layout id typed with
/// one) is written as an escape (`MessageText`).
///
///     reportProblem("clavis: cannot read the theme")
public func reportProblem(_ line: String) {
    let bytes = Array((cutForReport(MessageText.escaped(line)) + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Reports an error on as many lines as it has problems, each line starting with `prefix`:
/// a layout with three mistakes gives three lines, each naming its file and line, and none
/// a continuation without them.
///
///     reportProblem(layoutErrors, prefix: "clavis swipe: line 3: layout: ")
public func reportProblem(_ error: any Error, prefix: String = "") {
    for line in problemLines(error) { reportProblem(prefix + line) }
}

/// An error made of several problems, each reported on a line of its own (a layout's
/// mistakes, each with its file and line).
public protocol ProblemList: Error {
    var problems: [String] { get }
}

/// The lines an error is reported on: one per problem of a `ProblemList`, else its
/// description.
public func problemLines(_ error: any Error) -> [String] {
    (error as? any ProblemList)?.problems ?? ["\(error)"]
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

/// Reports a line only when asked to be verbose (`--verbose`, or `CLAVIS_VERBOSE=1`): what
/// is no fault and changes nothing the user can act on at every start (no sound server on
/// a machine without speakers) but helps to find out why.
///
///     reportIfVerbose("clavis: no sound server; key clicks are off")
public func reportIfVerbose(_ line: String) {
    if Environment.variables["CLAVIS_VERBOSE"] == "1" { reportProblem(line) }
}
