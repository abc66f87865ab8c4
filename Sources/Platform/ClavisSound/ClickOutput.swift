import ClavisLayout

/// Where key clicks go once the first click has chosen: the sound server's sample cache
/// (`PulseSampleCache`) or, with no PulseAudio-speaking server to reach, libcanberra
/// (`CanberraClicks`, which also knows ALSA). Called on the sound queue only.
protocol ClickOutput: AnyObject {
    /// Plays one click at `volumeDecibels` (0 is the file's own level), or reports why not.
    func play(_ sound: SoundClass, volumeDecibels: Double)
}
