import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisWordMode
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@MainActor @Suite struct SuggestionSessionTests {
    func make(_ traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none), text: String = "")
        -> (KeyboardController, RecordingProxy, SuggestionSession) {
        let controller = KeyboardController(layout: TestLayouts.tiny)
        let proxy = RecordingProxy(text: text, traits: traits)
        controller.proxy = proxy
        let session = SuggestionSession(predictor: TestLexicon.predictor())
        controller.mode = session
        return (controller, proxy, session)
    }

    /// Types text as key taps: letters through `typeAlternate`, space and Backspace as keys.
    func type(_ text: String, on controller: KeyboardController) {
        for character in text {
            switch character {
            case " ": controller.activate(TestLayouts.tiny.key("space")!)
            case "⌫": controller.activate(TestLayouts.tiny.key("backspace")!)
            default: controller.typeAlternate(String(character))
            }
        }
    }

    @Test func theLexiconsPagesAreLetGoOnceTypingPauses() throws {
        // A lexicon mapped from a file of its own, so its resident pages can be read.
        var template = Array("/tmp/clavis-lexicon-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = TestLexicon.bytes()
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        close(descriptor)
        let name = String(path.split(separator: "/").last!)

        let controller = KeyboardController(layout: TestLayouts.tiny)
        let proxy = RecordingProxy(text: "", traits: TextInputTraits(autocapitalizationType: .none))
        controller.proxy = proxy
        let session = SuggestionSession(predictor: TextPredictor(lexicon: try Lexicon(path: path)))
        let scheduler = ManualScheduler()
        session.scheduler = scheduler
        controller.mode = session
        type("hel", on: controller)
        #expect(ResidentPages.kilobytes(ofMapped: name) > 0, "the suggestions mapped pages")
        scheduler.advance(by: SuggestionSession.pageReleaseDelay / 2)
        type("l", on: controller)
        scheduler.advance(by: SuggestionSession.pageReleaseDelay * 0.9)
        #expect(ResidentPages.kilobytes(ofMapped: name) > 0, "not while typing goes on")
        scheduler.advance(by: SuggestionSession.pageReleaseDelay * 0.2)
        #expect(ResidentPages.kilobytes(ofMapped: name) == 0)
        type("o", on: controller)
        #expect(session.bar.slots.contains { $0?.text == "hello" }, "and the next lookup maps them again")
        // Rearranged keys bring a new predictor, which reads the lexicon without a key typed.
        scheduler.advance(by: SuggestionSession.pageReleaseDelay)
        #expect(ResidentPages.kilobytes(ofMapped: name) == 0)
        session.predictor = session.predictor?.with(proximity: KeyProximity.qwerty)
        _ = session.predictor?.suggestions(for: TypingContext(before: "hel"), count: 3)
        #expect(ResidentPages.kilobytes(ofMapped: name) > 0)
        scheduler.advance(by: SuggestionSession.pageReleaseDelay)
        #expect(ResidentPages.kilobytes(ofMapped: name) == 0)
    }

    @Test func withADelayTheBarFollowsTheKeysOnceTheyPause() {
        let (controller, proxy, session) = make()
        let scheduler = ManualScheduler()
        session.scheduler = scheduler
        session.updateDelay = 0.005
        let before = session.bar
        type("hel", on: controller)
        #expect(proxy.text == "hel", "the text goes out at once")
        #expect(session.bar == before, "the bar waits")
        scheduler.advance(by: 0.004)
        type("l", on: controller)
        scheduler.advance(by: 0.0009)
        #expect(session.bar == before)
        scheduler.advance(by: 0.0002)
        #expect(session.bar.slots.contains { $0?.text == "hello" }, "one update for the keys meanwhile, reading the text as it is then")

        // Another field (here: a password's traits) is not waited for: its bar goes at once.
        proxy.document.traits = TextInputTraits(isSecureTextEntry: true)
        controller.textDidChange()
        #expect(session.bar.isHidden)

        // Without a scheduler there is nothing to wait with: at once.
        let (other, _, immediate) = make()
        immediate.updateDelay = 0.005
        type("hel", on: other)
        #expect(immediate.bar.slots.contains { $0?.text == "hello" })
    }

    @Test func undoTakesBackACorrectionOrAChosenWordButNothingElse() {
        let (controller, proxy, session) = make()
        type("helo ", on: controller)
        #expect(proxy.text == "hello ")
        #expect(session.undo(in: proxy))
        #expect(proxy.text == "helo", "the correction taken back")
        #expect(!session.undo(in: proxy), "nothing more of the keyboard's own")

        type(" hel", on: controller)
        let slot = session.bar.slots.firstIndex { $0 != nil && $0?.text != "hel" }
        let word = slot.flatMap { session.bar.slots[$0]?.text } ?? ""
        #expect(!word.isEmpty, "a word to choose: \(session.bar.slots)")
        session.choose(slot: slot ?? 0, in: proxy)
        #expect(proxy.text == "helo \(word) ")
        #expect(session.undo(in: proxy))
        #expect(proxy.text == "helo hel", "the chosen word taken back, the letters typed before it back")

        type("l", on: controller)
        #expect(!session.undo(in: proxy), "a key typed since: the application's undo")
        #expect(proxy.text == "helo hell")
    }

    @Test func spaceCorrectsAndOneBackspaceRestoresWhatWasTyped() {
        let (controller, proxy, _) = make()
        type("helo ", on: controller)
        #expect(proxy.text == "hello ")
        type("⌫", on: controller)
        #expect(proxy.text == "helo")
        // Kept as typed: the next space does not correct it again.
        type(" ", on: controller)
        #expect(proxy.text == "helo ")
    }

    @Test func onlyTheBackspaceRightAfterUndoes() {
        let (controller, proxy, _) = make()
        type("helo w⌫", on: controller)
        #expect(proxy.text == "hello ")
        type("⌫", on: controller)
        #expect(proxy.text == "hello")
    }

    @Test func aPredictionChosenInAFieldThatCapitalisesWordsGetsItsCapital() throws {
        let (controller, proxy, session) = make(TextInputTraits(autocapitalizationType: .words))
        type("ada ", on: controller)
        #expect(controller.isShiftLatched, "the keys show capitals for the next word")
        let slot = try #require(session.bar.slots.firstIndex { $0?.kind == .prediction })
        let word = try #require(session.bar.slots[slot]?.text)
        controller.chooseSuggestion(slot: slot)
        #expect(proxy.text == "Ada " + word.prefix(1).uppercased() + word.dropFirst() + " ")
        // Mid-sentence in ordinary text a prediction stays as the lexicon has it.
        let (plain, plainProxy, plainSession) = make(TextInputTraits(autocapitalizationType: .sentences))
        type("see ", on: plain)
        let next = try #require(plainSession.bar.slots.firstIndex { $0?.kind == .prediction })
        let text = try #require(plainSession.bar.slots[next]?.text)
        plain.chooseSuggestion(slot: next)
        #expect(plainProxy.text == "See " + text + " ")
    }

    @Test func punctuationCorrectsToo() {
        let (controller, proxy, _) = make()
        type("dont", on: controller)
        controller.typeAlternate(",")
        #expect(proxy.text == "don't,")
    }

    @Test func theBarShowsTheTypedWordInQuotesAndTheBestInTheMiddle() {
        let (controller, _, session) = make()
        type("helo", on: controller)
        #expect(session.bar.slots.map { $0?.text } == ["helo", "hello", "help"])
        #expect(session.bar.label(ofSlot: 0) == "\u{201C}helo\u{201D}")
        #expect(!session.bar.isHidden)
    }

    @Test func anEmailFieldCompletesAddressesAndNeverPredictsWords() {
        let email = TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none)
        let (controller, proxy, session) = make(email)
        session.addresses.storage.fullAccess = true
        #expect(session.bar.slots.compactMap { $0 }.isEmpty, "no \"A / The / He\" in an empty email field")
        type("ada", on: controller)
        #expect(session.bar.slots.compactMap { $0 }.isEmpty, "no names or words for the part before @")
        type("@example.co", on: controller)
        #expect(session.bar.slots.compactMap { $0 }.isEmpty, "no \"could / come / company\": example.co is no mail domain it knows")
        type(String(repeating: "⌫", count: proxy.text.count), on: controller)
        type("ada@gm", on: controller)
        let gmail = try? #require(session.bar.slots.firstIndex { $0?.text == "ada@gmail.com" })
        #expect(session.bar.highlighted == nil)
        controller.chooseSuggestion(slot: gmail ?? 0)
        #expect(proxy.text == "ada@gmail.com", "the whole address in place of the one typed, no space after")
        type(String(repeating: "⌫", count: proxy.text.count), on: controller)
        type("a", on: controller)
        #expect(session.bar.slots.first??.text == "ada@gmail.com", "a chosen address is offered again first")
    }

    @Test func aWebFieldCompletesEndingsAndRemembersWholeAddressesWithFullAccess() {
        let web = TextInputTraits(keyboardType: .url, autocapitalizationType: .none)
        let (controller, proxy, session) = make(web)
        type("example.co", on: controller)
        #expect(session.bar.slots.compactMap { $0?.text } == ["example.com", "example.co.uk"])
        type("m ", on: controller)
        type(String(repeating: "⌫", count: proxy.text.count), on: controller)
        type("ex", on: controller)
        #expect(!session.bar.slots.contains { $0?.text == "example.com" }, "nothing kept without Full Access")
        session.addresses.storage.fullAccess = true
        type("ample.org ", on: controller)
        type(String(repeating: "⌫", count: proxy.text.count), on: controller)
        type("ex", on: controller)
        #expect(session.bar.slots.first??.text == "example.org")
        #expect(session.learnedWords.allWords.isEmpty, "no word of an address learned as a word")
    }

    @Test func tappingASlotReplacesTheWordAndPredictsTheNext() {
        let (controller, proxy, session) = make(text: "see you ")
        type("to", on: controller)
        let slot = session.bar.slots.firstIndex { $0?.text == "tomorrow" }!
        controller.chooseSuggestion(slot: slot)
        #expect(proxy.text == "see you tomorrow ")
        #expect(session.bar.slots.compactMap { $0 }.allSatisfy { $0.kind == .prediction })
    }

    @Test func punctuationAfterAChosenWordTakesItsSpace() {
        let (controller, proxy, session) = make(text: "see you ")
        type("to", on: controller)
        controller.chooseSuggestion(slot: session.bar.slots.firstIndex { $0?.text == "tomorrow" }!)
        controller.typeAlternate(",")
        #expect(proxy.text == "see you tomorrow, ", "the space moves after the comma")
        controller.typeAlternate(".")
        #expect(proxy.text == "see you tomorrow, .", "only right after the choice")
        let (other, document, bar) = make(text: "see you ")
        type("to", on: other)
        other.chooseSuggestion(slot: bar.bar.slots.firstIndex { $0?.text == "tomorrow" }!)
        type("⌫", on: other)
        other.typeAlternate(".")
        #expect(document.text == "see you tomorrow.", "Backspace took the space itself")
    }

    @Test func doubleSpaceEndsTheSentence() {
        let (controller, proxy, _) = make()
        type("hello  ", on: controller)
        #expect(proxy.text == "hello. ")
        type("helo  ", on: controller)
        #expect(proxy.text == "hello. hello. ")
    }

    @Test func autoCorrectionAndTheDoubleSpacePeriodTurnOffApartFromTheBar() {
        let (controller, proxy, session) = make()
        session.autoCorrects = false
        type("helo", on: controller)
        let offered = session.bar.slots.compactMap { $0?.text }
        #expect(offered.contains("hello"), "the bar still suggests")
        type(" ", on: controller)
        #expect(proxy.text == "helo ", "but the space leaves the word as typed")
        session.doubleSpacePeriod = false
        type(" ", on: controller)
        #expect(proxy.text == "helo  ")
    }

    @Test(arguments: [
        TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none),
        TextInputTraits(keyboardType: .url, autocapitalizationType: .none),
        TextInputTraits(autocapitalizationType: .none, autocorrectionType: .no),
        TextInputTraits(autocapitalizationType: .none, isSecureTextEntry: true),
    ])
    func fieldsThatDoNotWantCorrectionKeepWhatIsTyped(traits: TextInputTraits) {
        let (controller, proxy, _) = make(traits)
        type("helo ", on: controller)
        #expect(proxy.text == "helo ")
    }

    @Test func passwordsAndNumberPadsHideTheBar() {
        let (_, _, secure) = make(TextInputTraits(isSecureTextEntry: true))
        #expect(secure.bar.isHidden)
        let (_, _, digits) = make(TextInputTraits(keyboardType: .numberPad))
        #expect(digits.bar.isHidden)
    }

    @Test func withoutFullAccessNothingIsLearnedOrWritten() {
        let path = "/tmp/clavis-session-\(getpid())-\(Int.random(in: 0..<1_000_000)).tsv"
        defer { unlink(path) }
        let (controller, _, session) = make()
        session.storage.store = UserWordStore(path: path)
        type("zorblax ", on: controller)
        session.storage.save()
        #expect(session.learnedWords.isEmpty)
        #expect(access(path, F_OK) != 0)
    }

    @Test func withFullAccessKeptWordsAreLearnedAndSaved() {
        let path = "/tmp/clavis-session-\(getpid())-\(Int.random(in: 0..<1_000_000)).tsv"
        defer { unlink(path) }
        let (controller, _, session) = make()
        let scheduler = ManualScheduler()
        session.storage.store = UserWordStore(path: path)
        session.storage.scheduler = scheduler
        session.storage.fullAccess = true
        type("zorblax ", on: controller)
        #expect(session.learnedWords.count(of: "zorblax") == 1)
        #expect(access(path, F_OK) != 0)    // written a little later, not on every word
        scheduler.advance(by: 3)
        #expect(UserWordStore(path: path).load().words.count(of: "zorblax") == 1)
    }

    @Test func aWordIsLearnedInTheLanguageItWasTypedIn() {
        let (controller, _, session) = make()
        session.predictor = TextPredictor(lexicons: [TestLexicon.make(), TestLexicon.makeGerman()], languages: ["en", "de"])
        session.storage.fullAccess = true
        type("ich habe keine zorblax ", on: controller)
        #expect(session.learnedWords.languages["zorblax"] == "de", "after German words")
        type("you will see the frobnitz ", on: controller)
        #expect(session.learnedWords.languages["frobnitz"] == "en")
        session.predictor = TextPredictor(lexicons: [TestLexicon.make()], languages: ["en"])
        #expect(session.predictor?.offeredUserWords.count(of: "zorblax") == 0, "not offered where German is not suggested")
        #expect(session.predictor?.offeredUserWords.count(of: "frobnitz") == 1)
    }

    @Test func autocorrectedWordsAndPasswordsAreNeverLearned() {
        let (controller, _, session) = make()
        session.storage.fullAccess = true
        type("helo ", on: controller)
        #expect(session.learnedWords.count(of: "helo") == 0)
        let (secureController, _, secureSession) = make(TextInputTraits(isSecureTextEntry: true))
        secureSession.storage.fullAccess = true
        type("hunter ", on: secureController)
        #expect(secureSession.learnedWords.isEmpty)
        let (codeController, _, codeSession) = make(TextInputTraits(allowsLearning: false))
        codeSession.storage.fullAccess = true
        type("zorblax ", on: codeController)
        #expect(codeSession.learnedWords.isEmpty)
    }

    /// The bar and Space keep one contract (issue 62): what Space leaves is the highlighted
    /// slot's word, or the word as typed when none is highlighted. Before it, "caret" showed
    /// "caretaker" highlighted and Space typed "care", which no slot showed.
    @Test(arguments: ["caret", "helo", "dont", "i", "hello", "tomor", "zolw", "Kasia", "xq"])
    func spaceLeavesWhatTheBarHighlights(typed: String) {
        var builder = LexiconBuilder()
        for (word, count) in TestLexicon.words + [("care", 50_000), ("career", 30_000), ("caretaker", 2_000), ("Asia", 20_000), ("żółw", 3_000)] {
            builder.add(word: word, count: count)
        }
        let (controller, proxy, session) = make()
        session.predictor = TextPredictor(lexicon: try! Lexicon(bytes: builder.build()))
        type(typed, on: controller)
        let promised = session.bar.highlighted.flatMap { session.bar.slots[$0]?.text } ?? typed
        #expect(session.bar.correction == session.bar.highlighted.flatMap { session.bar.slots[$0]?.text })
        type(" ", on: controller)
        #expect(proxy.text == promised + " ", "bar: \(session.bar.slots.map { $0?.text })")
        if typed == "caret" { #expect(promised == "care", "without the dictionary's words, caret is a slip") }
    }

    /// With a bar update waiting (the Wayland hosts' short delay), Space still does what the
    /// bar would show for the letters typed, not what it showed for fewer.
    @Test func spaceFollowsTheLettersTypedEvenBeforeTheBarCaughtUp() {
        let (controller, proxy, session) = make()
        let scheduler = ManualScheduler()
        session.scheduler = scheduler
        session.updateDelay = 0.005
        type("hel", on: controller)
        scheduler.advance(by: 0.01)
        type("o ", on: controller)
        #expect(proxy.text == "hello ")
    }

    @Test func aNameFieldOffersNamesAndCorrectsNothing() {
        let (controller, proxy, session) = make(TextInputTraits(autocapitalizationType: .words, textContentType: .familyName))
        session.setNames(["Kasia"])
        type("Ka", on: controller)
        let offered: [String] = session.bar.slots.compactMap { $0?.text }
        #expect(offered.contains("Kasia"))
        #expect(!offered.contains("the"))
        type("zz ", on: controller)
        #expect(proxy.text == "Kazz ", "nothing is corrected in a name field")
        #expect(session.bar.highlighted == nil)
        let (plain, plainProxy, _) = make()
        type("the Helo ", on: plain)
        #expect(plainProxy.text == "the Helo ", "a capitalised unknown word within a sentence is a name")
    }

    @Test func namesFromTheAppAreNeverCorrected() {
        let (controller, proxy, session) = make()
        session.setNames(["Helo"])
        type("Helo ", on: controller)
        #expect(proxy.text == "Helo ")
    }
}
