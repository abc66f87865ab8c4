/// Text from outside (a file name, a layout id, a settings value) made safe to quote in a
/// one-line message: control characters are written as escapes, so a name holding a newline
/// cannot split a message in two or pass off a line of its own as Clavis's.
///
///     MessageText.escaped("us\nfake: line")   // "us\\nfake: line"
///     MessageText.escaped("tab\there")        // "tab\\there"
public enum MessageText {
    /// `text` with newlines, tabs, carriage returns and every other control character (C0, DEL,
    /// C1, and the Unicode line and paragraph separators) written as `\n`, `\t`, `\r` or
    /// `\u{…}`; everything else as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `escaped(text)` cut to at most `limit` characters, "…" where cut: a value from a file
    /// quoted in the middle of a message, so the message's end (what happens to the file)
    /// is never cut off with it.
    ///
    ///     MessageText.quoted(String(repeating: "9", count: 100_000))   // "99999…" (41 characters)
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        let cut = text.count > limit
        return escaped(cut ? String(text.prefix(limit)) : text) + (cut ? "…" : "")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
