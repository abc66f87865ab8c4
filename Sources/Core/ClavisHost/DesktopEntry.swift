/// The `Exec=` key of a desktop entry, as the Desktop Entry Specification has it written and
/// read: an argument holding a reserved character (a space, a quote, `$`, …) is quoted, with
/// `"`, `` ` ``, `$` and `\` escaped inside the quotes; a literal `%` is `%%` (a lone one is a
/// field code); and the value's own string escapes (`\\`, `\n`, `\t`, `\r`) come on top, so a
/// backslash in a quoted argument is written as four. A binary under "/opt/my apps%u/clavis"
/// starts as it should.
///
///     DesktopEntry.exec(["/opt/my apps/clavis", "keyboard"])   // "\"/opt/my apps/clavis\" keyboard"
///     DesktopEntry.arguments(ofExec: "\"/opt/my apps/clavis\" keyboard")   // ["/opt/my apps/clavis", "keyboard"]
public enum DesktopEntry {
    /// The characters that make an argument need quotes.
    static let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]

    /// The `Exec=` value that runs `arguments`.
    public static func exec(_ arguments: [String]) -> String {
        arguments.map(quoted).map(escapedAsString).joined(separator: " ")
    }

    /// One argument, quoted where it must be, its `%` doubled.
    static func quoted(_ argument: String) -> String {
        // By scalars throughout: "\r\n" is one Character, and so is "%" with a combining mark.
        let quoting = argument.isEmpty || argument.unicodeScalars.contains { reserved.contains(Character($0)) }
        var written = String.UnicodeScalarView()
        for scalar in argument.unicodeScalars {
            if scalar == "%" { written.append("%") }
            if quoting, "\"`$\\".unicodeScalars.contains(scalar) { written.append("\\") }
            written.append(scalar)
        }
        return quoting ? "\"" + String(written) + "\"" : String(written)
    }

    /// The string escapes every desktop entry value has (a line break cannot stand in one).
    static func escapedAsString(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The arguments an `Exec=` value runs, read as the specification says (field codes other
    /// than `%%` dropped, as a launcher with no files to open drops them); `nil` when it is
    /// malformed (an unterminated quote, a lone backslash).
    public static func arguments(ofExec value: String) -> [String]? {
        // The string escapes first.
        var unescaped = String.UnicodeScalarView()
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                unescaped.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": unescaped.append("\\")
            case "n": unescaped.append("\n")
            case "t": unescaped.append("\t")
            case "r": unescaped.append("\r")
            case "s": unescaped.append(" ")
            default: return nil
            }
        }
        var arguments: [String] = []
        var current: String?
        var quoting = false
        var rest = unescaped.makeIterator()
        while let scalar = rest.next() {
            let character = Character(scalar)
            if character == "%" {
                // Field codes are expanded before quotes are read, inside them too.
                guard let code = rest.next() else { return nil }
                if code == "%" { current = (current ?? "") + "%" }
                continue
            }
            if quoting {
                switch character {
                case "\"": quoting = false
                case "\\":
                    guard let next = rest.next(), "\"`$\\".unicodeScalars.contains(next) else { return nil }
                    current!.unicodeScalars.append(next)
                default: current!.unicodeScalars.append(scalar)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if let argument = current { arguments.append(argument) }
                current = nil
            case "\"":
                quoting = true
                current = current ?? ""
            default:
                current = current ?? ""
                current!.unicodeScalars.append(scalar)
            }
        }
        guard !quoting else { return nil }
        if let argument = current { arguments.append(argument) }
        return arguments
    }
}
