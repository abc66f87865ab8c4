/// The emoji Unicode lists in `emoji-test.txt` (Debian's unicode-data), by group: the fully
/// qualified ones only, each with its skin-tone variants.
///
///     let groups = EmojiData.parse(text)
///     groups.first?.name               // "Smileys & Emotion"
///     groups[1].emoji.first?.variants  // ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"]
public enum EmojiData {
    /// Where Debian's unicode-data installs the list.
    public static let defaultPath = "/usr/share/unicode/emoji/emoji-test.txt"

    /// One emoji a key types.
    public struct Emoji: Equatable, Sendable {
        public var text: String
        public var name: String
        /// The same emoji in the five skin tones (and mixed tones for pairs), for a long press.
        public var variants: [String]
    }

    /// A group of the list ("Animals & Nature"), in the list's order.
    public struct Group: Equatable, Sendable {
        public var name: String
        public var emoji: [Emoji]
    }

    private static let toneModifiers: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    private static let variationSelector: UInt32 = 0xFE0F

    /// The emoji's code points without tones and without the emoji variation selector: 🖐️
    /// (with FE0F) and 🖐🏻 (without it) share one. Code points rather than a String: hashing
    /// a String normalises it, which made this lookup a third of the parse.
    private static func base(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        scalars.lazy.map(\.value).filter { !toneModifiers.contains($0) && $0 != variationSelector }
    }

    /// Reads the list: `# group:` lines open groups; `CODEPOINTS ; fully-qualified # E NAME`
    /// lines are emoji. A sequence with skin-tone modifiers joins the emoji it is without
    /// them as a variant. The Component group (the bare tone swatches) is left out.
    ///
    /// Read as UTF-8 bytes, not Characters: the list is 600 KB, and grapheme breaking made
    /// parsing it the largest part of Clavis's start-up with the emoji keyboard enabled.
    public static func parse(_ text: String) -> [Group] {
        var groups: [Group] = []
        var index: [[UInt32]: (group: Int, emoji: Int)] = [:]
        let bytes = Array(text.utf8)
        for line in bytes.split(separator: ascii("\n")) {
            if line.starts(with: groupPrefix) {
                groups.append(Group(name: string(trimmingSpaces(line.dropFirst(groupPrefix.count))), emoji: []))
                continue
            }
            guard line.first != ascii("#"), !groups.isEmpty, groups[groups.count - 1].name != "Component",
                  let semicolon = line.firstIndex(of: ascii(";")) else { continue }
            let status = line[(semicolon + 1)...].drop { $0 == ascii(" ") }
            guard status.starts(with: fullyQualified) else { continue }
            let scalars = line[..<semicolon].split(separator: ascii(" ")).compactMap { hexScalar($0) }
            guard !scalars.isEmpty else { continue }
            var emoji = String.UnicodeScalarView()
            emoji.append(contentsOf: scalars)
            let text = String(emoji)
            let key = base(scalars)
            if scalars.contains(where: { toneModifiers.contains($0.value) }), let base = index[key] {
                groups[base.group].emoji[base.emoji].variants.append(text)
                continue
            }
            index[key] = (groups.count - 1, groups[groups.count - 1].emoji.count)
            groups[groups.count - 1].emoji.append(Emoji(text: text, name: name(inComment: status), variants: []))
        }
        return groups.filter { !$0.emoji.isEmpty }
    }

    private static let groupPrefix = Array("# group:".utf8)
    private static let fullyQualified = Array("fully-qualified".utf8)

    private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func trimmingSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let start = bytes.firstIndex { $0 != ascii(" ") } ?? bytes.endIndex
        let end = bytes.lastIndex { $0 != ascii(" ") }.map { $0 + 1 } ?? start
        return bytes[start..<max(start, end)]
    }

    /// `1F600` as a scalar; `nil` for anything else.
    private static func hexScalar(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case ascii("0")...ascii("9"): value = value << 4 | UInt32(digit - ascii("0"))
            case ascii("A")...ascii("F"): value = value << 4 | UInt32(digit - ascii("A") + 10)
            case ascii("a")...ascii("f"): value = value << 4 | UInt32(digit - ascii("a") + 10)
            default: return nil
            }
        }
        return Unicode.Scalar(value)
    }

    /// "fully-qualified     # 😀 E1.0 grinning face" → "grinning face": the words after the
    /// version.
    private static func name(inComment status: ArraySlice<UInt8>) -> String {
        guard let hash = status.firstIndex(of: ascii("#")) else { return "" }
        let words = status[(hash + 1)...].split(separator: ascii(" "))
        guard let version = words.firstIndex(where: { $0.first == ascii("E") }) else { return "" }
        return words[(version + 1)...].map(string).joined(separator: " ")
    }
}
