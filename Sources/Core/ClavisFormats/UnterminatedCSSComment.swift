/// Where a CSS text opens a comment it never closes, or `nil`.
///
/// GTK 3's CSS parser reads past the end of the text looking for the end of such a comment:
/// whatever the heap holds there decides whether it reports "Unterminated comment" or takes
/// the theme as clean (valgrind shows the uninitialised reads; `clavis check` missed it after
/// checking another file). Themes are checked for it here first, so the answer is the same
/// every time. Strings are skipped: `content: "/*"` opens no comment.
///
///     unterminatedCSSComment(in: Array("a { color: red; } /* oops".utf8))   // 1:19
public func unterminatedCSSComment(in bytes: [UInt8]) -> SourceLocation? {
    let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
            let opening = index
            index += 2
            while index + 1 < bytes.count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
            guard index + 1 < bytes.count else { return SourceLocation(utf8Offset: opening, in: bytes) }
            index += 2
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            index += 1
            while index < bytes.count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                index += bytes[index] == backslash ? 2 : 1
            }
            index += 1
        } else {
            index += 1
        }
    }
    return nil
}
