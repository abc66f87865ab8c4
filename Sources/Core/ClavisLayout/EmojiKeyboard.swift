/// The emoji keyboard, generated from the Unicode list (`EmojiData`): one category per
/// group (smileys, people, animals, food, travel, activities, objects, symbols, flags), each
/// in pages of 32 emoji — four rows of eight in portrait, two of sixteen in landscape — with
/// skin tones on a long press; the emoji used lately (with Full Access) on a Recent page
/// first. The top row, where the other keyboards have the suggestion bar, has the pages before
/// and after and a space bar; the bottom row has ABC (back to the keyboard before), the globe
/// (at the same place as on the letter keyboards), a key per category and backspace. Both fit
/// portrait's eight columns and landscape widens them to sixteen.
///
/// The pages are ordinary layers of an ordinary layout, so the solver, themes, touch and
/// accessibility treat them as any other keyboard.
///
///     let layout = EmojiKeyboard.layout(from: EmojiData.parse(text))
///     layout.layers.first?.name   // "smileys-1"
public enum EmojiKeyboard {
    public static let id = "emoji"
    /// Emoji on one page.
    public static let pageSize = 32

    /// The categories, the Unicode groups they show, and the emoji on their keys.
    static let categories: [(id: String, group: String, label: String)] = [
        ("smileys", "Smileys & Emotion", "😀"), ("people", "People & Body", "👋"), ("animals", "Animals & Nature", "🐻"),
        ("food", "Food & Drink", "🍔"), ("travel", "Travel & Places", "🚗"), ("activities", "Activities", "⚽"),
        ("objects", "Objects", "💡"), ("symbols", "Symbols", "🔣"), ("flags", "Flags", "🏁"),
    ]

    /// The keyboard for `groups`; categories with no emoji are left out. `recent` emoji (most
    /// recent first) make a Recent page, shown first.
    public static func layout(from groups: [EmojiData.Group], recent: [String] = [], file: String = EmojiData.defaultPath) -> KeyboardLayout {
        let known = Dictionary(groups.flatMap(\.emoji).map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        let recentGroup = EmojiData.Group(name: recentCategory.group,
                                          emoji: recent.prefix(pageSize).map { known[$0] ?? EmojiData.Emoji(text: $0, name: "", variants: []) })
        let groups = (recent.isEmpty ? [] : [recentGroup]) + groups
        let pages: [(category: String, emoji: ArraySlice<EmojiData.Emoji>)] = ([recentCategory] + categories).flatMap { category in
            let emoji = groups.first { $0.name == category.group }?.emoji ?? []
            return stride(from: 0, to: emoji.count, by: pageSize).map { (category.id, emoji[$0..<min($0 + pageSize, emoji.count)]) }
        }
        let shown = ([recentCategory] + categories).filter { category in pages.contains { $0.category == category.id } }
        // The bottom row (ABC, the globe, the categories, backspace) fills portrait's eight
        // columns; ABC and the globe take an eighth each, where the letter keyboards have
        // their layer key and globe, so the globe never moves under the thumb.
        let bottomKeyUnits = (8 - 2 - backspaceUnits) / Double(shown.count)
        var keys: [KeyDefinition] = [
            KeyDefinition(id: "abc", label: "ABC", action: .previousKeyboard),
            KeyDefinition(id: "globe", action: .nextKeyboard),
            KeyDefinition(id: "backspace", action: .backspace, widthUnits: backspaceUnits),
            KeyDefinition(id: "space", action: .space, widthUnits: 6),
        ]
        var seen: Set<String> = []
        for page in pages {
            for emoji in page.emoji where seen.insert(emoji.text).inserted {
                // A long press offers the emoji itself first, then its skin tones, as iOS does.
                keys.append(KeyDefinition(id: keyID(emoji.text), label: emoji.text, action: .insert(emoji.text),
                                          alternates: emoji.variants.isEmpty ? [] : [emoji.text] + emoji.variants, styles: ["emoji"]))
            }
        }
        var layers: [Layer] = []
        for (number, page) in pages.enumerated() {
            let name = layerName(pages, number)
            let ids = page.emoji.map { keyID($0.text) }
            func grid(columns: Int) -> [LayoutRow] {
                stride(from: 0, to: pageSize, by: columns).map { start in
                    LayoutRow(items: (start..<(start + columns)).map { $0 < ids.count ? .key(ids[$0], nil) : .gap(1) })
                }
            }
            let previous = "page\(number)back"
            let next = "page\(number)next"
            keys.append(KeyDefinition(id: previous, label: "◀", action: .switchLayer(layerName(pages, (number + pages.count - 1) % pages.count))))
            keys.append(KeyDefinition(id: next, label: "▶", action: .switchLayer(layerName(pages, (number + 1) % pages.count))))
            // Where the suggestion bar is on the other keyboards (the emoji keyboard has
            // none): the pages before and after, and a space bar between them.
            let top = LayoutRow(items: [.key(previous, nil), .key("space", nil), .key(next, nil)])
            let bottom = LayoutRow(items: [.key("abc", nil), .key("globe", nil)]
                + shown.map { .key("category\($0.id)", nil) } + [.key("backspace", nil)])
            let widened = [previous, next].map { landscapeWidth($0, units: 1) }
            layers.append(Layer(name: name, rows: [], portraitRows: [top] + grid(columns: 8) + [bottom],
                                landscapeRows: [top] + grid(columns: 16) + [bottom],
                                constraints: ConstraintSets(landscape: widened)))
        }
        for category in shown {
            let first = pages.firstIndex { $0.category == category.id }!
            keys.append(KeyDefinition(id: "category\(category.id)", label: category.label,
                                      action: .switchLayer(layerName(pages, first)), styles: ["emoji", "category"],
                                      widthUnits: bottomKeyUnits))
        }
        let landscape = [landscapeWidth("abc", units: 1), landscapeWidth("globe", units: 1), landscapeWidth("space", units: 6)]
            + shown.map { landscapeWidth("category\($0.id)", units: bottomKeyUnits) }
            + [landscapeWidth("backspace", units: backspaceUnits)]
        return KeyboardLayout(id: id, name: "Emoji", language: "", keys: keys, layers: layers,
                              constraints: ConstraintSets(landscape: landscape), file: file)
    }

    /// The emoji keyboard before it is generated: its id, name and file, without keys or
    /// layers. Generating it parses Unicode's 600 KB list and lays out some sixty pages (about
    /// 15 ms), which most starts never need: the enabled keyboards hold this stand-in, and the
    /// keyboard view generates the real one when it is first shown.
    ///
    ///     let standIn = EmojiKeyboard.standIn(file: EmojiData.defaultPath)
    ///     EmojiKeyboard.isStandIn(standIn)   // true
    public static func standIn(file: String) -> KeyboardLayout {
        KeyboardLayout(id: id, name: "Emoji", keys: [], layers: [], file: file)
    }

    /// Whether `layout` is the stand-in, to be generated before it is shown.
    public static func isStandIn(_ layout: KeyboardLayout) -> Bool {
        layout.id == id && layout.layers.isEmpty
    }

    /// Backspace's share of the bottom row (the other keys share the rest).
    private static let backspaceUnits = 0.8
    /// The Recent page's category.
    static let recentCategory = (id: "recent", group: "\u{0}recent", label: "🕘")

    /// In landscape a bottom key is twice as wide, as the grid is: `units` of sixteen
    /// columns' worth of the keyboard's width, doubled.
    private static func landscapeWidth(_ key: String, units: Double) -> LayoutConstraint {
        // Rounded down, so the row never asks for more than the whole width.
        let fraction = (units * 2 / 16 * 10_000).rounded(.down) / 10_000
        // A fixed, valid constraint: parsing cannot fail.
        return try! ConstraintParser.parse("\(key).width == \(fraction) * keyboard.width")
    }

    /// The category a page's layer shows: "smileys" for "smileys-2" (its category key is
    /// marked `current` while any of its pages shows).
    ///
    ///     EmojiKeyboard.category(ofLayer: "smileys-2")   // "smileys"
    public static func category(ofLayer name: String) -> String {
        guard let dash = name.lastIndex(of: "-") else { return name }
        return String(name[..<dash])
    }

    /// "smileys-1", "smileys-2", … for page `number` of `pages`.
    private static func layerName(_ pages: [(category: String, emoji: ArraySlice<EmojiData.Emoji>)], _ number: Int) -> String {
        let category = pages[number].category
        let first = pages.firstIndex { $0.category == category }!
        return "\(category)-\(number - first + 1)"
    }

    /// A key id from the emoji's code points ("e-1f600"), valid in rows and constraints.
    static func keyID(_ text: String) -> String {
        "e-" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }
}
