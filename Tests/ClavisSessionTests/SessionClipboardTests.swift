import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisPrediction
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

/// What is copied shows over the editing panel; a tap types it.
@MainActor @Suite struct KeyboardSessionClipboardTests {
    /// A store in a fresh folder of its own.
    func temporaryStore() -> ClipboardStore {
        var template = Array("/tmp/clavis-session-clipboard-XXXXXX".utf8CString)
        return ClipboardStore(path: String(cString: mkdtemp(&template)!) + "/clipboard.json")
    }

    @Test func theNewestCopiesShowOverThePanelAndATapTypesOne() throws {
        let f = SessionFixture()
        f.session.clipboard.textCopied("Ada Lovelace")
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "Ada Lovelace" } != true, "not over the letters")
        f.session.panel.show()
        f.session.clipboard.textCopied("ada@example.org")
        let bar = try #require(f.session.scene.bar)
        #expect(bar.content.slots.map { $0?.text } == ["ada@example.org", "Ada Lovelace"])
        f.session.touchBegan(3, x: bar.slots[1].midX, y: bar.slots[1].midY)
        f.session.touchEnded(3, x: bar.slots[1].midX, y: bar.slots[1].midY)
        #expect(f.proxy.text == "Ada Lovelace", "typed as text")
        f.tap("abc")
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "Ada Lovelace" } != true, "the words' bar again")
    }

    @Test func undoTakesBackAnItemTypedUntilTheNextKey() throws {
        let f = SessionFixture()
        f.proxy.insertText("Dear ")
        f.session.panel.show()
        f.session.clipboard.textCopied("Ada Lovelace")
        f.session.bar.choose(slot: 0)
        #expect(f.proxy.text == "Dear Ada Lovelace")
        f.tap("undo")
        #expect(f.proxy.text == "Dear ", "a GTK entry has no undo of its own: the keyboard takes back its own insertion")
        f.session.bar.choose(slot: 0)
        f.tap("copy")
        f.tap("undo")
        #expect(f.proxy.text == "Dear Ada Lovelace", "after another key (Copy leaves the text as it is), Undo is the application's again")
    }

    @Test func aLineBreakIsASpaceInASingleLineField() throws {
        let f = SessionFixture()
        f.session.panel.show()
        f.session.clipboard.textCopied("two\nlines")
        f.session.bar.choose(slot: 0)
        #expect(f.proxy.text == "two lines")
        f.proxy.document.traits = TextInputTraits(autocapitalizationType: .none, isMultiline: true)
        f.session.bar.choose(slot: 0)
        #expect(f.proxy.text == "two linestwo\nlines")
    }

    @Test func nothingIsKeptFromAPasswordFieldOrWithTheHistoryOff() {
        let f = SessionFixture()
        f.proxy.document.traits = TextInputTraits(isSecureTextEntry: true)
        f.session.clipboard.textCopied("hunter2")
        #expect(f.session.clipboard.items.isEmpty)
        f.proxy.document.traits = TextInputTraits()
        f.session.clipboard.textCopied("kept")
        var settings = Settings()
        settings.clipboardHistory = false
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.session.clipboard.items.isEmpty, "turned off: forgotten")
        f.session.clipboard.textCopied("not kept")
        #expect(f.session.clipboard.items.isEmpty)
    }

    @Test func theClipboardKeyListsEverythingToTypePinOrClear() throws {
        let f = SessionFixture()
        var listed: [[String]] = []
        f.session.onRequest = { if case .clipboardList(let items) = $0 { listed.append(items.map(\.text)) } }
        for text in ["one", "two", "three", "four"] { f.session.clipboard.textCopied(text) }
        f.session.panel.show()
        f.tap("clipboard")
        #expect(listed == [["four", "three", "two", "one"]], "the whole list, beyond the strip's three")
        #expect(!f.proxy.calls.contains { if case .key = $0 { true } else { false } }, "no shortcut sent")
        f.session.clipboard.togglePin(at: 3)
        #expect(f.session.clipboard.items.map(\.isPinned) == [false, false, false, true])
        f.session.clipboard.type(at: 3)
        #expect(f.proxy.text == "one")
        f.session.clipboard.clear()
        #expect(f.session.clipboard.items.map(\.text) == ["one"], "the pinned item stays")
        #expect(f.session.scene.bar?.content.slots.compactMap { $0?.text } == ["one"], "and the strip shows what is left")
        f.session.clipboard.togglePin(at: 0)
        f.session.clipboard.clear()
        #expect(f.session.clipboard.items.isEmpty)
        f.tap("clipboard")
        #expect(listed.last == [], "an empty list still opens, to say so")
        f.session.clipboard.togglePin(at: 5)
        #expect(f.problems.isEmpty)
    }

    @Test func keptAcrossRestartsOnlyWhenAskedAndNeverFromAPasswordField() throws {
        let store = temporaryStore()
        func session() -> SessionFixture { SessionFixture(clipboardStore: store) }
        var settings = Settings()
        let first = session()
        first.session.apply(settings, loadKeyboards: nil)
        first.session.clipboard.textCopied("in memory only")
        #expect(!Files.exists(store.path), "off by default")
        settings.keepClipboard = true
        first.session.apply(settings, loadKeyboards: nil)
        first.session.clipboard.textCopied("Ada Lovelace")
        first.session.clipboard.togglePin(at: 0)
        first.proxy.document.traits = TextInputTraits(isSecureTextEntry: true)
        first.session.clipboard.textCopied("hunter2")
        #expect(store.load().history.items.map(\.text) == ["Ada Lovelace", "in memory only"], "what was in memory is kept too")

        let second = session()
        second.session.apply(settings, loadKeyboards: nil)
        #expect(second.session.clipboard.items.map(\.text) == ["Ada Lovelace", "in memory only"])
        #expect(second.session.clipboard.items.first?.isPinned == true)
        settings.keepClipboard = false
        second.session.apply(settings, loadKeyboards: nil)
        #expect(!Files.exists(store.path), "turned off, the file goes")
        #expect(second.session.clipboard.items.count == 2, "and the list stays in memory")
        #expect(first.problems.isEmpty && second.problems.isEmpty)
    }

    /// The third probe's: `--xid` on a lock screen showed the kept list (a root password, an
    /// IBAN) to whoever stood there, with Pin and Clear. There it has no list at all.
    @Test func aLockScreensKeyboardNeverReadsShowsOrChangesTheClipboard() throws {
        let store = temporaryStore()
        var kept = ClipboardHistory()
        kept.add("hunter2-my-root-password")
        try store.save(kept)
        let before = try Files.read(store.path)
        // The composition root gives a lock screen no store; this one has it, and still must not touch it.
        let f = SessionFixture(clipboardStore: store, lockScreen: true)
        var listed = 0
        f.session.onRequest = { if case .clipboardList = $0 { listed += 1 } }
        var settings = Settings()
        settings.keepClipboard = true
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.session.clipboard.items.isEmpty, "the file is not read")
        #expect(!f.session.clipboard.acceptsCopies)
        f.session.clipboard.textCopied("copied while locked")
        #expect(f.session.clipboard.items.isEmpty)
        f.session.panel.show()
        #expect(f.session.geometry.frame(ofKey: "clipboard") == nil, "the panel has no Clipboard key")
        #expect(f.session.geometry.frame(ofKey: "abc") != nil)
        f.session.clipboard.clear(keepingPinned: false)
        f.session.clipboard.togglePin(at: 0)
        #expect(listed == 0 && f.proxy.text.isEmpty)
        settings.keepClipboard = false
        f.session.apply(settings, loadKeyboards: nil)
        #expect(try Files.read(store.path) == before, "the file is as it was")
    }

    /// The third probe's: turned off while no keyboard ran, the list stayed on disk for ever.
    /// A keyboard that starts with it off removes it; forgetting everything empties the list.
    @Test func aKeyboardStartingWithTheListNotKeptRemovesItsFile() throws {
        let store = temporaryStore()
        var kept = ClipboardHistory()
        kept.add("secret.txt")
        try store.save(kept)
        let f = SessionFixture(clipboardStore: store)
        var settings = Settings()
        settings.clipboardHistory = true
        settings.keepClipboard = false
        f.session.apply(settings, loadKeyboards: nil)
        #expect(!Files.exists(store.path))
        settings.keepClipboard = true
        f.session.apply(settings, loadKeyboards: nil)
        f.session.clipboard.textCopied("Ada")
        f.session.clipboard.togglePin(at: 0)
        settings.learnedWordsCleared += 1
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.session.clipboard.items.isEmpty, "forgetting everything forgets the pinned copies too")
        #expect(store.load().history.items.isEmpty)
    }

    /// `clavis settings --set keepClipboard=off`, the settings window and "Forget everything"
    /// take the file away with no keyboard running.
    @Test func theStoresRemoveTheListWhenTheSettingsDoNotKeepIt() throws {
        var template = Array("/tmp/clavis-session-clipboard-XXXXXX".utf8CString)
        let stores = LearnedStores(dataDirectory: String(cString: mkdtemp(&template)!))
        let store = try #require(stores.clipboard)
        var kept = ClipboardHistory()
        kept.add("IBAN DE89 3704 0044 0532 0130 00")
        var settings = Settings()
        settings.keepClipboard = true
        try store.save(kept)
        stores.removeClipboardUnlessKept(by: settings)
        #expect(Files.exists(store.path), "kept while the settings keep it")
        for change in [{ (settings: inout Settings) in settings.keepClipboard = false }, { $0.clipboardHistory = false }] {
            var off = settings
            change(&off)
            try store.save(kept)
            stores.removeClipboardUnlessKept(by: off)
            #expect(!Files.exists(store.path))
        }
        try store.save(kept)
        stores.forgetEverything()
        #expect(!Files.exists(store.path))
    }
}

#if canImport(Glibc)
import Glibc
#endif
