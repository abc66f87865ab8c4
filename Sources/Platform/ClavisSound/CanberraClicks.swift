import CLazyCanberra
import ClavisLayout

/// Key clicks through libcanberra, for a machine whose sound server does not speak
/// PulseAudio's protocol on a local socket (plain ALSA, or a remote `PULSE_SERVER`):
/// libcanberra is opened here, at the first click that needs it, with the sound stack it
/// brings (libpulse or libasound, libsndfile and its codecs: about 2 MB).
///
/// A failure is logged once and turns the clicks off.
final class CanberraClicks: ClickOutput {
    private var context: OpaquePointer?
    private let files: [SoundClass: String]
    private var failed = false
    private let onProblem: @Sendable (String) -> Void

    /// Opens libcanberra and caches `files` where the backend can (PulseAudio's sample cache).
    init(files: [SoundClass: String], onProblem: @escaping @Sendable (String) -> Void) {
        self.files = files
        self.onProblem = onProblem
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
            let cached = withProperties(properties(sound, file)) { clavis_ca_context_cache_full(made, $0) }
            // Caching is an optimisation: without it (the ALSA backend) clicks still play.
            if cached != 0 && cached != Int32(CA_ERROR_NOTSUPPORTED) {
                onProblem("cannot cache the \(sound.rawValue) click: \(String(cString: clavis_ca_strerror(cached)))")
            }
        }
    }

    func play(_ sound: SoundClass, volumeDecibels: Double) {
        guard let context, !failed, let file = files[sound] else { return }
        let result = withProperties(properties(sound, file) + [
            (CA_PROP_CANBERRA_VOLUME, "\((volumeDecibels * 10).rounded() / 10)"),
        ]) { clavis_ca_context_play_full(context, 0, $0, nil, nil) }
        _ = check(result, "cannot play a key click")
    }

    private func properties(_ sound: SoundClass, _ file: String) -> [(String, String)] {
        [(CA_PROP_EVENT_ID, "clavis-\(sound.rawValue)"), (CA_PROP_MEDIA_FILENAME, file),
         (CA_PROP_CANBERRA_CACHE_CONTROL, "permanent"), (CA_PROP_MEDIA_ROLE, "event")]
    }

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
        onProblem(message)
    }
}
