import GtkKit

/// A list in GSettings (GNOME's settings, dconf underneath) read and written through GIO: an
/// array of strings (`as`, e.g. `org.gnome.shell enabled-extensions`) or of string pairs
/// (`a(ss)`, e.g. `org.gnome.desktop.input-sources sources`). Opening checks that the schema
/// and key exist first: GIO ends the program for an unknown schema.
///
///     let sources = try GSettingsList(schema: "org.gnome.desktop.input-sources", key: "sources")
///     sources.pairs     // [("xkb", "us")]
struct GSettingsList {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    let schema: String
    let key: String
    private let settings: UnsafeMutablePointer<GSettings>

    init(schema: String, key: String) throws {
        guard let source = g_settings_schema_source_get_default(),
              let found = g_settings_schema_source_lookup(source, schema, 1) else {
            throw Missing(description: "the settings schema \(schema) is not installed")
        }
        defer { g_settings_schema_unref(found) }
        guard g_settings_schema_has_key(found, key) != 0 else { throw Missing(description: "the settings schema \(schema) has no key \(key)") }
        self.schema = schema
        self.key = key
        settings = g_settings_new(schema)
    }

    /// An `as` list.
    var strings: [String] {
        get {
            guard let list = g_settings_get_strv(settings, key) else { return [] }
            defer { g_strfreev(list) }
            var strings: [String] = []
            var index = 0
            while let item = list[index] {
                strings.append(String(cString: item))
                index += 1
            }
            return strings
        }
        nonmutating set {
            var pointers = newValue.map { UnsafePointer(strdup($0)) } + [nil]
            defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
            g_settings_set_strv(settings, key, &pointers)
        }
    }

    /// An `a(ss)` list.
    var pairs: [(String, String)] {
        get {
            guard let value = g_settings_get_value(settings, key) else { return [] }
            defer { g_variant_unref(value) }
            return (0..<g_variant_n_children(value)).map { index in
                let pair = g_variant_get_child_value(value, index)
                defer { g_variant_unref(pair) }
                func string(_ at: gsize) -> String {
                    let item = g_variant_get_child_value(pair, at)
                    defer { g_variant_unref(item) }
                    return String(cString: g_variant_get_string(item, nil))
                }
                return (string(0), string(1))
            }
        }
        nonmutating set {
            var items: [OpaquePointer?] = newValue.map { first, second in
                var strings: [OpaquePointer?] = [g_variant_new_string(first), g_variant_new_string(second)]
                return g_variant_new_tuple(&strings, 2)
            }
            let type = g_variant_type_new("(ss)")
            defer { g_variant_type_free(type) }
            g_settings_set_value(settings, key, g_variant_new_array(type, &items, gsize(items.count)))
        }
    }

    /// A boolean key of the same schema (false where there is no such key).
    func flag(named name: String) -> Bool {
        guard let schema = g_settings_schema_source_lookup(g_settings_schema_source_get_default(), self.schema, 1) else { return false }
        defer { g_settings_schema_unref(schema) }
        return g_settings_schema_has_key(schema, name) != 0 && g_settings_get_boolean(settings, name) != 0
    }

    /// Writes what was set before the program ends.
    static func sync() {
        g_settings_sync()
    }
}
