import ClavisEngine
import ClavisLayout

/// A `SoundPlayer` that only remembers what it was asked to play.
@MainActor
public final class RecordingSoundPlayer: SoundPlayer {
    public private(set) var played: [SoundClass] = []
    public init() {}
    public func play(_ sound: SoundClass) { played.append(sound) }
}
