extension InputMethodState {
    /// The text around the caret as IBus gives it: caret and anchor counted in characters
    /// (Unicode scalars, GLib's UTF-8 characters) rather than Wayland's bytes. Offsets past
    /// the end are clamped to it, so a client's stale numbers cannot cut a character.
    ///
    ///     state.surroundingText("Grüß", characterCursor: 4, anchor: 4)   // cursor 6 (bytes)
    public mutating func surroundingText(_ text: String, characterCursor cursor: Int, anchor: Int) {
        func bytes(_ characters: Int) -> Int {
            String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, characters)))).utf8.count
        }
        surroundingText(text, cursor: bytes(cursor), anchor: bytes(anchor))
    }
}
