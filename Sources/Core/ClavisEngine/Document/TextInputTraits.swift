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
        case .phonePad: "phone"
        case .numberPad, .decimalPad, .asciiCapableNumberPad: "numpad"
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

/// Whether the keyboard corrects words on its own (iOS's UITextAutocorrectionType).
public enum AutocorrectionType: String, Equatable, Hashable, Sendable, CaseIterable {
    /// On, except where the keyboard type says otherwise (email, URL, numbers, passwords).
    case `default`
    case no
    case yes
}

/// What a field's text means, where the field says (iOS's UITextContentType, the cases the
/// keyboard acts on so far: names). A name field is never auto-corrected and is offered names.
public enum TextContentType: String, Equatable, Hashable, Sendable, CaseIterable {
    case name, namePrefix, givenName, middleName, familyName, nameSuffix, nickname, username

    /// Whether the field holds a person's name or a user name (every case so far; a case
    /// added later says here whether it is one).
    public var isName: Bool {
        switch self {
        case .name, .namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .nickname, .username: true
        }
    }
}

/// The traits of the focused field the keyboard adapts to (iOS's UITextInputTraits).
public struct TextInputTraits: Equatable, Hashable, Sendable {
    public var keyboardType: KeyboardType
    public var returnKeyType: ReturnKeyType
    public var autocapitalizationType: AutocapitalizationType
    public var autocorrectionType: AutocorrectionType
    /// A password field: no previews, no learning, no positional click, no suggestions.
    public var isSecureTextEntry: Bool
    /// Whether words typed here may be learned (off for fields that hold secrets or codes).
    public var allowsLearning: Bool
    /// A field of several lines (a text view, a message body), where ↑ and ↓ move between
    /// lines; in a single-line field they would move the focus instead.
    public var isMultiline: Bool
    /// What the text means, when the field says (`nil`: prose, or not known).
    public var textContentType: TextContentType?

    public init(keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default,
                autocapitalizationType: AutocapitalizationType = .sentences, autocorrectionType: AutocorrectionType = .default,
                isSecureTextEntry: Bool = false, allowsLearning: Bool = true, isMultiline: Bool = false,
                textContentType: TextContentType? = nil) {
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalizationType = autocapitalizationType
        self.autocorrectionType = autocorrectionType
        self.isSecureTextEntry = isSecureTextEntry
        self.allowsLearning = allowsLearning
        self.isMultiline = isMultiline
        self.textContentType = textContentType
    }

    /// Whether the field holds a name (`TextContentType.isName`): names are offered there,
    /// never sentence words, and nothing typed is corrected.
    public var holdsName: Bool { textContentType?.isName == true }

    /// Whether the suggestion bar makes sense here: not for passwords or number pads.
    public var showsSuggestions: Bool {
        guard !isSecureTextEntry else { return false }
        switch keyboardType {
        case .numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad: return false
        default: return true
        }
    }

    /// Whether words are corrected on space: never in a name field, else as the field asks,
    /// else on where text is prose.
    ///
    ///     TextInputTraits(keyboardType: .emailAddress).correctsAutomatically   // false
    public var correctsAutomatically: Bool {
        guard showsSuggestions, !holdsName else { return false }
        switch autocorrectionType {
        case .yes: return true
        case .no: return false
        case .default:
            switch keyboardType {
            case .emailAddress, .url, .webSearch, .twitter, .numbersAndPunctuation: return false
            default: return true
            }
        }
    }

    /// Whether what is typed here may be learned.
    public var learnsWords: Bool { allowsLearning && !isSecureTextEntry && showsSuggestions }
}
