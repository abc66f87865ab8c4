import ClavisEngine
import ClavisFormats

extension Settings {
    /// One setting, declared once: its name in the file and on the command line, what it
    /// takes, what it does. The file's reading and writing, the range check, `clavis settings
    /// --set` and `--list` all come from the declarations; its default is the property's own
    /// initial value.
    ///
    ///     Settings.number("dwellTime", \.dwellTime, 0.3...3, unit: " seconds",
    ///                     summary: "how long the pointer rests before the key is pressed")
    public struct Declaration: Sendable {
        /// The name in the file (`--set` also takes it with dashes: `dwell-time`).
        public let name: String
        /// The values it takes, for people: "on/off", "0.1 to 2 seconds", "off, auto, …".
        public let allowed: String
        public let summary: String
        /// Whether `clavis settings --set` and `--list` know it: window state and the journals
        /// of what was forgotten are not the user's to type.
        public let settable: Bool
        /// Takes the file's value; `false` when it is not of the setting's kind.
        let read: @Sendable (inout Settings, JSONValue) -> Bool
        /// What the file's value should be, for the message when it is not ("true or false").
        let expected: String
        /// The value as the file holds it; `nil` leaves it out.
        let write: @Sendable (Settings) -> JSONValue?
        /// The value as `--set` would take it.
        let text: @Sendable (Settings) -> String
        /// Sets the value from `--set` text; what it takes when the text is not of its kind
        /// ("takes on or off"); ranges are checked afterwards, by `check`.
        let parse: @Sendable (inout Settings, String) -> String?
        /// What is wrong with the value (out of range), or `nil`.
        let check: @Sendable (Settings) -> String?

        /// The value in `settings`, as `--set` would take it.
        public func value(in settings: Settings) -> String { text(settings) }
    }

    /// Every setting, in the settings window's order (those `--set` does not know last): the
    /// order `--list` prints them and a file is read in.
    public static let declarations: [Declaration] = [
        Declaration(name: "enabledKeyboards", allowed: "keyboard ids, comma-separated (clavis layout --list)",
                    summary: "the keyboards the globe key cycles through, in order", settable: true,
                    read: { settings, value in
                        guard let names = names(value) else { return false }
                        settings.enabledKeyboards = once(names)
                        return true
                    }, expected: "a list of keyboard names",
                    write: { .array($0.enabledKeyboards.map(JSONValue.string)) },
                    text: { $0.enabledKeyboards.joined(separator: ",") },
                    parse: { settings, text in
                        settings.enabledKeyboards = once(text.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty })
                        return nil
                    },
                    check: { settings in
                        if settings.enabledKeyboards.isEmpty { return "no keyboard is enabled" }
                        if settings.enabledKeyboards.count > maximumEnabledKeyboards {
                            return "\(settings.enabledKeyboards.count) keyboards; at most \(maximumEnabledKeyboards) can be enabled"
                        }
                        return settings.enabledKeyboards.first { $0.utf8.count > maximumNameLength }.map { "a name of \($0.utf8.count) bytes; at most \(maximumNameLength)" }
                    }),
        text("theme", \.theme, allowed: "system, light, dark, high-contrast, a theme in ~/.local/share/clavis/themes or a .css file",
             expected: "a name in quotes", summary: "how the keys look; system follows the desktop's dark style") {
            $0.utf8.count > maximumNameLength ? "a name of \($0.utf8.count) bytes; at most \(maximumNameLength)" : nil
        },
        number("keyboardHeight", \.keyboardHeight, 0.6...1.5, meaning: " (times the usual height)",
               summary: "how tall clavis keyboard is, times its usual height"),
        flag("soundsEnabled", \.soundsEnabled, summary: "a click for every key"),
        number("soundVolume", \.soundVolume, -60...0, unit: " dB", summary: "how loud the clicks are"),
        flag("autoCapitalization", \.autoCapitalization, summary: "a capital at the start of a sentence, where the field asks for one"),
        flag("suggestions", \.suggestions, summary: "the suggestion bar (and with it auto-correction and swipe typing)"),
        flag("autoCorrection", \.autoCorrection, summary: "replace a misspelt word when a space ends it"),
        flag("doubleSpacePeriod", \.doubleSpacePeriod, summary: "two spaces after a word type \". \""),
        flag("swipe", \.swipe, summary: "swipe typing: draw a word across its letters"),
        number("longPressDelay", \.longPressDelay, 0.2...1.5, unit: " seconds", summary: "how long a key is held before its accented letters open"),
        number("repeatDelay", \.repeatDelay, 0.1...2, unit: " seconds", summary: "how long Backspace is held before it repeats"),
        number("repeatInterval", \.repeatInterval, 0.02...1, unit: " second", summary: "then how often it deletes again"),
        flag("hideWithHardwareKeyboard", \.hideWithHardwareKeyboard, summary: "stay hidden while a hardware keyboard is typed on (auto-show)"),
        choice("scanning", \.scanning, expected: "one of \(ScanSettings.Mode.allCases.map(\.rawValue).joined(separator: ", "))",
               summary: "switch scanning (docs/accessibility.md)"),
        number("scanInterval", \.scanInterval, 0.3...5, unit: " seconds", summary: "how long each item stays highlighted"),
        number("scanFirstItemDelay", \.scanFirstItemDelay, 0...5, unit: " seconds", summary: "extra time on the first item of a group"),
        whole("scanCycles", \.scanCycles, 1...10, settable: true, summary: "rounds an unattended auto-scan goes before it stops"),
        choice("scanOrder", \.scanOrder, expected: "rows or blocks", summary: "rows: row, then key; blocks: row, block, key"),
        flag("scanLongPressBacks", \.scanLongPressBacks, summary: "holding the select switch backs out of a group"),
        flag("scanSound", \.scanSound, summary: "a short sound on every scan step"),
        scanSwitch("scanSelectSwitch", \.scanSelectSwitch, example: "key 75",
                   summary: "the device key or button that selects (key N or button N [on DEVICE]; empty: none)"),
        scanSwitch("scanNextSwitch", \.scanNextSwitch, example: "button 3", summary: "the device key or button that moves the scan on"),
        flag("dwell", \.dwell, summary: "dwell clicking: a pointer resting on a key presses it"),
        number("dwellTime", \.dwellTime, 0.3...3, unit: " seconds", summary: "how long the pointer rests before the key is pressed"),
        flag("allowFullAccess", \.allowFullAccess, summary: "learn the words you type (kept on this computer only)"),
        whole("learnedWordsCleared", \.learnedWordsCleared, 0...maximumCounter, settable: false,
              summary: "how often the learned words were forgotten (a running keyboard forgets its copy when it grows)"),
        // Read before the journal, which advances it when the journal is cut.
        whole("forgottenBefore", \.forgottenBefore, 0...maximumCounter, settable: false,
              summary: "how many removed items were dropped from the front of the journal"),
        Declaration(name: "forgotten", allowed: "the journal of removed items", summary: "what the user removed one by one, latest last",
                    settable: false,
                    read: { settings, value in
                        guard let items = names(value) else { return false }
                        // Only the last `forgottenKept` are kept, as `forget` keeps them.
                        let excess = max(0, items.count - forgottenKept)
                        settings.forgotten = Array(items.dropFirst(excess))
                        settings.forgottenBefore = min(settings.forgottenBefore + excess, maximumCounter)
                        return true
                    }, expected: "a list of texts",
                    write: { .array($0.forgotten.map(JSONValue.string)) }, text: { $0.forgotten.joined(separator: ",") },
                    parse: { _, _ in "is not set by hand" }, check: { _ in nil }),
        Declaration(name: "floatingFrame", allowed: "[x, y, width, height]", summary: "where the floating keyboard window was last left",
                    settable: false,
                    read: { settings, value in
                        guard let numbers = value.array, case let frame = numbers.compactMap(\.integer), frame.count == numbers.count else { return false }
                        settings.floatingFrame = frame
                        return true
                    }, expected: "[x, y, width, height]",
                    write: { settings in settings.floatingFrame.map { .array($0.map { .number(Double($0)) }) } },
                    text: { $0.floatingFrame.map { $0.map(String.init).joined(separator: ",") } ?? "" },
                    parse: { _, _ in "is not set by hand" },
                    check: { settings in
                        guard let frame = settings.floatingFrame else { return nil }
                        if frame.count != 4 || frame[2] < 100 || frame[3] < 80 { return "must be [x, y, width, height], at least 100 × 80" }
                        if frame.contains(where: { abs($0) > maximumFrameCoordinate }) {
                            return "each of x, y, width and height must be at most \(maximumFrameCoordinate) from 0"
                        }
                        return nil
                    }),
    ]

    /// The settings `clavis settings --set` and `--list` know, in the settings window's order.
    ///
    ///     Settings.entries.map(\.name).prefix(2)   // ["enabledKeyboards", "theme"]
    public static var entries: [Declaration] { declarations.filter(\.settable) }

    // MARK: Kinds

    static func flag(_ name: String, _ field: WritableKeyPath<Settings, Bool> & Sendable, summary: String) -> Declaration {
        Declaration(name: name, allowed: "on/off", summary: summary, settable: true,
                    read: { settings, value in
                        guard let flag = value.bool else { return false }
                        settings[keyPath: field] = flag
                        return true
                    }, expected: "true or false",
                    write: { .bool($0[keyPath: field]) }, text: { $0[keyPath: field] ? "on" : "off" },
                    parse: { settings, text in
                        switch text.lowercased() {
                        case "true", "on", "yes", "1": settings[keyPath: field] = true
                        case "false", "off", "no", "0": settings[keyPath: field] = false
                        default: return "takes on or off"
                        }
                        return nil
                    }, check: { _ in nil })
    }

    /// A number in `range`: `unit` follows the range where people read it ("0.2 to 1.5
    /// seconds"), `meaning` in the message when it is out of range (the unit by default).
    static func number(_ name: String, _ field: WritableKeyPath<Settings, Double> & Sendable, _ range: ClosedRange<Double>,
                       unit: String = "", meaning: String? = nil, summary: String) -> Declaration {
        let span = "\(formatted(range.lowerBound)) to \(formatted(range.upperBound))"
        return Declaration(name: name, allowed: span + unit, summary: summary, settable: true,
                           read: { settings, value in
                               guard let number = value.number else { return false }
                               settings[keyPath: field] = number
                               return true
                           }, expected: "a number",
                           write: { .number($0[keyPath: field]) }, text: { formatted($0[keyPath: field]) },
                           parse: { settings, text in
                               guard let number = Double(text), number.isFinite else { return "takes a number" }
                               settings[keyPath: field] = number
                               return nil
                           },
                           check: { range.contains($0[keyPath: field]) ? nil : "must be from \(span)\(meaning ?? unit)" })
    }

    static func whole(_ name: String, _ field: WritableKeyPath<Settings, Int> & Sendable, _ range: ClosedRange<Int>,
                      settable: Bool, summary: String) -> Declaration {
        let span = "\(range.lowerBound) to \(range.upperBound)"
        return Declaration(name: name, allowed: span, summary: summary, settable: settable,
                           read: { settings, value in
                               guard let number = value.integer else { return false }
                               settings[keyPath: field] = number
                               return true
                           }, expected: "a whole number",
                           write: { .number(Double($0[keyPath: field])) }, text: { String($0[keyPath: field]) },
                           parse: { settings, text in
                               guard let number = Int(text) else { return "takes a whole number" }
                               settings[keyPath: field] = number
                               return nil
                           },
                           check: { range.contains($0[keyPath: field]) ? nil : settable ? "must be from \(span)" : "must be a count from \(span)" })
    }

    static func choice<Value>(_ name: String, _ field: WritableKeyPath<Settings, Value> & Sendable, expected: String, summary: String) -> Declaration
    where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        return Declaration(name: name, allowed: allowed, summary: summary, settable: true,
                           read: { settings, value in
                               guard let choice = value.string.flatMap(Value.init(rawValue:)) else { return false }
                               settings[keyPath: field] = choice
                               return true
                           }, expected: expected,
                           write: { .string($0[keyPath: field].rawValue) }, text: { $0[keyPath: field].rawValue },
                           parse: { settings, text in
                               guard let choice = Value(rawValue: text.lowercased()) else { return "takes \(allowed)" }
                               settings[keyPath: field] = choice
                               return nil
                           }, check: { _ in nil })
    }

    static func text(_ name: String, _ field: WritableKeyPath<Settings, String> & Sendable, allowed: String = "text", expected: String,
                     summary: String, check: @escaping @Sendable (String) -> String?) -> Declaration {
        Declaration(name: name, allowed: allowed, summary: summary, settable: true,
                    read: { settings, value in
                        guard let text = value.string else { return false }
                        settings[keyPath: field] = text
                        return true
                    }, expected: expected,
                    write: { .string($0[keyPath: field]) }, text: { $0[keyPath: field] },
                    parse: { settings, text in
                        settings[keyPath: field] = text
                        return nil
                    }, check: { check($0[keyPath: field]) })
    }

    /// A device switch for scanning: empty, or `key N` / `button N`, optionally `on DEVICE`.
    static func scanSwitch(_ name: String, _ field: WritableKeyPath<Settings, String> & Sendable, example: String, summary: String) -> Declaration {
        text(name, field, expected: "a switch in quotes (\"\(example)\")", summary: summary) { text in
            if text.utf8.count > maximumSwitchLength { return "a switch of \(text.utf8.count) bytes; at most \(maximumSwitchLength)" }
            if !text.isEmpty && SwitchBinding(text) == nil {
                return "'\(text.prefix(80))' is no switch: write key N or button N, optionally followed by on DEVICE"
            }
            return nil
        }
    }

    /// The strings of a JSON list, or `nil` when it is no list of strings.
    private static func names(_ value: JSONValue) -> [String]? {
        value.array.flatMap { elements in
            let names = elements.compactMap(\.string)
            return names.count == elements.count ? names : nil
        }
    }

    /// A number as `--list` shows it: no trailing ".0" on whole numbers.
    static func formatted(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : String(number)
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
