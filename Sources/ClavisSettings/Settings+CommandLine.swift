import ClavisEngine

extension Settings {
    /// One setting as `clavis settings --set` and `--list` know it: its name in the file,
    /// what it takes, what it does, how to read it as text and how to set it from text.
    public struct Entry: Sendable {
        public let name: String
        /// The values it takes, for people: "on/off", "0.1 to 2 seconds", "off, auto, …".
        public let allowed: String
        public let summary: String
        let read: @Sendable (Settings) -> String
        /// Sets the value from text; what it takes when the text is not of its kind ("takes
        /// on or off"; ranges are checked afterwards, by `validate`).
        let write: @Sendable (inout Settings, String) -> String?

        /// The value in `settings`, as `--set` would take it.
        public func value(in settings: Settings) -> String { read(settings) }
    }

    /// Every setting the command line can change, in the settings window's order.
    ///
    ///     Settings.entries.map(\.name).prefix(2)   // ["enabledKeyboards", "theme"]
    public static let entries: [Entry] = [
        Entry(name: "enabledKeyboards", allowed: "keyboard ids, comma-separated (clavis layout --list)",
              summary: "the keyboards the globe key cycles through, in order",
              read: { $0.enabledKeyboards.joined(separator: ",") },
              write: { settings, text in
                  settings.enabledKeyboards = once(text.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty })
                  return nil
              }),
        Entry(name: "theme", allowed: "system, light, dark, high-contrast, a theme in ~/.local/share/clavis/themes or a .css file",
              summary: "how the keys look; system follows the desktop's dark style",
              read: { $0.theme }, write: { settings, text in settings.theme = text; return nil }),
        number("keyboardHeight", "0.6 to 1.5", "how tall clavis keyboard is, times its usual height", \.keyboardHeight),
        flag("soundsEnabled", "a click for every key", \.soundsEnabled),
        number("soundVolume", "-60 to 0 dB", "how loud the clicks are", \.soundVolume),
        flag("autoCapitalization", "a capital at the start of a sentence, where the field asks for one", \.autoCapitalization),
        flag("suggestions", "the suggestion bar (and with it auto-correction and swipe typing)", \.suggestions),
        flag("autoCorrection", "replace a misspelt word when a space ends it", \.autoCorrection),
        flag("doubleSpacePeriod", "two spaces after a word type \". \"", \.doubleSpacePeriod),
        flag("swipe", "swipe typing: draw a word across its letters", \.swipe),
        number("longPressDelay", "0.2 to 1.5 seconds", "how long a key is held before its accented letters open", \.longPressDelay),
        number("repeatDelay", "0.1 to 2 seconds", "how long Backspace is held before it repeats", \.repeatDelay),
        number("repeatInterval", "0.02 to 1 second", "then how often it deletes again", \.repeatInterval),
        flag("hideWithHardwareKeyboard", "stay hidden while a hardware keyboard is typed on (auto-show)", \.hideWithHardwareKeyboard),
        choice("scanning", ScanSettings.Mode.allCases.map(\.rawValue), "switch scanning (docs/accessibility.md)",
               read: { $0.scanning.rawValue }, write: { settings, text in
                   guard let mode = ScanSettings.Mode(rawValue: text.lowercased()) else { return false }
                   settings.scanning = mode
                   return true
               }),
        number("scanInterval", "0.3 to 5 seconds", "how long each item stays highlighted", \.scanInterval),
        number("scanFirstItemDelay", "0 to 5 seconds", "extra time on the first item of a group", \.scanFirstItemDelay),
        Entry(name: "scanCycles", allowed: "1 to 10", summary: "rounds an unattended auto-scan goes before it stops",
              read: { String($0.scanCycles) }, write: { settings, text in
                  guard let number = Int(text) else { return "takes a whole number" }
                  settings.scanCycles = number
                  return nil
              }),
        choice("scanOrder", ScanGroups.Order.allCases.map(\.rawValue), "rows: row, then key; blocks: row, block, key",
               read: { $0.scanOrder.rawValue }, write: { settings, text in
                   guard let order = ScanGroups.Order(rawValue: text.lowercased()) else { return false }
                   settings.scanOrder = order
                   return true
               }),
        flag("scanLongPressBacks", "holding the select switch backs out of a group", \.scanLongPressBacks),
        flag("scanSound", "a short sound on every scan step", \.scanSound),
        text("scanSelectSwitch", "the device key or button that selects (key N or button N [on DEVICE]; empty: none)", \.scanSelectSwitch),
        text("scanNextSwitch", "the device key or button that moves the scan on", \.scanNextSwitch),
        flag("dwell", "dwell clicking: a pointer resting on a key presses it", \.dwell),
        number("dwellTime", "0.3 to 3 seconds", "how long the pointer rests before the key is pressed", \.dwellTime),
        flag("allowFullAccess", "learn the words you type (kept on this computer only)", \.allowFullAccess),
    ]

    private static func flag(_ name: String, _ summary: String, _ field: WritableKeyPath<Settings, Bool> & Sendable) -> Entry {
        Entry(name: name, allowed: "on/off", summary: summary, read: { $0[keyPath: field] ? "on" : "off" }, write: { settings, text in
            switch text.lowercased() {
            case "true", "on", "yes", "1": settings[keyPath: field] = true
            case "false", "off", "no", "0": settings[keyPath: field] = false
            default: return "takes on or off"
            }
            return nil
        })
    }

    private static func number(_ name: String, _ allowed: String, _ summary: String,
                               _ field: WritableKeyPath<Settings, Double> & Sendable) -> Entry {
        Entry(name: name, allowed: allowed, summary: summary, read: { formatted($0[keyPath: field]) }, write: { settings, text in
            guard let number = Double(text), number.isFinite else { return "takes a number" }
            settings[keyPath: field] = number
            return nil
        })
    }

    private static func text(_ name: String, _ summary: String, _ field: WritableKeyPath<Settings, String> & Sendable) -> Entry {
        Entry(name: name, allowed: "text", summary: summary, read: { $0[keyPath: field] }, write: { settings, text in
            settings[keyPath: field] = text
            return nil
        })
    }

    private static func choice(_ name: String, _ values: [String], _ summary: String, read: @escaping @Sendable (Settings) -> String,
                               write: @escaping @Sendable (inout Settings, String) -> Bool) -> Entry {
        let allowed = values.joined(separator: ", ")
        return Entry(name: name, allowed: allowed, summary: summary, read: read) { settings, text in
            write(&settings, text) ? nil : "takes \(allowed)"
        }
    }

    /// A number as `--list` shows it: no trailing ".0" on whole numbers.
    private static func formatted(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : String(number)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// A setting's name as the file spells it, also from the command line's spelling with
    /// dashes: `scan-interval` is `scanInterval`.
    static func fieldName(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "-" {
                upper = true
            } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return result
    }

    /// Sets one field from text, as `clavis settings --set NAME=VALUE` does. Returns an
    /// error message, or `nil` when it took (and nothing changes when it did not).
    ///
    ///     settings.set("dwell-time", to: "1.5")   // nil
    ///     settings.set("dwell-time", to: "9")     // "dwellTime: must be from 0.3 to 3 seconds"
    public mutating func set(_ name: String, to value: String) -> String? {
        guard let entry = Self.entries.first(where: { $0.name == Self.fieldName(name) }) else {
            return "unknown setting '\(name)' (known: \(Self.entries.map(\.name).joined(separator: ", ")))"
        }
        var changed = self
        if let problem = entry.write(&changed, value) { return "\(name) \(problem)" }
        do {
            try changed.validate()
            self = changed
            return nil
        } catch {
            return error.description
        }
    }

    /// Every setting with its value and what it takes, one per line, for `clavis settings
    /// --list`: `name = value    (allowed: what it takes) what it does`.
    public var listing: String {
        let width = Self.entries.map { $0.name.count + $0.value(in: self).count }.max() ?? 0
        return Self.entries.map { entry in
            let value = entry.value(in: self)
            let padding = String(repeating: " ", count: max(1, width - entry.name.count - value.count + 2))
            return "\(entry.name) = \(value)\(padding)(\(entry.allowed)) \(entry.summary)"
        }.joined(separator: "\n")
    }
}
