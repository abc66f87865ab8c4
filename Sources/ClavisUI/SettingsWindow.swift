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

    /// Hears the next key or button pressed on any device and hands it over once; returns a
    /// function that stops listening. `nil` where devices cannot be heard (not on X11).
    public typealias SwitchListener = (_ heard: @escaping @MainActor (SwitchBinding) -> Void) -> (() -> Void)

    /// The switch being chosen ("press your switch now"), and how to stop listening for it.
    private var choosing: (() -> Void)?

    /// A window over `live` offering `layouts`; "Forget learned words" empties `learnedStores`;
    /// `listenForSwitch` lets the user choose a scanning switch by pressing it.
    public init(live: LiveSettings, layouts: [(id: String, name: String)], learnedStores: [UserWordStore],
                listenForSwitch: SwitchListener? = nil) {
        self.live = live
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gtkCast(window), "Clavis Settings")
        gtk_window_set_default_size(gtkCast(window), 480, 640)
        AppIcon.apply(to: gtkCast(window))
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(gtkCast(grid), 10)
        gtk_grid_set_column_spacing(gtkCast(grid), 16)
        gtk_container_set_border_width(gtkCast(grid), 18)
        // Taller than a small screen with every section: it scrolls.
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gtkCast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gtkCast(scroller), grid)
        gtk_container_add(gtkCast(window), scroller)
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
        place("Swipe typing (draw a word across the letters)", toggle(settings.swipe) { $0.swipe = $1 })
        place("Allow full access (learn words)", toggle(settings.allowFullAccess) { settings, on in settings.allowFullAccess = on })
        place("Stay hidden while a hardware keyboard is used (auto-show)",
              toggle(settings.hideWithHardwareKeyboard) { settings, on in settings.hideWithHardwareKeyboard = on })

        func section(_ title: String, _ explanation: String) {
            let label = gtk_label_new(nil)!
            gtk_label_set_markup(gtkCast(label), "<b>\(title)</b>")
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            gtk_widget_set_margin_top(label, 12)
            gtk_grid_attach(gtkCast(grid), label, 0, row, 2, 1)
            row += 1
            let text = gtk_label_new(explanation)!
            gtk_label_set_line_wrap(gtkCast(text), 1)
            gtk_label_set_max_width_chars(gtkCast(text), 52)
            gtk_label_set_xalign(gtkCast(text), 0)
            gtk_widget_set_halign(text, GTK_ALIGN_START)
            gtk_grid_attach(gtkCast(grid), text, 0, row, 2, 1)
            row += 1
        }
        section("Switch scanning", "For typing with one or more switches instead of pointing: a highlight moves over the "
            + "rows, then the keys of the row you choose. Auto: it moves by itself, your switch chooses. Step: one switch moves "
            + "it, another chooses. Hold: it moves while your switch is held and chooses where you let go. Directed: four "
            + "switches move it key by key. While scanning, a click in the keyboard is a switch (left: choose, right: move); "
            + "`clavis scan next` and `clavis scan select` are switches for any tool (docs/accessibility.md).")
        let modes: [(ScanSettings.Mode, String)] = [(.off, "Off"), (.auto, "Auto"), (.step, "Step (two switches)"),
                                                    (.hold, "Hold to scan"), (.directed, "Directed (arrows)")]
        place("Scanning", choice(modes.map { ($0.0.rawValue, $0.1) }, selected: settings.scanning.rawValue) { settings, id in
            settings.scanning = ScanSettings.Mode(rawValue: id) ?? .off
        })
        place("Time per step (s)", number(settings.scanInterval, 0.3, 5, 0.1) { $0.scanInterval = $1 })
        place("Extra time on a group's first item (s)", number(settings.scanFirstItemDelay, 0, 5, 0.1) { $0.scanFirstItemDelay = $1 })
        place("Rounds before auto-scan stops", number(Double(settings.scanCycles), 1, 10, 1, digits: 0) { $0.scanCycles = Int($1) })
        place("Groups", choice([("rows", "Row, then key"), ("blocks", "Row, then block, then key")], selected: settings.scanOrder.rawValue) {
            settings, id in settings.scanOrder = ScanGroups.Order(rawValue: id) ?? .rows
        })
        place("Holding the switch backs out of a group", toggle(settings.scanLongPressBacks) { $0.scanLongPressBacks = $1 })
        place("A sound on every step", toggle(settings.scanSound) { $0.scanSound = $1 })
        if let listenForSwitch {
            place("Select switch", switchChooser("select", settings.scanSelectSwitch, listen: listenForSwitch) { $0.scanSelectSwitch = $1 })
            place("Next switch", switchChooser("next", settings.scanNextSwitch, listen: listenForSwitch) { $0.scanNextSwitch = $1 })
        }
        section("Dwell clicking", "For a head or eye pointer that can point but not click: rest the pointer on a key and it is "
            + "pressed when the ring around it closes. Move off (or a little) before pressing the same key again. \"Pause\" "
            + "at the bar's right end stops and resumes dwelling; \"Hold\" makes the next dwell a long press (accented letters).")
        place("Dwell clicking", toggle(settings.dwell) { $0.dwell = $1 })
        place("Dwell time (s)", number(settings.dwellTime, 0.3, 3, 0.1) { $0.dwellTime = $1 })

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

    /// A spin button limited to the setting's range (a value outside it cannot be entered)
    /// that writes each change through `set`.
    private func number(_ value: Double, _ low: Double, _ high: Double, _ step: Double, digits: UInt32 = 1,
                        set: @escaping (inout Settings, Double) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = spin(value, low, high, step, digits: digits)
        Signal.connect(button, "value-changed") { [weak self] in
            let value = gtk_spin_button_get_value(gtkCast(button))
            self?.live.update { set(&$0, value) }
        }
        return button
    }

    /// The switch in use, "Choose…" (then "Press your switch now…" until a key or button of
    /// any device is pressed, which becomes the switch) and "Clear".
    private func switchChooser(_ role: String, _ value: String, listen: @escaping SwitchListener,
                               set: @escaping (inout Settings, String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let shown = gtk_label_new(value.isEmpty ? "none" : value)!
        let choose = gtk_button_new_with_label("Choose…")!
        let clear = gtk_button_new_with_label("Clear")!
        // Screen readers and switch tools tell the two rows' buttons apart by these names.
        atk_object_set_name(gtk_widget_get_accessible(choose), "Choose the \(role) switch")
        atk_object_set_name(gtk_widget_get_accessible(clear), "Clear the \(role) switch")
        for widget in [shown, choose, clear] { gtk_box_pack_start(gtkCast(box), widget, 0, 0, 0) }
        Signal.connect(choose, "clicked") { [weak self] in
            guard let self else { return }
            self.choosing?()
            gtk_label_set_text(gtkCast(shown), "Press your switch now…")
            self.choosing = listen { [weak self] binding in
                self?.choosing?()
                self?.choosing = nil
                gtk_label_set_text(gtkCast(shown), binding.description)
                self?.live.update { set(&$0, binding.description) }
            }
        }
        Signal.connect(clear, "clicked") { [weak self] in
            self?.choosing?()
            self?.choosing = nil
            gtk_label_set_text(gtkCast(shown), "none")
            self?.live.update { set(&$0, "") }
        }
        return box
    }

    /// A drop-down of `options` (id, label) that writes the chosen id through `set`.
    private func choice(_ options: [(id: String, label: String)], selected: String,
                        set: @escaping (inout Settings, String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_combo_box_text_new()!
        for option in options { gtk_combo_box_text_append(gtkCast(box), option.id, option.label) }
        gtk_combo_box_set_active_id(gtkCast(box), selected)
        Signal.connect(box, "changed") { [weak self] in
            guard let id = gtk_combo_box_get_active_id(gtkCast(box)) else { return }
            let chosen = String(cString: id)
            self?.live.update { set(&$0, chosen) }
        }
        return box
    }

    private func spin(_ value: Double, _ low: Double, _ high: Double, _ step: Double, digits: UInt32 = 2) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_spin_button_new_with_range(low, high, step)!
        gtk_spin_button_set_digits(gtkCast(button), digits)
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
