import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisLayout
import Dispatch

/// Plays the three key clicks from the sound server's sample cache, with the event sound
/// role, so music keeps playing.
///
/// Every sound call runs on a private serial queue: `play` only enqueues, so the UI thread
/// never waits on the sound server (a sound card waking from power saving can take tens of
/// milliseconds). Nothing is opened at start-up: the first click reads the WAV files,
/// connects to the server (PulseAudio or PipeWire's pulse server, over its native protocol:
/// `PulseSampleCache`) and uploads them; later clicks are one short command. Where no such
/// server listens on a local socket, libcanberra is opened instead (`CanberraClicks`). With no
/// sound at all the keyboard stays silent: why goes to `onUnavailable` (quiet unless
/// `--verbose`) and `availability()` tells it (the settings' Sound page).
///
///     let player = ClickSoundPlayer()
///     player.play(.delete)
@MainActor
public final class ClickSoundPlayer: SoundPlayer {
    /// Whether clicks play at all.
    public var isEnabled = true
    /// Attenuation in decibels (0 is the file's own level, −20 much quieter).
    public var volumeDecibels = 0.0
    /// Where warnings go (standard error by default).
    public nonisolated let onProblem: @Sendable (String) -> Void
    /// Where the reason for no sound at all goes (standard error with `--verbose`).
    public nonisolated let onUnavailable: @Sendable (String) -> Void

    private let engine: Engine

    /// Prepares the player; the files, the connection and the upload come with the first
    /// click, on the sound queue. `directory` holds character.wav, delete.wav and
    /// modifier.wav. `environment` finds the server (`PULSE_SERVER`, `XDG_RUNTIME_DIR`) and
    /// its cookie.
    public init(directory: String? = ClavisData.directory(containing: "sounds").map { Path.join($0, "sounds") },
                environment: @escaping @Sendable () -> [String: String] = { Environment.variables },
                onProblem: @escaping @Sendable (String) -> Void = { reportProblem("clavis: \($0)") },
                onUnavailable: @escaping @Sendable (String) -> Void = { reportIfVerbose("clavis: \($0)") }) {
        self.onProblem = onProblem
        self.onUnavailable = onUnavailable
        engine = Engine(directory: directory, environment: environment, onProblem: onProblem, onUnavailable: onUnavailable)
    }

    /// Why no click can be heard (no sound server, no sound library), opening the way to the
    /// speakers first if no click has yet; `nil` when clicks play.
    ///
    ///     player.availability()   // "no sound server; key clicks are off (Connection refused)"
    public func availability() -> String? {
        engine.availability()
    }

    public func play(_ sound: SoundClass) {
        guard isEnabled else { return }
        engine.play(sound, volume: volumeDecibels)
    }

    /// Waits until every click asked for so far has been handed to the sound server (for
    /// tests and shutdown).
    public func flush() {
        engine.flush()
    }

    /// Which way the clicks go, nil before the first click or with no sound files (for tests).
    public var route: Route? {
        engine.route
    }

    /// The two ways to the speakers.
    public enum Route: Sendable {
        /// The sound server's sample cache, spoken to directly.
        case soundServer
        /// libcanberra, where no local server answers.
        case canberra
    }
}

/// The chosen output and the queue that owns it.
private final class Engine: @unchecked Sendable {
    private let queue = DispatchQueue(label: "clavis.sound")
    // Touched only on `queue`.
    private var output: ClickOutput?
    private var opened = false
    private let directory: String?
    private let environment: @Sendable () -> [String: String]
    private let onProblem: @Sendable (String) -> Void
    private let onUnavailable: @Sendable (String) -> Void
    /// Why nothing plays, once known (touched only on `queue`).
    private var unavailable: String?

    init(directory: String?, environment: @escaping @Sendable () -> [String: String], onProblem: @escaping @Sendable (String) -> Void,
         onUnavailable: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.environment = environment
        self.onProblem = onProblem
        self.onUnavailable = onUnavailable
    }

    func availability() -> String? {
        queue.sync {
            if !opened {
                opened = true
                open()
            }
            return unavailable
        }
    }

    func play(_ sound: SoundClass, volume: Double) {
        queue.async {
            if !self.opened {
                self.opened = true
                self.open()
            }
            self.output?.play(sound, volumeDecibels: volume)
        }
    }

    func flush() {
        queue.sync {}
    }

    var route: ClickSoundPlayer.Route? {
        queue.sync {
            switch output {
            case is PulseSampleCache: .soundServer
            case is CanberraClicks: .canberra
            default: nil
            }
        }
    }

    private func open() {
        guard let directory else {
            onProblem("key sounds not found (looked for a 'sounds' folder in \(ClavisData.candidates.joined(separator: ", "))); clicks are off")
            return
        }
        var files: [SoundClass: String] = [:]
        var sounds: [SoundClass: WaveSound] = [:]
        for sound in SoundClass.allCases {
            let file = Path.join(directory, "\(sound.rawValue).wav")
            files[sound] = file
            do {
                sounds[sound] = try WaveSound(path: file)
            } catch {
                onProblem("\(error); that click is off")
            }
        }
        guard !sounds.isEmpty else { return }
        do {
            output = try PulseSampleCache(sounds: sounds, environment: environment(), onProblem: onProblem)
        } catch {
            // A server that is there and fails is worth a word; none at all is the ALSA case.
            if case .unreachable = error {} else { onProblem("\(error); trying libcanberra") }
            // libcanberra failing means no sound at all: said where the user looks for it.
            output = CanberraClicks(files: files.filter { sounds[$0.key] != nil }) { [weak self] reason in
                self?.unavailable = reason
                self?.onUnavailable(reason)
            }
        }
    }
}
