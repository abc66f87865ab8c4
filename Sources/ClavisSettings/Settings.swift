import ClavisEngine
import ClavisFormats
import ClavisLayout

/// What the user set, shared between the keyboard and its settings window (iOS's App Group
/// defaults). Every field has a registered default, used when the file lacks it.
///
///     var settings = Settings()
///     settings.soundsEnabled = false
public struct Settings: Equatable, Sendable {
    /// The enabled keyboards, in the order the globe key cycles through them: by default the
    /// US keyboard and emoji, so the globe key shows from the first start.
    public var enabledKeyboards = ["us", EmojiKeyboard.id]
    /// The most keyboards that can be enabled: a person switches among a handful, and
    /// hundreds of them would be read at every start.
    public static let maximumEnabledKeyboards = 100
    /// The longest keyboard or theme name, in bytes: a path's limit on Linux.
    public static let maximumNameLength = 4096
    /// The longest switch (`scanSelectSwitch`, `scanNextSwitch`), in bytes: "button 8 on" and
    /// a device's name.
    public static let maximumSwitchLength = 512
    /// The largest count a settings file may hold (`learnedWordsCleared`, `forgottenBefore`):
    /// the largest whole number JSON's doubles hold exactly.
    public static let maximumCounter = 1 << 53
    /// How far from the screen's origin a saved window may be, and how large, in pixels.
    public static let maximumFrameCoordinate = 100_000
    /// A theme name or file; "system" follows the desktop's light or dark preference.
    public var theme = "system"
    public var soundsEnabled = true
    /// Click volume in decibels (0 is full, −30 very quiet).
    public var soundVolume = 0.0
    /// Seconds before a held backspace repeats.
    public var repeatDelay = 0.4
    /// Seconds between repeats.
    public var repeatInterval = 0.1
    /// Off by default: gates anything that would store what the user types (learned words,
    /// conversions, recent emoji).
    public var allowFullAccess = false
    /// The suggestion bar and auto-correction (on by default, as on phones).
    public var suggestions = true
    /// Where the keyboard shows itself for text fields (`--auto-show` on X11 and sway):
    /// stay hidden while a hardware keyboard is being typed on. Off by default. (KDE Plasma
    /// decides this itself for its virtual keyboard.)
    public var hideWithHardwareKeyboard = false
    /// Swipe typing: a stroke across the letters types a word (on by default, as on phones).
    public var swipe = true
    /// A capital at the start of a sentence, where the field asks for one.
    public var autoCapitalization = true
    /// A misspelt word is replaced by the best suggestion when a space or punctuation ends
    /// it (the suggestion bar shows either way, with `suggestions` on).
    public var autoCorrection = true
    /// Two spaces after a word type ". ".
    public var doubleSpacePeriod = true
    /// Seconds a key with accented letters (or the globe) is held before they open.
    public var longPressDelay = 0.5
    /// How tall `clavis keyboard` is, as a share of its usual height (1: a third of the
    /// screen, at most 320 pixels; never more than half the screen).
    public var keyboardHeight = 1.0
    /// Switch scanning: off, auto, step, directed or hold (docs/accessibility.md).
    public var scanning = ScanSettings.Mode.off
    /// Seconds each item stays highlighted (auto-scan, hold-to-scan).
    public var scanInterval = 1.2
    /// Extra seconds on the first item of a group.
    public var scanFirstItemDelay = 0.0
    /// How many times an unattended auto-scan goes round a group.
    public var scanCycles = 2
    /// rows (row, then key) or blocks (row, block, key).
    public var scanOrder = ScanGroups.Order.rows
    /// Whether holding the select switch backs out of a group.
    public var scanLongPressBacks = true
    /// A short sound on every scan step.
    public var scanSound = false
    /// The device key or button that selects while scanning (X11: `key 75`, `button 8 on
    /// Foot Switch`; empty: none besides the keyboard's own window and `clavis scan`).
    public var scanSelectSwitch = ""
    /// The device key or button that moves the scan to the next item.
    public var scanNextSwitch = ""
    /// Dwell clicking: the pointer resting on a key presses it.
    public var dwell = false
    /// Seconds of rest that press a key.
    public var dwellTime = 0.8
    /// How often the user asked to forget the learned words: a running keyboard forgets its
    /// own copy when this grows (the store file is removed by whoever asked).
    public var learnedWordsCleared = 0
    /// What the user removed one by one from what was learned, latest last, as
    /// `ForgottenItem.text` (see `Settings+Forgotten.swift`). At most `forgottenKept`.
    public var forgotten: [String] = []
    /// How many were dropped from the front of `forgotten` to keep it short: the `n`th item
    /// ever removed is `forgotten[n - forgottenBefore]`.
    public var forgottenBefore = 0
    public static let forgottenKept = 200
    /// Where the floating keyboard window was last left: x, y, width, height in screen
    /// pixels (`nil`: the default place). Window state, not a `--set` setting.
    public var floatingFrame: [Int]?
    /// Fields this version does not know (written by a newer Clavis), kept as they were so
    /// that saving a change here does not lose them.
    public var unknownFields: [String: JSONValue] = [:]

    public init() {}

    /// The fields' names in the file.
    enum Field: String, CaseIterable, Sendable {
        case enabledKeyboards, theme, soundsEnabled, soundVolume, repeatDelay, repeatInterval, allowFullAccess, suggestions, learnedWordsCleared
        case hideWithHardwareKeyboard, floatingFrame
        case scanning, scanInterval, scanFirstItemDelay, scanCycles, scanOrder, scanLongPressBacks, scanSound, dwell, dwellTime
        case scanSelectSwitch, scanNextSwitch, swipe
        case autoCapitalization, autoCorrection, doubleSpacePeriod, longPressDelay
        case forgotten, forgottenBefore, keyboardHeight
    }

    /// Reads what is there; a missing (or null) field keeps its default, a value of another
    /// type or out of range is an error (the file is then set aside).
    ///
    ///     try Settings(json: .object(["soundsEnabled": .bool(false)])).soundsEnabled   // false
    public init(json: JSONValue) throws(SettingsError) {
        guard case .object(let fields) = json else { throw SettingsError(field: nil, message: "expected an object of settings") }
        func field<Value>(_ name: Field, _ read: (JSONValue) -> Value?, expected: String) throws(SettingsError) -> Value? {
            guard let value = fields[name.rawValue], value != .null else { return nil }
            guard let read = read(value) else { throw SettingsError(field: name.rawValue, message: "expected \(expected)") }
            return read
        }
        func names(_ value: JSONValue) -> [String]? {
            value.array.flatMap { elements in
                let names = elements.compactMap(\.string)
                return names.count == elements.count ? names : nil
            }
        }
        func integers(_ value: JSONValue) -> [Int]? {
            value.array.flatMap { elements in
                let numbers = elements.compactMap(\.integer)
                return numbers.count == elements.count ? numbers : nil
            }
        }
        if let value = try field(.enabledKeyboards, names, expected: "a list of keyboard names") { enabledKeyboards = Self.once(value) }
        if let value = try field(.theme, \.string, expected: "a name in quotes") { theme = value }
        if let value = try field(.soundsEnabled, \.bool, expected: "true or false") { soundsEnabled = value }
        if let value = try field(.soundVolume, \.number, expected: "a number") { soundVolume = value }
        if let value = try field(.repeatDelay, \.number, expected: "a number") { repeatDelay = value }
        if let value = try field(.repeatInterval, \.number, expected: "a number") { repeatInterval = value }
        if let value = try field(.allowFullAccess, \.bool, expected: "true or false") { allowFullAccess = value }
        if let value = try field(.suggestions, \.bool, expected: "true or false") { suggestions = value }
        if let value = try field(.hideWithHardwareKeyboard, \.bool, expected: "true or false") { hideWithHardwareKeyboard = value }
        if let value = try field(.learnedWordsCleared, \.integer, expected: "a whole number") { learnedWordsCleared = value }
        let modes = ScanSettings.Mode.allCases.map(\.rawValue).joined(separator: ", ")
        if let value = try field(.scanning, { $0.string.flatMap(ScanSettings.Mode.init(rawValue:)) }, expected: "one of \(modes)") { scanning = value }
        if let value = try field(.scanInterval, \.number, expected: "a number") { scanInterval = value }
        if let value = try field(.scanFirstItemDelay, \.number, expected: "a number") { scanFirstItemDelay = value }
        if let value = try field(.scanCycles, \.integer, expected: "a whole number") { scanCycles = value }
        if let value = try field(.scanOrder, { $0.string.flatMap(ScanGroups.Order.init(rawValue:)) }, expected: "rows or blocks") { scanOrder = value }
        if let value = try field(.scanLongPressBacks, \.bool, expected: "true or false") { scanLongPressBacks = value }
        if let value = try field(.scanSound, \.bool, expected: "true or false") { scanSound = value }
        if let value = try field(.dwell, \.bool, expected: "true or false") { dwell = value }
        if let value = try field(.swipe, \.bool, expected: "true or false") { swipe = value }
        if let value = try field(.scanSelectSwitch, \.string, expected: "a switch in quotes (\"key 75\")") { scanSelectSwitch = value }
        if let value = try field(.scanNextSwitch, \.string, expected: "a switch in quotes (\"button 3\")") { scanNextSwitch = value }
        if let value = try field(.dwellTime, \.number, expected: "a number") { dwellTime = value }
        if let value = try field(.autoCapitalization, \.bool, expected: "true or false") { autoCapitalization = value }
        if let value = try field(.autoCorrection, \.bool, expected: "true or false") { autoCorrection = value }
        if let value = try field(.doubleSpacePeriod, \.bool, expected: "true or false") { doubleSpacePeriod = value }
        if let value = try field(.longPressDelay, \.number, expected: "a number") { longPressDelay = value }
        if let value = try field(.keyboardHeight, \.number, expected: "a number") { keyboardHeight = value }
        if let value = try field(.forgottenBefore, \.integer, expected: "a whole number") { forgottenBefore = value }
        if let value = try field(.forgotten, names, expected: "a list of texts") {
            // Only the last `forgottenKept` are kept, as `forget` keeps them.
            let excess = max(0, value.count - Self.forgottenKept)
            forgotten = Array(value.dropFirst(excess))
            forgottenBefore = min(forgottenBefore + excess, Self.maximumCounter)
        }
        let known = Set(Field.allCases.map(\.rawValue))
        unknownFields = fields.filter { !known.contains($0.key) }
        floatingFrame = try field(.floatingFrame, integers, expected: "[x, y, width, height]")
        try validate()
    }

    /// The settings as the file holds them.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            Field.enabledKeyboards.rawValue: .array(enabledKeyboards.map(JSONValue.string)),
            Field.theme.rawValue: .string(theme),
            Field.soundsEnabled.rawValue: .bool(soundsEnabled),
            Field.soundVolume.rawValue: .number(soundVolume),
            Field.repeatDelay.rawValue: .number(repeatDelay),
            Field.repeatInterval.rawValue: .number(repeatInterval),
            Field.allowFullAccess.rawValue: .bool(allowFullAccess),
            Field.suggestions.rawValue: .bool(suggestions),
            Field.hideWithHardwareKeyboard.rawValue: .bool(hideWithHardwareKeyboard),
            Field.learnedWordsCleared.rawValue: .number(Double(learnedWordsCleared)),
            Field.scanning.rawValue: .string(scanning.rawValue),
            Field.scanInterval.rawValue: .number(scanInterval),
            Field.scanFirstItemDelay.rawValue: .number(scanFirstItemDelay),
            Field.scanCycles.rawValue: .number(Double(scanCycles)),
            Field.scanOrder.rawValue: .string(scanOrder.rawValue),
            Field.scanLongPressBacks.rawValue: .bool(scanLongPressBacks),
            Field.scanSound.rawValue: .bool(scanSound),
            Field.dwell.rawValue: .bool(dwell),
            Field.dwellTime.rawValue: .number(dwellTime),
            Field.scanSelectSwitch.rawValue: .string(scanSelectSwitch),
            Field.scanNextSwitch.rawValue: .string(scanNextSwitch),
            Field.swipe.rawValue: .bool(swipe),
            Field.autoCapitalization.rawValue: .bool(autoCapitalization),
            Field.autoCorrection.rawValue: .bool(autoCorrection),
            Field.doubleSpacePeriod.rawValue: .bool(doubleSpacePeriod),
            Field.longPressDelay.rawValue: .number(longPressDelay),
            Field.keyboardHeight.rawValue: .number(keyboardHeight),
            Field.forgotten.rawValue: .array(forgotten.map(JSONValue.string)),
            Field.forgottenBefore.rawValue: .number(Double(forgottenBefore)),
        ]
        fields.merge(unknownFields) { known, _ in known }
        if let floatingFrame { fields[Field.floatingFrame.rawValue] = .array(floatingFrame.map { .number(Double($0)) }) }
        return .object(fields)
    }

    /// The settings file's text: one field a line, and each element of a list (the enabled
    /// keyboards) on a line of its own; anything deeper (only a newer Clavis's fields are)
    /// written compactly.
    public var fileText: String { json.text(indentingLevels: 2) }

    /// Each name once, where it first stands: a keyboard enabled twice is one keyboard.
    static func once(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Throws for the first value out of its range.
    func validate() throws(SettingsError) {
        if let frame = floatingFrame, frame.count != 4 || frame[2] < 100 || frame[3] < 80 {
            throw SettingsError(field: Field.floatingFrame.rawValue, message: "must be [x, y, width, height], at least 100 × 80")
        }
        if let frame = floatingFrame, frame.contains(where: { abs($0) > Self.maximumFrameCoordinate }) {
            throw SettingsError(field: Field.floatingFrame.rawValue, message: "each of x, y, width and height must be at most \(Self.maximumFrameCoordinate) from 0")
        }
        for (field, count) in [(Field.learnedWordsCleared, learnedWordsCleared), (.forgottenBefore, forgottenBefore)]
        where !(0...Self.maximumCounter).contains(count) {
            throw SettingsError(field: field.rawValue, message: "must be a count from 0 to \(Self.maximumCounter)")
        }
        if enabledKeyboards.isEmpty {
            throw SettingsError(field: Field.enabledKeyboards.rawValue, message: "no keyboard is enabled")
        }
        if enabledKeyboards.count > Self.maximumEnabledKeyboards {
            throw SettingsError(field: Field.enabledKeyboards.rawValue,
                                message: "\(enabledKeyboards.count) keyboards; at most \(Self.maximumEnabledKeyboards) can be enabled")
        }
        if let long = (enabledKeyboards + [theme]).first(where: { $0.utf8.count > Self.maximumNameLength }) {
            throw SettingsError(field: long == theme ? Field.theme.rawValue : Field.enabledKeyboards.rawValue,
                                message: "a name of \(long.utf8.count) bytes; at most \(Self.maximumNameLength)")
        }
        if !(-60...0).contains(soundVolume) {
            throw SettingsError(field: Field.soundVolume.rawValue, message: "must be from -60 to 0 dB")
        }
        if !(0.1...2).contains(repeatDelay) {
            throw SettingsError(field: Field.repeatDelay.rawValue, message: "must be from 0.1 to 2 seconds")
        }
        if !(0.02...1).contains(repeatInterval) {
            throw SettingsError(field: Field.repeatInterval.rawValue, message: "must be from 0.02 to 1 second")
        }
        if !(0.3...5).contains(scanInterval) {
            throw SettingsError(field: Field.scanInterval.rawValue, message: "must be from 0.3 to 5 seconds")
        }
        if !(0...5).contains(scanFirstItemDelay) {
            throw SettingsError(field: Field.scanFirstItemDelay.rawValue, message: "must be from 0 to 5 seconds")
        }
        if !(1...10).contains(scanCycles) {
            throw SettingsError(field: Field.scanCycles.rawValue, message: "must be from 1 to 10")
        }
        if !(0.6...1.5).contains(keyboardHeight) {
            throw SettingsError(field: Field.keyboardHeight.rawValue, message: "must be from 0.6 to 1.5 (times the usual height)")
        }
        if !(0.2...1.5).contains(longPressDelay) {
            throw SettingsError(field: Field.longPressDelay.rawValue, message: "must be from 0.2 to 1.5 seconds")
        }
        if !(0.3...3).contains(dwellTime) {
            throw SettingsError(field: Field.dwellTime.rawValue, message: "must be from 0.3 to 3 seconds")
        }
        for (field, text) in [(Field.scanSelectSwitch, scanSelectSwitch), (.scanNextSwitch, scanNextSwitch)] {
            if text.utf8.count > Self.maximumSwitchLength {
                throw SettingsError(field: field.rawValue, message: "a switch of \(text.utf8.count) bytes; at most \(Self.maximumSwitchLength)")
            }
            if !text.isEmpty && SwitchBinding(text) == nil {
                throw SettingsError(field: field.rawValue, message: "'\(text.prefix(80))' is no switch: write key N or button N, optionally followed by on DEVICE")
            }
        }
    }

    /// The device switches for scanning the settings name (those that read as one).
    public var scanSwitches: [(binding: SwitchBinding, role: Scanner.Switch)] {
        [(scanSelectSwitch, Scanner.Switch.select), (scanNextSwitch, .next)].compactMap { text, role in
            SwitchBinding(text).map { ($0, role) }
        }
    }

    /// How switch scanning runs, as these settings ask.
    public var scan: ScanSettings {
        var scan = ScanSettings()
        scan.mode = scanning
        scan.interval = scanInterval
        scan.firstItemDelay = scanFirstItemDelay
        scan.cycles = scanCycles
        scan.order = scanOrder
        scan.longPressBacks = scanLongPressBacks
        scan.stepSound = scanSound
        return scan
    }

    /// The key timing these settings ask for.
    public var keyTiming: KeyTiming {
        var timing = KeyTiming()
        timing.repeatDelay = repeatDelay
        timing.repeatInterval = repeatInterval
        timing.longPressDelay = longPressDelay
        return timing
    }
}
