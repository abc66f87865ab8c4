import ClavisPrediction
import ClavisSession
import ClavisSettings
import GtkKit

/// The Privacy page: full access in one sentence; the learned words, each input mode's own
/// lists (Japanese's conversions) and the recent emoji as lists to search and remove from
/// one by one; forgetting everything.
extension SettingsWindow {
    func privacyPage() -> SettingsPage {
        let page = SettingsPage()
        let modeLists = learnedStores.modeLists.map(\.list.plural)
        page.section("Full access", "With full access, the keyboard remembers the words you type, "
            + modeLists.map { "the \($0) you choose, " }.joined()
            + "your recent emoji and the addresses you type in email and web fields. It suggests them again. "
            + "They stay on this computer and are never sent anywhere.")
        page.place("Allow full access (learn words)", toggle(live.settings.allowFullAccess) { $0.allowFullAccess = $1 })
        placeDeclared(on: page, "privacy", sections: [
            ("Clipboard", "What you copy is kept while the keyboard runs, never from a password field nor when a password "
                + "manager marks it secret: the newest show over the editing panel, to type again with a tap. It is written to "
                + "this computer's disk only if you keep the list across restarts. Turning this off forgets them."),
        ])
        for (spec, store) in learnedStores.shownLists {
            page.section(spec.title, spec.explanation)
            let list = LearnedList(spec: spec, store: store) { [weak self] item in self?.live.update { $0.forget(item) } }
            page.attach(list.root)
            learnedLists.append(list)
        }
        let forgetAll = Self.button("Forget everything learned") { [weak self] in self?.forgetEverything() }
        let forgotten = learnedStores.shownLists.map(\.list.plural).joined(separator: ", ")
        atk_object_set_name(gtk_widget_get_accessible(forgetAll), "Forget all \(forgotten), and the kept clipboard")
        gtk_widget_set_halign(forgetAll, GTK_ALIGN_START)
        page.attach(forgetAll)
        return page
    }

    /// Removes one learned word from its store, and tells a running keyboard to forget it.
    public func removeLearnedWord(_ word: String) {
        learnedLists.first { $0.spec == .words }?.remove(.word(word))
    }

    /// Forgets everything learned (every list) and the clipboard's list, here and in a running
    /// keyboard.
    func forgetEverything() {
        learnedStores.forgetEverything()
        live.update { $0.learnedWordsCleared += 1 }
        learnedLists.forEach { $0.refresh() }
    }
}

/// One list of what was learned, read from its store file: a search field, the most used
/// first (at most `shown`), each with a Remove button named for screen readers.
@MainActor
final class LearnedList {
    let spec: LearnedListSpec
    let root: UnsafeMutablePointer<GtkWidget>
    private let store: UserWordStore?
    private let search: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private var rows: [UnsafeMutablePointer<GtkWidget>] = []
    /// Tells the settings (and through them a running keyboard) what was removed.
    private let removed: (ForgottenItem) -> Void
    static let shown = 100

    init(spec: LearnedListSpec, store: UserWordStore?, removed: @escaping (ForgottenItem) -> Void) {
        self.spec = spec
        self.store = store
        self.removed = removed
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        search = gtk_search_entry_new()
        // Shown only over something to search (`refresh`), whatever the window shows all.
        gtk_widget_set_no_show_all(search, 1)
        atk_object_set_name(gtk_widget_get_accessible(search), "Search the \(spec.plural)")
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(gtkCast(list), GTK_SELECTION_NONE)
        atk_object_set_name(gtk_widget_get_accessible(list), spec.plural.prefix(1).uppercased() + spec.plural.dropFirst())
        gtk_box_pack_start(gtkCast(root), search, 0, 0, 0)
        gtk_box_pack_start(gtkCast(root), list, 0, 0, 0)
        Signal.connect(search, "search-changed") { [weak self] in self?.refresh() }
        refresh()
    }

    /// What the store holds, most used first, matching the search.
    private var items: [(item: ForgottenItem, shown: String, count: Int)] {
        guard let store else { return [] }
        let learned = store.load().words
        let all: [(ForgottenItem, String, Int)] = switch spec.shape {
        case .words: learned.words.map { (spec.item(word: $0.key), $0.key, $0.value) }
        case .pairs: learned.pairs.map { (spec.item(previous: $0.key.previous, word: $0.key.word), "\($0.key.previous) → \($0.key.word)", $0.value) }
        }
        let query = String(cString: gtk_entry_get_text(gtkCast(search))).lowercased()
        return all.filter { query.isEmpty || $0.1.lowercased().contains(query) }
            .sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.1 < $1.1 }
            .map { (item: $0.0, shown: $0.1, count: $0.2) }
    }

    /// Rebuilds the rows from the store.
    func refresh() {
        rows.forEach { gtk_widget_destroy($0) }
        rows = []
        let found = items
        let query = String(cString: gtk_entry_get_text(gtkCast(search)))
        for (item, shown, count) in found.prefix(Self.shown) {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_container_set_border_width(gtkCast(row), 2)
            let label = gtk_label_new(spec.shape == .words(counted: false) ? shown : "\(shown)  (\(count)×)")!
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            gtk_box_pack_start(gtkCast(row), label, 1, 1, 0)
            let button = SettingsWindow.button("Remove", name: "Remove the \(spec.singular) \(shown)") { [weak self] in self?.remove(item) }
            gtk_box_pack_start(gtkCast(row), button, 0, 0, 0)
            add(row)
        }
        if found.isEmpty { add(gtk_label_new(query.isEmpty ? "None yet." : "None match.")) }
        gtk_widget_show_all(list)
        // A search box only over something to search.
        gtk_widget_set_visible(search, query.isEmpty && found.isEmpty ? 0 : 1)
    }

    private func add(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_container_add(gtkCast(list), widget)
        rows.append(gtk_widget_get_parent(widget))
    }

    /// Removes one item from the store file and reports it.
    func remove(_ item: ForgottenItem) {
        guard let store else { return }
        let loaded = store.load()
        guard loaded.writable else { return }
        var learned = loaded.words
        spec.remove(item, from: &learned)
        try? store.save(learned)
        removed(item)
        refresh()
    }
}
