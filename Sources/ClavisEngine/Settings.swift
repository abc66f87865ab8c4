import ClavisLayout
import FoundationEssentials

/// What the user set, shared between the keyboard and its settings window (iOS's App Group
/// defaults). Every field has a registered default, used when the file lacks it.
///
///     var settings = Settings()
///     settings.soundsEnabled = false
public struct Settings: Codable, Equatable, Sendable {
    /// The enabled keyboards, in the order the globe key cycles through them: by default the
    /// US keyboard and emoji, so the globe key shows from the first start (seed 002).
    public var enabledKeyboards = ["us", EmojiKeyboard.id]
    /// A theme name or file; "system" follows the desktop's light or dark preference.
    public var theme = "system"
    public var soundsEnabled = true
    /// Click volume in decibels (0 is full, −30 very quiet).
    public var soundVolume = 0.0
    /// Seconds before a held backspace repeats.
    public var repeatDelay = 0.4
    /// Seconds between repeats.
    public var repeatInterval = 0.1
    /// Off by default: gates anything that would store what the user types (seed 002's
    /// hasFullAccess).
    public var allowFullAccess = false
    /// The suggestion bar and auto-correction (on by default, as on phones).
    public var suggestions = true
    /// How often the user asked to forget the learned words: a running keyboard forgets its
    /// own copy when this grows (the store file is removed by whoever asked).
    public var learnedWordsCleared = 0
    /// Where the floating keyboard window was last left: x, y, width, height in screen
    /// pixels (`nil`: the default place). Window state, not a `--set` setting.
    public var floatingFrame: [Int]?

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabledKeyboards, theme, soundsEnabled, soundVolume, repeatDelay, repeatInterval, allowFullAccess, suggestions, learnedWordsCleared
        case floatingFrame
    }

    /// Reads what is there; a missing field keeps its default, a value out of range is an
    /// error (the file is then set aside).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Settings()
        enabledKeyboards = try container.decodeIfPresent([String].self, forKey: .enabledKeyboards) ?? defaults.enabledKeyboards
        theme = try container.decodeIfPresent(String.self, forKey: .theme) ?? defaults.theme
        soundsEnabled = try container.decodeIfPresent(Bool.self, forKey: .soundsEnabled) ?? defaults.soundsEnabled
        soundVolume = try container.decodeIfPresent(Double.self, forKey: .soundVolume) ?? defaults.soundVolume
        repeatDelay = try container.decodeIfPresent(Double.self, forKey: .repeatDelay) ?? defaults.repeatDelay
        repeatInterval = try container.decodeIfPresent(Double.self, forKey: .repeatInterval) ?? defaults.repeatInterval
        allowFullAccess = try container.decodeIfPresent(Bool.self, forKey: .allowFullAccess) ?? defaults.allowFullAccess
        suggestions = try container.decodeIfPresent(Bool.self, forKey: .suggestions) ?? defaults.suggestions
        learnedWordsCleared = try container.decodeIfPresent(Int.self, forKey: .learnedWordsCleared) ?? defaults.learnedWordsCleared
        floatingFrame = try container.decodeIfPresent([Int].self, forKey: .floatingFrame)
        if let frame = floatingFrame, frame.count != 4 || frame[2] < 100 || frame[3] < 80 {
            throw DecodingError.dataCorruptedError(forKey: .floatingFrame, in: container,
                                                   debugDescription: "must be [x, y, width, height], at least 100 × 80")
        }
        if enabledKeyboards.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .enabledKeyboards, in: container, debugDescription: "no keyboard is enabled")
        }
        if !(-60...0).contains(soundVolume) {
            throw DecodingError.dataCorruptedError(forKey: .soundVolume, in: container, debugDescription: "must be from -60 to 0 dB")
        }
        if !(0.1...2).contains(repeatDelay) {
            throw DecodingError.dataCorruptedError(forKey: .repeatDelay, in: container, debugDescription: "must be from 0.1 to 2 seconds")
        }
        if !(0.02...1).contains(repeatInterval) {
            throw DecodingError.dataCorruptedError(forKey: .repeatInterval, in: container, debugDescription: "must be from 0.02 to 1 second")
        }
    }

    /// The key timing these settings ask for.
    public var keyTiming: KeyTiming {
        var timing = KeyTiming()
        timing.repeatDelay = repeatDelay
        timing.repeatInterval = repeatInterval
        return timing
    }

    /// The names in these settings that resolve to nothing installed: what a keyboard would
    /// skip. `clavis settings --set` refuses them; a running keyboard skips them and says so.
    ///
    ///     settings.unresolved(field: "enabledKeyboards", layouts: LayoutLibrary()) { _ in true }
    ///     // ["unknown keyboard 'nope'; installed: de, email, emoji, fr, ja, ja-kana, numpad, pc, pc-compact, url, us"]
    public func unresolved(field: String, layouts: LayoutLibrary, themeExists: (String) -> Bool) -> [String] {
        switch field {
        case "enabledKeyboards":
            let unknown = enabledKeyboards.filter { !layouts.contains($0) }
            guard !unknown.isEmpty else { return [] }
            let installed = layouts.available.map(\.id).joined(separator: ", ")
            return unknown.map { "unknown keyboard '\($0)'; installed: \(installed)" }
        case "theme":
            guard theme != "system", !themeExists(theme) else { return [] }
            return ["unknown theme '\(theme)'; installed: system, light, dark, high-contrast (or a .css file, or a theme in ~/.local/share/clavis/themes)"]
        default:
            return []
        }
    }

    /// Sets one field from text, as `clavis settings --set NAME=VALUE` does. Returns an
    /// error message, or `nil` when it took.
    public mutating func set(_ name: String, to value: String) -> String? {
        func bool(_ text: String) -> Bool? {
            switch text.lowercased() {
            case "true", "on", "yes", "1": true
            case "false", "off", "no", "0": false
            default: nil
            }
        }
        var changed = self
        switch name {
        case "enabledKeyboards":
            changed.enabledKeyboards = value.split(separator: ",").map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
                .filter { !$0.isEmpty }
        case "theme": changed.theme = value
        case "soundsEnabled":
            guard let flag = bool(value) else { return "soundsEnabled takes on or off" }
            changed.soundsEnabled = flag
        case "allowFullAccess":
            guard let flag = bool(value) else { return "allowFullAccess takes on or off" }
            changed.allowFullAccess = flag
        case "suggestions":
            guard let flag = bool(value) else { return "suggestions takes on or off" }
            changed.suggestions = flag
        case "soundVolume", "repeatDelay", "repeatInterval":
            guard let number = Double(value) else { return "\(name) takes a number" }
            if name == "soundVolume" { changed.soundVolume = number }
            if name == "repeatDelay" { changed.repeatDelay = number }
            if name == "repeatInterval" { changed.repeatInterval = number }
        default:
            let known = CodingKeys.allCases.filter { $0 != .floatingFrame }.map(\.rawValue)
            return "unknown setting '\(name)' (known: \(known.joined(separator: ", ")))"
        }
        do {
            let data = try JSONEncoder().encode(changed)
            self = try JSONDecoder().decode(Settings.self, from: data)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return "\(name): \(context.debugDescription)"
        } catch {
            return "\(name): \(error)"
        }
    }
}
