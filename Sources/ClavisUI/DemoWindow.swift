import ClavisEngine
import ClavisForm
import ClavisLayout
import ClavisSound
import GtkKit

/// The demo: a small form above a docked keyboard that types into its focused field.
///
/// The form's focus lives in `FormFocusModel`; this window mirrors it both ways. GTK moving
/// focus (a click in a field) updates the model; the model moving focus (Return → Next)
/// moves GTK's focus. The model reports only real changes, so neither side echoes the other.
/// The keyboard slides in while a field has focus and out when none has (Done on the last
/// field).
@MainActor
public final class DemoWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let form: FormFocusModel
    public let keyboard: KeyboardView
    public let proxy = EntryProxy()
    /// The entry widget of each form field, by field id.
    public private(set) var entries: [String: UnsafeMutablePointer<GtkEntry>] = [:]
    private let revealer: UnsafeMutablePointer<GtkWidget>

    /// The fields the foundation's form shows.
    public static let defaultFields = [
        FormField(id: "firstName", label: "First name"),
        FormField(id: "lastName", label: "Last name"),
        FormField(id: "email", label: "Email"),
    ]

    /// A demo whose keyboard cycles through `layouts` with its globe key.
    public init(layouts: [KeyboardLayout], fields: [FormField] = DemoWindow.defaultFields,
                sounds: (any SoundPlayer)? = nil) {
        form = FormFocusModel(fields: fields)
        keyboard = KeyboardView(layouts: layouts)
        keyboard.proxy = proxy
        keyboard.sounds = sounds
        let library = LayoutLibrary()
        keyboard.variant = { try? library.load($0) }

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        gtk_window_set_title(gtkWindow, "Clavis")
        gtk_window_set_default_size(gtkWindow, 800, 520)
        gtk_window_set_icon_name(gtkWindow, "clavis")

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let grid = gtk_grid_new()!
        let gridWidget: UnsafeMutablePointer<GtkGrid> = gtkCast(grid)
        gtk_grid_set_row_spacing(gridWidget, 8)
        gtk_grid_set_column_spacing(gridWidget, 12)
        gtk_container_set_border_width(gtkCast(grid), 18)
        gtk_widget_set_vexpand(grid, 1)

        revealer = gtk_revealer_new()
        let gtkRevealer: UnsafeMutablePointer<GtkRevealer> = gtkCast(revealer)
        gtk_revealer_set_transition_type(gtkRevealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_transition_duration(gtkRevealer, 200)
        gtk_container_add(gtkCast(revealer), keyboard.widget)
        gtk_widget_set_size_request(keyboard.widget, 320, 240)

        for (row, field) in fields.enumerated() {
            let label = gtk_label_new(field.label)!
            gtk_widget_set_halign(label, GTK_ALIGN_END)
            let entryWidget = gtk_entry_new()!
            gtk_widget_set_hexpand(entryWidget, 1)
            gtk_widget_set_name(entryWidget, field.id)
            let entry: UnsafeMutablePointer<GtkEntry> = gtkCast(entryWidget)
            gtk_entry_set_placeholder_text(entry, field.label)
            if field.id == "email" { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_EMAIL) }
            gtk_grid_attach(gridWidget, label, 0, Int32(row), 1, 1)
            gtk_grid_attach(gridWidget, entryWidget, 1, Int32(row), 1, 1)
            entries[field.id] = entry
            let fieldID = field.id
            Signal.connect(entryWidget, "activate") { [weak self] in
                guard self?.form.focusedField == fieldID else { return }
                self?.form.submit()
            }
        }

        gtk_box_pack_start(gtkCast(column), grid, 1, 1, 0)
        gtk_box_pack_end(gtkCast(column), revealer, 0, 0, 0)
        gtk_container_add(gtkCast(window), column)

        Signal.connect(window, "size-allocate") { [weak self] (allocation: GdkRectangle) in
            self?.keyboard.hostSize = (Double(allocation.width), Double(allocation.height))
        }
        Signal.connect(window, "set-focus", pointer: { [weak self] widget in
            self?.gtkFocusMoved(to: widget)
        })
        form.onFocusChange = { [weak self] field in self?.modelFocusMoved(to: field) }
        proxy.onReturn = { [weak self] in self?.form.submit() }
        keyboard.onDismiss = { [weak self] in self?.form.focus(nil) }
    }

    /// Applies settings to the running keyboard: clicks on or off and their volume, the
    /// repeat timing, and the enabled keyboards (when `loadKeyboards` is given; the command
    /// line's `--layout` wins over the settings, so the app passes `nil` then).
    public func apply(_ settings: Settings, player: CanberraSoundPlayer?,
                      loadKeyboards: (([String]) -> [KeyboardLayout])?) {
        player?.isEnabled = settings.soundsEnabled
        player?.volumeDecibels = settings.soundVolume
        keyboard.timing = settings.keyTiming
        if let loadKeyboards, settings.enabledKeyboards != keyboard.layouts.map(\.id) {
            keyboard.layouts = loadKeyboards(settings.enabledKeyboards)
        }
    }

    /// Keeps a `--geometry-out` file up to date: after every frame drawn (layout, layer,
    /// orientation, size), every move of the window, and every show or hide.
    public func export(to path: String) {
        let export = GeometryExport(path: path)
        let write = { [weak self] in
            guard let self else { return }
            export.write(self.keyboard, visible: gtk_revealer_get_child_revealed(gtkCast(self.revealer)) != 0)
        }
        keyboard.onDraw = write
        Signal.connect(window, "configure-event", event: { _ in write(); return false })
        Signal.connect(revealer, "notify::child-revealed", pointer: { _ in write() })
        geometryExport = export
    }

    private var geometryExport: GeometryExport?

    /// Shows the window and focuses the first field, as a form does when it appears.
    public func present() {
        gtk_widget_show_all(window)
        form.onAppear()
    }

    /// Whether the keyboard is shown (or sliding in).
    public var isKeyboardShown: Bool {
        gtk_revealer_get_reveal_child(gtkCast(revealer)) != 0
    }

    /// The text of a field.
    public func text(of fieldID: String) -> String {
        entries[fieldID].map { gtkString(gtk_entry_get_text($0)) } ?? ""
    }

    private func gtkFocusMoved(to widget: UnsafeMutableRawPointer?) {
        let field = entries.first { UnsafeMutableRawPointer($0.value) == widget }?.key
        form.focus(field)
    }

    private func modelFocusMoved(to field: String?) {
        let entry = field.flatMap { entries[$0] }
        proxy.entry = entry
        proxy.traits = TextInputTraits(
            keyboardType: field == "email" ? .emailAddress : .default,
            returnKeyType: field.map(form.returnKeyType(for:)) ?? .default,
            autocapitalizationType: field == "email" ? .none : .words)
        keyboard.adapt(to: proxy.traits)
        keyboard.controller.textDidChange()
        if let entry {
            let widget: UnsafeMutablePointer<GtkWidget> = gtkCast(entry)
            if gtk_widget_is_focus(widget) == 0 {
                gtk_widget_grab_focus(widget)
                // Focus from the keyboard puts the caret at the end, as on iOS, instead of
                // GtkEntry's select-all (which the next key press would replace).
                gtk_editable_set_position(OpaquePointer(entry), -1)
            }
        } else {
            gtk_window_set_focus(gtkCast(window), nil)
        }
        gtk_revealer_set_reveal_child(gtkCast(revealer), entry == nil ? 0 : 1)
        keyboard.redraw()
    }
}
