import ClavisEngine
import ClavisKanaMode
import ClavisLayout
import ClavisPrediction
import TestSupport
import Testing

@MainActor @Suite struct CompositionSessionTests {
    let converter = FakeConverter([
        "にほん": ["日本", "二本"], "ご": ["語", "後"], "にほんご": ["日本語"],
        "わたし": ["私", "渡し"], "は": ["は", "葉", "歯", "刃", "派", "羽"],
        "わた": ["綿"], "しは": ["市は"],
    ])

    // MARK: Composing

    @Test func typedLettersBecomeMarkedKanaWithTheCaretAtItsEnd() {
        let document = TextDocument(text: "私は")
        let session = CompositionSession()
        session.type("nihong", in: document)
        #expect(document.text == "私はにほんg")
        #expect(document.markedRange == 2..<6)
        #expect(document.selection == 6..<6)
        session.type("o", in: document)
        #expect(document.text == "私はにほんご")
        #expect(document.markedRange == 2..<6)
        #expect(session.reading == "にほんご")
    }

    @Test func backspaceEditsInsideTheComposition() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.type("kak", in: document)
        #expect(session.deleteBackward(in: document))
        #expect(document.text == "か" && document.markedRange == 0..<1)
        #expect(session.deleteBackward(in: document))
        #expect(document.text == "" && document.markedRange == nil)
        #expect(!session.deleteBackward(in: document), "no composition: the key deletes as usual")
    }

    @Test func commitLeavesOrdinaryTextAndTheNAsん() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.type("hon", in: document)
        #expect(session.commit(in: document))
        #expect(document.text == "ほん")
        #expect(document.markedRange == nil)
        #expect(document.selection == 2..<2)
        #expect(!session.isComposing)
        #expect(!session.commit(in: document), "nothing to commit: Return acts as usual")
    }

    @Test func cancelRemovesTheComposition() {
        let document = TextDocument(text: "abc")
        let session = CompositionSession()
        session.type("sushi", in: document)
        session.cancel(in: document)
        #expect(document.text == "abc")
        #expect(document.markedRange == nil && document.selection == 3..<3)
    }

    // MARK: Flick keys: toggle input and 小ﾞﾟ

    static let kanaA = KeyDefinition(id: "a", label: "あ", action: .insert("あ"),
                                     flicks: Flicks(left: "い", up: "う", right: "え", down: "お"))
    static let kanaTa = KeyDefinition(id: "ta", label: "た", action: .insert("た"),
                                      flicks: Flicks(left: "ち", up: "つ", right: "て", down: "と"))

    @Test func repeatedTapsCycleTheKeysKana() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        for expected in ["あ", "い", "う", "え", "お", "あ"] {
            session.tap(Self.kanaA, text: "あ", in: document)
            #expect(document.text == expected)
        }
        #expect(document.markedRange == 0..<1)
    }

    @Test func anotherKeyOrTheArrowStartsANewKana() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.tap(Self.kanaA, text: "あ", in: document)
        session.tap(Self.kanaTa, text: "た", in: document)
        session.tap(Self.kanaTa, text: "た", in: document)
        #expect(document.text == "あち")
        #expect(session.moveFocus(by: 1, in: document), "→ inside a composition ends the toggle")
        session.tap(Self.kanaTa, text: "た", in: document)
        #expect(document.text == "あちた")
    }

    @Test func kanaFormCyclesSmallAndVoicedForms() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.tap(Self.kanaTa, text: "た", in: document)
        session.tap(Self.kanaTa, text: "た", in: document)
        session.tap(Self.kanaTa, text: "た", in: document)
        #expect(document.text == "つ")
        for expected in ["っ", "づ", "つ"] {
            #expect(session.changeLastKanaForm(in: document))
            #expect(document.text == expected)
        }
        session.type("n", in: document)
        #expect(!session.changeLastKanaForm(in: document), "a pending letter has no kana forms")
        session.type("n", in: document)
        #expect(!session.changeLastKanaForm(in: document), "ん has no other form")
        #expect(document.text == "つん")
    }

    @Test func aFormChangeEndsTheToggle() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.tap(Self.kanaTa, text: "た", in: document)
        session.changeLastKanaForm(in: document)
        session.tap(Self.kanaTa, text: "た", in: document)
        #expect(document.text == "だた")
    }

    // MARK: Conversion

    @Test func spaceConvertsAndStepsThroughTheCandidates() {
        let document = TextDocument(text: "「")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        #expect(session.space(in: document))
        #expect(document.text == "「私は")
        #expect(document.markedRange == 1..<3)
        #expect(document.selection == 1..<2, "the focused segment is selected inside the marked text")
        #expect(session.bar.slots.map { $0?.text } == ["私は", "私", "渡し", "わたし"], "the whole sentence first")
        #expect(session.bar.highlighted == 1)
        #expect(session.space(in: document))
        #expect(document.text == "「渡しは")
        #expect(session.bar.slots.map { $0?.text } == ["私", "渡し", "わたし"], "changed: no sentence any more")
        #expect(session.bar.highlighted == 1)
        #expect(session.commit(in: document))
        #expect(document.text == "「渡しは" && document.markedRange == nil)
        #expect(session.bar.slots.isEmpty)
    }

    @Test func arrowsMoveBetweenSegmentsAndEachHasItsCandidates() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        session.space(in: document)
        #expect(session.moveFocus(by: 1, in: document))
        #expect(document.selection == 1..<2)
        #expect(session.bar.slots.map { $0?.text } == ["は", "葉", "歯", "刃", "▾"], "a page of four, then the full list")
        session.space(in: document)
        #expect(document.text == "私葉")
        #expect(session.moveFocus(by: 5, in: document), "the focus stops at the last segment")
        #expect(session.converting?.focus == 1)
        #expect(session.moveFocus(by: -1, in: document))
        #expect(session.converting?.focus == 0)
    }

    @Test func steppingPastAPageShowsTheNextPage() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("ha", in: document)
        for _ in 0..<6 { session.space(in: document) }   // converts, then five steps
        #expect(document.text == "羽")
        #expect(session.bar.slots.map { $0?.text } == ["派", "羽", "▾"])
        #expect(session.bar.highlighted == 1)
    }

    @Test func resizingASegmentConvertsAgainWithTheNewBoundary() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        session.space(in: document)
        #expect(session.resizeFocus(by: -1, in: document))
        #expect(session.converting?.segments.map(\.reading) == ["わた", "しは"])
        #expect(document.text == "綿市は")
        #expect(converter.calls.contains { $0.reading == "わたしは" && $0.segmentEnds == [2] })
        #expect(session.resizeFocus(by: 1, in: document))
        #expect(session.converting?.segments.map(\.reading) == ["わたし", "は"])
        #expect(session.resizeFocus(by: 5, in: document), "beyond the reading: nothing changes")
        #expect(session.converting?.segments.map(\.reading) == ["わたし", "は"])
    }

    @Test func resizingALaterSegmentKeepsTheChoicesBeforeIt() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        session.space(in: document)
        session.space(in: document)   // 渡し
        session.moveFocus(by: 1, in: document)
        #expect(session.resizeFocus(by: -1, in: document) == true)
        #expect(document.text == "渡しは", "one kana cannot get shorter; the first choice stays")
    }

    @Test func tappingACandidateCommitsUpToItsSegment() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        session.space(in: document)
        session.choose(slot: 2, in: document)
        #expect(document.text == "渡しは")
        #expect(document.markedRange == 2..<3, "the rest stays, converted")
        #expect(session.converting?.segments.map(\.reading) == ["は"])
        session.choose(slot: 2, in: document)
        #expect(document.text == "渡し歯" && document.markedRange == nil)
        #expect(!session.isComposing)
    }

    @Test func aFocusedSegmentGetsTheCandidatesOfItsReadingAlone() {
        let converter = FakeConverter(["にほん": ["日本", "二本", "ニホン"], "ご": ["語"]])
        converter.segmentCandidates = 1
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("nihongo", in: document)
        session.space(in: document)
        #expect(session.bar.slots.map { $0?.text } == ["日本語", "日本", "二本", "ニホン", "にほん"],
                "the sentence, the segment's own word, then its reading's other conversions, the kana last")
        session.moveFocus(by: 1, in: document)
        #expect(session.bar.slots.map { $0?.text } == ["語", "ご"])
    }

    @Test func tappingTheSentenceCommitsItWhole() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("watashiha", in: document)
        session.space(in: document)
        session.choose(slot: 0, in: document)
        #expect(document.text == "私は" && document.markedRange == nil)
        #expect(!session.isComposing && session.bar.slots.isEmpty)
    }

    @Test func theMoreSlotListsEveryCandidate() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        var listed: ([String], Int)?
        session.onCandidateList = { listed = ($0, $1) }
        session.type("ha", in: document)
        session.space(in: document)
        session.space(in: document)
        session.choose(slot: 4, in: document)
        #expect(listed?.0 == ["は", "葉", "歯", "刃", "派", "羽"])
        #expect(listed?.1 == 1)
        session.choose(candidate: 5, in: document)
        #expect(document.text == "羽" && !session.isComposing)
    }

    @Test func backspaceInAConversionGoesBackToTheKana() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("nihongo", in: document)
        session.space(in: document)
        #expect(document.text == "日本語")
        #expect(session.deleteBackward(in: document))
        #expect(document.text == "にほんご" && document.markedRange == 0..<4)
        #expect(session.converting == nil)
    }

    @Test func typingDuringAConversionCommitsItFirst() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.type("nihongo", in: document)
        session.space(in: document)
        session.type("ha", in: document)
        #expect(document.text == "日本語は")
        #expect(document.markedRange == 3..<4)
    }

    @Test func withoutAConverterSpaceCommitsTheKana() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.type("nihongo", in: document)
        #expect(!session.spaceConverts)
        #expect(session.space(in: document))
        #expect(document.text == "にほんご" && document.markedRange == nil)
        #expect(!session.space(in: document), "nothing composed: Space types a space")
    }

    // MARK: Fields that cannot show marked text

    @Test func aFieldWithoutMarkedTextGetsOnlyCommittedTextAndTheBarShowsTheComposition() {
        let proxy = RecordingProxy()
        proxy.showsMarkedText = false
        let session = CompositionSession(converter: converter)
        session.type("nihongo", in: proxy)
        #expect(proxy.calls.isEmpty)
        #expect(session.bar.slots.map { $0?.kind } == [.composing, .prediction])
        #expect(session.bar.slots.first??.text == "にほんご")
        session.space(in: proxy)
        #expect(session.bar.slots.map { $0?.text } == ["日本語", "日本語", "にほんご"])
        #expect(session.bar.slots.map { $0?.kind } == [.composing, .candidate, .candidate])
        session.commit(in: proxy)
        #expect(proxy.calls == [.insert("日本語")])
        #expect(session.bar.slots.isEmpty)
    }

    @Test func tappingTheCompositionInTheBarCommitsIt() {
        let proxy = RecordingProxy()
        proxy.showsMarkedText = false
        let session = CompositionSession(converter: converter)
        session.type("sushi", in: proxy)
        session.choose(slot: 0, in: proxy)
        #expect(proxy.calls == [.insert("すし")])
    }

    // MARK: Predictions and learning

    @Test func theBarPredictsTheWordsOfTheReadingAMomentAfterTheLastKey() {
        let scheduler = ManualScheduler()
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.scheduler = scheduler
        var changes = 0
        session.onChange = { changes += 1 }
        session.type("wata", in: document)
        session.type("shi", in: document)
        #expect(session.bar.slots.isEmpty, "nothing until typing pauses")
        scheduler.advance(by: 0.1)
        #expect(session.bar.slots.map { $0?.text } == ["私", "渡し"])
        #expect(session.bar.slots.map { $0?.kind } == [.prediction, .prediction])
        #expect(changes == 1, "one computation for the pause, not one per key")
        session.choose(slot: 1, in: document)
        #expect(document.text == "渡し" && document.markedRange == nil && !session.isComposing)
    }

    @Test func pendingLettersAndLongReadingsPredictNothingFromTheConverter() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        session.predictionLength = 2
        session.type("watash", in: document)
        #expect(session.bar.slots.isEmpty, "a letter is pending")
        session.type("i", in: document)
        #expect(session.bar.slots.isEmpty, "わたし is longer than two kana")
    }

    @Test func committedChoicesComeFirstNextTimeAndArePredicted() {
        let memory = ConversionMemory()
        memory.storage.fullAccess = true
        let document = TextDocument(text: "", traits: TextInputTraits())
        let session = CompositionSession(converter: converter)
        session.memory = memory
        session.type("watashi", in: document)
        session.space(in: document)
        session.space(in: document)
        #expect(session.commit(in: document))
        #expect(document.text == "渡し")
        session.type("watashi", in: document)
        session.space(in: document)
        #expect(document.text == "渡し渡し", "the learned word first")
        session.cancel(in: document)
        session.predictionLength = 0
        session.type("wata", in: document)
        #expect(session.bar.slots.map { $0?.text } == ["渡し"], "predicted from わた")
        session.choose(slot: 0, in: document)
        #expect(document.text == "渡し渡し", "the cancelled conversion is gone, the prediction committed")
    }

    @Test func withoutFullAccessOrInAPasswordNothingIsLearned() {
        let memory = ConversionMemory()
        let document = TextDocument(text: "", traits: TextInputTraits())
        let session = CompositionSession(converter: converter)
        session.memory = memory
        session.type("watashi", in: document)
        session.space(in: document)
        session.space(in: document)
        session.commit(in: document)
        #expect(memory.ranked(["私", "渡し"], for: "わたし") == ["私", "渡し"], "no Full Access")
        memory.storage.fullAccess = true
        document.traits.isSecureTextEntry = true
        memory.learn(reading: "わたし", word: "渡し", traits: document.traits)
        #expect(memory.ranked(["私", "渡し"], for: "わたし") == ["私", "渡し"], "a password field")
    }

    @Test func aCompositionAtItsLongestIsCommittedAndTypingGoesOn() {
        let document = TextDocument(text: "")
        let session = CompositionSession(converter: converter)
        let limit = CompositionSession.maximumLength
        session.type(String(repeating: "a", count: limit - 1), in: document)
        // A syllable begun before the limit is finished in the composition, past it.
        session.type("kyo", in: document)
        #expect(session.reading.count == limit + 1)
        #expect(document.markedRange == 0..<(limit + 1))
        session.type("ka", in: document)
        #expect(session.reading == "か")
        #expect(document.text == String(repeating: "あ", count: limit - 1) + "きょか")
        #expect(document.markedRange == (limit + 1)..<(limit + 2), "only the new composition is marked")
        for _ in 0..<(3 * limit) { session.type("u", in: document) }
        #expect(session.reading.count <= limit)
        #expect(document.text.count == 4 * limit + 2, "nothing typed is lost")
        #expect(session.space(in: document))
        #expect(converter.calls.allSatisfy { $0.reading.count <= limit + 2 }, "no conversion much past the limit")
    }
}
