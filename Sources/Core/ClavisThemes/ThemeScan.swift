import ClavisFiles
import ClavisFormats
import ClavisLayout

/// What a theme file must pass before GTK's CSS parser sees it: the problems GTK does not
/// report, or reports only by misbehaving.
///
/// - larger than `maximumSize`: GTK's memory grows far faster than the file (a theme of
///   20,000 rules took it 12 GB);
/// - a NUL byte, or bytes that are not UTF-8: GTK stops reading there, silently;
/// - a comment never closed (`unterminatedCSSComment`): GTK reads past the end of the text;
/// - `url()` naming a file that is not there, or anything but a local file (`http:` would
///   make the keyboard fetch from the network): GTK says nothing and draws no image;
/// - `@define-color` names defined in terms of themselves: GTK accepts the file and the
///   colour is missing when drawn.
///
///     ThemeScan.problems(in: Array("a { background-image: url('x.png'); }".utf8), file: "/t/mine.css")
///     // ["/t/mine.css:1:22: error: url() names 'x.png', which is not there (/t/x.png)"]
public enum ThemeScan {
    /// The largest theme file read: fifty times the built-in themes.
    public static let maximumSize = 64 * 1024

    /// Every problem, as `FILE:LINE:COLUMN: error: message`; empty when there is none.
    /// `exists` answers whether a file is there (the file system, by default), `isRegular`
    /// whether it is a regular file (GTK blocks reading an image from a named pipe).
    public static func problems(in bytes: [UInt8], file: String, exists: (String) -> Bool = Files.exists,
                                isRegular: (String) -> Bool = Files.isRegularFile) -> [String] {
        func problem(_ offset: Int?, _ message: String) -> String {
            guard let offset else { return "\(file): error: \(message)" }
            return "\(file):\(SourceLocation(utf8Offset: offset, in: bytes)): error: \(message)"
        }
        guard bytes.count <= maximumSize else { return [tooLarge(file)] }
        if let nul = bytes.firstIndex(of: 0) { return [problem(nul, "a NUL byte (is this a text file?)")] }
        if String(validating: bytes, as: UTF8.self) == nil {
            return ["\(file):\(LayoutLibrary.firstInvalidUTF8(bytes)): error: the file is not UTF-8 text (an invalid byte here)"]
        }
        if let comment = unterminatedCSSComment(in: bytes) {
            return ["\(file):\(comment): error: unterminated comment (it runs to the end of the file)"]
        }
        let text = withoutComments(bytes)
        var problems: [(offset: Int, message: String)] = []
        for (offset, target) in urls(in: text) {
            if let colon = target.firstIndex(of: ":"), colon > target.index(after: target.startIndex),
               target[..<colon].allSatisfy({ $0.isLetter }), target[..<colon].lowercased() != "file" {
                problems.append((offset, "url() names '\(target)': a theme loads local files only"))
                continue
            }
            var path = target.hasPrefix("file://") ? String(target.dropFirst(7)) : target
            if !path.hasPrefix("/") { path = Path.join(Path.parent(of: file), path) }
            if !exists(path) {
                problems.append((offset, "url() names '\(target)', which is not there (\(path))"))
            } else if !isRegular(path) {
                problems.append((offset, "url() names '\(target)', which is not a regular file (\(path))"))
            }
        }
        for (offset, cycle) in colourCycles(in: text) {
            problems.append((offset, "@define-color \(cycle.first!) is defined in terms of itself (\(cycle.joined(separator: " → ")))"))
        }
        return problems.sorted { $0.offset < $1.offset }.map { problem($0.offset, $0.message) }
    }

    /// The problem of a theme over `maximumSize` (also for a reader that stopped reading there).
    public static func tooLarge(_ file: String) -> String {
        "\(file): error: the theme is over \(maximumSize) bytes; at most that many are read"
    }

    /// The text with every comment blanked out (same length, so offsets still hold).
    static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var text = bytes
        var index = 0
        while index + 1 < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "/"), text[index + 1] == UInt8(ascii: "*") {
                let end = closing(of: text, from: index + 2)
                for blank in index..<end where text[blank] != UInt8(ascii: "\n") { text[blank] = UInt8(ascii: " ") }
                index = end
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = stringEnd(text, from: index)
            } else {
                index += 1
            }
        }
        return text
    }

    /// Just past the `*/` that closes a comment opened before `start`.
    private static func closing(of text: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
        return min(index + 2, text.count)
    }

    /// Just past the string that opens at `start` (it ends at its quote or the line's end).
    private static func stringEnd(_ text: [UInt8], from start: Int) -> Int {
        let quote = text[start]
        var index = start + 1
        while index < text.count, text[index] != quote, text[index] != UInt8(ascii: "\n") {
            index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, text.count)
    }

    /// Each `url(...)` outside strings: where it stands and what it names.
    static func urls(in text: [UInt8]) -> [(Int, String)] {
        var found: [(Int, String)] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = stringEnd(text, from: index)
                continue
            }
            let startsWord = index == 0 || !isNameByte(text[index - 1])
            if startsWord, index + 4 <= text.count, text[index..<(index + 4)].map({ $0 | 0x20 }) == Array("url(".utf8) {
                var inner = index + 4
                while inner < text.count, text[inner] == UInt8(ascii: " ") { inner += 1 }
                var target: [UInt8] = []
                if inner < text.count, text[inner] == UInt8(ascii: "\"") || text[inner] == UInt8(ascii: "'") {
                    let end = stringEnd(text, from: inner)
                    target = Array(text[(inner + 1)..<max(inner + 1, end - 1)])
                    inner = end
                } else {
                    while inner < text.count, text[inner] != UInt8(ascii: ")"), text[inner] != UInt8(ascii: "\n") {
                        target.append(text[inner])
                        inner += 1
                    }
                }
                found.append((index, String(decoding: target, as: UTF8.self).trimmingSpaces))
                index = inner
                continue
            }
            index += 1
        }
        return found
    }

    /// The `@define-color` names that depend on themselves: where the first of each cycle
    /// is defined, and the cycle from it.
    static func colourCycles(in text: [UInt8]) -> [(Int, [String])] {
        var definitions: [String: (offset: Int, uses: [String])] = [:]
        var order: [String] = []
        let keyword = Array("@define-color".utf8)
        var index = 0
        while index + keyword.count <= text.count {
            guard text[index] == UInt8(ascii: "@"), Array(text[index..<(index + keyword.count)]) == keyword else {
                index += 1
                continue
            }
            var cursor = index + keyword.count
            while cursor < text.count, text[cursor] == UInt8(ascii: " ") || text[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            let nameStart = cursor
            while cursor < text.count, isNameByte(text[cursor]) { cursor += 1 }
            let name = String(decoding: text[nameStart..<cursor], as: UTF8.self)
            var uses: [String] = []
            while cursor < text.count, text[cursor] != UInt8(ascii: ";"), text[cursor] != UInt8(ascii: "}") {
                if text[cursor] == UInt8(ascii: "@") {
                    let start = cursor + 1
                    cursor = start
                    while cursor < text.count, isNameByte(text[cursor]) { cursor += 1 }
                    uses.append(String(decoding: text[start..<cursor], as: UTF8.self))
                } else {
                    cursor += 1
                }
            }
            if !name.isEmpty, definitions[name] == nil { order.append(name) }
            if !name.isEmpty { definitions[name] = (index, uses) }
            index = cursor
        }
        // Depth-first over the names, with an explicit stack: 0 unseen, 1 on the path, 2 done.
        var state: [String: Int] = [:]
        var cycles: [(Int, [String])] = []
        for root in order where state[root, default: 0] == 0 {
            var path: [(name: String, next: Int)] = [(root, 0)]
            state[root] = 1
            while var top = path.last {
                let uses = definitions[top.name]?.uses ?? []
                guard top.next < uses.count else {
                    state[top.name] = 2
                    path.removeLast()
                    continue
                }
                let used = uses[top.next]
                top.next += 1
                path[path.count - 1] = top
                switch state[used, default: 0] {
                case 0 where definitions[used] != nil:
                    state[used] = 1
                    path.append((used, 0))
                case 1:
                    let names = path.map(\.name)
                    let cycle = Array(names[names.lastIndex(of: used)!...]) + [used]
                    cycles.append((definitions[used]!.offset, cycle))
                default:
                    break
                }
            }
        }
        return cycles.sorted { $0.0 < $1.0 }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
