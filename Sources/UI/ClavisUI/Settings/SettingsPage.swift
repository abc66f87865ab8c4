import GtkKit

/// One page of the settings window: sections with a bold title and a sentence for someone who
/// has never used the feature, then rows of a label and its control, in a column that scrolls.
/// Every control is named for screen readers after its label.
///
///     let page = SettingsPage()
///     page.section("Sound", "A click for every key.")
///     page.place("Key clicks", clicksSwitch)
@MainActor
final class SettingsPage {
    /// What the window's stack shows (a scrolled window).
    let root: UnsafeMutablePointer<GtkWidget>
    private let grid: UnsafeMutablePointer<GtkWidget>
    private var row: Int32 = 0

    init() {
        grid = gtk_grid_new()
        gtk_grid_set_row_spacing(gtkCast(grid), 10)
        gtk_grid_set_column_spacing(gtkCast(grid), 16)
        gtk_container_set_border_width(gtkCast(grid), 18)
        root = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(gtkCast(root), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gtkCast(root), grid)
    }

    /// A bold title and, when given, an explanation under it.
    func section(_ title: String, _ explanation: String? = nil) {
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(gtkCast(label), "<b>\(Self.escaped(title))</b>")
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        if row > 0 { gtk_widget_set_margin_top(label, 12) }
        attach(label)
        if let explanation { attach(Self.paragraph(explanation)) }
    }

    /// A row: the label on the left, the control on the right, named after the label.
    /// Returns the label (made insensitive with its control where a feature is off).
    @discardableResult
    func place(_ label: String, _ control: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let caption = gtk_label_new(label)!
        gtk_widget_set_halign(caption, GTK_ALIGN_START)
        gtk_label_set_line_wrap(gtkCast(caption), 1)
        gtk_label_set_xalign(gtkCast(caption), 0)
        gtk_widget_set_hexpand(caption, 1)
        gtk_label_set_mnemonic_widget(gtkCast(caption), control)
        atk_object_set_name(gtk_widget_get_accessible(control), label)
        gtk_widget_set_halign(control, GTK_ALIGN_END)
        gtk_grid_attach(gtkCast(grid), caption, 0, row, 1, 1)
        gtk_grid_attach(gtkCast(grid), control, 1, row, 1, 1)
        row += 1
        return caption
    }

    /// The commands that do the same from a script, in a line of their own, small and dim,
    /// so the explanations above stay plain sentences.
    func forScripts(_ commands: String) {
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(gtkCast(label), "<small>For scripts: <tt>\(Self.escaped(commands))</tt></small>")
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_label_set_selectable(gtkCast(label), 1)
        // Selectable by the mouse, but never the page's first focus (GTK selects a focused
        // label's whole text: the page would open with the line highlighted).
        gtk_widget_set_can_focus(label, 0)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
        attach(label)
    }

    /// A widget across the page's width.
    func attach(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_grid_attach(gtkCast(grid), widget, 0, row, 2, 1)
        row += 1
    }

    /// A wrapped paragraph of plain text.
    static func paragraph(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_line_wrap(gtkCast(label), 1)
        gtk_label_set_max_width_chars(gtkCast(label), 60)
        gtk_label_set_xalign(gtkCast(label), 0)
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        return label
    }

    /// Text made safe for Pango markup.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
