import CLazyLibraries
import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisLayout
import Dispatch

/// Plays the three key clicks through libcanberra: PulseAudio's (or PipeWire's) sample
/// cache, the event sound role, so music keeps playing.
///
/// Every canberra call runs on a private serial queue: `play` only enqueues, so the UI
/// thread never waits on the sound server (a sound card waking from power saving can take
/// tens of milliseconds). libcanberra is opened, the server connected and the samples
/// uploaded to its cache at the first click, not at start-up: the sound stack (libcanberra,
/// libpulse, libsndfile and its codecs: 16 libraries, about 2 MB) stays out of a keyboard
/// that is shown but not typed on, or has clicks turned off. Later clicks are a short
/// command. With no sound server the keyboard stays silent and one warning is logged.
///
///     let player = CanberraSoundPlayer()
///     player.play(.delete)
@MainActor
public final class CanberraSoundPlayer: SoundPlayer {
    /// Whether clicks play at all.
    public var isEnabled = true
    /// Attenuation in decibels (0 is the file's own level, −20 much quieter).
    public var volumeDecibels = 0.0
    /// Where warnings go (standard error by default).
    public nonisolated let warn: @Sendable (String) -> Void

    private let engine: Engine

    /// Prepares the player; the library, the connection and the sample upload come with the
    /// first click, on the sound queue. `directory` holds character.wav, delete.wav and
    /// modifier.wav.
    public init(directory: String? = ClavisData.directory(containing: "sounds").map { Path.join($0, "sounds") },
                warn: @escaping @Sendable (String) -> Void = { reportProblem("clavis: \($0)") }) {
        self.warn = warn
        engine = Engine(directory: directory, warn: warn)
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
}

/// The canberra context and the queue that owns it.
private final class Engine: @unchecked Sendable {
    private let queue = DispatchQueue(label: "clavis.sound")
    // Touched only on `queue`.
    private var context: OpaquePointer?
    private var files: [SoundClass: String] = [:]
    private var opened = false
    private var failed = false
    private let directory: String?
    private let warn: @Sendable (String) -> Void

    init(directory: String?, warn: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.warn = warn
    }

    func play(_ sound: SoundClass, volume: Double) {
        queue.async {
            if !self.opened {
                self.opened = true
                self.open()
            }
            self.playNow(sound, volume: volume)
        }
    }

    func flush() {
        queue.sync {}
    }

    private func open() {
        guard let directory else {
            fail("key sounds not found (looked for a 'sounds' folder in \(ClavisData.candidates.joined(separator: ", "))); clicks are off")
            return
        }
        for sound in SoundClass.allCases {
            files[sound] = Path.join(directory, "\(sound.rawValue).wav")
        }
        if let problem = clavis_canberra_open() {
            fail("cannot open libcanberra (\(String(cString: problem))); key clicks are off")
            return
        }
        var made: OpaquePointer?
        guard check(clavis_ca_context_create(&made), "cannot start libcanberra"), let made else { return }
        context = made
        let applied = withProperties([
            (CA_PROP_APPLICATION_NAME, "Clavis"), (CA_PROP_APPLICATION_ID, "org.clavis.Clavis"),
        ]) { clavis_ca_context_change_props_full(made, $0) }
        guard check(applied, "cannot configure libcanberra"),
              check(clavis_ca_context_open(made), "no sound server; key clicks are off") else { return }
        for (sound, file) in files {
            let cached = withProperties([
                (CA_PROP_EVENT_ID, eventID(sound)), (CA_PROP_MEDIA_FILENAME, file),
                (CA_PROP_CANBERRA_CACHE_CONTROL, "permanent"), (CA_PROP_MEDIA_ROLE, "event"),
            ]) { clavis_ca_context_cache_full(made, $0) }
            // Caching is an optimisation: without it (the ALSA fallback) clicks still play.
            if cached != 0 && cached != Int32(CA_ERROR_NOTSUPPORTED) {
                warn("cannot cache the \(sound.rawValue) click: \(String(cString: clavis_ca_strerror(cached)))")
            }
        }
    }

    private func playNow(_ sound: SoundClass, volume: Double) {
        guard let context, !failed, let file = files[sound] else { return }
        let result = withProperties([
            (CA_PROP_EVENT_ID, eventID(sound)), (CA_PROP_MEDIA_FILENAME, file),
            (CA_PROP_CANBERRA_CACHE_CONTROL, "permanent"), (CA_PROP_MEDIA_ROLE, "event"),
            (CA_PROP_CANBERRA_VOLUME, "\((volume * 10).rounded() / 10)"),
        ]) { clavis_ca_context_play_full(context, 0, $0, nil, nil) }
        _ = check(result, "cannot play a key click")
    }

    private func eventID(_ sound: SoundClass) -> String { "clavis-\(sound.rawValue)" }

    /// Runs `body` with a canberra property list holding `pairs`.
    private func withProperties(_ pairs: [(String, String)], _ body: (OpaquePointer?) -> Int32) -> Int32 {
        var list: OpaquePointer?
        guard clavis_ca_proplist_create(&list) == 0, let list else { return Int32(CA_ERROR_OOM) }
        defer { clavis_ca_proplist_destroy(list) }
        for (key, value) in pairs { clavis_ca_proplist_sets(list, key, value) }
        return body(list)
    }

    /// Logs the first failure once and turns clicks off; later failures stay quiet.
    private func check(_ result: Int32, _ what: String) -> Bool {
        guard result != 0 else { return true }
        fail("\(what) (\(String(cString: clavis_ca_strerror(result))))")
        return false
    }

    private func fail(_ message: String) {
        guard !failed else { return }
        failed = true
        warn(message)
    }
}
