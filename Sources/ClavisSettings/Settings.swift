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

    /// Reads what is there; a missing (or null) field keeps its default, a value of another
    /// type or out of range is an error (the file is then set aside). Fields this version
    /// does not declare are kept as they are (`unknownFields`).
    ///
    ///     try Settings(json: .object(["soundsEnabled": .bool(false)])).soundsEnabled   // false
    public init(json: JSONValue) throws(SettingsError) {
        guard case .object(let fields) = json else { throw SettingsError(field: nil, message: "expected an object of settings") }
        for declaration in Self.declarations {
            guard let value = fields[declaration.name], value != .null else { continue }
            guard declaration.read(&self, value) else { throw SettingsError(field: declaration.name, message: "expected \(declaration.expected)") }
        }
        let known = Set(Self.declarations.map(\.name))
        unknownFields = fields.filter { !known.contains($0.key) }
        try validate()
    }

    /// The settings as the file holds them.
    public var json: JSONValue {
        var fields = unknownFields
        for declaration in Self.declarations { fields[declaration.name] = declaration.write(self) }
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
        for declaration in Self.declarations {
            if let problem = declaration.check(self) { throw SettingsError(field: declaration.name, message: problem) }
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
