import ClavisEngine
import ClavisLayout
import ClavisSession
import GtkKit

/// The menus over the keys: the globe key's list (the keyboards, the editing panel, the
/// hands), the bar's full candidate list, and the editing panel's clipboard list. Each is
/// touch-sized and stays open when the finger that opened it lifts.
extension KeyboardView {
    /// Opens the list of enabled keyboards above `key` (or at the pointer without one);
    /// choosing one shows it. Below them: the editing panel, and how the keys sit for the
    /// hands (both, one-handed left or right, split).
    ///
    /// A long press fires from a timer, when GTK has no current event to place a menu by,
    /// so the menu is anchored to the key's frame and triggered by the press that began it.
    public func showKeyboardList(from key: KeyDefinition? = nil) {
        keyboardList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        for (index, layout) in session.layouts.enumerated() {
            let item = gtk_check_menu_item_new_with_label(layout.name)!
            gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1)
            gtk_check_menu_item_set_active(gtkCast(item), layout.id == session.layout.id ? 1 : 0)
            gtk_widget_set_name(item, layout.id)
            Signal.connect(item, "activate") { [weak session] in session?.showLayout(at: index) }
            gtk_menu_shell_append(gtkCast(menu), item)
        }
        // The editing panel: arrows, Select, the clipboard, Undo (docs/editing.md).
        let editing = gtk_menu_item_new_with_label("Editing ✎")!
        gtk_widget_set_name(editing, KeyboardSession.editingPanelID)
        Signal.connect(editing, "activate") { [weak session] in session?.showEditingPanel() }
        gtk_menu_shell_append(gtkCast(menu), editing)
        // How the keys sit for the hands (docs/hands.md).
        gtk_menu_shell_append(gtkCast(menu), gtk_separator_menu_item_new())
        for mode in HandMode.allCases {
            let item = gtk_check_menu_item_new_with_label(mode.title)!
            gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1)
            gtk_check_menu_item_set_active(gtkCast(item), mode == session.hands.mode ? 1 : 0)
            gtk_widget_set_name(item, HandPlacement.key(mode).id)
            Signal.connect(item, "activate") { [weak session] in session?.chooseHands(mode) }
            gtk_menu_shell_append(gtkCast(menu), item)
        }
        popUp(menu, at: key.flatMap { geometry.frame(ofKey: $0.id) })
        keyboardList = menu
    }

    /// The full list of the focused segment's candidates (the bar's ▾), over the keys;
    /// choosing one commits it as a tap in the bar does.
    func showCandidateList(_ candidates: [String], chosen: Int) {
        candidateList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        for (index, candidate) in candidates.enumerated() {
            let item = gtk_check_menu_item_new_with_label(candidate)!
            gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1)
            gtk_check_menu_item_set_active(gtkCast(item), index == chosen ? 1 : 0)
            gtk_widget_set_name(item, "candidate-\(index)")
            Signal.connect(item, "activate") { [weak session] in session?.chooseCandidate(index) }
            gtk_menu_shell_append(gtkCast(menu), item)
        }
        popUp(menu, at: session.scene.bar?.slots.last)
        candidateList = menu
    }

    /// Everything copied, newest first (the editing panel's Clipboard key): a tap types an
    /// item; below them, a submenu pins or unpins one (pinned items survive Clear and the
    /// limit, marked 📌) and Clear forgets the rest.
    func showClipboardList(_ items: [ClipboardHistory.Item]) {
        clipboardList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        if items.isEmpty {
            let empty = gtk_menu_item_new_with_label("Nothing copied yet")!
            gtk_widget_set_sensitive(empty, 0)
            gtk_menu_shell_append(gtkCast(menu), empty)
        }
        let pins = gtk_menu_new()!
        for (index, item) in items.enumerated() {
            let entry = gtk_menu_item_new_with_label((item.isPinned ? "📌 " : "") + item.label)!
            gtk_widget_set_name(entry, "clip-\(index)")
            Signal.connect(entry, "activate") { [weak session] in session?.typeClipboardItem(at: index) }
            gtk_menu_shell_append(gtkCast(menu), entry)
            let pin = gtk_check_menu_item_new_with_label(item.label)!
            gtk_check_menu_item_set_active(gtkCast(pin), item.isPinned ? 1 : 0)
            gtk_widget_set_name(pin, "pin-\(index)")
            Signal.connect(pin, "activate") { [weak session] in session?.toggleClipboardPin(at: index) }
            gtk_menu_shell_append(gtkCast(pins), pin)
        }
        if !items.isEmpty {
            gtk_menu_shell_append(gtkCast(menu), gtk_separator_menu_item_new())
            let pinning = gtk_menu_item_new_with_label("Pin or unpin")!
            gtk_widget_set_name(pinning, "pin")
            gtk_menu_item_set_submenu(gtkCast(pinning), pins)
            gtk_menu_shell_append(gtkCast(menu), pinning)
            let clear = gtk_menu_item_new_with_label(items.contains(where: \.isPinned) ? "Clear (pinned stay)" : "Clear")!
            gtk_widget_set_name(clear, "clear")
            Signal.connect(clear, "activate") { [weak session] in session?.clearClipboard() }
            gtk_menu_shell_append(gtkCast(menu), clear)
        } else {
            gtk_widget_destroy(pins)
        }
        popUp(menu, at: geometry.frame(ofKey: geometry.frames.first { $0.key.action == .edit(.clipboard) }?.key.id ?? ""))
        clipboardList = menu
    }

    /// Shows a menu above `frame` (or at the pointer), triggered by the press that began the
    /// gesture, its items tall enough for a finger. Lifting the finger that opened it leaves
    /// it open (GTK would close a menu released off its items), so it can be tapped; sliding
    /// onto an item and lifting there still chooses it.
    func popUp(_ menu: UnsafeMutablePointer<GtkWidget>, at frame: Rect?) {
        let children = gtk_container_get_children(gtkCast(menu))
        var node = children
        while let current = node {
            if let item = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
               g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(item)), gtk_separator_menu_item_get_type()) == 0 {
                gtk_widget_set_size_request(item, Self.menuItemSize.width, Self.menuItemSize.height)
            }
            node = current.pointee.next
        }
        g_list_free(children)
        let opening = OpeningPress()
        Signal.connect(menu, "button-release-event", event: { _ in
            guard opening.pending else { return false }
            opening.pending = false
            return gtk_menu_shell_get_selected_item(gtkCast(menu)) == nil
        })
        gtk_widget_show_all(menu)
        gtk_menu_attach_to_widget(gtkCast(menu), widget, nil)
        if let frame, let window = gtk_widget_get_window(widget) {
            var rect = GdkRectangle(x: Int32(frame.x), y: Int32(frame.y), width: Int32(frame.width), height: Int32(frame.height))
            gtk_menu_popup_at_rect(gtkCast(menu), window, &rect, GDK_GRAVITY_NORTH_WEST, GDK_GRAVITY_SOUTH_WEST, lastPress)
        } else {
            gtk_menu_popup_at_pointer(gtkCast(menu), lastPress)
        }
    }

    /// A menu item's least size: a comfortable touch target.
    static let menuItemSize: (width: Int32, height: Int32) = (220, 44)

    /// Whether the press that opened a menu has yet to be released.
    final class OpeningPress {
        var pending = true
    }

    /// Another keyboard shows: the menus over the old one go.
    func closeMenus() {
        for menu in [keyboardList, candidateList, clipboardList].compactMap({ $0 }) {
            // Possibly called from the menu's own item: destroy it once that returns.
            MainLoop.idle { gtk_widget_destroy(menu) }
        }
        keyboardList = nil
        candidateList = nil
        clipboardList = nil
    }
}
