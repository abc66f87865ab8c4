import ClavisFiles
import ClavisHost
import ClavisLayout
import ClavisSettings
import GtkKit

/// The Appearance page: every theme as a picture of the keyboard drawn by the keyboard's own
/// painter, the one in use marked; following the desktop's dark style; the size; the monitor
/// a docked keyboard goes on (where there are several); how the keys sit for the hands; the
/// user's themes folder.
extension SettingsWindow {
    func appearancePage(preview: KeyboardGeometry?) -> SettingsPage {
        let page = SettingsPage()
        page.section("Theme", "Choose how the keys look. The pictures are the keyboard itself, drawn in each theme.")
        followDesktopSwitch = toggle(live.settings.theme == "system") { settings, on in
            settings.theme = on ? "system" : ThemeManager.systemDefault()
        }
        Signal.connect(followDesktopSwitch, "notify::active", pointer: { [weak self] _ in self?.markTheme() })
        page.place("Follow the desktop's dark style (light or dark)", followDesktopSwitch)
        let flow = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(gtkCast(flow), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(gtkCast(flow), 3)
        gtk_flow_box_set_column_spacing(gtkCast(flow), 12)
        gtk_flow_box_set_row_spacing(gtkCast(flow), 12)
        for theme in ThemeManager.available() {
            let card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            if let preview, let file = ThemeManager.file(for: theme), let style = ThemeManager.previewStyle(file: file) {
                if let pixbuf = OffscreenRenderer(style: style).pixbuf(preview) {
                    gtk_box_pack_start(gtkCast(card), gtk_image_new_from_pixbuf(pixbuf), 0, 0, 0)
                    g_object_unref(UnsafeMutableRawPointer(pixbuf))
                }
                g_object_unref(UnsafeMutableRawPointer(style))
            }
            let label = gtk_label_new(Self.title(ofTheme: theme))!
            gtk_box_pack_start(gtkCast(card), label, 0, 0, 0)
            let button = gtk_button_new()!
            gtk_container_add(gtkCast(button), card)
            Signal.connect(button, "clicked") { [weak self] in self?.chooseTheme(theme) }
            gtk_container_add(gtkCast(flow), button)
            themeButtons.append((theme, button, label))
        }
        page.attach(flow)
        markTheme()
        page.section("Size", "How tall the keyboard is when it types into your other applications. Its usual height is a "
            + "third of the screen, at most 320 pixels. A floating keyboard you resized keeps its size.")
        page.place("Keyboard height (times the usual)", number(live.settings.keyboardHeight, 0.6, 1.5, 0.05, digits: 2) { $0.keyboardHeight = $1 })
        // The monitors as they are when the window opens.
        let monitors = KeyboardWindow.monitors().map(\.area)
        if monitors.count > 1 || DockMonitor(setting: live.settings.dockMonitor) != .focused {
            page.section("Monitor", "Where there are several monitors, the docked keyboard goes on one of them and keeps "
                + "room for itself there only.")
            page.place("Monitor for the docked keyboard",
                       choice(DockMonitor.choices(for: monitors, current: live.settings.dockMonitor),
                              selected: DockMonitor.choiceID(for: monitors, current: live.settings.dockMonitor)) { $0.dockMonitor = $1 })
        }
        placeDeclared(on: page, "appearance", sections: [
            ("Hands", "Type with one hand: the keys move into a narrower block at the left or right edge, and the strip "
                + "beside it moves them across or brings back the whole keyboard. Split puts the keys in two halves at "
                + "the edges for your thumbs on a tablet held sideways (in landscape only). Holding the globe key "
                + "lists these too."),
        ])
        page.section("Your own themes", "A theme is a CSS file in your themes folder. A new one shows here the next time "
            + "this window opens. The Clavis documentation (themes.md) lists what a theme can style.")
        // Where no file manager opens it, the button says where the folder is instead.
        let outcome = SettingsPage.paragraph("")
        atk_object_set_name(gtk_widget_get_accessible(outcome), "Where the themes folder is")
        let open = Self.button("Open the themes folder") {
            let folder = ThemeManager.userFolder()
            do {
                try Files.createDirectories(folder)
            } catch {
                gtk_label_set_text(gtkCast(outcome), "The folder \(folder) cannot be made: \(error)")
                return
            }
            var failure: UnsafeMutablePointer<GError>?
            if gtk_show_uri_on_window(nil, "file://" + folder, guint32(GDK_CURRENT_TIME), &failure) == 0 {
                let reason = failure.map { String(cString: $0.pointee.message) } ?? "no application opens folders"
                if let failure { g_error_free(failure) }
                gtk_label_set_text(gtkCast(outcome), "No application could open it (\(reason)). Your themes folder is \(folder)")
            } else {
                gtk_label_set_text(gtkCast(outcome), "")
            }
        }
        gtk_widget_set_halign(open, GTK_ALIGN_START)
        page.attach(open)
        gtk_label_set_selectable(gtkCast(outcome), 1)
        gtk_widget_set_can_focus(outcome, 0)
        page.attach(outcome)
        return page
    }

    /// "High contrast" for `high-contrast`, a user file's name as it is.
    static func title(ofTheme theme: String) -> String {
        switch theme {
        case "light": "Light"
        case "dark": "Dark"
        case "high-contrast": "High contrast"
        default: theme
        }
    }

    /// Uses a theme (no longer following the desktop).
    public func chooseTheme(_ theme: String) {
        // Turning the switch off writes the desktop's theme first; the choice then replaces it.
        if gtk_switch_get_active(gtkCast(followDesktopSwitch)) != 0 { gtk_switch_set_active(gtkCast(followDesktopSwitch), 0) }
        live.update { $0.theme = theme }
        markTheme()
    }

    /// Marks the theme in use (by name, for screen readers too: "Dark, in use").
    func markTheme() {
        let current = live.settings.theme == "system" ? ThemeManager.systemDefault() : live.settings.theme
        for (theme, button, label) in themeButtons {
            let inUse = theme == current
            let title = Self.title(ofTheme: theme)
            gtk_label_set_markup(gtkCast(label), inUse ? "<b>✓ \(SettingsPage.escaped(title))</b>" : SettingsPage.escaped(title))
            atk_object_set_name(gtk_widget_get_accessible(button), inUse ? "\(title) theme, in use" : "\(title) theme")
        }
    }
}
