import ClavisLayout

/// Plays the key clicks. The keyboard calls it on press, before any text work, so the click
/// is never late (KeyboardKit #594).
@MainActor
public protocol SoundPlayer: AnyObject {
    /// Plays one click; must return at once (well under a millisecond).
    func play(_ sound: SoundClass)
    /// Whether clicks play at all (the settings' `soundsEnabled`).
    var isEnabled: Bool { get set }
    /// Attenuation in decibels, 0 the sound's own level (the settings' `soundVolume`).
    var volumeDecibels: Double { get set }
}
