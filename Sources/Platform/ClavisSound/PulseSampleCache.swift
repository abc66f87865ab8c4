import ClavisFiles
import ClavisLayout
#if canImport(Glibc)
import Glibc
#endif

/// Key clicks through the sound server's sample cache, spoken to directly: the clicks are
/// uploaded once, and every press sends one short play command over the socket.
///
/// Made at the first click; making it throws when no server answers, and the player then
/// falls back to libcanberra. A connection lost later (the server restarted) is made again at
/// the next click, and samples the server no longer holds are uploaded again.
///
///     let clicks = try PulseSampleCache(sounds: [.character: click], environment: Environment.variables,
///                                       onProblem: { print($0) })
///     clicks.play(.character, volumeDecibels: -6)
final class PulseSampleCache: ClickOutput {
    private let sounds: [SoundClass: WaveSound]
    private let paths: [String]
    private let cookie: [UInt8]
    private let onProblem: @Sendable (String) -> Void
    private var connection: PulseConnection?
    /// Whether the current failure has been reported (one warning until a play goes out again).
    private var reported = false

    init(sounds: [SoundClass: WaveSound], environment: [String: String],
         onProblem: @escaping @Sendable (String) -> Void) throws(PulseError) {
        self.sounds = sounds
        self.onProblem = onProblem
        paths = PulseServerAddress.socketPaths(environment, user: getuid())
        cookie = PulseServerAddress.cookie(environment)
        try connect()
    }

    func play(_ sound: SoundClass, volumeDecibels: Double) {
        guard sounds[sound] != nil else { return }
        let volume = PulseConnection.volume(decibels: volumeDecibels)
        do {
            if connection == nil { try connect() }
            do {
                try send(sound, volume: volume)
            } catch let error where error.isMissingSample {
                try upload()
                try send(sound, volume: volume)
            }
            reported = false
        } catch {
            connection = nil
            if !reported { onProblem("cannot play a key click: \(error)") }
            reported = true
        }
    }

    private func send(_ sound: SoundClass, volume: UInt32) throws(PulseError) {
        try connection?.play(name(sound), volume: volume, properties: ["media.role": "event", "event.id": name(sound)])
    }

    /// Connects to the first server that answers and uploads the clicks.
    private func connect() throws(PulseError) {
        var failure = PulseError.unreachable(path: paths.first ?? "PULSE_SERVER", code: ENOENT)
        for path in paths {
            do {
                connection = try PulseConnection(path: path, cookie: cookie, client: [
                    "application.name": "Clavis", "application.id": "org.clavis.Clavis",
                    "application.process.id": "\(getpid())",
                ])
                try upload()
                return
            } catch {
                connection = nil
                failure = error
            }
        }
        throw failure
    }

    private func upload() throws(PulseError) {
        for (sound, wave) in sounds {
            try connection?.upload(name(sound), wave, properties: [
                "media.role": "event", "event.id": name(sound), "media.name": "Clavis \(sound.rawValue) click",
            ])
        }
    }

    private func name(_ sound: SoundClass) -> String { "clavis-\(sound.rawValue)" }
}
