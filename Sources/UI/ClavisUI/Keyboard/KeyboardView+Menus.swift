import ClavisEngine
import ClavisLayout
import ClavisSession
import GtkKit

/// The menus over the keys: the globe key's list (the keyboards, the editing panel, the
/// hands), the bar's full candidate list, and the editing panel's clipboard list. Each is
/// touch-sized and stays open when the finger that opened it lifts.
extension KeyboardView {
    /// Opens the list of enabled keyboards above `key` (or at the pointer without one);
    /// choosing one shows it. Below them: the editing panel, how the keys sit for the hands
    /// (both, one-handed left or right, split), and Settings… and Add a keyboard… where the
    /// host can open them.
    ///
    /// A long press fires from a timer, when GTK has no current event to place a menu by,
    /// so the menu is anchored to the key's frame and triggered by the press that began it.
    public func showKeyboardList(from key: KeyDefinition? = nil) {
        keyboardList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        for (index, layout) in session.keyboards.layouts.enumerated() {
            append(layout.name, named: layout.id, to: menu, radio: layout.id == session.layout.id) { [weak session] in session?.keyboards.show(at: index) }
        }
        // The editing panel: arrows, Select, the clipboard, Undo (docs/editing.md).
        append("Editing ✎", named: SessionPanel.layoutID, to: menu) { [weak session] in session?.panel.show() }
        // How the keys sit for the hands (docs/hands.md).
        gtk_menu_shell_append(gtkCast(menu), gtk_separator_menu_item_new())
        for mode in HandMode.allCases {
            append(mode.title, named: HandPlacement.key(mode).id, to: menu, radio: mode == session.hands.placement.mode) { [weak session] in
                session?.hands.choose(mode)
            }
        }
        if let open = onOpenSettings {
            gtk_menu_shell_append(gtkCast(menu), gtk_separator_menu_item_new())
            append("Add a keyboard…", named: "add-keyboard", to: menu) { open(true) }
            append("Settings…", named: "settings", to: menu) { open(false) }
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
            append(candidate, named: "candidate-\(index)", to: menu, radio: index == chosen) { [weak session] in session?.bar.chooseCandidate(index) }
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
            gtk_widget_set_sensitive(append("Nothing copied yet", named: "empty", to: menu) {}, 0)
        } else {
            let pins = gtk_menu_new()!
            // Past the most that can be pinned, only unpinning is offered.
            let full = items.count(where: \.isPinned) >= ClipboardHistory.maximumPinned
            for (index, item) in items.enumerated() {
                append((item.isPinned ? "📌 " : "") + item.label, named: "clip-\(index)", to: menu) { [weak session] in
                    session?.clipboard.type(at: index)
                }
                let pin = append(item.label, named: "pin-\(index)", to: pins, checked: item.isPinned) { [weak session] in
                    session?.clipboard.togglePin(at: index)
                }
                if full, !item.isPinned { gtk_widget_set_sensitive(pin, 0) }
            }
            if full {
                gtk_widget_set_sensitive(append("At most \(ClipboardHistory.maximumPinned) are pinned", named: "pin-full", to: pins) {}, 0)
            }
            gtk_menu_shell_append(gtkCast(menu), gtk_separator_menu_item_new())
            let pinning = append("Pin or unpin", named: "pin", to: menu) {}
            gtk_menu_item_set_submenu(gtkCast(pinning), pins)
            append(items.contains(where: \.isPinned) ? "Clear (pinned stay)" : "Clear", named: "clear", to: menu) { [weak session] in
                session?.clipboard.clear()
            }
        }
        popUp(menu, at: geometry.frames.first { $0.key.action == .edit(.clipboard) }?.frame)
        clipboardList = menu
    }

    /// Adds an item named `name` (what tests find it by) to `menu`, doing `action` when
    /// chosen: drawn as a radio button with `radio` (on when true), as a check box with
    /// `checked`, else plain.
    @discardableResult
    private func append(_ label: String, named name: String, to menu: UnsafeMutablePointer<GtkWidget>, radio: Bool? = nil,
                        checked: Bool? = nil, action: @escaping @MainActor @Sendable () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let item: UnsafeMutablePointer<GtkWidget>
        if let on = radio ?? checked {
            item = gtk_check_menu_item_new_with_label(label)!
            if radio != nil { gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1) }
            gtk_check_menu_item_set_active(gtkCast(item), on ? 1 : 0)
        } else {
            item = gtk_menu_item_new_with_label(label)!
        }
        gtk_widget_set_name(item, name)
        Signal.connect(item, "activate", action)
        gtk_menu_shell_append(gtkCast(menu), item)
        return item
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
