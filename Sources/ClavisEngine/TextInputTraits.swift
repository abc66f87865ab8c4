/// What kind of text a field takes, which picks the layout variant (iOS's UIKeyboardType,
/// same cases in the same order).
public enum KeyboardType: String, Equatable, Hashable, Sendable, CaseIterable {
    case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad,
         emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

    /// The built-in layout this field wants, or `nil` for the user's own keyboards.
    ///
    ///     KeyboardType.emailAddress.preferredLayoutID   // "email"
    public var preferredLayoutID: String? {
        switch self {
        case .emailAddress: "email"
        case .url, .webSearch: "url"
        case .numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad: "numpad"
        default: nil
        }
    }
}

/// When the keyboard capitalises on its own (iOS's UITextAutocapitalizationType).
public enum AutocapitalizationType: String, Equatable, Hashable, Sendable, CaseIterable {
    case none, words, sentences, allCharacters

    /// Whether the next letter typed after `context` (the text before the caret) should be a
    /// capital.
    ///
    ///     AutocapitalizationType.sentences.capitalizes(after: "Hi. ")   // true
    public func capitalizes(after context: String?) -> Bool {
        switch self {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let last = context?.last else { return true }
            return last.isWhitespace
        case .sentences:
            guard let context else { return true }
            let trimmed = context.reversed().drop { $0 == " " || $0 == "\t" }
            guard let last = trimmed.first else { return true }
            if last.isNewline { return true }
            // A sentence ends with . ! ? followed by at least one space.
            return trimmed.count < context.count && ".!?".contains(last)
        }
    }
}

/// What the Return key does for the focused field, and so what it reads (iOS's
/// UIReturnKeyType, same cases in the same order).
public enum ReturnKeyType: String, Equatable, Hashable, Sendable, CaseIterable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

    /// The label drawn on the Return key.
    public var label: String {
        switch self {
        case .default: "return"
        case .go: "Go"
        case .google, .yahoo, .search: "Search"
        case .join: "Join"
        case .next: "Next"
        case .route: "Route"
        case .send: "Send"
        case .done: "Done"
        case .emergencyCall: "Emergency"
        case .continue: "Continue"
        }
    }
}

/// The traits of the focused field the keyboard adapts to (iOS's UITextInputTraits).
public struct TextInputTraits: Equatable, Hashable, Sendable {
    public var keyboardType: KeyboardType
    public var returnKeyType: ReturnKeyType
    public var autocapitalizationType: AutocapitalizationType
    /// A password field: no previews, no learning, no positional click.
    public var isSecureTextEntry: Bool

    public init(keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default,
                autocapitalizationType: AutocapitalizationType = .sentences, isSecureTextEntry: Bool = false) {
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalizationType = autocapitalizationType
        self.isSecureTextEntry = isSecureTextEntry
    }
}
