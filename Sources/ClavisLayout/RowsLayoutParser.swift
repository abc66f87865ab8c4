/// Reads the foundation's simple rows format into a `KeyboardLayout`.
///
/// The format is line based; blank lines and lines starting with `#` are ignored:
///
///     id: us
///     name: English (US)
///     row: q w e r t y u i o p
///     row: ~0.5 a s d f g h j k l ~0.5
///     row: shift:1.5 z x c v b n m backspace:1.5
///     row: , space:6 . return:2
///
/// A row token is a key or a gap. A single character is always a literal key, so `:`, `~`
/// and `#` can be keys. `~N` is a blank gap N key units wide. `NAME` or `NAME:WIDTH` is a
/// special key (`shift`, `backspace`, `return`, `space`, `tab`) or, for any other text, a
/// key that types that text. Every problem is reported with its line; parsing continues so
/// one pass shows them all.
public struct RowsLayoutParser {
    /// The name used in error messages.
    public var fileName: String

    public init(fileName: String) { self.fileName = fileName }

    /// Parses `text`; throws a `LayoutErrors` listing every problem found.
    public func parse(_ text: String) throws(LayoutErrors) -> KeyboardLayout {
        var id: String?
        var name: String?
        var rows: [Row] = []
        var errors: [LayoutError] = []
        var seenIDs: [String: Int] = [:]

        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ message: String) {
                errors.append(LayoutError(file: fileName, line: lineNumber, message: message))
            }
            guard let colon = line.firstIndex(of: ":") else {
                fail("expected 'id:', 'name:' or 'row:' but found '\(line)'")
                continue
            }
            let field = line[..<colon].trimmingWhitespace()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            switch field {
            case "id":
                if value.isEmpty { fail("'id' is empty") } else { id = value }
            case "name":
                if value.isEmpty { fail("'name' is empty") } else { name = value }
            case "row":
                var items: [Row.Item] = []
                for token in value.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                    switch parseToken(String(token)) {
                    case .success(let item):
                        if case .key(let key) = item {
                            if let first = seenIDs[key.id] {
                                fail("duplicate key '\(key.id)' (first on line \(first))")
                                continue
                            }
                            seenIDs[key.id] = lineNumber
                        }
                        items.append(item)
                    case .failure(let message):
                        fail(message)
                    }
                }
                if items.isEmpty { fail("row has no keys") } else { rows.append(Row(items: items)) }
            default:
                fail("unknown field '\(field)' (expected 'id', 'name' or 'row')")
            }
        }
        if id == nil { errors.append(LayoutError(file: fileName, line: 0, message: "missing 'id:' line")) }
        if rows.isEmpty { errors.append(LayoutError(file: fileName, line: 0, message: "no 'row:' lines")) }
        guard errors.isEmpty, let id else { throw LayoutErrors(errors: errors) }
        return KeyboardLayout(id: id, name: name ?? id, rows: rows)
    }

    private enum TokenResult {
        case success(Row.Item)
        case failure(String)
    }

    private func parseToken(_ token: String) -> TokenResult {
        if token.count == 1 {
            return .success(.key(Key(id: token, label: token, action: .insert(token))))
        }
        if token.hasPrefix("~") {
            guard let units = Double(token.dropFirst()), units > 0, units <= 20 else {
                return .failure("gap '\(token)' needs a width from 0 to 20 key units, like '~0.5'")
            }
            return .success(.gap(units))
        }
        var name = token
        var units = 1.0
        if let colon = token.lastIndex(of: ":"), colon != token.startIndex {
            name = String(token[..<colon])
            let widthText = token[token.index(after: colon)...]
            guard let width = Double(widthText), width > 0, width <= 20 else {
                return .failure("unknown key width '\(widthText)' in '\(token)' (use a number from 0 to 20)")
            }
            units = width
        }
        if let action = KeyAction(specialName: name) {
            return .success(.key(Key(id: name, label: Self.label(for: action), action: action, widthUnits: units)))
        }
        return .success(.key(Key(id: name, label: name, action: .insert(name), widthUnits: units)))
    }

    /// The label drawn on a special key.
    static func label(for action: KeyAction) -> String {
        switch action {
        case .insert(let text): text
        case .backspace: "⌫"
        case .return: "return"
        case .shift: "⇧"
        case .space: "space"
        case .tab: "tab"
        }
    }
}

/// Every problem found in one layout file.
public struct LayoutErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [LayoutError]
    public init(errors: [LayoutError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
