import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// The editing panel's layout id (`data/layouts/edit.yaml`, or the user's own `edit.yaml`).
    public static let editingPanelID = LayoutChecker.editingPanelID

    /// The ✎ at the bar's left end, which opens the panel (as Gboard's toolbar button opens
    /// its tools): wherever the bar's strip shows, except over the panel itself (its strip is
    /// the clipboard's). The words' slots share what is left of the bar.
    var panelButtonFrame: Rect? {
        guard shownBarHeight > 0, !isShowingEditingPanel else { return nil }
        return Rect(x: 0, y: 0, width: (Self.panelButtonAspect * shownBarHeight).rounded(), height: shownBarHeight)
    }

    /// The ✎'s width for the bar's height.
    static let panelButtonAspect = 1.2

    /// Whether the editing panel is up.
    public var isShowingEditingPanel: Bool { controller.layout.id == Self.editingPanelID }

    /// Shows the editing panel in place of the keys (from the keyboard list, or a host's
    /// control); its ABC goes back to the keyboard the field has. A user's own panel that
    /// cannot be read, or breaks Clavis's rules (no way back to the keyboards: a trap), gives
    /// way to the built-in one, with a word over it and on standard error; reports and stays
    /// put when no panel can be loaded.
    ///
    ///     session.showEditingPanel()   // arrows, Select, Copy, Paste, Undo …
    public func showEditingPanel() {
        guard !isShowingEditingPanel else { return }
        do throws(LayoutErrors) {
            let panel = try library.load(Self.editingPanelID)
            let problems = LayoutChecker.rulesOfClavis(panel)
            guard problems.isEmpty else { throw LayoutErrors(errors: problems) }
            show(panel)
        } catch {
            let builtInFile = library.builtInDirectory.map { $0 + "/" + Self.editingPanelID + ".yaml" }
            guard let builtInFile, library.available.first(where: { $0.id == Self.editingPanelID })?.file != builtInFile,
                  let builtIn = try? library.load(file: builtInFile, shownAs: builtInFile) else {
                report("the editing panel cannot be shown: \(error)")
                return
            }
            report("your editing panel cannot be shown (\(error)); the built-in one is shown instead")
            editingPanelNotice = "Your edit.yaml has a problem (clavis check edit): the built-in panel shows"
            show(builtIn)
        }
    }
}
