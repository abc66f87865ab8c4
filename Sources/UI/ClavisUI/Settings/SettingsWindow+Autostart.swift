import ClavisFiles
import ClavisHost
import GtkKit

/// "Start with the desktop" on the Accessibility page: a switch that writes or removes the
/// XDG autostart entry (`Autostart`), for desktops where nothing else starts the keyboard;
/// on GNOME and Plasma under Wayland, a sentence saying how that desktop starts it instead.
extension SettingsWindow {
    func placeAutostart(on page: SettingsPage, _ autostart: Autostart) {
        page.section("Start with the desktop", "Start the keyboard when you log in, hidden until a text field takes the "
            + "focus, so that it is there without a hardware keyboard.")
        if let reason = autostart.startedByDesktop {
            page.attach(SettingsPage.paragraph(reason))
            return
        }
        if autostart.owner == .user {
            // The user's own entry of that name: Clavis neither overwrites nor removes it.
            page.attach(SettingsPage.paragraph("Your own entry \(autostart.path) decides this: Clavis leaves it as it is."))
            return
        }
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(gtkCast(toggle), autostart.isOn ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Signal.connect(toggle, "notify::active", pointer: { _ in
            let on = gtk_switch_get_active(gtkCast(toggle)) != 0
            do {
                try autostart.set(on)
            } catch {
                reportProblem(error, prefix: "clavis settings: cannot \(on ? "write" : "remove") the autostart entry: ")
                // The switch shows what is on disk, not what was asked for.
                if autostart.isOn != on { gtk_switch_set_active(gtkCast(toggle), autostart.isOn ? 1 : 0) }
            }
        })
        autostartSwitch = toggle
        page.place("Start with the desktop", toggle)
        page.forScripts("clavis settings --set startWithDesktop=on|off")
    }
}
