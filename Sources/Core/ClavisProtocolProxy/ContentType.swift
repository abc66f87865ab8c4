import ClavisEngine

/// What a Wayland text field says about itself (text-input-v3's `content_type`, relayed by
/// input-method-v2): hints and a purpose, as the protocol numbers them, turned into the same
/// traits the demo's fields have.
///
///     ContentType(hint: [.sensitiveData], purpose: .password).traits.isSecureTextEntry   // true
public struct ContentType: Equatable, Sendable {
    /// The protocol's hint bits.
    public struct Hint: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let completion = Hint(rawValue: 0x1)
        public static let spellcheck = Hint(rawValue: 0x2)
        public static let autoCapitalization = Hint(rawValue: 0x4)
        public static let lowercase = Hint(rawValue: 0x8)
        public static let uppercase = Hint(rawValue: 0x10)
        public static let titlecase = Hint(rawValue: 0x20)
        public static let hiddenText = Hint(rawValue: 0x40)
        public static let sensitiveData = Hint(rawValue: 0x80)
        public static let latin = Hint(rawValue: 0x100)
        public static let multiline = Hint(rawValue: 0x200)
    }

    /// The protocol's purposes.
    public enum Purpose: UInt32, Equatable, Sendable {
        case normal = 0, alpha, digits, number, phone, url, email, name, password, pin, date, time, datetime, terminal
    }

    public var hint: Hint
    public var purpose: Purpose

    public init(hint: Hint = [], purpose: Purpose = .normal) {
        self.hint = hint
        self.purpose = purpose
    }

    /// From the event's raw numbers; an unknown purpose reads as normal.
    public init(rawHint: UInt32, rawPurpose: UInt32) {
        self.init(hint: Hint(rawValue: rawHint), purpose: Purpose(rawValue: rawPurpose) ?? .normal)
    }

    /// From input-method v1's numbers (text-input v1's): the same hint bits, where bit 1 is
    /// auto-correction rather than spell checking, and purposes without `pin`, so date,
    /// time, datetime and terminal come one lower than v3 numbers them.
    ///
    ///     ContentType(v1Hint: 0xC0, v1Purpose: 8).traits.isSecureTextEntry   // true: password
    ///     ContentType(v1Hint: 0, v1Purpose: 12).purpose                       // .terminal
    public init(v1Hint: UInt32, v1Purpose: UInt32) {
        let purpose: Purpose = switch v1Purpose {
        case 0...8: Purpose(rawValue: v1Purpose) ?? .normal
        case 9: .date
        case 10: .time
        case 11: .datetime
        case 12: .terminal
        default: .normal
        }
        self.init(hint: Hint(rawValue: v1Hint & 0x3FF), purpose: purpose)
    }

    /// The field's traits: keyboard type and Return key from the purpose; capitals, spell
    /// checking (auto-correction) and learning from the hints. A password or PIN, or hidden
    /// or sensitive text, is secure: never learned, never previewed.
    public var traits: TextInputTraits {
        var traits = TextInputTraits()
        traits.keyboardType = switch purpose {
        case .digits, .pin: .numberPad
        case .number: .decimalPad
        case .phone: .phonePad
        case .url: .url
        case .email: .emailAddress
        case .date, .time, .datetime: .numbersAndPunctuation
        default: .default
        }
        traits.returnKeyType = hint.contains(.multiline) ? .default : (purpose == .url ? .go : .default)
        traits.isMultiline = hint.contains(.multiline)
        traits.autocapitalizationType = if hint.contains(.uppercase) {
            .allCharacters
        } else if hint.contains(.titlecase) || purpose == .name {
            .words
        } else if hint.contains(.autoCapitalization) {
            .sentences
        } else {
            .none
        }
        traits.autocorrectionType = hint.contains(.spellcheck) ? .default : .no
        if purpose == .terminal || purpose == .password || purpose == .pin { traits.autocorrectionType = .no }
        // A name field: names offered, nothing corrected (`TextInputTraits.holdsName`).
        if purpose == .name { traits.textContentType = .name }
        traits.isSecureTextEntry = purpose == .password || purpose == .pin || hint.contains(.hiddenText)
        traits.allowsLearning = !hint.contains(.sensitiveData) && !traits.isSecureTextEntry
        return traits
    }
}
