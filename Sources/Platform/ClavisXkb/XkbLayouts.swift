import CLazyXkbRegistry
import CXkb
import ClavisLayout

/// Keyboards for every language the system's XKB data knows: `xkb:LAYOUT` or
/// `xkb:LAYOUT(VARIANT)` (`xkb:fr`, `xkb:ru`, `xkb:de(neo)`) compiled with libxkbcommon, their
/// levels read key by key and laid out by `GeneratedLayout`; the list and the human names come
/// from libxkbregistry.
///
///     let french = try XkbLayouts.layout("xkb:fr")
///     XkbLayouts.list().first { $0.id == "xkb:de(neo)" }?.name   // "German (Neo 2)"
public enum XkbLayouts {
    /// Why a layout could not be generated.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static let prefix = "xkb:"

    /// The keys of the alphanumeric block by their XKB names, row by row (the number row's
    /// with the key left of 1 last, where Russian has ё).
    static let rows: [[String]] = [
        (1...12).map { format2("AE", $0) } + ["TLDE"],
        (1...12).map { format2("AD", $0) },
        (1...11).map { format2("AC", $0) } + ["BKSL"],
        ["LSGT"] + (1...10).map { format2("AB", $0) },
    ]

    private static func format2(_ row: String, _ number: Int) -> String {
        row + (number < 10 ? "0" : "") + String(number)
    }

    /// Splits `xkb:de(neo)` into ("de", "neo"); `nil` for another kind of id.
    public static func parse(_ id: String) -> (layout: String, variant: String?)? {
        guard id.hasPrefix(prefix) else { return nil }
        let rest = id.dropFirst(prefix.count)
        guard !rest.isEmpty else { return nil }
        if let open = rest.firstIndex(of: "("), rest.hasSuffix(")") {
            let variant = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            return (String(rest[..<open]), variant.isEmpty ? nil : String(variant))
        }
        return (String(rest), nil)
    }

    /// The generated keyboard for an `xkb:` id.
    public static func layout(_ id: String) throws -> KeyboardLayout {
        guard let (layout, variant) = parse(id) else { throw Failure(description: "'\(id)' is not an xkb:LAYOUT(VARIANT) id") }
        let levels = try self.levels(layout: layout, variant: variant)
        let listed = (try? list())?.first { $0.id == id }
        return GeneratedLayout.layout(id: id, name: listed?.name ?? id, language: listed?.language ?? KeyboardCatalog.language(ofXkbLayout: layout),
                                      levels: levels)
    }

    /// What each key of the alphanumeric block types at its four levels.
    public static func levels(layout: String, variant: String?) throws -> GeneratedLayout.Levels {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw Failure(description: "libxkbcommon could not start") }
        defer { xkb_context_unref(context) }
        // Its own ERROR lines would come before, and say less than, the one Clavis gives.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let keymap: OpaquePointer? = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layoutName in
                    (variant ?? "").withCString { variantName in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layoutName, variant: variantName, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap else {
            throw Failure(description: "XKB has no layout '\(layout)'\(variant.map { " with variant '\($0)'" } ?? "") (see clavis layout --list)")
        }
        defer { xkb_keymap_unref(keymap) }
        func key(_ name: String) -> GeneratedLayout.Key {
            let keycode = xkb_keymap_key_by_name(keymap, name)
            guard keycode != XKB_KEYCODE_INVALID else { return GeneratedLayout.Key(plain: nil) }
            let count = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            func text(_ level: UInt32) -> String? {
                guard level < count else { return nil }
                var symbols: UnsafePointer<xkb_keysym_t>?
                guard xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols) == 1, let symbol = symbols?.pointee else {
                    return nil
                }
                return Self.text(of: symbol)
            }
            return GeneratedLayout.Key(plain: text(0), shift: text(1), altGr: text(2), altGrShift: text(3))
        }
        let read = rows.map { $0.map(key) }
        return GeneratedLayout.Levels(numberRow: read[0], topRow: read[1], homeRow: read[2], bottomRow: read[3])
    }

    /// What a keysym types: its character, the accent of a dead key, `nil` for neither.
    static func text(of symbol: xkb_keysym_t) -> String? {
        let value = xkb_keysym_to_utf32(symbol)
        if value >= 0x20, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = Int(xkb_keysym_get_name(symbol, &buffer, buffer.count))
        guard length > 0 else { return nil }
        let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return GeneratedLayout.deadKeys[name]?.spacing
    }

    /// Every layout and variant the system's XKB registry lists, with its human name and the
    /// language it types, sorted by id: `xkb:fr` "French" "fr", `xkb:de(neo)` "German (Neo 2)"
    /// "de", `xkb:de(dsb)` "Lower Sorbian" "dsb", `xkb:ch(fr)` "French (Switzerland)" "fr". The
    /// language is the registry's for the entry (a variant without its own has its layout's),
    /// as `LanguageCodes` writes it, the one its name as a country gives where it lists several;
    /// the layout's name read as a country where the registry gives none. Throws when libxkbregistry cannot be opened (it is loaded here,
    /// on first use).
    public static func list() throws -> [(id: String, name: String, language: String)] {
        if let failure = clavis_rxkb_open() {
            throw Failure(description: "the list of XKB layouts needs libxkbregistry, which could not be opened (\(String(cString: failure))); install libxkbregistry0")
        }
        guard let context = clavis_rxkb_context_new(RXKB_CONTEXT_NO_FLAGS) else { return [] }
        defer { clavis_rxkb_context_unref(context) }
        guard clavis_rxkb_context_parse_default_ruleset(context) else { return [] }
        var found: [(id: String, name: String, language: String)] = []
        var layoutLanguages: [String: String] = [:]
        var layout = clavis_rxkb_layout_first(context)
        while let current = layout {
            let name = String(cString: clavis_rxkb_layout_get_name(current))
            let variant = clavis_rxkb_layout_get_variant(current).map { String(cString: $0) }
            let description = clavis_rxkb_layout_get_description(current).map { String(cString: $0) } ?? name
            var own: [String] = []
            var code = clavis_rxkb_layout_get_iso639_first(current)
            while let listed = code {
                own.append(LanguageCodes.tag(iso639: String(cString: clavis_rxkb_iso639_code_get_code(listed))))
                code = clavis_rxkb_iso639_code_next(listed)
            }
            // Of several ("be": de, nl, fr), the one its name as a country says ("be" → fr).
            let named = KeyboardCatalog.language(ofXkbLayout: name)
            let chosen = own.contains(named) ? named : own.first
            if variant == nil, let chosen { layoutLanguages[name] = chosen }
            let language = chosen ?? layoutLanguages[name] ?? named
            found.append((prefix + name + (variant.map { "(\($0))" } ?? ""), description, language))
            layout = clavis_rxkb_layout_next(current)
        }
        return found.sorted { $0.id < $1.id }
    }
}
