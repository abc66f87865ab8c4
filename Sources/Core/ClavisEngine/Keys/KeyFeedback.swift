import ClavisLayout

/// Something under the user's finger (or switch) that deserves feedback the moment it
/// happens, before any text work, so it is never late (KeyboardKit #594).
public enum FeedbackEvent: Equatable, Sendable {
    /// A key went down, or repeats while held; its kind of click (letters, Delete, the rest).
    case key(SoundClass)
    /// A suggestion slot went down.
    case slot
    /// The bar's ✎ (the editing panel's button) went down.
    case panelButton
    /// Switch scanning moved on a step (where the user asked to hear the steps).
    case scanStep
}

/// How the user wants feedback: the settings' clicks and their volume (room for haptics).
public struct FeedbackPreferences: Equatable, Sendable {
    /// Whether clicks play (`soundsEnabled`).
    public var sounds: Bool
    /// The clicks' attenuation in decibels, 0 the sound's own level (`soundVolume`).
    public var volumeDecibels: Double

    public init(sounds: Bool = true, volumeDecibels: Double = 0) {
        self.sounds = sounds
        self.volumeDecibels = volumeDecibels
    }
}

/// The one service every key event's feedback goes through: the key press (the controller),
/// a slot (the touch tracker), the ✎ and scanning's steps (the session). Today it clicks;
/// haptics (feedbackd, a rumble device) would be another conformer, or a second channel in
/// the same one, without touching the places that report the events.
///
///     controller.feedback = SoundFeedback(player: ClickSoundPlayer(…))
///     controller.feedback?.give(.key(.delete))
@MainActor
public protocol KeyFeedback: AnyObject {
    /// Gives the feedback for `event`; returns at once (well under a millisecond).
    func give(_ event: FeedbackEvent)
    /// Follows the user's settings.
    func apply(_ preferences: FeedbackPreferences)
}

/// Feedback as key clicks: each event's sound through a `SoundPlayer`.
@MainActor
public final class SoundFeedback: KeyFeedback {
    public let player: any SoundPlayer

    public init(player: any SoundPlayer) {
        self.player = player
    }

    public func give(_ event: FeedbackEvent) {
        player.play(Self.sound(for: event))
    }

    public func apply(_ preferences: FeedbackPreferences) {
        player.isEnabled = preferences.sounds
        player.volumeDecibels = preferences.volumeDecibels
    }

    /// The click of each event: a slot sounds like a letter (it types one), the ✎ and a
    /// scanning step like a modifier (they type nothing).
    ///
    ///     SoundFeedback.sound(for: .slot)   // .character
    public static func sound(for event: FeedbackEvent) -> SoundClass {
        switch event {
        case .key(let sound): sound
        case .slot: .character
        case .panelButton, .scanStep: .modifier
        }
    }
}
