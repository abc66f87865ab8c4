import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// The editing panel's layout id (`data/layouts/edit.yaml`, or the user's own `edit.yaml`).
    public static let editingPanelID = "edit"

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
