import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// The editing panel's layout id (`data/layouts/edit.yaml`, or the user's own `edit.yaml`).
    public static let editingPanelID = "edit"

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
    /// control); its ABC goes back to the keyboard the field has. Reports and stays put when
    /// the panel's layout cannot be loaded.
    ///
    ///     session.showEditingPanel()   // arrows, Select, Copy, Paste, Undo …
    public func showEditingPanel() {
        guard !isShowingEditingPanel else { return }
        do {
            show(try library.load(Self.editingPanelID))
        } catch {
            report("the editing panel cannot be shown: \(error)")
        }
    }
}
