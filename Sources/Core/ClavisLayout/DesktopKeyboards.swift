/// The keyboards a first start enables: the desktop's own keyboard layouts (the X server's
/// XKB layouts and variants, or the locale's language when none is configured) as Clavis
/// keyboards, then emoji.
///
/// A layout Clavis ships (us, de, fr; jp as ja) is used as it is; any other becomes the
/// keyboard generated from XKB (`xkb:ru`, `xkb:de(neo)`).
///
///     DesktopKeyboards.ids(xkbLayouts: "de,ru", xkbVariants: ",", locale: nil, installed: ["de", "us", "emoji"])
///     // ["de", "xkb:ru", "emoji"]
public enum DesktopKeyboards {
    /// XKB layout names whose Clavis keyboard has another id.
    static let renamed = ["jp": "ja"]
    /// Languages whose Clavis keyboard has another id than the language.
    static let byLanguage = ["en": "us"]

    public static func ids(xkbLayouts: String?, xkbVariants: String?, locale: String?, installed: Set<String>) -> [String] {
        var ids: [String] = []
        let layouts = (xkbLayouts ?? "").split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
        let variants = (xkbVariants ?? "").split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
        for (index, layout) in layouts.enumerated() where !layout.isEmpty {
            let variant = index < variants.count ? variants[index] : ""
            let builtIn = renamed[layout] ?? layout
            ids.append(variant.isEmpty && installed.contains(builtIn) ? builtIn : "xkb:\(layout)" + (variant.isEmpty ? "" : "(\(variant))"))
        }
        if ids.isEmpty, let locale, let language = locale.split(whereSeparator: { "_.@".contains($0) }).first.map(String.init),
           !language.isEmpty, language != "C", language != "POSIX" {
            let id = byLanguage[language] ?? language
            if installed.contains(id) {
                ids.append(id)
            } else if let country = locale.split(separator: "_").dropFirst().first?.prefix(2), country.count == 2 {
                ids.append("xkb:\(country.lowercased())")
            }
        }
        if ids.isEmpty, installed.contains("us") { ids.append("us") }
        if installed.contains(EmojiKeyboard.id) { ids.append(EmojiKeyboard.id) }
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// Symbols files that hold options, not layouts.
    static let optionFiles: Set<String> = [
        "pc", "inet", "group", "compose", "level3", "level5", "ctrl", "keypad", "altwin", "terminate",
        "srvr_ctrl", "capslock", "shift", "eurosign", "rupeesign", "kpdl", "nbsp", "japan", "typo", "lv3", "caps",
    ]

    /// The layouts and variants in a keymap's symbols name, as the X server reports the loaded
    /// keymap: "pc+de(neo)+ru:2+inet(evdev)" gives ("de,ru", "neo,").
    public static func layouts(fromSymbols symbols: String) -> (layouts: String, variants: String) {
        var layouts: [String] = []
        var variants: [String] = []
        for part in symbols.split(separator: "+") {
            let withoutGroup = part.split(separator: ":").first.map(String.init) ?? ""
            let name = withoutGroup.split(separator: "(", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            // Xwayland under mutter names an uploaded keymap's symbols "(unnamed)": no layout.
            let isName = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            guard !name.isEmpty, isName, !optionFiles.contains(name) else { continue }
            layouts.append(name)
            let variant = withoutGroup.split(separator: "(").dropFirst().first.map { String($0.dropLast()) } ?? ""
            variants.append(variant)
        }
        return (layouts.joined(separator: ","), variants.joined(separator: ","))
    }
}
