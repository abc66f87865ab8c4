import ClavisEngine
import ClavisLayout
import ClavisSettings
import ClavisText
import GtkKit

/// `clavis settings`: the keyboard's "container app", a window whose every change is saved
/// at once to the settings file the running keyboard watches.
@MainActor
public final class SettingsWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let live: LiveSettings
    /// The check button of each available keyboard, by layout id.
    public private(set) var keyboardButtons: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    public private(set) var soundsSwitch: UnsafeMutablePointer<GtkWidget>!

    /// A window over `live` offering `layouts`; "Forget learned words" empties `learnedStores`.
    public init(live: LiveSettings, layouts: [(id: String, name: String)], learnedStores: [UserWordStore]) {
        self.live = live
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gtkCast(window), "Clavis Settings")
        gtk_window_set_default_size(gtkCast(window), 420, 520)
        AppIcon.apply(to: gtkCast(window))
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(gtkCast(grid), 10)
        gtk_grid_set_column_spacing(gtkCast(grid), 16)
        gtk_container_set_border_width(gtkCast(grid), 18)
        gtk_container_add(gtkCast(window), grid)
        var row: Int32 = 0
        func place(_ label: String, _ widget: UnsafeMutablePointer<GtkWidget>) {
            let caption = gtk_label_new(label)!
            gtk_widget_set_halign(caption, GTK_ALIGN_START)
            gtk_grid_attach(gtkCast(grid), caption, 0, row, 1, 1)
            gtk_grid_attach(gtkCast(grid), widget, 1, row, 1, 1)
            row += 1
        }
        let heading = gtk_label_new("Keyboards (the globe key cycles through them)")!
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_grid_attach(gtkCast(grid), heading, 0, row, 2, 1)
        row += 1
        let settings = live.settings
        for layout in layouts {
            let button = gtk_check_button_new_with_label("\(layout.name) (\(layout.id))")!
            gtk_toggle_button_set_active(gtkCast(button), settings.enabledKeyboards.contains(layout.id) ? 1 : 0)
            gtk_grid_attach(gtkCast(grid), button, 0, row, 2, 1)
            row += 1
            keyboardButtons[layout.id] = button
            let id = layout.id
            Signal.connect(button, "toggled") { [weak self] in self?.keyboardToggled(id) }
        }

        soundsSwitch = gtk_switch_new()
        gtk_switch_set_active(gtkCast(soundsSwitch), settings.soundsEnabled ? 1 : 0)
        gtk_widget_set_halign(soundsSwitch, GTK_ALIGN_END)
        place("Key clicks", soundsSwitch)
        Signal.connect(soundsSwitch, "notify::active", pointer: { [weak self] _ in
            guard let self else { return }
            let on = gtk_switch_get_active(gtkCast(self.soundsSwitch)) != 0
            self.live.update { $0.soundsEnabled = on }
        })

        let volume = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, -30, 0, 1)!
        gtk_range_set_value(gtkCast(volume), settings.soundVolume)
        gtk_widget_set_hexpand(volume, 1)
        place("Click volume (dB)", volume)
        Signal.connect(volume, "value-changed") { [weak self] in
            let value = gtk_range_get_value(gtkCast(volume))
            self?.live.update { $0.soundVolume = value }
        }

        let delay = spin(settings.repeatDelay, 0.1, 2, 0.05)
        place("Delete repeats after (s)", delay)
        Signal.connect(delay, "value-changed") { [weak self] in
            let value = gtk_spin_button_get_value(gtkCast(delay))
            self?.live.update { $0.repeatDelay = value }
        }
        let interval = spin(settings.repeatInterval, 0.02, 1, 0.01)
        place("then every (s)", interval)
        Signal.connect(interval, "value-changed") { [weak self] in
            let value = gtk_spin_button_get_value(gtkCast(interval))
            self?.live.update { $0.repeatInterval = value }
        }

        place("Suggestions and auto-correction", toggle(settings.suggestions) { settings, on in settings.suggestions = on })
        place("Allow full access (learn words)", toggle(settings.allowFullAccess) { settings, on in settings.allowFullAccess = on })
        place("Stay hidden while a hardware keyboard is used (auto-show)",
              toggle(settings.hideWithHardwareKeyboard) { settings, on in settings.hideWithHardwareKeyboard = on })

        let forget = gtk_button_new_with_label("Forget learned words")!
        gtk_widget_set_halign(forget, GTK_ALIGN_END)
        place("Learned words", forget)
        Signal.connect(forget, "clicked") { [weak self] in
            learnedStores.forEach { $0.clear() }
            self?.live.update { $0.learnedWordsCleared += 1 }
            gtk_button_set_label(gtkCast(forget), "Forgotten")
        }
    }

    /// A switch showing `value` that writes each change through `set` into the live settings.
    private func toggle(_ value: Bool, set: @escaping (inout Settings, Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(gtkCast(toggle), value ? 1 : 0)
        gtk_widget_set_halign(toggle, GTK_ALIGN_END)
        Signal.connect(toggle, "notify::active", pointer: { [weak self] _ in
            let on = gtk_switch_get_active(gtkCast(toggle)) != 0
            self?.live.update { set(&$0, on) }
        })
        return toggle
    }

    private func spin(_ value: Double, _ low: Double, _ high: Double, _ step: Double) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_spin_button_new_with_range(low, high, step)!
        gtk_spin_button_set_digits(gtkCast(button), 2)
        gtk_spin_button_set_value(gtkCast(button), value)
        return button
    }

    private func keyboardToggled(_ id: String) {
        let on = keyboardButtons[id].map { gtk_toggle_button_get_active(gtkCast($0)) != 0 } ?? false
        var enabled = live.settings.enabledKeyboards.filter { $0 != id }
        if on { enabled.append(id) }
        // At least one keyboard stays enabled.
        guard !enabled.isEmpty else {
            if let button = keyboardButtons[id] { gtk_toggle_button_set_active(gtkCast(button), 1) }
            return
        }
        live.update { $0.enabledKeyboards = enabled }
    }
}
