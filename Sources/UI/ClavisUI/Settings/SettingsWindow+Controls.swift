import ClavisEngine
import ClavisSettings
import GtkKit

/// The settings window's controls: each shows a setting and writes every change at once
/// through the live settings, and none can hold a value the setting does not take.
extension SettingsWindow {
    /// A switch showing `value` that writes each change through `set`.
    func toggle(_ value: Bool, set: @escaping (inout Settings, Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(gtkCast(toggle), value ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Signal.connect(toggle, "notify::active", pointer: { [weak self] _ in
            let on = gtk_switch_get_active(gtkCast(toggle)) != 0
            self?.change { set(&$0, on) }
        })
        return toggle
    }

    /// Places the controls of the settings declared for `page` (`Settings.Declaration.control`),
    /// section by section in the order given, each with its explanation, then the sections
    /// only input modes' settings name (Korean's), in the order declared: a setting shows in
    /// the window by being declared, not by being named here.
    func placeDeclared(on page: SettingsPage, _ name: String, sections: [(title: String, explanation: String?)]) {
        let settings = live.settings
        var modeSections: [String] = []
        for case let control? in Settings.declarations.map(\.control) where control.page == name {
            if !sections.contains(where: { $0.title == control.section }) && !modeSections.contains(control.section) {
                modeSections.append(control.section)
            }
        }
        for section in sections + modeSections.map({ (title: $0, explanation: String?.none) }) {
            page.section(section.title, section.explanation)
            let switchName = Settings.sectionSwitches[section.title]
            var switched: [UnsafeMutablePointer<GtkWidget>] = []
            defer { if !switched.isEmpty { switchedRows.append((section.title, switched)) } }
            for declaration in Settings.controls(page: name, section: section.title) {
                guard let control = declaration.control else { continue }
                let value = declaration.value(in: settings)
                let widget = switch control.kind {
                case .toggle:
                    toggle(value == "on") { declaration.set($1 ? "on" : "off", in: &$0) }
                case .number(let range, let step, let digits):
                    number(Double(value) ?? range.lowerBound, range.lowerBound, range.upperBound, step, digits: UInt32(digits)) {
                        declaration.set(number: $1, in: &$0)
                    }
                case .choice(let options):
                    choice(options, selected: value) { declaration.set($1, in: &$0) }
                }
                let caption = page.place(control.label, widget)
                if switchName != nil, declaration.name != switchName { switched += [caption, widget] }
            }
        }
        refreshSwitchedSections()
    }

    /// Makes each section's controls sensitive only while the section's feature is on
    /// (`Settings.sectionSwitches`): scanning's timings mean nothing while scanning is off.
    func refreshSwitchedSections() {
        let settings = live.settings
        for (section, widgets) in switchedRows {
            let on = Settings.isSectionOn(section, in: settings)
            for widget in widgets { gtk_widget_set_sensitive(widget, on ? 1 : 0) }
        }
    }

    /// A spin button limited to the setting's range (a value outside it cannot be entered)
    /// that writes each change through `set`.
    func number(_ value: Double, _ low: Double, _ high: Double, _ step: Double, digits: UInt32 = 1,
                set: @escaping (inout Settings, Double) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_spin_button_new_with_range(low, high, step)!
        gtk_spin_button_set_digits(gtkCast(button), digits)
        gtk_spin_button_set_value(gtkCast(button), value)
        Signal.connect(button, "value-changed") { [weak self] in
            let value = gtk_spin_button_get_value(gtkCast(button))
            self?.change { set(&$0, value) }
        }
        return button
    }

    /// A drop-down of `options` (id, label) that writes the chosen id through `set`.
    func choice(_ options: [(id: String, label: String)], selected: String,
                set: @escaping (inout Settings, String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_combo_box_text_new()!
        for option in options { gtk_combo_box_text_append(gtkCast(box), option.id, option.label) }
        gtk_combo_box_set_active_id(gtkCast(box), selected)
        Signal.connect(box, "changed") { [weak self] in
            guard let id = gtk_combo_box_get_active_id(gtkCast(box)) else { return }
            let chosen = String(cString: id)
            self?.change { set(&$0, chosen) }
        }
        return box
    }

    /// A button with a text label, its accessible name `name` when the label alone would not
    /// say what it does ("↑" → "Move English (US) up").
    static func button(_ label: String, name: String? = nil, action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(label)!
        if let name { atk_object_set_name(gtk_widget_get_accessible(button), name) }
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        Signal.connect(button, "clicked") { action() }
        return button
    }

    /// The switch in use, "Choose…" (then "Press your switch now…" until a key or button of
    /// any device is pressed, which becomes the switch) and "Clear".
    func switchChooser(_ role: String, _ value: String, listen: @escaping SwitchListener,
                       set: @escaping (inout Settings, String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let shown = gtk_label_new(value.isEmpty ? "none" : value)!
        let choose = Self.button("Choose…", name: "Choose the \(role) switch") { [weak self] in
            guard let self else { return }
            self.choosing?()
            gtk_label_set_text(gtkCast(shown), "Press your switch now…")
            self.choosing = listen { [weak self] binding in
                self?.choosing?()
                self?.choosing = nil
                gtk_label_set_text(gtkCast(shown), binding.description)
                self?.change { set(&$0, binding.description) }
            }
        }
        let clear = Self.button("Clear", name: "Clear the \(role) switch") { [weak self] in
            self?.choosing?()
            self?.choosing = nil
            gtk_label_set_text(gtkCast(shown), "none")
            self?.change { set(&$0, "") }
        }
        for widget in [shown, choose, clear] { gtk_box_pack_start(gtkCast(box), widget, 0, 0, 0) }
        return box
    }

    /// Changes the settings (saved at once) and the sections that follow them.
    public func change(_ apply: (inout Settings) -> Void) {
        live.update(apply)
        learnedStores.removeClipboardUnlessKept(by: live.settings)
        refreshSwitchedSections()
    }
}
