import ClavisKeystrokes
import ClavisX11

/// A `KeySender` that records the keys instead of sending them, and answers as told.
///
///     let sender = RecordingKeySender()
///     proxy.insertText("a\n")   // sender.sent == [[Keysym("a"), .return]]
@MainActor
public final class RecordingKeySender: KeySender {
    /// Each batch of keys, in order.
    public private(set) var sent: [[Keysym]] = []
    /// What `type` answers (`.ownWindowFocused` to play a keyboard focused on itself).
    public var outcome: KeySendOutcome = .typed

    public init() {}

    /// Every key sent, batches joined.
    public var keys: [Keysym] { sent.flatMap { $0 } }

    public func type(_ keysyms: [Keysym]) -> KeySendOutcome {
        sent.append(keysyms)
        return outcome
    }

    /// Each key pressed with modifiers, in order.
    public private(set) var pressed: [(keysym: Keysym, modifiers: [Keysym])] = []

    public func press(_ keysym: Keysym, modifiers: [Keysym]) -> KeySendOutcome {
        pressed.append((keysym, modifiers))
        return outcome
    }
}
