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
    /// The languages a keyboard also suggests in, by keyboard id, besides its own: `["us":
    /// ["de"]]` offers German words on the US keyboard too (`--set also-suggest-in=us=de`).
    public var alsoSuggestIn: [String: [String]] = [:]
    /// The most languages a keyboard suggests in besides its own.
    public static let maximumExtraLanguages = 4
    /// Two spaces after a word type ". ".
    public var doubleSpacePeriod = true
    /// Seconds a key with accented letters (or the globe) is held before they open.
    public var longPressDelay = 0.5
    /// Sliding along the space bar moves the caret (on by default, as on phones).
    public var spaceBarCaret = true
    /// Key widths the finger slides along Space per character the caret moves.
    public var caretStep = 0.4
    /// What is copied is kept (in memory, never from a password field) for the editing
    /// panel's strip.
    public var clipboardHistory = true
    /// The clipboard's list is kept on disk across restarts (on this computer only; off by
    /// default: in memory only).
    public var keepClipboard = false
    /// How tall `clavis keyboard` is, as a share of its usual height (1: a third of the
    /// screen, at most 320 pixels; never more than half the screen).
    public var keyboardHeight = 1.0
    /// Which monitor `clavis keyboard` goes on where there are several: `focused` (the one
    /// holding the field typed into), `primary`, or a monitor's name (`HDMI-1`) or number.
    public var dockMonitor = "focused"
    /// How the keys sit for the hands: across the keyboard, one-handed at the left or right
    /// edge, or split in two halves for thumbs (landscape only).
    public var hands = HandMode.both
    /// How wide the one-handed block of keys is, as a share of the keyboard's width.
    public var oneHandedWidth = 0.8
    /// How wide the gap between a split keyboard's halves is, as a share of its width.
    public var splitGap = 0.3
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
    /// Where the button that shows a hidden keyboard was last left: x, y in screen pixels
    /// (`nil`: the bottom-right corner). Window state, not a `--set` setting.
    public var showButtonPlace: [Int]?
    /// The values of the settings input modes declare (`modeFlag`), by name.
    public var modeOptions: [String: JSONValue] = [:]
    /// Fields this version does not know (written by a newer Clavis), kept as they were so
    /// that saving a change here does not lose them.
    public var unknownFields: [String: JSONValue] = [:]
    /// Values of the file this version could not take (of another kind, out of range: a
    /// newer Clavis may have written them), by field: the setting has its default here, and
    /// the file keeps the value as it was until the setting is changed (`Settings+File`).
    public var rejectedFields: [String: RejectedValue] = [:]

    public init() {}

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

    /// How the keys sit for the hands, with the sizes these settings give.
    public var handPlacement: HandPlacement {
        HandPlacement(mode: hands, oneHandedShare: oneHandedWidth, splitGapShare: splitGap)
    }

    /// Key widths per character a slide on Space moves the caret (`nil`: it does not).
    public var spaceBarCaretStep: Double? { spaceBarCaret ? caretStep : nil }

    /// The key timing these settings ask for.
    public var keyTiming: KeyTiming {
        var timing = KeyTiming()
        timing.repeatDelay = repeatDelay
        timing.repeatInterval = repeatInterval
        timing.longPressDelay = longPressDelay
        return timing
    }

    /// Every setting Clavis itself has, in the settings window's order (those `--set` does
    /// not know last): the order `--list` prints them and a file is read in. The input modes'
    /// own follow them (`declarations`, `declare`).
    static let builtIn: [Declaration] = [
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
        text("dockMonitor", \.dockMonitor, allowed: "focused, primary, or a monitor's name (as xrandr names it: HDMI-1) or number (1, 2…)",
             expected: "a name in quotes", summary: "which monitor clavis keyboard goes on where there are several") {
            $0.utf8.count > maximumNameLength ? "a name of \($0.utf8.count) bytes; at most \(maximumNameLength)" : nil
        },
        choice("hands", \.hands, expected: "one of \(HandMode.allCases.map(\.rawValue).joined(separator: ", "))",
               summary: "how the keys sit: both hands, one-handed at the left or right edge, or split for thumbs (landscape)",
               window: ("appearance", "Hands", "Keys for", HandMode.allCases.map { ($0, $0.title) })),
        number("oneHandedWidth", \.oneHandedWidth, 0.5...0.95, meaning: " (share of the keyboard's width)",
               summary: "how wide the one-handed block of keys is, as a share of the keyboard's width",
               window: ("appearance", "Hands", "One-handed keys' width (share of the keyboard)", 0.05, 2)),
        number("splitGap", \.splitGap, 0.1...0.6, meaning: " (share of the keyboard's width)",
               summary: "how wide the gap between a split keyboard's halves is",
               window: ("appearance", "Hands", "Gap between the split halves (share of the keyboard)", 0.05, 2)),
        flag("soundsEnabled", \.soundsEnabled, summary: "a click for every key"),
        number("soundVolume", \.soundVolume, -60...0, unit: " dB", summary: "how loud the clicks are"),
        flag("autoCapitalization", \.autoCapitalization, summary: "a capital at the start of a sentence, where the field asks for one",
             window: ("typing", "Writing", "Capital at the start of a sentence")),
        flag("suggestions", \.suggestions, summary: "the suggestion bar (and with it auto-correction and swipe typing)",
             window: ("typing", "Suggestions", "Show suggestions")),
        flag("autoCorrection", \.autoCorrection, summary: "replace a misspelt word when a space ends it",
             window: ("typing", "Suggestions", "Correct misspelt words when a space ends them")),
        alsoSuggestInDeclaration,
        flag("doubleSpacePeriod", \.doubleSpacePeriod, summary: "two spaces after a word type \". \"",
             window: ("typing", "Writing", "Two spaces type a full stop")),
        flag("swipe", \.swipe, summary: "swipe typing: draw a word across its letters",
             window: ("typing", "Suggestions", "Swipe typing: draw a word across its letters")),
        number("longPressDelay", \.longPressDelay, 0.2...1.5, unit: " seconds", summary: "how long a key is held before its accented letters open",
               window: ("typing", "Keys", "Long press (seconds)", 0.05, 2)),
        flag("spaceBarCaret", \.spaceBarCaret, summary: "slide along the space bar to move the caret (with Shift or a second finger: select)",
             window: ("typing", "Keys", "Slide on the space bar to move the caret")),
        number("caretStep", \.caretStep, 0.1...2, meaning: " (key widths per character)",
               summary: "how far the finger slides along Space for each character the caret moves",
               window: ("typing", "Keys", "Caret step (key widths per character)", 0.05, 2)),
        number("repeatDelay", \.repeatDelay, 0.1...2, unit: " seconds", summary: "how long Backspace is held before it repeats",
               window: ("typing", "Keys", "Delete repeats after (seconds)", 0.05, 2)),
        number("repeatInterval", \.repeatInterval, 0.02...1, unit: " second", summary: "then how often it deletes again",
               window: ("typing", "Keys", "Then deletes every (seconds)", 0.01, 2)),
        flag("hideWithHardwareKeyboard", \.hideWithHardwareKeyboard, summary: "stay hidden while a hardware keyboard is typed on (auto-show)",
             window: ("typing", "Hardware keyboard", "Stay hidden while a hardware keyboard is used")),
        choice("scanning", \.scanning, expected: "one of \(ScanSettings.Mode.allCases.map(\.rawValue).joined(separator: ", "))",
               summary: "switch scanning (docs/accessibility.md)",
               window: ("accessibility", "Switch scanning", "Scanning",
                        [(.off, "Off"), (.auto, "Auto"), (.step, "Step (two switches)"), (.hold, "Hold to scan"), (.directed, "Directed (arrows)")])),
        number("scanInterval", \.scanInterval, 0.3...5, unit: " seconds", summary: "how long each item stays highlighted",
               window: ("accessibility", "Switch scanning", "Time per step (s)", 0.1, 1)),
        number("scanFirstItemDelay", \.scanFirstItemDelay, 0...5, unit: " seconds", summary: "extra time on the first item of a group",
               window: ("accessibility", "Switch scanning", "Extra time on a group's first item (s)", 0.1, 1)),
        whole("scanCycles", \.scanCycles, 1...10, settable: true, summary: "rounds an unattended auto-scan goes before it stops",
              window: ("accessibility", "Switch scanning", "Rounds before auto-scan stops")),
        choice("scanOrder", \.scanOrder, expected: "rows or blocks", summary: "rows: row, then key; blocks: row, block, key",
               window: ("accessibility", "Switch scanning", "Groups", [(.rows, "Row, then key"), (.blocks, "Row, then block, then key")])),
        flag("scanLongPressBacks", \.scanLongPressBacks, summary: "holding the select switch backs out of a group",
             window: ("accessibility", "Switch scanning", "Holding the switch backs out of a group")),
        flag("scanSound", \.scanSound, summary: "a short sound on every scan step",
             window: ("accessibility", "Switch scanning", "A sound on every step")),
        scanSwitch("scanSelectSwitch", \.scanSelectSwitch, example: "key 75",
                   summary: "the device key or button that selects (key N or button N [on DEVICE]; empty: none)"),
        scanSwitch("scanNextSwitch", \.scanNextSwitch, example: "button 3", summary: "the device key or button that moves the scan on"),
        flag("dwell", \.dwell, summary: "dwell clicking: a pointer resting on a key presses it",
             window: ("accessibility", "Dwell clicking", "Dwell clicking")),
        number("dwellTime", \.dwellTime, 0.3...3, unit: " seconds", summary: "how long the pointer rests before the key is pressed",
               window: ("accessibility", "Dwell clicking", "Dwell time (s)", 0.1, 1)),
        flag("allowFullAccess", \.allowFullAccess, summary: "learn the words you type (kept on this computer only)"),
        flag("clipboardHistory", \.clipboardHistory, summary: "keep what is copied (in memory only, never from a password field) for the editing panel",
             window: ("privacy", "Clipboard", "Keep what is copied, for the editing panel")),
        flag("keepClipboard", \.keepClipboard, summary: "keep the clipboard's list across restarts (on this computer only, readable by you alone)",
             window: ("privacy", "Clipboard", "Keep the list across restarts (on this computer only)")),
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
        screenPlace(name: "floatingFrame", fields: ["x", "y", "width", "height"], summary: "where the floating keyboard window was last left",
                    property: \.floatingFrame, smallest: [100, 80]),
        screenPlace(name: "showButtonPlace", fields: ["x", "y"], summary: "where the button that shows a hidden keyboard was last left",
                    property: \.showButtonPlace, smallest: []),
    ]

    /// A window's place (and size) on the screen, kept by the keyboard itself between starts:
    /// numbers named `fields`, the sizes after the first two at least `smallest`.
    ///
    ///     screenPlace(name: "floatingFrame", fields: ["x", "y", "width", "height"], …, smallest: [100, 80])
    private static func screenPlace(name: String, fields: [String], summary: String,
                                    property: WritableKeyPath<Settings, [Int]?> & Sendable, smallest: [Int]) -> Declaration {
        let shape = "[" + fields.joined(separator: ", ") + "]"
        return Declaration(name: name, allowed: shape, summary: summary, settable: false,
                    read: { settings, value in
                        guard let numbers = value.array, case let frame = numbers.compactMap(\.integer), frame.count == numbers.count else { return false }
                        settings[keyPath: property] = frame
                        return true
                    }, expected: shape,
                    write: { settings in settings[keyPath: property].map { .array($0.map { .number(Double($0)) }) } },
                    text: { $0[keyPath: property].map { $0.map(String.init).joined(separator: ",") } ?? "" },
                    parse: { _, _ in "is not set by hand" },
                    check: { settings in
                        guard let frame = settings[keyPath: property] else { return nil }
                        let sizes = frame.dropFirst(2)
                        if frame.count != fields.count || zip(sizes, smallest).contains(where: { $0 < $1 }) {
                            let least = smallest.isEmpty ? "" : ", at least " + smallest.map(String.init).joined(separator: " × ")
                            return "must be \(shape)\(least)"
                        }
                        if frame.contains(where: { abs($0) > maximumFrameCoordinate }) {
                            return "each of \(fields.dropLast().joined(separator: ", ")) and \(fields.last!) must be at most \(maximumFrameCoordinate) from 0"
                        }
                        return nil
                    })
    }
}
