import ClavisLayout
import ClavisSettings

/// How the keys sit for the hands, the session's part: where the settings put them (`hands`
/// and the sizes), and what the user chooses on the keyboard itself (a one-handed strip's
/// key, the globe key's list), which every keyboard shown is arranged by.
///
///     session.hands.choose(.left)     // the keys in a block at the left edge
///     session.hands.placement.mode    // .left
@MainActor
public final class SessionHands {
    unowned let session: KeyboardSession
    /// The placement every keyboard shown is arranged with.
    public private(set) var placement = HandPlacement() {
        didSet {
            guard placement != oldValue else { return }
            session.arrange(hands: placement)
        }
    }
    /// The user chose how the keys sit on the keyboard itself (`choose`), for the host to
    /// keep in the settings.
    public var onChange: ((HandMode) -> Void)?

    init(session: KeyboardSession) {
        self.session = session
    }

    /// Sets how the keys sit, as the user chose it on the keyboard: the keys move at once,
    /// and `onChange` tells the host to keep the choice in the settings.
    public func choose(_ mode: HandMode) {
        guard mode != placement.mode else { return }
        placement.mode = mode
        onChange?(mode)
    }

    /// The settings' placement and sizes.
    func apply(_ settings: Settings) {
        placement = settings.handPlacement
    }
}
