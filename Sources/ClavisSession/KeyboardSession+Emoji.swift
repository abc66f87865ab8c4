import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// The emoji keyboard generated from Unicode's list, with its Recent page when emoji were
    /// used (regenerated each time it is shown, so the page is current; the list is parsed
    /// once); any other layout as it is. A stand-in that cannot be generated (the list is
    /// gone or holds no emoji) is reported, and the built-in layout shows instead.
    func readyToShow(_ layout: KeyboardLayout) -> KeyboardLayout {
        guard layout.id == EmojiKeyboard.id, EmojiKeyboard.isStandIn(layout) || layout.file == dependencies.library.emojiData else {
            return layout
        }
        let recent = recentEmoji.recent()
        guard !recent.isEmpty || EmojiKeyboard.isStandIn(layout) else { return layout }
        if emojiGroups?.file != layout.file { emojiGroups = (layout.file, dependencies.library.emojiGroups(file: layout.file)) }
        guard let groups = emojiGroups?.groups, !groups.isEmpty else {
            guard EmojiKeyboard.isStandIn(layout) else { return layout }
            report("\(layout.file): no emoji could be read (is it Unicode's emoji-test.txt?); showing the built-in layout")
            return .fallback
        }
        return EmojiKeyboard.layout(from: groups, recent: recent, file: layout.file)
    }
}
