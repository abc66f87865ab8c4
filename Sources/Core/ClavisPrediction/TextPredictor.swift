#if canImport(Glibc)
import Glibc
#endif

/// Completion, correction and next-word prediction over one language's lexicon, or several
/// typed at once: the engine behind the suggestion bar, auto-correction and `clavis suggest`.
///
/// Every candidate gets one score, log10 P(word | the two words before) from its language's
/// `LanguageModel`, less the `SpellingCorrector`'s cost when the letters typed are not a prefix
/// of it, so completions, corrections and the user's own words compete on one scale. With
/// several languages each word's score also carries log10 of its language's share of the
/// words just typed (`LanguageMix`), so English after English words and German after German
/// ones lead; a word right in any of the languages is never auto-corrected.
///
///     let predictor = TextPredictor(lexicon: try Lexicon(path: "en.clx"))
///     predictor.suggestions(for: TypingContext(before: "I will see you tomor"), count: 3)
///     predictor.autocorrection(for: "helo", context: TypingContext(before: ""))   // "hello"
///     let both = TextPredictor(lexicons: [english, german])
///     both.suggestions(for: TypingContext(before: "ich habe keine Zei"), count: 3)   // "Zeit", …
public final class TextPredictor: @unchecked Sendable {
    /// The first language's lexicon (the keyboard's own).
    public var lexicon: Lexicon { languages[0].lexicon }
    public var model: LanguageModel { languages[0].model }
    public var corrector: SpellingCorrector { languages[0].corrector }
    /// Every language's lexicon, the keyboard's own first.
    public var lexicons: [Lexicon] { languages.map(\.lexicon) }
    /// Whether every lexicon's file is still as it was read (`Lexicon.isIntact`).
    public var isIntact: Bool { languages.allSatisfy(\.lexicon.isIntact) }

    /// Lets go of every lexicon's mapped pages (`Lexicon.releaseResidentPages`).
    public func releaseResidentPages() {
        for lexicon in lexicons { lexicon.releaseResidentPages() }
    }
    /// The user's learned words and names, weighed in with the lexicon's…
    public var userWords = UserLexicon() {
        didSet { offeredUserWords = userWords.only(languages: languageTags) }
    }
    /// …those of them learned in one of these languages or in none (`UserLexicon.only`).
    public private(set) var offeredUserWords = UserLexicon()
    /// Each lexicon's language ("en", "de"), as the keyboard names them; empty when not named.
    public let languageTags: [String]

    /// One language's lexicon with its model and corrector.
    struct Language {
        var lexicon: Lexicon
        var model: LanguageModel
        var corrector: SpellingCorrector
    }
    let languages: [Language]

    public convenience init(lexicon: Lexicon, proximity: KeyProximity = .qwerty) {
        self.init(lexicons: [lexicon], proximity: proximity)
    }

    /// Predicts in every language of `lexicons` (at least one), the first the keyboard's own:
    /// it wins ties, and its case and accent fixes come first. `languages` names them (one
    /// each, or none): learned words keep the language they were typed in.
    public init(lexicons: [Lexicon], languages tags: [String] = [], proximity: KeyProximity = .qwerty) {
        precondition(!lexicons.isEmpty, "a predictor needs a lexicon")
        precondition(tags.isEmpty || tags.count == lexicons.count, "a language for each lexicon")
        languages = lexicons.map { Language(lexicon: $0, model: LanguageModel(lexicon: $0), corrector: SpellingCorrector(lexicon: $0, proximity: proximity)) }
        languageTags = tags
    }

    /// The same lexicons and learned words with another keyboard's key positions.
    public func with(proximity: KeyProximity) -> TextPredictor {
        let predictor = TextPredictor(lexicons: lexicons, languages: languageTags, proximity: proximity)
        predictor.userWords = userWords
        return predictor
    }

    /// The language a word kept after `context` is learned in: the one lexicon that knows it,
    /// else (several or none know it: a name, a new word) the likeliest of those by the words
    /// typed before; `nil` when the languages are not named.
    ///
    ///     both.language(ofKept: "Grüße", after: TypingContext(before: "viele "))   // "de"
    public func language(ofKept word: String, after context: TypingContext) -> String? {
        guard !languageTags.isEmpty else { return nil }
        guard languageTags.count > 1 else { return languageTags[0] }
        let weights = languageWeights(for: context)
        let knowing = languages.indices.filter { Self.knows(languages[$0].lexicon, word) }
        let candidates = knowing.isEmpty ? Array(languages.indices) : knowing
        return candidates.max { weights[$0] < weights[$1] }.map { languageTags[$0] }
    }

    /// How likely each language is for the next word (log10, one per lexicon; 0 with one).
    public func languageWeights(for context: TypingContext) -> [Double] {
        guard languages.count > 1 else { return [0] }
        return LanguageMix.weights(recent: context.recent, languages: languages.count) { word, index in
            Self.frequency(of: word, in: languages[index].lexicon)
        }
    }

    /// The most likely words for `context`, best first: predictions after a space,
    /// completions and corrections of a partial word. For a field that holds a name (`names`),
    /// the names that complete the letters typed, learned ones first, and nothing else: no
    /// sentence words, no corrections, no predictions.
    public func suggestions(for context: TypingContext, count: Int, names: Bool = false) -> [Suggestion] {
        if names { return nameCompletions(for: context, count: count) }
        var found = ranked(for: context, limit: count)
        // "l'uo": the words begun after an elision, joined to it ("l'uomo"), compete with the rest.
        for (index, tag) in languageTags.enumerated() {
            guard let (head, tail) = Elision.split(context.partial, language: tag), !tail.isEmpty else { continue }
            var after = context
            after.previous = Array((context.previous + [String(head.dropLast())]).suffix(2))
            after.atSentenceStart = false
            after.partial = tail
            // Completions only: a correction of the few letters after the apostrophe is as often
            // wrong. Their scores carry the language's weight already (the same words before).
            let joined = ranked(for: after, limit: count, only: index).filter { $0.cost == 0 }.map { candidate in
                var candidate = candidate
                candidate.suggestion = Suggestion(text: head + candidate.suggestion.text, kind: .completion)
                return candidate
            }
            var seen = Set<String>()
            found = (found + joined).sorted { $0.score > $1.score }.filter { seen.insert($0.suggestion.text).inserted }
        }
        var shown = found.prefix(count).map(\.suggestion)
        // A word typed without the accents another word has ("schon": "schön", "esta":
        // "está") gets that word on the bar, second, when completions would crowd it out and
        // the context does not speak against it (it is no less likely, by the accents' head
        // start, than the word it moves off the bar); only for a whole word typed ("a" is
        // no "à" begun), so completions keep their slots.
        if count >= 2, !context.partial.isEmpty, isKnown(context.partial),
           let accented = accentedForms(of: context.partial, context: context, weights: languageWeights(for: context)).first,
           found.count < count || accented.score + Self.accentAdvantage >= found[count - 1].score {
            let text = WordFolding.matchCase(of: context.partial, to: accented.text)
            if !shown.contains(where: { $0.text == text }) {
                shown.insert(Suggestion(text: text, kind: .correction), at: min(1, shown.count))
                shown = Array(shown.prefix(count))
            }
        }
        return shown
    }

    /// Whether `word` is a word: in the lexicon (any case the lexicon allows) or learned.
    public func isKnown(_ word: String) -> Bool {
        if userWords.count(of: word) > 0 { return true }
        return languages.contains { Self.knows($0.lexicon, word) }
    }

    /// Whether `word` is spelled right: a word the lexicon knows or the user learned, or one
    /// the language's spelling dictionary accepts (`Lexicon.knownWords`: "caret", "zeugma",
    /// rarer words the bar does not predict). Auto-correction never replaces such a word
    /// (but for the lexicon's own case of the same letters: "i" → "I").
    public func isCorrectlySpelled(_ word: String) -> Bool {
        if isKnown(word) { return true }
        return languages.contains { $0.lexicon.knownWords?.accepts(word) ?? false }
    }

    /// Whether `lexicon` holds `word` in a case it allows ("paris" is not "Paris").
    static func knows(_ lexicon: Lexicon, _ word: String) -> Bool {
        frequency(of: word, in: lexicon) > 0
    }

    /// The unigram probability of `word` in `lexicon`, in a case it allows; 0 when it is not
    /// a word there.
    static func frequency(of word: String, in lexicon: Lexicon) -> Double {
        let lowered = word.lowercased()
        var best = 0.0
        for id in lexicon.exact(WordFolding.fold(word)) {
            let text = lexicon.text(of: id)
            if text == word || text.lowercased() == lowered && text.first?.isUppercase != true || text == Self.decapitalised(word) {
                best = max(best, lexicon.probability(of: id))
            }
        }
        return best
    }

    /// What a correction shorter than the letters typed so far loses in the bar (log10).
    static let shorterWhileTyping = 1.0

    static func correctionCost(length: Int) -> Float {
        switch length {
        case ..<2: 0
        case 2: 1.6
        case 3: 2.0
        default: 2.6
        }
    }

    struct Candidate {
        var text: String
        var score: Double
        var cost: Float
        var suggestion: Suggestion
        /// The lexicon word whose text is still to be read (`text` is empty until then)…
        var unread: UInt32?
        /// …in this language's lexicon.
        var language = 0
    }

    /// The candidate with its text read from the lexicon.
    func reading(_ candidate: Candidate) -> Candidate {
        guard let id = candidate.unread else { return candidate }
        var candidate = candidate
        candidate.text = languages[candidate.language].lexicon.text(of: id)
        candidate.suggestion.text = candidate.text
        candidate.unread = nil
        return candidate
    }

    /// The corrections of `word`, scored, their texts still unread: a word of a few letters has
    /// hundreds within reach, and reading every one's text touched nearly all of the lexicon's
    /// text table over a typed paragraph.
    func scoredCorrections(of word: String, context: TypingContext, weights: [Double]) -> [Candidate] {
        let folded = WordFolding.fold(word)
        var found: [Candidate] = []
        for (index, language) in languages.enumerated() {
            let contexts = language.model.contexts(for: context)
            for match in language.corrector.corrections(of: word, maxCost: Self.correctionCost(length: folded.count)) {
                let score = log10(language.model.probability(of: match.id, in: contexts)) + weights[index] - Double(match.cost)
                found.append(Candidate(text: "", score: score, cost: match.cost, suggestion: Suggestion(text: "", kind: .correction),
                                       unread: match.id, language: index))
            }
        }
        return found
    }

    /// The `limit` best candidates, their texts read; `only`: one language's words alone.
    private func ranked(for context: TypingContext, limit: Int, only: Int? = nil) -> [Candidate] {
        guard limit > 0 else { return [] }
        var candidates: [Candidate] = []
        let folded = WordFolding.fold(context.partial)
        let kind: Suggestion.Kind = folded.isEmpty ? .prediction : .completion
        let weights = languageWeights(for: context)
        let recent = RecentWords(context.earlier)
        var knownRecently = Set<[UInt16]>()
        for (index, language) in languages.enumerated() where only.map({ $0 == index }) ?? true {
            let lexicon = language.lexicon
            let contexts = language.model.contexts(for: context)
            let range = folded.isEmpty ? 0..<UInt32(lexicon.wordCount) : lexicon.range(prefix: folded)
            var ids = Set(contexts.followers(in: range))
            if folded.isEmpty {
                ids.formUnion(lexicon.topWords(64))
            } else {
                ids.formUnion(Self.mostFrequent(in: range, of: lexicon, limit: 12))
            }
            // Words typed a moment ago weigh more, and are candidates while their letters are typed.
            var cached: [UInt32: Double] = [:]
            for key in recent.counts.keys {
                let found = lexicon.exact(key)
                guard !found.isEmpty else { continue }
                knownRecently.insert(key)
                for id in found {
                    cached[id] = recent.probability(of: key)
                    if !folded.isEmpty, key.starts(with: folded) { ids.insert(id) }
                }
            }
            for id in ids {
                let score = log10(language.model.probability(of: id, in: contexts) + (cached[id] ?? 0)) + weights[index]
                candidates.append(Candidate(text: "", score: score, cost: 0, suggestion: Suggestion(text: "", kind: kind), unread: id, language: index))
            }
        }
        // A word no lexicon knows (a name) typed a moment ago, offered as it is typed again.
        if !folded.isEmpty {
            for (key, entry) in recent.counts where !knownRecently.contains(key) && key.starts(with: folded) && key.count >= 3 {
                candidates.append(Candidate(text: entry.text, score: log10(recent.probability(of: key)), cost: 0,
                                            suggestion: Suggestion(text: entry.text, kind: kind)))
            }
        }
        if !folded.isEmpty {
            // While a word is being typed its letters are more likely a start than a slip:
            // a correction shorter than what is typed ("he" for "hel") waits its turn.
            candidates += scoredCorrections(of: context.partial, context: context, weights: weights).compactMap { candidate in
                guard let id = candidate.unread else { return nil }
                let key = languages[candidate.language].lexicon.key(of: id)
                guard !key.starts(with: folded) else { return nil }
                var candidate = candidate
                if key.count < folded.count { candidate.score -= Self.shorterWhileTyping }
                return candidate
            }
        }
        candidates += userCandidates(folded: folded, previous: context.previous.last, kind: kind)

        // Best first, equal scores in alphabetical order. A word's text is read from the
        // lexicon only when the walk reaches it: at a sentence start about 300 words are scored
        // (the context's 256 kept followers and the 64 most frequent) for the three shown, and
        // reading every one's text touched 0.5 MB of the mapped lexicon (docs/performance.md).
        let byScore = candidates.sorted { $0.score > $1.score }
        var seen = Set<String>()
        var result: [Candidate] = []
        var start = byScore.startIndex
        while start < byScore.endIndex && result.count < limit {
            var end = start + 1
            while end < byScore.endIndex && byScore[end].score == byScore[start].score { end += 1 }
            for var candidate in byScore[start..<end].map(reading).sorted(by: { $0.text < $1.text }) {
                var text = candidate.text
                if folded.isEmpty {
                    if context.atSentenceStart && context.previous.isEmpty, let head = text.first { text = head.uppercased() + text.dropFirst() }
                } else {
                    text = WordFolding.matchCase(of: context.partial, to: text)
                }
                // No word is predicted right after itself ("the the"): phones never offer it,
                // and a slip that doubles a word is not worth a slot.
                if folded.isEmpty, let previous = context.previous.last, WordFolding.fold(text) == WordFolding.fold(previous) { continue }
                guard seen.insert(text).inserted else { continue }
                candidate.suggestion.text = text
                result.append(candidate)
                if result.count == limit { break }
            }
            start = end
        }
        return result
    }

    /// The ids in `range` with the highest unigram probability.
    private static func mostFrequent(in range: Range<UInt32>, of lexicon: Lexicon, limit: Int) -> [UInt32] {
        var best: [(cost: UInt16, id: UInt32)] = []
        for id in range {
            let cost = lexicon.cost(of: id)
            if best.count < limit {
                best.append((cost, id))
                best.sort { $0.cost < $1.cost }
            } else if cost < best[limit - 1].cost {
                best[limit - 1] = (cost, id)
                best.sort { $0.cost < $1.cost }
            }
        }
        return best.map(\.id)
    }

    /// Learned words starting with the typed letters, scored as fairly common words, higher
    /// after a word they followed before.
    private func userCandidates(folded: [UInt16], previous: String?, kind: Suggestion.Kind) -> [Candidate] {
        let userWords = offeredUserWords
        return userWords.allWords.compactMap { entry in
            guard WordFolding.fold(entry.word).starts(with: folded), !(folded.isEmpty && previous == nil) else { return nil }
            let pair = previous.map { userWords.count(of: entry.word, after: $0) } ?? 0
            if folded.isEmpty && pair == 0 { return nil }
            guard let probability = userWords.probability(of: entry.word, after: previous) else { return nil }
            return Candidate(text: entry.word, score: log10(probability), cost: 0, suggestion: Suggestion(text: entry.word, kind: kind))
        }
    }

    private static func decapitalised(_ word: String) -> String {
        guard let head = word.first else { return word }
        return head.lowercased() + word.dropFirst()
    }
}
