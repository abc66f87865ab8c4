import ClavisData
import ClavisFiles
import ClavisLayout
import ClavisSettings
import GtkKit

/// The Keyboards page: the enabled keyboards in the order the globe key cycles them, each
/// saying which languages it suggests in ("Languages…" adds more), moved up and down or
/// removed, and "Add a keyboard…", a searchable list of every keyboard.
extension SettingsWindow {
    /// How many matches the add-a-keyboard list shows at once (XKB alone has nearly six hundred).
    static let shownMatches = 80

    func keyboardsPage() -> SettingsPage {
        let page = SettingsPage()
        page.section("Your keyboards", "The globe key goes through them in this order; a long press on it lists them all.")
        enabledList = gtk_list_box_new()
        gtk_list_box_set_selection_mode(gtkCast(enabledList), GTK_SELECTION_NONE)
        atk_object_set_name(gtk_widget_get_accessible(enabledList), "Enabled keyboards")
        page.attach(enabledList)
        let notice = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let noticeLabel = gtk_label_new("")!
        gtk_box_pack_start(gtkCast(notice), noticeLabel, 0, 0, 0)
        gtk_box_pack_start(gtkCast(notice), Self.button("Undo", name: "Undo the removal") { [weak self] in self?.undoRemoval() }, 0, 0, 0)
        gtk_widget_show_all(notice)
        gtk_widget_set_no_show_all(notice, 1)
        gtk_widget_hide(notice)
        removalNotice = (notice, noticeLabel)
        page.attach(notice)
        let add = Self.button("Add a keyboard…") { [weak self] in self?.openAddKeyboard() }
        gtk_widget_set_halign(add, GTK_ALIGN_START)
        page.attach(add)
        refreshEnabled()
        return page
    }

    /// A keyboard's name as the lists show it.
    func name(ofKeyboard id: String) -> String {
        catalog.entries.first { $0.id == id }?.name ?? id
    }

    /// Rebuilds the enabled keyboards' rows from the settings.
    func refreshEnabled() {
        enabledRows.forEach { gtk_widget_destroy($0) }
        enabledRows = []
        summaryLabels = [:]
        let enabled = live.settings.enabledKeyboards
        for (index, id) in enabled.enumerated() {
            let name = name(ofKeyboard: id)
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_container_set_border_width(gtkCast(row), 4)
            let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            let label = gtk_label_new(name)!
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            let languages = gtk_label_new(suggestionSummary(ofKeyboard: id))!
            gtk_widget_set_halign(languages, GTK_ALIGN_START)
            gtk_style_context_add_class(gtk_widget_get_style_context(languages), "dim-label")
            gtk_box_pack_start(gtkCast(texts), label, 0, 0, 0)
            gtk_box_pack_start(gtkCast(texts), languages, 0, 0, 0)
            summaryLabels[id] = languages
            gtk_box_pack_start(gtkCast(row), texts, 1, 1, 0)
            if id != EmojiKeyboard.id, catalog.entries.first(where: { $0.id == id })?.inputMode == nil, !catalog.suggestionLanguages.isEmpty {
                gtk_box_pack_start(gtkCast(row), languagesButton(keyboard: id, name: name), 0, 0, 0)
            }
            let up = Self.button("↑", name: "Move \(name) up") { [weak self] in self?.moveKeyboard(id, by: -1) }
            let down = Self.button("↓", name: "Move \(name) down") { [weak self] in self?.moveKeyboard(id, by: 1) }
            let remove = Self.button("Remove", name: "Remove \(name)") { [weak self] in self?.removeKeyboard(id) }
            gtk_widget_set_sensitive(up, index > 0 ? 1 : 0)
            gtk_widget_set_sensitive(down, index < enabled.count - 1 ? 1 : 0)
            gtk_widget_set_sensitive(remove, enabled.count > 1 ? 1 : 0)
            for button in [up, down, remove] { gtk_box_pack_start(gtkCast(row), button, 0, 0, 0) }
            gtk_container_add(gtkCast(enabledList), row)
            // The list box wrapped the row; destroying the wrapper removes it.
            enabledRows.append(gtk_widget_get_parent(row))
        }
        gtk_widget_show_all(enabledList)
    }

    /// "Suggests in English, Deutsch", what a keyboard's own input mode does instead
    /// (Japanese's converter needs no word list), or why a keyboard has no suggestions.
    func suggestionSummary(ofKeyboard id: String) -> String {
        if id == EmojiKeyboard.id { return "Emoji: no word suggestions" }
        let entry = catalog.entries.first { $0.id == id }
        if let inputMode = entry?.inputMode { return inputMode.summary }
        let own = entry?.language ?? ""
        let languages = live.settings.suggestionLanguages(keyboard: id, language: own.isEmpty ? "en" : own)
        let installed = Set(catalog.suggestionLanguages)
        let named = languages.filter { installed.contains(KeyboardCatalog.baseLanguage($0)) }.map { LanguageNames.endonym(of: $0) ?? $0 }
        if named.isEmpty {
            let missing = "No suggestions: no word list for \(LanguageNames.endonym(of: own) ?? own) is installed"
            // From a source tree, where word lists are built after the first window.
            guard let tree = ClavisData.sourceTree, !own.isEmpty else { return missing }
            return missing + " (in \(tree), scripts/text-data.sh \(KeyboardCatalog.baseLanguage(own)) builds one if Clavis has a source)"
        }
        return "Suggests in " + named.joined(separator: ", ")
    }

    /// "Languages…": a check box for every language with a word list besides the keyboard's
    /// own, at most `Settings.maximumExtraLanguages` ticked.
    private func languagesButton(keyboard id: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_button_set_label(gtkCast(button), "Languages…")
        atk_object_set_name(gtk_widget_get_accessible(button), "Languages \(name) also suggests in")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        let popover = gtk_popover_new(button)!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_container_set_border_width(gtkCast(box), 8)
        let heading = gtk_label_new("Also suggest and correct in")!
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_box_pack_start(gtkCast(box), heading, 0, 0, 0)
        // Nearly thirty languages: a list that scrolls past a third of a small screen.
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gtkCast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(gtkCast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(gtkCast(scroller), 320)
        let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_container_add(gtkCast(scroller), list)
        gtk_box_pack_start(gtkCast(box), scroller, 1, 1, 0)
        let own = KeyboardCatalog.baseLanguage(catalog.entries.first { $0.id == id }?.language ?? "en")
        var checks: [(language: String, check: UnsafeMutablePointer<GtkWidget>)] = []
        /// Ticks what the settings hold; the unticked ones wait while the most are chosen.
        func show(_ chosen: [String]) {
            for (language, check) in checks {
                if (gtk_toggle_button_get_active(gtkCast(check)) != 0) != chosen.contains(language) {
                    gtk_toggle_button_set_active(gtkCast(check), chosen.contains(language) ? 1 : 0)
                }
                gtk_widget_set_sensitive(check, chosen.contains(language) || chosen.count < Settings.maximumExtraLanguages ? 1 : 0)
            }
        }
        for language in catalog.suggestionLanguages where language != own {
            let check = gtk_check_button_new_with_label(LanguageNames.endonym(of: language).map { "\($0) (\(language))" } ?? language)!
            atk_object_set_name(gtk_widget_get_accessible(check), "\(name) also suggests in \(LanguageNames.endonym(of: language) ?? language)")
            checks.append((language, check))
            gtk_box_pack_start(gtkCast(list), check, 0, 0, 0)
        }
        show(live.settings.alsoSuggestIn[id] ?? [])
        for (language, check) in checks {
            Signal.connect(check, "toggled") { [weak self] in
                guard let self else { return }
                show(setAlsoSuggest(in: language, gtk_toggle_button_get_active(gtkCast(check)) != 0, keyboard: id))
            }
        }
        gtk_widget_show_all(box)
        gtk_container_add(gtkCast(popover), box)
        gtk_menu_button_set_popover(gtkCast(button), popover)
        return button
    }

    /// Adds `language` to the languages keyboard `id` also suggests in (while fewer than the
    /// most are), or takes it away; returns the languages it adds now.
    @discardableResult
    public func setAlsoSuggest(in language: String, _ on: Bool, keyboard id: String) -> [String] {
        var languages = live.settings.alsoSuggestIn[id] ?? []
        if on, !languages.contains(language), languages.count < Settings.maximumExtraLanguages { languages.append(language) }
        if !on { languages.removeAll { $0 == language } }
        live.update { $0.alsoSuggestIn[id] = languages.isEmpty ? nil : languages }
        if let label = summaryLabels[id] { gtk_label_set_text(gtkCast(label), suggestionSummary(ofKeyboard: id)) }
        return languages
    }

    /// Adds a keyboard at the end of the cycle (nothing when it is there already).
    public func addKeyboard(_ id: String) {
        guard !live.settings.enabledKeyboards.contains(id),
              live.settings.enabledKeyboards.count < Settings.maximumEnabledKeyboards else { return }
        live.update { $0.enabledKeyboards.append(id) }
        forgetRemoval()
        refreshEnabled()
    }

    /// Moves a keyboard `offset` places in the cycle.
    public func moveKeyboard(_ id: String, by offset: Int) {
        var enabled = live.settings.enabledKeyboards
        guard let index = enabled.firstIndex(of: id), enabled.indices.contains(index + offset) else { return }
        enabled.swapAt(index, index + offset)
        live.update { $0.enabledKeyboards = enabled }
        forgetRemoval()
        refreshEnabled()
    }

    /// Removes a keyboard from the cycle (the last one stays), saying which with an Undo:
    /// a tap on the wrong row (rows move as others are moved) costs nothing.
    public func removeKeyboard(_ id: String) {
        guard let index = live.settings.enabledKeyboards.firstIndex(of: id) else { return }
        let enabled = live.settings.enabledKeyboards.filter { $0 != id }
        guard !enabled.isEmpty else { return }
        live.update { $0.enabledKeyboards = enabled }
        lastRemoved = (id, index)
        if let notice = removalNotice {
            gtk_label_set_text(gtkCast(notice.label), "Removed \(name(ofKeyboard: id)).")
            gtk_widget_show(notice.row)
        }
        refreshEnabled()
    }

    /// Puts the keyboard last removed back where it was.
    public func undoRemoval() {
        guard let (id, index) = lastRemoved else { return }
        forgetRemoval()
        var enabled = live.settings.enabledKeyboards
        guard !enabled.contains(id), enabled.count < Settings.maximumEnabledKeyboards else { return }
        enabled.insert(id, at: min(index, enabled.count))
        live.update { $0.enabledKeyboards = enabled }
        refreshEnabled()
    }

    /// Another change: the removal can no longer be undone from the notice.
    private func forgetRemoval() {
        lastRemoved = nil
        if let notice = removalNotice { gtk_widget_hide(notice.row) }
    }

    /// The add-a-keyboard window, centred on the settings and of a fixed size: a search field
    /// over every keyboard (the user's languages first, then by name; no field variants such
    /// as the email keyboard); choosing one shows a small picture of it, and Add adds it and
    /// closes the window.
    public func openAddKeyboard() {
        if let addWindow {
            gtk_window_present(gtkCast(addWindow))
            return
        }
        let dialog = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        addWindow = dialog
        gtk_window_set_title(gtkCast(dialog), "Add a keyboard")
        gtk_window_set_transient_for(gtkCast(dialog), gtkCast(window))
        gtk_window_set_position(gtkCast(dialog), GTK_WIN_POS_CENTER_ON_PARENT)
        gtk_window_set_modal(gtkCast(dialog), 1)
        gtk_window_set_resizable(gtkCast(dialog), 0)
        gtk_widget_set_size_request(dialog, Self.addWindowSize.width, Self.addWindowSize.height)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(gtkCast(column), 12)
        let search = gtk_search_entry_new()!
        atk_object_set_name(gtk_widget_get_accessible(search), "Search keyboards by name or language")
        gtk_entry_set_placeholder_text(gtkCast(search), "Language, country or layout (russian, Deutsch, neo)")
        let status = gtk_label_new("")!
        gtk_widget_set_halign(status, GTK_ALIGN_START)
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gtkCast(list), GTK_SELECTION_NONE)
        atk_object_set_name(gtk_widget_get_accessible(list), "Keyboards found")
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gtkCast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gtkCast(scroller), list)
        let preview = gtk_image_new()!
        gtk_widget_set_size_request(preview, Int32(Self.previewSize.width), Int32(Self.previewSize.height))
        // Shown once a keyboard is chosen: until then the list has the whole window.
        gtk_widget_set_no_show_all(preview, 1)
        let add = Self.button("Add") { [weak self] in
            guard let self, let chosen = self.chosenToAdd else { return }
            self.addKeyboard(chosen)
            if let dialog = self.addWindow { gtk_widget_destroy(dialog) }
        }
        gtk_widget_set_sensitive(add, 0)
        gtk_widget_set_halign(add, GTK_ALIGN_END)
        gtk_box_pack_start(gtkCast(column), search, 0, 0, 0)
        gtk_box_pack_start(gtkCast(column), status, 0, 0, 0)
        gtk_box_pack_start(gtkCast(column), scroller, 1, 1, 0)
        gtk_box_pack_start(gtkCast(column), preview, 0, 0, 0)
        gtk_box_pack_start(gtkCast(column), add, 0, 0, 0)
        gtk_container_add(gtkCast(dialog), column)
        let picking = catalog.forPicking(languages: userLanguages)
        let choose = { [weak self] (entry: KeyboardCatalog.Entry) in
            guard let self else { return }
            self.chosenToAdd = entry.id
            gtk_button_set_label(gtkCast(add), "Add \(entry.name)")
            gtk_widget_set_sensitive(add, 1)
            if let geometry = self.previewKeyboard?(entry.id), let pixbuf = OffscreenRenderer(style: nil).pixbuf(geometry) {
                gtk_image_set_from_pixbuf(gtkCast(preview), pixbuf)
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
                gtk_widget_show(preview)
            } else {
                gtk_image_clear(gtkCast(preview))
                gtk_widget_hide(preview)
            }
        }
        var rows: [UnsafeMutablePointer<GtkWidget>] = []
        let fill = { [weak self] in
            guard let self else { return }
            rows.forEach { gtk_widget_destroy($0) }
            rows = []
            let query = String(cString: gtk_entry_get_text(gtkCast(search)))
            let found = picking.matching(query)
            let enabled = Set(self.live.settings.enabledKeyboards)
            for entry in found.prefix(Self.shownMatches) {
                let button = Self.catalogRow(entry, added: enabled.contains(entry.id)) { choose(entry) }
                gtk_container_add(gtkCast(list), button)
                rows.append(gtk_widget_get_parent(button))
            }
            let shown = min(found.count, Self.shownMatches)
            gtk_label_set_text(gtkCast(status), found.count > shown
                ? "\(found.count) keyboards; the first \(shown) shown: type to narrow"
                : "\(found.count) keyboard\(found.count == 1 ? "" : "s")")
            gtk_widget_show_all(list)
        }
        Signal.connect(search, "search-changed") { fill() }
        Signal.connect(dialog, "destroy") { [weak self] in
            self?.addWindow = nil
            self?.chosenToAdd = nil
        }
        fill()
        gtk_widget_show_all(dialog)
        gtk_widget_grab_focus(search)
    }

    /// The add window's size: fixed, so typing a search never widens it.
    static let addWindowSize: (width: Int32, height: Int32) = (520, 600)
    /// The chosen keyboard's picture in the add window.
    public static let previewSize = (width: 360.0, height: 130.0)

    /// The languages the user types in: those of the enabled keyboards and of the locale.
    private var userLanguages: Set<String> {
        let enabled = Set(live.settings.enabledKeyboards)
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { Environment.variables[$0] }.first { !$0.isEmpty }
        let localeLanguage = locale.map { String($0.prefix { $0.isLetter }) }
        return Set(catalog.entries.filter { enabled.contains($0.id) }.map(\.language) + [localeLanguage].compactMap { $0 })
    }

    /// One keyboard in the add list: its name, and in words where it comes from and what it
    /// brings; a click chooses it (its picture shows, Add adds it).
    private static func catalogRow(_ entry: KeyboardCatalog.Entry, added: Bool, choose: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let origin = switch entry.source {
        case .builtIn: "built in"
        case .user: "your layout"
        case .scanning: "for switch scanning"
        case .xkb: "system layout"
        }
        let details = ([origin] + entry.features + (added ? ["added"] : [])).joined(separator: " · ")
        let button = button("", name: "\(entry.name), \(details)", action: choose)
        let label = gtk_bin_get_child(gtkCast(button))!
        gtk_label_set_markup(gtkCast(label), "<b>\(SettingsPage.escaped(entry.name))</b>   <small>\(SettingsPage.escaped(details))</small>")
        gtk_label_set_xalign(gtkCast(label), 0)
        gtk_label_set_ellipsize(gtkCast(label), PANGO_ELLIPSIZE_END)
        gtk_button_set_relief(gtkCast(button), GTK_RELIEF_NONE)
        gtk_widget_set_sensitive(button, added ? 0 : 1)
        return button
    }
}
