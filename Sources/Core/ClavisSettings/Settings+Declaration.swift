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
        /// Where and how the settings window shows it; `nil` for a control of the window's
        /// own making (the keyboards list, the theme, the volume) or none.
        public var control: Control? = nil

        /// The value in `settings`, as `--set` would take it.
        public func value(in settings: Settings) -> String { text(settings) }

        /// Sets the value from the settings window's control (a switch, a spin button, a
        /// drop-down's id); the control keeps it in range.
        public func set(_ value: String, in settings: inout Settings) {
            if parse(&settings, value) == nil { settings.rejectedFields[name] = nil }
        }

        /// Sets a number from a spin button.
        public func set(number: Double, in settings: inout Settings) {
            set(Settings.formatted(number), in: &settings)
        }
    }

    /// A setting's control in the settings window: its page ("typing"), the section it is
    /// placed in, its label, and what kind of control it is.
    ///
    ///     Control(page: "typing", section: "Writing", label: "Two spaces type a full stop", kind: .toggle)
    public struct Control: Sendable {
        public enum Kind: Sendable {
            /// A switch: on or off.
            case toggle
            /// A spin button over the setting's range, in steps, showing that many digits.
            case number(ClosedRange<Double>, step: Double, digits: Int)
            /// A drop-down: each value's id and label.
            case choice([(id: String, label: String)])
        }

        public let page: String
        public let section: String
        public let label: String
        public let kind: Kind
    }

    /// The settings window's sections that one setting switches on and off: their other
    /// controls mean nothing while it is off, so they are insensitive then.
    public static let sectionSwitches = ["Switch scanning": "scanning", "Dwell clicking": "dwell", "Clipboard": "clipboardHistory"]

    /// Whether `section`'s feature is on (a section without a switch always is).
    ///
    ///     Settings.isSectionOn("Switch scanning", in: Settings())   // false: scanning is off
    public static func isSectionOn(_ section: String, in settings: Settings) -> Bool {
        guard let name = sectionSwitches[section], let declaration = declarations.first(where: { $0.name == name }) else { return true }
        return declaration.value(in: settings) != "off"
    }

    /// The declarations the settings window shows on `page` in `section`, in order.
    public static func controls(page: String, section: String) -> [Declaration] {
        declarations.filter { $0.control?.page == page && $0.control?.section == section }
    }

    /// The settings `clavis settings --set` and `--list` know, in the settings window's order.
    ///
    ///     Settings.entries.map(\.name).prefix(2)   // ["enabledKeyboards", "theme"]
    public static var entries: [Declaration] { declarations.filter(\.settable) }

    // MARK: Kinds

    static func flag(_ name: String, _ field: WritableKeyPath<Settings, Bool> & Sendable, summary: String,
                     window: (page: String, section: String, label: String)? = nil) -> Declaration {
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
                    }, check: { _ in nil },
                    control: window.map { Control(page: $0.page, section: $0.section, label: $0.label, kind: .toggle) })
    }

    /// A number in `range`: `unit` follows the range where people read it ("0.2 to 1.5
    /// seconds"), `meaning` in the message when it is out of range (the unit by default).
    static func number(_ name: String, _ field: WritableKeyPath<Settings, Double> & Sendable, _ range: ClosedRange<Double>,
                       unit: String = "", meaning: String? = nil, summary: String,
                       window: (page: String, section: String, label: String, step: Double, digits: Int)? = nil) -> Declaration {
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
                           check: { range.contains($0[keyPath: field]) ? nil : "must be from \(span)\(meaning ?? unit)" },
                           control: window.map {
                               Control(page: $0.page, section: $0.section, label: $0.label, kind: .number(range, step: $0.step, digits: $0.digits))
                           })
    }

    static func whole(_ name: String, _ field: WritableKeyPath<Settings, Int> & Sendable, _ range: ClosedRange<Int>,
                      settable: Bool, summary: String, window: (page: String, section: String, label: String)? = nil) -> Declaration {
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
                           check: { range.contains($0[keyPath: field]) ? nil : settable ? "must be from \(span)" : "must be a count from \(span)" },
                           control: window.map {
                               Control(page: $0.page, section: $0.section, label: $0.label,
                                       kind: .number(Double(range.lowerBound)...Double(range.upperBound), step: 1, digits: 0))
                           })
    }

    static func choice<Value>(_ name: String, _ field: WritableKeyPath<Settings, Value> & Sendable, expected: String, summary: String,
                              window: (page: String, section: String, label: String, labels: [(Value, String)])? = nil) -> Declaration
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
                           }, check: { _ in nil },
                           control: window.map {
                               Control(page: $0.page, section: $0.section, label: $0.label, kind: .choice($0.labels.map { ($0.0.rawValue, $0.1) }))
                           })
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
    static func names(_ value: JSONValue) -> [String]? {
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
