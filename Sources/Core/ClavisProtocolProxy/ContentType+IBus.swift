extension ContentType {
    /// From IBus's numbers (`set_content_type`), which are GTK's `GtkInputPurpose` and
    /// `GtkInputHints`: the purposes as text-input v3 numbers them up to `pin`, then
    /// `terminal`; hints in bits of their own (spell checking 0x1, completion 0x4, lower case
    /// 0x8, capitals 0x10, words 0x20, sentences 0x40, private 0x800). A password or PIN is
    /// hidden, sensitive text as GTK tells Wayland; what IBus has and the traits do not use
    /// (no spell checking, inhibit the on-screen keyboard, vertical writing, emoji) is dropped.
    ///
    ///     ContentType(ibusPurpose: 6, ibusHints: 0x9).purpose        // .email
    ///     ContentType(ibusPurpose: 0, ibusHints: 0x40).traits.autocapitalizationType   // .sentences
    ///     ContentType(ibusPurpose: 0, ibusHints: 0x800).traits.allowsLearning          // false
    public init(ibusPurpose: UInt32, ibusHints: UInt32) {
        let purpose: Purpose = switch ibusPurpose {
        case 0...9: Purpose(rawValue: ibusPurpose) ?? .normal
        case 10: .terminal
        default: .normal
        }
        let bits: [(ibus: UInt32, hint: Hint)] = [
            (0x1, .spellcheck), (0x4, .completion), (0x8, .lowercase), (0x10, .uppercase),
            (0x20, .titlecase), (0x40, .autoCapitalization), (0x800, .sensitiveData),
        ]
        var hint: Hint = bits.filter { ibusHints & $0.ibus != 0 }.reduce([]) { $0.union($1.hint) }
        if purpose == .password || purpose == .pin { hint.formUnion([.hiddenText, .sensitiveData]) }
        self.init(hint: hint, purpose: purpose)
    }
}

extension ContentType {
    /// Whether a field's text is all mask characters (GTK's ●, Qt's and browsers' •): what a
    /// hidden field sends where it says nothing else of itself.
    ///
    ///     ContentType.isMasked("●●●●")   // true
    ///     ContentType.isMasked("")       // false: an empty field says nothing
    public static func isMasked(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0 == "\u{25CF}" || $0 == "\u{2022}" }
    }
}
