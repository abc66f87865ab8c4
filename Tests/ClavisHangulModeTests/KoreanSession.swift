import ClavisEngine
import ClavisHangulMode
import ClavisLayout
import ClavisSession
import TestSupport
import Testing

/// The Korean keyboard (data/layouts/ko.yaml) in a session with a Korean mode, typing into an
/// in-memory document: what the mode's tests share.
@MainActor
struct KoreanSession {
    let proxy = RecordingProxy()
    let session: KeyboardSession

    init(mode: HangulMode) throws {
        let ko = try LayoutLibrary().load("ko")
        session = KeyboardSession(layouts: [ko], dependencies: SessionDependencies(scheduler: ManualScheduler(), modes: [mode]))
        session.proxy = proxy
        session.area.resize(width: 600, height: 240)
    }

    /// Taps the keys whose labels are `letters` ("⇧" for Shift, " " for Space, "⌫" for
    /// Backspace, "\n" for Return), as a finger would.
    func tap(_ letters: String) {
        for letter in letters {
            let id: String? = switch letter {
            case "⇧": "shift"
            case " ": "space"
            case "⌫": "backspace"
            case "\n": "return"
            default: session.layout.keys.first { $0.label == String(letter) }?.id
            }
            guard let id, let key = session.layout.key(id) else { Issue.record("no key for \(letter)"); return }
            session.activate(key)
        }
    }

    /// The texts of the bar's slots, left to right.
    var shown: [String] { session.scene.bar?.content.slots.compactMap { $0?.text } ?? [] }
}
