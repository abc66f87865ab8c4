import ClavisEngine
import ClavisPrediction

/// The suggestion bar's brain between the keys and the proxy: it keeps the bar up to date,
/// replaces the word when a slot is tapped, corrects on space or punctuation, undoes that
/// correction on the next Backspace, turns a double space into ". ", moves the space a chosen
/// word brought after a punctuation mark typed next ("hello " + "," is "hello, ", as on
/// phones), and learns the words the user keeps when Full Access allows it.
///
///     let session = SuggestionSession(predictor: english)
///     controller.suggestions = session
///     // type "helo", then space: the field reads "hello "; Backspace: "helo"
@MainActor
public final class SuggestionSession {
    /// Where learned words are kept, and whether they may be (Full Access).
    public let storage = LearnedWords()
    /// The engine; `nil` while no lexicon is loaded (the bar stays empty, typing works). One
    /// whose lexicon's file was written to in place since (`TextPredictor.isIntact`) is made
    /// again by `reloadPredictor` before it is used.
    public var predictor: TextPredictor? {
        get {
            if let held = heldPredictor, !held.isIntact, let reloadPredictor {
                heldPredictor = nil
                self.predictor = reloadPredictor()
            }
            return heldPredictor
        }
        set {
            heldPredictor = newValue
            if let newValue { newValue.userWords = mergedUserWords }
            // A new predictor reads its lexicons (the keys rearranged, a language added).
            releasePagesWhenIdle()
        }
    }
    private var heldPredictor: TextPredictor?
    /// Makes the predictor again from the files (the word mode's: its lexicons mapped anew).
    public var reloadPredictor: (() -> TextPredictor?)?
    /// The bar now.
    public private(set) var bar = SuggestionBar.empty
    /// Whether a misspelt word is replaced when a space or punctuation ends it (the
    /// `autoCorrection` setting; fields that ask for no correction never are).
    public var autoCorrects = true
    /// Whether two spaces after a word type ". " (the `doubleSpacePeriod` setting).
    public var doubleSpacePeriod = true
    /// Called whenever the bar changes.
    public var onChange: (() -> Void)?
    /// What lets the lexicons' pages go once typing pauses (none: they stay mapped).
    public var scheduler: (any Scheduler)?
    /// Seconds without a lookup before the lexicons' pages are let go: long enough that
    /// steady typing keeps them (a pause between words is shorter), short enough that an
    /// idle keyboard holds none. After a longer pause the next key maps what it reads again
    /// from the page cache, once its text has gone out.
    public static let pageReleaseDelay = 1.0
    private var pageRelease: (any ScheduledTask)?
    /// Seconds the bar waits after the text changed before it is recomputed (0: at once).
    /// Where the text goes to another process (a compositor, then its application, on the
    /// same cores), recomputing at once competes with them for a core just when they carry
    /// the text (on sway it kept the keyboard busy twice as long while the text was on its
    /// way). Waiting a few milliseconds lets the text arrive first; the bar is still drawn
    /// within the next frame. Changes meanwhile share the one update, which reads the text
    /// as it is then.
    ///
    ///     session.updateDelay = 0.005   // the bar follows 5 ms after each key
    public var updateDelay = 0.0
    private var pendingUpdate: (any ScheduledTask)?
    private var pendingProxy: (any TextDocumentProxy)?
    /// The traits of the field the bar was last computed for.
    private var updatedTraits: TextInputTraits?

    /// The word being typed when the bar was last computed: Space reads the bar's
    /// correction only for that word.
    private var barWord = ""
    private var names: Set<String> = []
    var lastCorrection: (original: String, replacement: String, separator: String)?
    /// The word last chosen from the bar, in place of the partial word, until the next key:
    /// what Undo takes back (Backspace only deletes).
    var lastChoice: (original: String, replacement: String, separator: String)?
    private var keptAsTyped: String?
    /// The space after a word chosen from the bar (or swiped), until the next key.
    var spaceAfterChoice = false
    /// The word the last swipe typed, while it is the last thing typed.
    var swiped: Swiped?

    /// The addresses typed in email and web fields (with Full Access), offered there first.
    public let addresses = RecentlyUsed(limit: 64)

    public init(predictor: TextPredictor? = nil) {
        self.predictor = predictor
    }

    /// Lets go of the lexicons' mapped pages `pageReleaseDelay` after the last use: every key
    /// that types updates the bar (corrections come with an update), a new predictor is set
    /// when the keys are rearranged, and a stroke being drawn is decoded (`WordMode`).
    func releasePagesWhenIdle() {
        guard let scheduler, predictor != nil else { return }
        pageRelease?.cancel()
        pageRelease = scheduler.schedule(after: Self.pageReleaseDelay) { [weak self] in
            self?.predictor?.releaseResidentPages()
        }
    }

    /// Reads the learned words from the store (once, at start).
    public func loadLearnedWords() {
        storage.load()
        addresses.storage.load()
        predictor?.userWords = mergedUserWords
    }

    /// Names the app knows (a contact's first and last name) that must never be corrected.
    public func setNames(_ names: some Sequence<String>) {
        self.names = Set(names.filter { !$0.isEmpty })
        predictor?.userWords = mergedUserWords
    }

    /// Forgets one learned word (removed in the settings window), on disk too a while later.
    public func forget(learnedWord word: String) {
        storage.change { $0.forget(word: word) }
    }

    /// Forgets every learned word, on disk too.
    public func clearLearnedWords() {
        storage.forget()
        addresses.storage.forget()
        predictor?.userWords = mergedUserWords
    }

    /// What has been learned (names excluded).
    public var learnedWords: UserLexicon { storage.learned }

    private var mergedUserWords: UserLexicon {
        var words = storage.learned
        words.names = names
        return words
    }

    /// Recomputes the bar after `updateDelay` (at once without a delay or a scheduler, and
    /// when the field or its traits changed: a password field's bar must go at once); an
    /// update already waiting covers this change too.
    public func updateSoon(_ proxy: (any TextDocumentProxy)?) {
        guard updateDelay > 0, let scheduler, let proxy, proxy.traits == updatedTraits else { return update(proxy) }
        // The latest proxy: the focus may have moved meanwhile.
        pendingProxy = proxy
        guard pendingUpdate == nil else { return }
        pendingUpdate = scheduler.schedule(after: updateDelay) { [weak self] in
            guard let self else { return }
            let proxy = pendingProxy
            pendingUpdate = nil
            pendingProxy = nil
            update(proxy)
        }
    }

    /// Recomputes the bar from the text before the caret and the field's traits.
    public func update(_ proxy: (any TextDocumentProxy)?) {
        updatedTraits = proxy?.traits
        let newBar: SuggestionBar
        if let proxy, let bar = swipedBar(before: proxy.suggestionContext ?? "") {
            newBar = bar
        } else if let proxy, let kind = AddressCompletion.Kind(proxy.traits.keyboardType) {
            newBar = addressBar(kind, before: proxy.suggestionContext ?? "")
        } else if let proxy, proxy.traits.showsSuggestions, let predictor {
            let context = TypingContext(before: proxy.suggestionContext ?? "")
            let ranked = predictor.suggestions(for: context, count: SuggestionBar.slotCount, names: proxy.traits.holdsName)
            let known = context.partial.isEmpty || predictor.isKnown(context.partial)
            newBar = SuggestionBar(ranked: ranked, typed: context.partial, typedIsKnown: known,
                                   correction: spaceCorrection(for: context, traits: proxy.traits, predictor: predictor))
        } else {
            newBar = SuggestionBar(ranked: [], typed: "", typedIsKnown: true, isHidden: !(proxy?.traits.showsSuggestions ?? true))
        }
        barWord = TypingContext(before: proxy?.suggestionContext ?? "").partial
        if newBar != bar {
            bar = newBar
            onChange?()
        }
        releasePagesWhenIdle()
    }

    /// What Space (or punctuation) will put in place of the word being typed, or `nil` to
    /// keep it: the bar highlights exactly this, and `willInsert` types exactly what the bar
    /// highlights. Never in a field that asks for no correction (a name, an address), with
    /// the `autoCorrection` setting off, or for a word just put back with Backspace.
    func spaceCorrection(for context: TypingContext, traits: TextInputTraits, predictor: TextPredictor) -> String? {
        let word = context.partial
        guard autoCorrects, traits.correctsAutomatically, !word.isEmpty, keptAsTyped != word,
              let correction = predictor.autocorrection(for: word, context: context), correction != word else { return nil }
        return correction
    }

    /// Called before the keyboard types `text`: corrects the word it ends, or turns a double
    /// space into ". ". Returns the text to type instead (usually `text` itself).
    public func willInsert(_ text: String, into proxy: any TextDocumentProxy) -> String {
        lastCorrection = nil
        lastChoice = nil
        let before = proxy.suggestionContext ?? ""
        let choseWord = spaceAfterChoice
        spaceAfterChoice = false
        swiped = nil
        if let kind = AddressCompletion.Kind(proxy.traits.keyboardType) {
            // An address is no sentence: nothing corrected or learned as words; a whole
            // address is remembered when it ends.
            if text == " " || text == "\n" { remember(AddressCompletion.token(before: before), kind, in: proxy) }
            return text
        }
        if choseWord, text.count == 1, ".,!?;:".contains(text.first!), before.hasSuffix(" ") {
            proxy.deleteBackward()
            return text + " "
        }
        if text == " ", doubleSpacePeriod, proxy.traits.correctsAutomatically, before.hasSuffix(" "),
           let last = before.dropLast().last, WordFolding.isWordCharacter(last) {
            proxy.deleteBackward()
            return ". "
        }
        guard Self.endsWord(text) else { return text }
        let context = TypingContext(before: before)
        var word = context.partial
        guard !word.isEmpty else { return text }
        // Space does what the bar promised for this word: the bar is brought up to date
        // first if it is not (an update still waiting, or computed for other letters or
        // another field).
        if pendingUpdate != nil || barWord != word || updatedTraits != proxy.traits {
            pendingUpdate?.cancel()
            pendingUpdate = nil
            pendingProxy = nil
            update(proxy)
        }
        if autoCorrects, let replacement = bar.correction, replacement != word {
            replace(word, with: replacement, in: proxy)
            lastCorrection = (word, replacement, text)
            word = replacement
        }
        keptAsTyped = nil
        learn(word, after: context, in: proxy)
        return text
    }

    /// Called for Backspace: right after an auto-correction, puts back what was typed (and
    /// keeps it from being corrected again). Returns whether it handled the key.
    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        spaceAfterChoice = false
        lastChoice = nil
        if deleteSwiped(in: proxy) { return true }
        return undoCorrection(in: proxy)
    }

    /// Puts back what was typed before the last auto-correction, if it is still the last
    /// thing in the text; the word is then kept as typed.
    func undoCorrection(in proxy: any TextDocumentProxy) -> Bool {
        guard let correction = lastCorrection else { return false }
        lastCorrection = nil
        guard revert(correction, in: proxy) else { return false }
        keptAsTyped = correction.original
        return true
    }

    /// Replaces `replacement` and `separator` at the end of the text before the caret by
    /// `original`; false (and nothing changed) when the text no longer ends so.
    func revert(_ edit: (original: String, replacement: String, separator: String), in proxy: any TextDocumentProxy) -> Bool {
        let before = proxy.suggestionContext ?? ""
        guard before.hasSuffix(edit.replacement + edit.separator) else { return false }
        for _ in 0..<(edit.replacement.count + edit.separator.count) { proxy.deleteBackward() }
        proxy.insertText(edit.original)
        return true
    }

    /// Any other key: an auto-correction can no longer be undone with Backspace.
    public func otherKeyPressed() {
        lastCorrection = nil
        lastChoice = nil
        spaceAfterChoice = false
        swiped = nil
    }

    /// Types the slot's word in place of the partial word, then a space; a predicted next
    /// word gets the capitals `cased` gives it (the keys' Shift: a name field capitalises
    /// every word), a completion keeps the case of the letters typed.
    public func choose(slot index: Int, cased: (String) -> String = { $0 }, in proxy: any TextDocumentProxy) {
        if replaceSwiped(slot: index, in: proxy) { return }
        guard bar.slots.indices.contains(index), let suggestion = bar.slots[index] else { return }
        if let kind = AddressCompletion.Kind(proxy.traits.keyboardType) { return chooseAddress(suggestion.text, kind, in: proxy) }
        lastCorrection = nil
        let context = TypingContext(before: proxy.suggestionContext ?? "")
        for _ in 0..<context.partial.count { proxy.deleteBackward() }
        let word = context.partial.isEmpty ? cased(suggestion.text) : suggestion.text
        proxy.insertText(word + " ")
        spaceAfterChoice = true
        lastChoice = (context.partial, word, " ")
        learn(suggestion.text, after: context, in: proxy)
    }

    private func replace(_ word: String, with replacement: String, in proxy: any TextDocumentProxy) {
        for _ in 0..<word.count { proxy.deleteBackward() }
        proxy.insertText(replacement)
    }

    /// Counts a kept word, in the language it was typed in, when Full Access is on and the
    /// field allows it; nothing otherwise.
    private func learn(_ word: String, after context: TypingContext, in proxy: any TextDocumentProxy) {
        guard storage.fullAccess, proxy.traits.learnsWords, word.contains(where: \.isLetter) else { return }
        let language = predictor?.language(ofKept: word, after: context)
        storage.change { $0.learn(word: word, after: context.previous.last, language: language) }
        predictor?.userWords = mergedUserWords
    }

    private static func endsWord(_ text: String) -> Bool {
        text.count == 1 && " .,!?;:\n".contains(text.first!)
    }

    // MARK: Addresses

    /// The bar of an email or web field: addresses finishing the one being typed.
    private func addressBar(_ kind: AddressCompletion.Kind, before context: String) -> SuggestionBar {
        let token = AddressCompletion.token(before: context)
        let found = AddressCompletion.completions(of: token, kind: kind, learned: learnedAddresses(kind))
        let slots = found.map { Suggestion(text: $0, kind: .completion) as Suggestion? }
        return SuggestionBar(slots: slots + Array(repeating: nil, count: max(0, SuggestionBar.slotCount - slots.count)))
    }

    /// Puts a chosen address in place of the one being typed (no space after: an address
    /// field holds one) and remembers it.
    private func chooseAddress(_ address: String, _ kind: AddressCompletion.Kind, in proxy: any TextDocumentProxy) {
        lastCorrection = nil
        let token = AddressCompletion.token(before: proxy.suggestionContext ?? "")
        for _ in 0..<token.count { proxy.deleteBackward() }
        proxy.insertText(address)
        remember(address, kind, in: proxy)
    }

    /// Keeps a whole address (Full Access, a field that allows learning), the newest first.
    private func remember(_ address: String, _ kind: AddressCompletion.Kind, in proxy: any TextDocumentProxy) {
        guard AddressCompletion.isComplete(address, kind: kind) else { return }
        addresses.use("\(kind.rawValue):\(address)", traits: proxy.traits)
    }

    /// The addresses kept for fields of `kind`, most recent first.
    private func learnedAddresses(_ kind: AddressCompletion.Kind) -> [String] {
        let prefix = kind.rawValue + ":"
        return addresses.recent().filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
