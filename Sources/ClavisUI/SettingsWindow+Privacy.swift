import ClavisSettings
import ClavisText
import GtkKit

/// The Privacy page: full access in one sentence, the learned words as a list to search and
/// remove from one by one, and forgetting everything learned.
extension SettingsWindow {
    /// How many learned words the list shows at once (the most used first).
    static let shownLearnedWords = 100

    func privacyPage() -> SettingsPage {
        let page = SettingsPage()
        page.section("Full access", "With full access the keyboard remembers, on this computer only, the words you type, the "
            + "Japanese conversions you choose and your recent emoji, to suggest them again; nothing is ever sent anywhere.")
        page.place("Allow full access (learn words)", toggle(live.settings.allowFullAccess) { $0.allowFullAccess = $1 })
        page.section("Learned words", "Words the keyboard learned from your typing. Remove one and it is no longer suggested.")
        learnedSearch = gtk_search_entry_new()
        atk_object_set_name(gtk_widget_get_accessible(learnedSearch), "Search the learned words")
        Signal.connect(learnedSearch, "search-changed") { [weak self] in self?.refreshLearned() }
        page.attach(learnedSearch)
        learnedList = gtk_list_box_new()
        gtk_list_box_set_selection_mode(gtkCast(learnedList), GTK_SELECTION_NONE)
        atk_object_set_name(gtk_widget_get_accessible(learnedList), "Learned words")
        page.attach(learnedList)
        let forgetAll = Self.button("Forget everything learned") { [weak self] in self?.forgetEverything() }
        atk_object_set_name(gtk_widget_get_accessible(forgetAll), "Forget every learned word, conversion and recent emoji")
        gtk_widget_set_halign(forgetAll, GTK_ALIGN_START)
        page.attach(forgetAll)
        refreshLearned()
        return page
    }

    /// The learned words in the store, most used first, that start with the search's text.
    var learnedWords: [(word: String, count: Int)] {
        guard let store = learnedStores.words else { return [] }
        let query = learnedSearch.map { String(cString: gtk_entry_get_text(gtkCast($0))).lowercased() } ?? ""
        return store.load().words.allWords.filter { query.isEmpty || $0.word.lowercased().hasPrefix(query) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.word < $1.word }
    }

    /// Rebuilds the learned words' rows.
    func refreshLearned() {
        learnedRows.forEach { gtk_widget_destroy($0) }
        learnedRows = []
        let words = learnedWords
        for (word, count) in words.prefix(Self.shownLearnedWords) {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_container_set_border_width(gtkCast(row), 2)
            let label = gtk_label_new("\(word)  (\(count)×)")!
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            gtk_box_pack_start(gtkCast(row), label, 1, 1, 0)
            gtk_box_pack_start(gtkCast(row), Self.button("Remove", name: "Remove the learned word \(word)") { [weak self] in
                self?.removeLearnedWord(word)
            }, 0, 0, 0)
            gtk_container_add(gtkCast(learnedList), row)
            learnedRows.append(gtk_widget_get_parent(row))
        }
        if words.isEmpty {
            let none = gtk_label_new(live.settings.allowFullAccess ? "No learned words yet." : "No learned words (full access is off).")!
            gtk_container_add(gtkCast(learnedList), none)
            learnedRows.append(gtk_widget_get_parent(none))
        }
        gtk_widget_show_all(learnedList)
    }

    /// Removes one learned word from the store, and tells a running keyboard to forget it.
    public func removeLearnedWord(_ word: String) {
        guard let store = learnedStores.words else { return }
        let loaded = store.load()
        guard loaded.writable else { return }
        var words = loaded.words
        words.forget(word: word)
        try? store.save(words)
        live.update { $0.forget(learnedWord: word) }
        refreshLearned()
    }

    /// Forgets every learned word, conversion and recent emoji, here and in a running keyboard.
    func forgetEverything() {
        learnedStores.all.forEach { $0.clear() }
        live.update { $0.learnedWordsCleared += 1 }
        refreshLearned()
    }
}
