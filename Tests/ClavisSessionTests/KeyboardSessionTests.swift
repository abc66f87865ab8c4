import ClavisEngine
import ClavisFiles
import ClavisJapanese
import ClavisKanaMode
import ClavisLayout
import ClavisPrediction
@testable import ClavisSession
import ClavisSettings
import ClavisWordMode
import TestSupport
import Testing

/// A session over the test layouts, on virtual time, with an English test lexicon and a
/// fake converter whose loads are counted.
@MainActor final class SessionFixture {
    let scheduler = ManualScheduler()
    let sounds = RecordingSoundPlayer()
    let proxy = RecordingProxy()
    var problems: [String] = []
    var converterLoads = 0
    var freed = 0
    var redraws = 0
    var shown: [String] = []
    let session: KeyboardSession
    let words: WordMode
    let kana: KanaMode

    init(layouts: [KeyboardLayout] = [TestLayouts.tiny, TestLayouts.japanese, TestLayouts.pc],
         variants: [String: KeyboardLayout] = [:], clipboardStore: ClipboardStore? = nil, lockScreen: Bool = false) {
        var problems: [String] = []
        var loads = 0
        var freed = 0
        kana = KanaMode(makeConverter: {
            loads += 1
            return FakeConverter(["にほん": ["日本"]])
        }, returnFreedMemory: { freed += 1 })
        words = WordMode(loadLexicon: { language in
            switch language {
            case "en": return TestLexicon.make()
            case "de": return TestLexicon.makeGerman()
            default: throw LexiconError.unknownLanguage(language, searched: [])
            }
        })
        var dependencies = SessionDependencies(
            scheduler: scheduler, modes: [kana, words], feedback: SoundFeedback(player: sounds), onProblem: { problems.append($0) })
        dependencies.clipboardStore = clipboardStore
        dependencies.isLockScreen = lockScreen
        session = KeyboardSession(layouts: layouts, dependencies: dependencies)
        session.keyboards.variant = { variants[$0] }
        session.proxy = proxy
        session.area.resize(width: 600, height: 300)
        session.onRequest = { [unowned self] in if case .redraw = $0 { redraws += 1 } }
        session.onLayoutChange = { [unowned self] in shown.append($0.id) }
        _ = (problems, loads, freed)
        sync = { [unowned self] in
            self.problems = problems
            self.converterLoads = loads
            self.freed = freed
        }
        proxy.clearCalls()
    }

    /// Copies what the dependencies' closures counted into the fixture's properties.
    private(set) var sync: () -> Void = {}

    /// Taps the key of that id where it is drawn now.
    func tap(_ id: String) {
        let frame = session.geometry.frame(ofKey: id)!
        session.touchBegan(9, x: frame.midX, y: frame.midY)
        session.touchEnded(9, x: frame.midX, y: frame.midY)
    }
}

@MainActor @Suite struct KeyboardSessionTests {
    @Test func tapsTypeThroughTheProxyWithAClick() {
        let f = SessionFixture()
        f.tap("q")
        f.tap("w")
        #expect(f.proxy.text == "qw")
        #expect(f.sounds.played.count == 2)
    }

    @Test func eachTouchEventAsksForOneRedrawHoweverManyPartsChanged() {
        let f = SessionFixture()
        f.redraws = 0
        let frame = f.session.geometry.frame(ofKey: "q")!
        f.session.touchBegan(9, x: frame.midX, y: frame.midY)
        #expect(f.redraws == 1)
        let pressed = f.session.scene
        f.session.touchEnded(9, x: frame.midX, y: frame.midY)
        #expect(f.redraws == 2, "the tracker's, the controller's and the bar's changes asked for once")
        #expect(f.session.scene.pressedKeyIDs.isEmpty && pressed.pressedKeyIDs == ["q"], "built anew after the change")
    }

    @Test func withSeveralKeyboardsTheSpaceBarNamesTheLanguage() {
        let f = SessionFixture()
        f.session.keyboards.show(at: 1)
        #expect(f.session.layout.key("space")?.label == "日本語")
        f.session.keyboards.show(at: 0)
        #expect(f.session.layout.key("space")?.label == "space", "a layout of no language keeps its label")
        f.session.keyboards.layouts = [TestLayouts.japanese]
        #expect(f.session.layout.key("space")?.label == "space", "one keyboard: nothing to tell apart")
        #expect(f.session.layout.keyIDs(doing: .nextKeyboard).isEmpty)
    }

    @Test func theConverterLoadsWhenJapaneseShowsAndGoesLater() {
        let f = SessionFixture()
        f.session.keyboards.show(at: 1)
        f.sync()
        #expect(f.converterLoads == 0, "loaded once the keyboard is drawn, not while it is shown")
        f.scheduler.advance(by: 0)
        f.sync()
        #expect(f.converterLoads == 1)
        #expect(f.kana.composition.converter != nil)
        f.session.keyboards.show(at: 0)
        f.scheduler.advance(by: 29)
        #expect(f.kana.converter != nil, "kept for a while: the user may come back")
        f.session.keyboards.show(at: 1)
        f.scheduler.advance(by: 60)
        f.sync()
        #expect(f.converterLoads == 1, "coming back in time reuses it")
        f.session.keyboards.show(at: 0)
        f.scheduler.advance(by: 30)
        f.sync()
        #expect(f.kana.converter == nil, "let go 30 s after the Japanese keyboard went")
        #expect(f.freed == 1, "and the freed heap handed back")
        f.session.keyboards.show(at: 1)
        f.scheduler.advance(by: 0)
        f.sync()
        #expect(f.converterLoads == 2, "showing it again loads it again")
    }

    @Test func aConverterThatCannotLoadIsSaidOnceAndKanaAreTyped() {
        var problems: [String] = []
        let kana = KanaMode(makeConverter: { throw LexiconError.unreadable(path: "ja.kkm", reason: "no model") })
        let words = WordMode(loadLexicon: { _ in throw LexiconError.unknownLanguage("en", searched: []) })
        let scheduler = ManualScheduler()
        let session = KeyboardSession(layouts: [TestLayouts.japanese, TestLayouts.tiny], dependencies: SessionDependencies(
            scheduler: scheduler, modes: [kana, words], onProblem: { problems.append($0) }))
        session.proxy = RecordingProxy()
        scheduler.advance(by: 0)
        #expect(kana.converter != nil && kana.composition.converter == nil, "tried once, and failed")
        session.activate(TestLayouts.japanese.key("k")!)
        session.activate(TestLayouts.japanese.key("a")!)
        #expect((session.proxy as? RecordingProxy)?.text == "か", "kana are typed")
        #expect(problems.filter { $0.contains("Japanese conversion off") }.count == 1)
    }

    /// The third probe's: `cp` over an installed lexicon ended a running keyboard with SIGBUS.
    /// The keyboard reads it again before its next use, and says so.
    @Test func aLexiconWrittenToInPlaceIsReadAgainBeforeItsNextUse() throws {
        var template = Array("/tmp/clavis-session-lexicon-XXXXXX".utf8CString)
        let path = String(cString: mkdtemp(&template)!) + "/en.clx"
        try Files.write(TestLexicon.bytes(), to: path)
        var problems: [String] = []
        var loads = 0
        let words = WordMode(loadLexicon: { _ in
            loads += 1
            return try Lexicon(path: path)
        })
        let scheduler = ManualScheduler()
        let session = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(
            scheduler: scheduler, modes: [words], onProblem: { problems.append($0) }))
        let proxy = RecordingProxy()
        session.proxy = proxy
        session.area.resize(width: 600, height: 300)
        session.activate(TestLayouts.tiny.key("w")!)
        scheduler.advance(by: 1)
        #expect(loads == 1 && session.scene.bar?.content.slots.contains { $0?.text.hasPrefix("w") == true } == true)
        // cp over it: truncated, then written again (a newer build would differ; the same will do).
        let bytes = TestLexicon.bytes()
        #expect(truncate(path, 0) == 0)
        let descriptor = open(path, O_WRONLY)
        #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
        close(descriptor)
        session.activate(TestLayouts.tiny.key("backspace")!)
        session.activate(TestLayouts.tiny.key("w")!)
        scheduler.advance(by: 1)
        #expect(loads == 2, "read again")
        #expect(problems.contains { $0.contains("changed on disk while in use") }, "\(problems)")
        #expect(proxy.text == "w")
        #expect(session.scene.bar?.content.slots.contains { $0?.text.hasPrefix("w") == true } == true)
    }

    @Test func aFieldsKeyboardTypeIsFollowedThroughTheProxysSignal() {
        let numpad = KeyboardLayout(id: "numpad", name: "Numbers", keys: [.character("1")],
                                    layers: [Layer(name: "digits", rows: [LayoutRow(items: [.key("1", nil)])])])
        let f = SessionFixture(variants: ["numpad": numpad])
        f.proxy.traits = TextInputTraits(keyboardType: .numberPad)
        #expect(f.session.layout.id == "numpad", "no host call: the proxy said its traits changed")
        f.proxy.traits = TextInputTraits()
        #expect(f.session.layout.id == "tiny")
    }

    @Test func aTextChangeRecomputesTheAutomaticShift() {
        let f = SessionFixture()
        f.proxy.traits = TextInputTraits(autocapitalizationType: .sentences)
        #expect(f.session.controller.isShiftLatched, "an empty field starts a sentence")
        f.proxy.document.insertText("hello ")
        f.proxy.onDocumentChange?(.text)
        #expect(!f.session.controller.isShiftLatched)
        #expect(f.session.scene.labels["q"] == "q")
    }

    @Test func aCompositionIsCommittedBeforeTheFocusLeavesItsField() {
        let f = SessionFixture(layouts: [TestLayouts.japanese, TestLayouts.tiny])
        f.scheduler.advance(by: 0)
        f.tap("n")
        f.tap("i")
        #expect(f.kana.composition.isComposing)
        f.proxy.onDocumentChange?(.fieldWillChange)
        #expect(!f.kana.composition.isComposing)
        #expect(f.proxy.text == "に")
    }

    @Test func settingsChangeTimingFullAccessTheBarAndTheKeyboards() {
        let f = SessionFixture()
        var settings = Settings()
        settings.repeatDelay = 0.9
        settings.suggestions = false
        settings.enabledKeyboards = ["pc", "tiny"]
        var asked: [[String]] = []
        f.session.apply(settings, loadKeyboards: { ids in
            asked.append(ids)
            return ids.map { $0 == "pc" ? TestLayouts.pc : TestLayouts.tiny }
        })
        #expect(f.session.tracker.timing.repeatDelay == 0.9)
        #expect(f.words.editor == nil, "words typed as they are")
        #expect(f.session.keyboards.layouts.map(\.id) == ["pc", "tiny"])
        #expect(f.session.layout.id == "pc")
        f.session.apply(settings, loadKeyboards: { _ in Issue.record("nothing changed"); return [] })
        #expect(asked.count == 1)
        settings.allowFullAccess = true
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.words.suggestions.storage.fullAccess && f.session.emoji.recent.storage.fullAccess && f.kana.memory.storage.fullAccess)
    }

    @Test func aLanguageWithoutALexiconIsSaidOnceAndHasNoBar() {
        let dutch = KeyboardLayout(id: "nl", name: "Nederlands", language: "nl", keys: [.character("q")],
                                   layers: [Layer(name: "letters", rows: [LayoutRow(items: [.key("q", nil)])])])
        let f = SessionFixture(layouts: [TestLayouts.tiny, dutch])
        f.session.keyboards.showNext()
        f.session.keyboards.showNext()
        f.session.keyboards.showNext()
        f.sync()
        #expect(f.problems.filter { $0.contains("suggestions off for nl") }.count == 1)
        #expect(f.session.scene.bar == nil)
    }

    @Test func aKeyboardSuggestsInTheLanguagesTheSettingAdds() {
        let f = SessionFixture()
        var settings = Settings()
        f.session.apply(settings, loadKeyboards: nil)
        f.proxy.document.insertText("hal")
        f.proxy.onDocumentChange?(.text)
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "hallo" } != true, "English alone")
        settings.alsoSuggestIn = [f.session.layout.id: ["de", "nl"]]
        f.session.apply(settings, loadKeyboards: nil)
        f.proxy.onDocumentChange?(.text)
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "hallo" } == true, "German words too")
        #expect(f.words.suggestions.predictor?.lexicons.count == 2, "Dutch, without a lexicon, left out")
        f.sync()
        #expect(f.problems.filter { $0.contains("in nl") }.count == 1, "and said once")
        settings.alsoSuggestIn = [:]
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.words.suggestions.predictor?.lexicons.count == 1)
    }

    /// No word suggestions over emoji, but the bar's room is kept when the keyboard switched
    /// from had a bar: the rows start below the same strip, so the globe stays where the
    /// finger left it (it moved 12 px on a full-width keyboard).
    @Test func theEmojiKeyboardShowsNoWordSuggestionsButKeepsTheBarsRoom() {
        let emoji = KeyboardLayout(id: EmojiKeyboard.id, name: "Emoji", keys: [.character("🙂")],
                                   layers: [Layer(name: "smileys", rows: [LayoutRow(items: [.key("🙂", nil)])])])
        let f = SessionFixture(layouts: [TestLayouts.tiny, emoji])
        f.proxy.document.insertText("hel")
        f.proxy.onDocumentChange?(.text)
        let strip = f.session.scene.bar?.strip
        #expect(strip != nil && strip!.height > 0, "words have their bar")
        #expect(f.session.scene.geometry.frames.map(\.frame.y).min() == strip?.height)
        f.session.keyboards.showNext()
        #expect(f.session.layout.id == EmojiKeyboard.id)
        #expect(f.session.scene.bar?.strip == strip, "the same strip over the emoji")
        #expect(f.session.scene.bar?.content.slots.allSatisfy { $0 == nil } == true, "no word suggestions over emoji")
        #expect(f.session.scene.bar?.slots.isEmpty == true, "nothing to tap in it")
        #expect(f.session.scene.geometry.frames.map(\.frame.y).min() == strip?.height, "the rows below it")
        f.tap("🙂")
        #expect(f.proxy.text == "hel🙂", "the emoji typed as it is")
        f.session.keyboards.showNext()
        #expect(f.session.scene.bar?.strip == strip)
    }

    /// Where the letters show no bar (a password field), the emoji keyboard keeps no room.
    @Test func theEmojiKeyboardKeepsNoRoomWhereTheLettersHadNoBar() {
        let emoji = KeyboardLayout(id: EmojiKeyboard.id, name: "Emoji", keys: [.character("🙂")],
                                   layers: [Layer(name: "smileys", rows: [LayoutRow(items: [.key("🙂", nil)])])])
        let f = SessionFixture(layouts: [TestLayouts.tiny, emoji])
        f.proxy.traits = TextInputTraits(autocapitalizationType: .none, isSecureTextEntry: true)
        #expect(f.session.scene.bar == nil)
        f.session.keyboards.showNext()
        #expect(f.session.layout.id == EmojiKeyboard.id)
        #expect(f.session.scene.bar == nil)
        #expect(f.session.scene.geometry.frames.map(\.frame.y).min() == 0)
    }

    @Test func theBarShowsWhileTypingAndItsSlotsTypeTheWord() {
        let f = SessionFixture()
        f.session.area.resize(width: 600, height: 301)
        f.proxy.document.insertText("hel")
        f.proxy.onDocumentChange?(.text)
        guard let bar = f.session.scene.bar else {
            Issue.record("no bar for “hel”")
            return
        }
        #expect(bar.strip.height > 0)
        #expect(f.session.geometry.frames.allSatisfy { $0.frame.y >= bar.strip.height }, "keys below the bar")
        let index = bar.content.slots.firstIndex { $0?.text == "hello" }!
        let slot = bar.slots[index]
        f.session.touchBegan(3, x: slot.midX, y: slot.midY)
        #expect(f.session.scene.bar?.pressed == index)
        f.session.touchEnded(3, x: slot.midX, y: slot.midY)
        #expect(f.proxy.text == "hello ")
        #expect(f.sounds.played.count == 1, "a click for the slot")
    }

    @Test func theSceneShowsThePreviewOfAHeldKeyButNotInAPasswordField() {
        let f = SessionFixture()
        let frame = f.session.geometry.frame(ofKey: "w")!
        f.session.touchBegan(1, x: frame.midX, y: frame.midY)
        #expect(f.session.scene.preview?.label == "w")
        #expect(f.session.scene.pressedKeyIDs == ["w"])
        f.session.touchCancelled(1)
        f.proxy.traits = TextInputTraits(autocapitalizationType: .none, isSecureTextEntry: true)
        f.session.touchBegan(1, x: frame.midX, y: frame.midY)
        #expect(f.session.scene.preview == nil)
        f.session.touchEnded(1, x: frame.midX, y: frame.midY)
        #expect(f.proxy.text == "w")
    }

    @Test func aWordRemovedInTheSettingsWindowIsForgottenOnceHere() {
        let f = SessionFixture(layouts: [TestLayouts.tiny])
        var settings = Settings()
        settings.allowFullAccess = true
        f.session.apply(settings, loadKeyboards: nil)
        f.words.suggestions.storage.change { $0.learn(word: "qwe"); $0.learn(word: "ewq", after: "qwe") }
        f.session.emoji.recent.storage.change { $0.set(word: "🙂", count: 1); $0.set(word: "🎉", count: 2) }
        f.kana.memory.storage.change { $0.set(pair: .init("さくら", "佐倉"), count: 2) }
        settings.forget(.word("qwe"))
        settings.forget(.emoji("🙂"))
        settings.forget(KanaMode.conversions.item(previous: "さくら", word: "佐倉"))
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.words.suggestions.learnedWords.count(of: "qwe") == 0)
        #expect(f.words.suggestions.learnedWords.count(of: "ewq", after: "qwe") == 0, "its pairs too")
        #expect(f.words.suggestions.learnedWords.count(of: "ewq") == 1, "the others stay")
        #expect(f.session.emoji.recent.recent() == ["🎉"])
        #expect(f.kana.memory.storage.learned.pairs.isEmpty)
        f.words.suggestions.storage.change { $0.learn(word: "qwe") }
        settings.soundsEnabled = false
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.words.suggestions.learnedWords.count(of: "qwe") == 1, "learned again later: not forgotten again")
    }

    @Test func whatWasLearnedIsSavedWhenTheHostGoes() throws {
        let folder = "/tmp/clavis-session-\(UInt32.random(in: 0...UInt32.max))"
        let stores = LearnedStores(dataDirectory: folder)
        let session = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(
            scheduler: ManualScheduler(), modes: [WordMode(loadLexicon: { _ in TestLexicon.make() }, store: stores.words)],
            recentEmojiStore: stores.recentEmoji))
        var settings = Settings()
        settings.allowFullAccess = true
        session.apply(settings, loadKeyboards: nil)
        session.emoji.recent.use("🙂", traits: TextInputTraits())
        session.learning.save()
        defer { stores.all.forEach { Files.remove($0.path) }; Files.remove(folder) }
        #expect(stores.recentEmoji?.load().words.words.keys.contains("🙂") == true)
    }
}

#if canImport(Glibc)
import Glibc
#endif
