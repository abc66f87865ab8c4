import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// The editing panel, the session's part for the keys that edit rather than type (arrows,
/// Select, Copy, Paste, Undo, `data/layouts/edit.yaml` or the user's own `edit.yaml`):
/// showing it in place of the keys, the ✎ on the bar that opens it, and its strip, which
/// offers what was copied instead of words.
///
///     session.panel.show()        // arrows, Select, Copy, Paste, Undo …
///     session.panel.isShowing     // true until its ABC goes back
@MainActor
public final class SessionPanel {
    unowned let session: KeyboardSession
    /// The touch holding the bar's ✎ down (it opens the panel where it lifts).
    private(set) var buttonTouch: TouchTracker.TouchID?
    /// Said over the panel when the user's own panel could not be shown and the built-in
    /// one stands in, until tapped.
    private var notice: String?

    init(session: KeyboardSession) {
        self.session = session
    }

    /// The editing panel's layout id.
    public static let layoutID = LayoutChecker.editingPanelID

    /// Whether the editing panel is up.
    public var isShowing: Bool { session.controller.layout.id == Self.layoutID }

    /// The ✎ at the bar's left end, which opens the panel (as Gboard's toolbar button opens
    /// its tools): wherever the bar's strip shows, except over the panel itself (its strip is
    /// the clipboard's). The words' slots share what is left of the bar.
    var buttonFrame: Rect? {
        let height = session.bar.height
        guard height > 0, !isShowing else { return nil }
        return Rect(x: 0, y: 0, width: (Self.buttonAspect * height).rounded(), height: height)
    }

    /// The ✎'s width for the bar's height.
    static let buttonAspect = 1.2

    /// Shows the editing panel in place of the keys (from the keyboard list, or a host's
    /// control); its ABC goes back to the keyboard the field has. A user's own panel that
    /// cannot be read, or breaks Clavis's rules (no way back to the keyboards: a trap), gives
    /// way to the built-in one, with a word over it and on standard error; reports and stays
    /// put when no panel can be loaded.
    public func show() {
        guard !isShowing else { return }
        let library = session.library
        do throws(LayoutErrors) {
            let panel = try library.load(Self.layoutID)
            let problems = LayoutChecker.rulesOfClavis(panel)
            guard problems.isEmpty else { throw LayoutErrors(errors: problems) }
            session.show(panel)
        } catch {
            let builtInFile = library.builtInDirectory.map { $0 + "/" + Self.layoutID + ".yaml" }
            guard let builtInFile, library.available.first(where: { $0.id == Self.layoutID })?.file != builtInFile,
                  let builtIn = try? library.load(file: builtInFile, shownAs: builtInFile) else {
                session.report("the editing panel cannot be shown: \(error)")
                return
            }
            session.report("your editing panel cannot be shown (\(error)); the built-in one is shown instead")
            notice = "Your edit.yaml has a problem (clavis check edit): the built-in panel shows"
            session.show(builtIn)
        }
    }

    /// A touch went down: on the ✎ it is held like a slot (it acts where it is lifted);
    /// `false` anywhere else.
    func touchBegan(_ id: TouchTracker.TouchID, x: Double, y: Double) -> Bool {
        guard buttonFrame?.contains(x: x, y: y) == true else { return false }
        session.tracker.cancelAll()
        buttonTouch = id
        session.dependencies.feedback?.give(.panelButton)
        session.redraw()
        return true
    }

    /// A touch lifted; `true` when it was the one holding the ✎ (the panel opens if it
    /// lifted there).
    func touchEnded(_ id: TouchTracker.TouchID, x: Double, y: Double) -> Bool {
        guard id == buttonTouch else { return false }
        buttonTouch = nil
        if buttonFrame?.contains(x: x, y: y) == true { show() }
        session.redraw()
        return true
    }

    /// Every touch (or this one, if it holds the ✎) ended without acting.
    func touchCancelled(_ id: TouchTracker.TouchID? = nil) {
        if id == nil || id == buttonTouch { buttonTouch = nil }
    }

    /// The panel's strip shows the newest items copied (a lock screen's clipboard keeps
    /// none); a tap types the item. Over any other keyboard the bar is the input mode's.
    func refreshStrip() {
        let clipboard = session.clipboard
        let items = clipboard.items.prefix(SuggestionBar.slotCount)
        if isShowing, let notice {
            let bar = SuggestionBar(slots: [Suggestion(text: notice, kind: .verbatim)])
            session.controller.barOverride = (bar, { [weak self] _ in
                self?.notice = nil
                self?.refreshStrip()
            })
        } else if isShowing, !items.isEmpty {
            let bar = SuggestionBar(slots: items.map { Suggestion(text: $0.label, kind: .completion) })
            session.controller.barOverride = (bar, { [weak clipboard] index in clipboard?.type(at: index) })
        } else {
            session.controller.barOverride = nil
        }
        session.barChanged()
    }
}
