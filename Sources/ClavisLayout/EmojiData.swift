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

    /// The emoji without tones and without the emoji variation selector: 🖐️ (with FE0F)
    /// and 🖐🏻 (without it) share one.
    private static func base(_ scalars: [Unicode.Scalar]) -> String {
        String(String.UnicodeScalarView(scalars.filter { !toneModifiers.contains($0.value) && $0.value != variationSelector }))
    }

    /// Reads the list: `# group:` lines open groups; `CODEPOINTS ; fully-qualified # E NAME`
    /// lines are emoji. A sequence with skin-tone modifiers joins the emoji it is without
    /// them as a variant. The Component group (the bare tone swatches) is left out.
    public static func parse(_ text: String) -> [Group] {
        var groups: [Group] = []
        var index: [String: (group: Int, emoji: Int)] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# group:") {
                groups.append(Group(name: line.dropFirst(8).trimmingSpaces, emoji: []))
                continue
            }
            guard !line.hasPrefix("#"), !groups.isEmpty, groups[groups.count - 1].name != "Component" else { continue }
            let parts = line.split(separator: ";", maxSplits: 1)
            guard parts.count == 2, parts[1].drop(while: { $0 == " " }).hasPrefix("fully-qualified") else { continue }
            let scalars = parts[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard !scalars.isEmpty else { continue }
            var emoji = String.UnicodeScalarView()
            emoji.append(contentsOf: scalars)
            let text = String(emoji)
            let key = base(scalars)
            if scalars.contains(where: { toneModifiers.contains($0.value) }), let base = index[key] {
                groups[base.group].emoji[base.emoji].variants.append(text)
                continue
            }
            let comment = parts[1].split(separator: "#", maxSplits: 1).last.map(String.init) ?? ""
            // "# 😀 E1.0 grinning face": the name follows the version.
            let name = comment.split(separator: " ").drop { !$0.hasPrefix("E") }.dropFirst().joined(separator: " ")
            index[key] = (groups.count - 1, groups[groups.count - 1].emoji.count)
            groups[groups.count - 1].emoji.append(Emoji(text: text, name: name, variants: []))
        }
        return groups.filter { !$0.emoji.isEmpty }
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
