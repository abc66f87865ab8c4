import ClavisEngine
import ClavisDemoForm
import ClavisLayout
import ClavisSession
import GtkKit

/// The demo: a sign-up form with a docked keyboard that types into its focused field.
///
/// The form's state lives in `SignUpViewModel` (its focus in `FormFocusModel`); this window
/// mirrors the focus both ways. GTK moving focus (a click in a field) updates the model; the
/// model moving focus (Return → Next) moves GTK's focus. The model reports only real
/// changes, so neither side echoes the other. The keyboard slides in over the bottom of the
/// window while a field has focus and out when none has (Done on the last field, a click on
/// empty space); the form is padded by the keyboard's height, in step with its slide
/// (a keyboard spacer), and the focused field is scrolled into view above it.
@MainActor
public final class DemoWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The sign-up form's state: texts, errors, registration.
    public let model: SignUpViewModel
    public let form: FormFocusModel
    /// The message label beside each field, by field id.
    public private(set) var errorLabels: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The Register button and the line that reports the outcome.
    public private(set) var registerButton: UnsafeMutablePointer<GtkWidget>!
    public private(set) var statusLabel: UnsafeMutablePointer<GtkWidget>!
    var scroller: UnsafeMutablePointer<GtkWidget>!
    var spacer: UnsafeMutablePointer<GtkWidget>?
    var spacerAnimation: UInt32?
    public let keyboard: KeyboardView
    public let proxy = FieldProxy()
    /// The widgets of each form field, by field id.
    public private(set) var fields: [String: any EditableField] = [:]
    /// The single-line fields' entries, by field id.
    public var entries: [String: UnsafeMutablePointer<GtkEntry>] {
        fields.compactMapValues { ($0 as? EntryField)?.entry }
    }
    let revealer: UnsafeMutablePointer<GtkWidget>
    /// Announces where the keyboard is (docked height, animation duration, floating).
    public let observer = KeyboardObserver()
    /// The keyboard's own window while it floats.
    public internal(set) var floatingWindow: UnsafeMutablePointer<GtkWidget>?
    /// The form's toggle between docked and floating.
    public private(set) var floatToggle: UnsafeMutablePointer<GtkWidget>!
    /// How long the docked keyboard takes to slide in or out, in milliseconds.
    static let slideDuration: UInt32 = 200
    /// The docked keyboard's height, below the form.
    static let keyboardHeight: Int32 = 240

    /// A demo whose keyboard is `session` (typing into the focused field); registrations go
    /// to `repository`.
    public init(session: KeyboardSession, repository: any RegistrationRepository = LocalRegistrationService()) {
        model = SignUpViewModel(repository: repository)
        form = model.focus
        let fields = SignUpViewModel.fields
        keyboard = KeyboardView(session: session)
        session.proxy = proxy

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        gtk_window_set_title(gtkWindow, "Clavis")
        AppIcon.apply(to: gtkWindow)

        let grid = gtk_grid_new()!
        let gridWidget: UnsafeMutablePointer<GtkGrid> = gtkCast(grid)
        // Each field has a line under it for its error, there from the start, so a message
        // never moves or narrows the fields.
        gtk_grid_set_row_spacing(gridWidget, 0)
        gtk_grid_set_column_spacing(gridWidget, 12)
        gtk_container_set_border_width(gtkCast(grid), 14)
        revealer = gtk_revealer_new()
        gtk_widget_set_valign(revealer, GTK_ALIGN_END)
        let gtkRevealer: UnsafeMutablePointer<GtkRevealer> = gtkCast(revealer)
        gtk_revealer_set_transition_type(gtkRevealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_transition_duration(gtkRevealer, Self.slideDuration)
        gtk_container_add(gtkCast(revealer), keyboard.widget)
        gtk_widget_set_size_request(keyboard.widget, 320, Self.keyboardHeight)

        for (row, formField) in fields.enumerated() {
            let label = gtk_label_new(formField.label)!
            gtk_widget_set_halign(label, GTK_ALIGN_END)
            // A field of several lines is labelled at its first line.
            if formField.isMultiline {
                gtk_widget_set_valign(label, GTK_ALIGN_START)
                gtk_widget_set_margin_top(label, 4)
            }
            let field = Self.makeField(formField)
            gtk_grid_attach(gridWidget, label, 0, Int32(2 * row), 1, 1)
            gtk_grid_attach(gridWidget, field.frame, 1, Int32(2 * row), 1, 1)
            let error = gtk_label_new("")!
            gtk_widget_set_halign(error, GTK_ALIGN_START)
            gtk_widget_set_name(error, "\(formField.id)-error")
            gtk_style_context_add_class(gtk_widget_get_style_context(error), "error")
            gtk_label_set_xalign(gtkCast(error), 0)
            gtk_label_set_ellipsize(gtkCast(error), PANGO_ELLIPSIZE_END)
            gtk_widget_set_margin_bottom(error, 4)
            let small = pango_attr_list_new()
            pango_attr_list_insert(small, pango_attr_scale_new(0.85))
            gtk_label_set_attributes(gtkCast(error), small)
            pango_attr_list_unref(small)
            gtk_grid_attach(gridWidget, error, 1, Int32(2 * row + 1), 1, 1)
            // Screen readers: the field is named by its label, labelled by it (GTK adds the
            // labelled-by / label-for pair for a mnemonic widget), and described by its error.
            gtk_label_set_mnemonic_widget(gtkCast(label), field.widget)
            let accessible = gtk_widget_get_accessible(field.widget)
            atk_object_set_name(accessible, formField.label)
            atk_object_add_relationship(accessible, ATK_RELATION_DESCRIBED_BY, gtk_widget_get_accessible(error))
            errorLabels[formField.id] = error
            self.fields[formField.id] = field
            let fieldID = formField.id
            field.watch { [weak self, weak field] in
                guard let self, let field, self.model.registration[fieldID] != field.text else { return }
                self.model.registration[fieldID] = field.text
            }
            guard let entry = (field as? EntryField)?.entry else { continue }
            Signal.connect(entry, "activate") { [weak self] in
                guard self?.form.focusedField == fieldID else { return }
                self?.form.submit()
            }
        }

        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        registerButton = gtk_button_new_with_label("Register")
        gtk_widget_set_focus_on_click(registerButton, 0)
        gtk_widget_set_name(registerButton, "register")
        floatToggle = gtk_toggle_button_new_with_label("Float keyboard")
        gtk_widget_set_can_focus(floatToggle, 0)
        gtk_box_pack_start(gtkCast(buttons), registerButton, 0, 0, 0)
        gtk_box_pack_start(gtkCast(buttons), floatToggle, 0, 0, 0)
        gtk_grid_attach(gridWidget, buttons, 1, Int32(2 * fields.count), 1, 1)
        statusLabel = gtk_label_new("")
        gtk_widget_set_halign(statusLabel, GTK_ALIGN_START)
        gtk_widget_set_name(statusLabel, "status")
        gtk_grid_attach(gridWidget, statusLabel, 1, Int32(2 * fields.count + 1), 1, 1)
        // Tall enough for the whole form, buttons included, above the docked keyboard (GTK
        // measures only shown widgets); a smaller window scrolls the focused field into view.
        gtk_widget_show_all(grid)
        var formHeight: Int32 = 0
        gtk_widget_get_preferred_height(grid, nil, &formHeight)
        gtk_window_set_default_size(gtkWindow, 800, formHeight + Self.keyboardHeight)

        // The form scrolls, padded at the bottom by the spacer, under the keyboard's overlay;
        // a click on its empty space ends editing (endEditing(true)).
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_pack_start(gtkCast(content), grid, 0, 0, 0)
        let spacer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        self.spacer = spacer
        gtk_widget_set_size_request(spacer, -1, 0)
        gtk_box_pack_end(gtkCast(content), spacer, 0, 0, 0)
        // Fields lose focus while the window is destroyed, and the keyboard hides: nothing
        // may pad a spacer that is gone.
        Signal.connect(spacer, "destroy") { [weak self] in
            guard let self else { return }
            self.spacerAnimation.map(MainLoop.cancel)
            self.spacerAnimation = nil
            self.spacer = nil
        }
        let background = gtk_event_box_new()!
        gtk_container_add(gtkCast(background), content)
        scroller = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(gtkCast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gtkCast(scroller), background)
        // The form at its natural height (the message grows with its lines), not its minimum.
        if let viewport = gtk_bin_get_child(gtkCast(scroller)) {
            gtk_scrollable_set_vscroll_policy(OpaquePointer(viewport), GTK_SCROLL_NATURAL)
        }
        let overlay = gtk_overlay_new()!
        gtk_container_add(gtkCast(overlay), scroller)
        gtk_overlay_add_overlay(gtkCast(overlay), revealer)
        gtk_container_add(gtkCast(window), overlay)
        Signal.connect(background, "button-press-event", event: { [weak self] event in
            // Empty space only: a press the text view's gestures took still bubbles up here
            // (GtkTextView has no press handler of its own to stop it).
            guard gtk_get_event_widget(event) == background else { return false }
            self?.form.endEditing(force: true)
            return false
        })

        Signal.connect(window, "size-allocate") { [weak self] (allocation: GdkRectangle) in
            // While floating, the monitor is the host, not this window.
            guard let self, self.floatingWindow == nil else { return }
            self.keyboard.session.area.hostSize = (Double(allocation.width), Double(allocation.height))
        }
        Signal.connect(window, "set-focus", pointer: { [weak self] widget in
            self?.gtkFocusMoved(to: widget)
        })
        form.onFocusChange = { [weak self] field in self?.modelFocusMoved(to: field) }
        Signal.connect(registerButton, "clicked") { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.model.register() }
        }
        model.onChange = { [weak self] in self?.showModel() }
        observer.subscribe { [weak self] change in self?.pad(to: change) }
        Signal.connect(floatToggle, "toggled") { [weak self] in
            guard let self else { return }
            self.setFloating(gtk_toggle_button_get_active(gtkCast(self.floatToggle)) != 0)
        }
        proxy.onReturn = { [weak self] in self?.form.submit() }
        session.onDismiss = { [weak self] in self?.form.focus(nil) }
    }

    /// Shows each field's message and the registration's outcome.
    private func showModel() {
        for (id, label) in errorLabels {
            gtk_label_set_text(gtkCast(label), model.errors[id] ?? "")
        }
        let status: String = switch model.state {
        case .editing: ""
        case .registering: "Registering…"
        case .registered(let name): "Registered \(name)."
        case .failed(let message): message
        }
        gtk_label_set_text(gtkCast(statusLabel), status)
        gtk_widget_set_sensitive(registerButton, model.state == .registering ? 0 : 1)
    }

    /// Records press-to-text latencies into `path` (`--trace-latency`).
    public func traceLatency(to path: String) {
        let trace = LatencyTrace(path: path)
        keyboard.latencyTrace = trace
        proxy.onInserted = { trace.end() }
    }

    /// Keeps a `--geometry-out` file up to date: after every frame drawn (layout, layer,
    /// orientation, size), every move of the window, and every show or hide.
    public func export(to path: String) {
        geometryExport = GeometryExport(path: path)
        keyboard.onDraw = { [weak self] in self?.exportGeometry() }
        Signal.connect(window, "configure-event", event: { [weak self] _ in self?.refreshExport(); return false })
        Signal.connect(revealer, "notify::child-revealed", pointer: { [weak self] _ in self?.refreshExport() })
    }

    private var geometryExport: GeometryExport?

    /// Whether the keyboard is on screen: in its floating window, or revealed in this one.
    private var keyboardOnScreen: Bool {
        floatingWindow.map { gtk_widget_get_visible($0) != 0 } ?? (gtk_revealer_get_child_revealed(gtkCast(revealer)) != 0)
    }

    /// Writes the keys as drawn (from the keyboard's draw handler).
    private func exportGeometry() {
        geometryExport?.write(keyboard, visible: keyboardOnScreen)
    }

    /// After a move, a reveal or a hide: see `GeometryExport.refresh`.
    func refreshExport() {
        geometryExport?.refresh(keyboard, visible: keyboardOnScreen)
    }

    /// Shows the window and focuses the first field, as a form does when it appears.
    ///
    /// The keyboard is there from the first frame: it slides only when focus comes and goes
    /// later, not when the window itself appears.
    public func present() {
        // Instant until the window is up: showing it already focuses the first entry (GTK's
        // default focus), which reveals the keyboard before `onAppear` runs.
        let revealer: UnsafeMutablePointer<GtkRevealer> = gtkCast(self.revealer)
        gtk_revealer_set_transition_duration(revealer, 0)
        gtk_widget_show_all(window)
        form.onAppear()
        gtk_revealer_set_transition_duration(revealer, Self.slideDuration)
        // The form makes room at once too, instead of in step with a slide that did not happen.
        announce(animated: false)
    }

    /// Whether the keyboard is shown (or sliding in).
    public var isKeyboardShown: Bool {
        if let floatingWindow { return gtk_widget_get_visible(floatingWindow) != 0 }
        return gtk_revealer_get_reveal_child(gtkCast(revealer)) != 0
    }


    /// The text of a field.
    public func text(of fieldID: String) -> String {
        fields[fieldID]?.text ?? ""
    }

    private func gtkFocusMoved(to widget: UnsafeMutableRawPointer?) {
        let field = fields.first { UnsafeMutableRawPointer($0.value.widget) == widget }?.key
        guard !form.focus(field) else { return }
        // The field's delegate kept focus (shouldEndEditing): give it back once GTK is done.
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.modelFocusMoved(to: self.form.focusedField)
        }
    }

    /// The names typed in the name fields other than the focused one: the keyboard never
    /// corrects them (UILexicon's contact names). The field being typed in is left out, or
    /// its own half-typed word would count as a name.
    private func supplyNames() {
        let names = ["firstName", "lastName"].filter { $0 != form.focusedField }
            .flatMap { text(of: $0).split(separator: " ").map(String.init) }
        keyboard.session.learning.learnNames(names)
    }

    private func modelFocusMoved(to field: String?) {
        supplyNames()
        let shown = field.flatMap { fields[$0] }
        // The keyboard hears of the move from the proxy (a composition stays in its field).
        proxy.focus(shown, traits: field.map(form.traits(for:)) ?? TextInputTraits())
        if let shown {
            if gtk_widget_is_focus(shown.widget) == 0 {
                gtk_widget_grab_focus(shown.widget)
                // Focus from the keyboard puts the caret at the end, as on iOS, instead of
                // GtkEntry's select-all (which the next key press would replace).
                shown.moveCaret(to: shown.text.unicodeScalars.count)
            }
        } else {
            gtk_window_set_focus(gtkCast(window), nil)
        }
        gtk_revealer_set_reveal_child(gtkCast(revealer), shown == nil ? 0 : 1)
        if let floatingWindow {
            gtk_widget_set_visible(floatingWindow, shown == nil ? 0 : 1)
            keepFloatingKeyboardOffFocusedField()
        }
        announce(animated: true)
        // Focus moving between fields leaves the keyboard where it is: scroll here too.
        MainLoop.idle { [weak self] in self?.scrollFocusedFieldIntoView() }
    }

    /// The widgets of one form field: an entry, or for a field of several lines a text view
    /// in a frame that grows with its text from two lines to five and scrolls beyond them.
    private static func makeField(_ formField: FormField) -> any EditableField {
        guard formField.isMultiline else {
            let entryWidget = gtk_entry_new()!
            gtk_widget_set_hexpand(entryWidget, 1)
            gtk_widget_set_name(entryWidget, formField.id)
            let entry: UnsafeMutablePointer<GtkEntry> = gtkCast(entryWidget)
            // No placeholder: the label beside the field names it, and GTK 3.24 measures a
            // drag across an empty field in the placeholder's text (a caret past the text).
            if formField.keyboardType == .emailAddress { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_EMAIL) }
            if formField.contentType?.isName == true { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_NAME) }
            if formField.isSecure { gtk_entry_set_visibility(entry, 0) }
            return EntryField(entry)
        }
        let viewWidget = gtk_text_view_new()!
        gtk_widget_set_name(viewWidget, formField.id)
        let view: UnsafeMutablePointer<GtkTextView> = gtkCast(viewWidget)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        // Tab moves on through the form, as in the entries.
        gtk_text_view_set_accepts_tab(view, 0)
        gtk_text_view_set_input_purpose(view, GTK_INPUT_PURPOSE_FREE_FORM)
        gtk_text_view_set_input_hints(view, GTK_INPUT_HINT_SPELLCHECK)
        gtk_text_view_set_left_margin(view, 6)
        gtk_text_view_set_right_margin(view, 6)
        gtk_text_view_set_top_margin(view, 3)
        gtk_text_view_set_bottom_margin(view, 3)
        let frame = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gtkCast(frame), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(gtkCast(frame), GTK_SHADOW_IN)
        // Two lines at first, growing with the text to five, then scrolling (a chat field's
        // way): the form still fits above the keyboard at the size it opens at.
        gtk_scrolled_window_set_min_content_height(gtkCast(frame), 40)
        gtk_scrolled_window_set_max_content_height(gtkCast(frame), 100)
        gtk_scrolled_window_set_propagate_natural_height(gtkCast(frame), 1)
        gtk_widget_set_hexpand(frame, 1)
        gtk_container_add(gtkCast(frame), viewWidget)
        return TextViewField(view, frame: frame)
    }
}
