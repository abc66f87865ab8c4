import ClavisEngine
import ClavisLayout

/// A `SoundPlayer` that only remembers what it was asked to play.
@MainActor
public final class RecordingSoundPlayer: SoundPlayer {
    public private(set) var played: [SoundClass] = []
    public var isEnabled = true
    public var volumeDecibels = 0.0
    public init() {}
    /// Remembers the sound, unless clicks are off (as a real player stays silent).
    public func play(_ sound: SoundClass) { if isEnabled { played.append(sound) } }
}
