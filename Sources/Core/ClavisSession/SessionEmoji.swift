import ClavisEngine
import ClavisLayout

/// The emoji keyboard, the session's part: generated from Unicode's list when shown, with a
/// Recent page of the emoji used lately (kept with Full Access).
///
///     session.emoji.recent.use("🙂", traits: traits)   // first on the Recent page
@MainActor
final class SessionEmoji {
    unowned let session: KeyboardSession
    /// The emoji used lately, for the Recent page (with Full Access).
    let recent = RecentlyUsed()
    /// Unicode's emoji groups and the list they were read from, read the first time the
    /// emoji keyboard is shown (`nil` groups: the list could not be read).
    private var groups: (file: String, groups: [EmojiData.Group]?)?

    init(session: KeyboardSession) {
        self.session = session
    }

    /// The emoji keyboard generated from Unicode's list, with its Recent page when emoji were
    /// used (regenerated each time it is shown, so the page is current; the list is parsed
    /// once); any other layout as it is. A stand-in that cannot be generated (the list is
    /// gone or holds no emoji) is reported, and the built-in layout shows instead.
    func readyToShow(_ layout: KeyboardLayout) -> KeyboardLayout {
        let library = session.library
        guard layout.id == EmojiKeyboard.id, EmojiKeyboard.isStandIn(layout) || layout.file == library.emojiData else {
            return layout
        }
        let recent = recent.recent()
        guard !recent.isEmpty || EmojiKeyboard.isStandIn(layout) else { return layout }
        if groups?.file != layout.file { groups = (layout.file, library.emojiGroups(file: layout.file)) }
        guard let groups = groups?.groups, !groups.isEmpty else {
            guard EmojiKeyboard.isStandIn(layout) else { return layout }
            session.report("\(layout.file): no emoji could be read (is it Unicode's emoji-test.txt?); showing the built-in layout")
            return .fallback
        }
        return EmojiKeyboard.layout(from: groups, recent: recent, file: layout.file)
    }
}
