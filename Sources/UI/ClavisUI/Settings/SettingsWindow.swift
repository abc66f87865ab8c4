import ClavisEngine
import ClavisHost
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings
import GtkKit

/// `clavis settings`: the keyboard's "container app" (an iOS keyboard ships inside one), pages in a sidebar as GNOME
/// Settings has them — Keyboards, Appearance, Typing, Sound, Accessibility, Privacy — whose
/// every change is saved at once to the settings file the running keyboard watches.
///
///     let window = SettingsWindow(live: LiveSettings(store: store), catalog: .installed())
///     gtk_widget_show_all(window.window)
@MainActor
public final class SettingsWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let live: LiveSettings
    /// Every keyboard that can be added, with its name.
    public let catalog: KeyboardCatalog
    /// Where the learned words, conversions and recent emoji are kept (Privacy).
    let learnedStores: LearnedStores
    /// The pages, by name ("keyboards", "appearance", …).
    public let stack: UnsafeMutablePointer<GtkWidget>
    public private(set) var soundsSwitch: UnsafeMutablePointer<GtkWidget>!
    /// The enabled keyboards' list and its rows (rebuilt when the order changes).
    var enabledList: UnsafeMutablePointer<GtkWidget>!
    var enabledRows: [UnsafeMutablePointer<GtkWidget>] = []
    /// Each enabled keyboard's "Suggests in …" line, by keyboard id.
    var summaryLabels: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The add-a-keyboard window while it is open.
    var addWindow: UnsafeMutablePointer<GtkWidget>?
    /// "Removed Deutsch. Undo": shown after a keyboard is removed, until the next change.
    var removalNotice: (row: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)?
    /// The keyboard last removed and where it was, for the notice's Undo.
    var lastRemoved: (id: String, index: Int)?
    /// The keyboard chosen in the add window, which its Add button adds.
    var chosenToAdd: String?
    /// A keyboard's solved keys at `previewSize`, for its picture in the add window.
    let previewKeyboard: ((String) -> KeyboardGeometry?)?
    /// The theme previews' buttons and the switch that follows the desktop.
    var themeButtons: [(theme: String, button: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)] = []
    var followDesktopSwitch: UnsafeMutablePointer<GtkWidget>!
    /// The autostart entry "Start with the desktop" writes; nil: the switch is not shown.
    let autostart: Autostart?
    /// That switch, where the desktop needs it.
    public internal(set) var autostartSwitch: UnsafeMutablePointer<GtkWidget>?
    /// The lists of what was learned (words, conversions, recent emoji).
    var learnedLists: [LearnedList] = []
    /// The controls of sections a setting switches on and off, by section (`refreshSwitchedSections`).
    public internal(set) var switchedRows: [(section: String, widgets: [UnsafeMutablePointer<GtkWidget>])] = []

    /// Hears the next key or button pressed on any device and hands it over once; returns a
    /// function that stops listening. `nil` where devices cannot be heard (not on X11).
    public typealias SwitchListener = (_ heard: @escaping @MainActor (SwitchBinding) -> Void) -> (() -> Void)

    /// The switch being chosen ("press your switch now"), and how to stop listening for it.
    var choosing: (() -> Void)?

    /// A window over `live`: `catalog` lists the keyboards to add, `learnedStores` holds what
    /// Privacy lists and forgets, `preview` is the keyboard the themes are drawn on, `play`
    /// plays a click, `listenForSwitch` lets the user choose a scanning switch by pressing it,
    /// `autostart` is the entry "Start with the desktop" writes.
    public init(live: LiveSettings, catalog: KeyboardCatalog, learnedStores: LearnedStores = LearnedStores(),
                preview: KeyboardGeometry? = nil, previewKeyboard: ((String) -> KeyboardGeometry?)? = nil,
                play: ((SoundClass) -> Void)? = nil, soundAvailability: (() -> String?)? = nil,
                listenForSwitch: SwitchListener? = nil, autostart: Autostart? = nil) {
        self.live = live
        self.autostart = autostart
        self.previewKeyboard = previewKeyboard
        self.catalog = catalog
        self.learnedStores = learnedStores
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gtkCast(window), "Clavis Settings")
        gtk_window_set_default_size(gtkCast(window), 760, 560)
        AppIcon.apply(to: gtkCast(window))
        stack = gtk_stack_new()
        gtk_stack_set_transition_type(gtkCast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        let sidebar = gtk_stack_sidebar_new()!
        gtk_stack_sidebar_set_stack(gtkCast(sidebar), gtkCast(stack))
        gtk_widget_set_size_request(sidebar, 170, -1)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_pack_start(gtkCast(box), sidebar, 0, 0, 0)
        gtk_box_pack_start(gtkCast(box), gtk_separator_new(GTK_ORIENTATION_VERTICAL), 0, 0, 0)
        gtk_box_pack_start(gtkCast(box), stack, 1, 1, 0)
        gtk_container_add(gtkCast(window), box)
        add(keyboardsPage(), "keyboards", "Keyboards")
        add(appearancePage(preview: preview), "appearance", "Appearance")
        add(typingPage(), "typing", "Typing")
        add(soundPage(play: play, availability: soundAvailability), "sound", "Sound")
        add(accessibilityPage(listenForSwitch: listenForSwitch), "accessibility", "Accessibility")
        add(privacyPage(), "privacy", "Privacy")
    }

    private func add(_ page: SettingsPage, _ name: String, _ title: String) {
        gtk_stack_add_titled(gtkCast(stack), page.root, name, title)
    }

    /// Shows a page by name ("keyboards", "appearance", "typing", "sound", "accessibility",
    /// "privacy").
    public func show(page: String) {
        gtk_stack_set_visible_child_name(gtkCast(stack), page)
    }

    private func typingPage() -> SettingsPage {
        let page = SettingsPage()
        placeDeclared(on: page, "typing", sections: [
            ("Suggestions", "The bar above the keys offers the word you are typing and the next one; tap one to take it."),
            ("Writing", nil),
            ("Keys", "How long a key is held before its accented letters open, how Backspace repeats, and how a slide "
                + "along the space bar moves the caret."),
            ("Hardware keyboard", "When the keyboard comes up by itself for every text field, it can stay out of the way "
                + "while you type on a hardware keyboard."),
        ])
        page.forScripts("clavis keyboard --auto-show")
        return page
    }

    /// The Sound page; `availability` says why no click can be heard here (no sound server),
    /// shown under the buttons: the keyboard itself says nothing at every start.
    private func soundPage(play: ((SoundClass) -> Void)?, availability: (() -> String?)?) -> SettingsPage {
        let page = SettingsPage()
        let settings = live.settings
        page.section("Key clicks", "A short click for every key, as a phone makes: one for letters, one for Delete, one for "
            + "Shift, Return and the other keys that type nothing.")
        soundsSwitch = toggle(settings.soundsEnabled) { $0.soundsEnabled = $1 }
        page.place("Clicks", soundsSwitch)
        let volume = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, -30, 0, 1)!
        gtk_range_set_value(gtkCast(volume), settings.soundVolume)
        gtk_widget_set_size_request(volume, 200, -1)
        Signal.connect(volume, "value-changed") { [weak self] in
            let value = gtk_range_get_value(gtkCast(volume))
            self?.live.update { $0.soundVolume = value }
        }
        page.place("Volume (dB)", volume)
        if let play {
            let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            for (sound, label) in [(SoundClass.character, "Letter"), (.delete, "Delete"), (.modifier, "Other keys")] {
                gtk_box_pack_start(gtkCast(buttons), Self.button("▶ \(label)", name: "Play the \(label.lowercased()) click") { play(sound) }, 0, 0, 0)
            }
            page.place("Hear them", buttons)
        }
        if let reason = availability?() {
            let label = SettingsPage.paragraph("No click can be heard on this machine: \(reason).")
            atk_object_set_name(gtk_widget_get_accessible(label), "Why no click can be heard")
            page.attach(label)
        }
        return page
    }
}
