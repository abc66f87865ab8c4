#if canImport(Glibc)
import Glibc
#endif

/// Auto-correction: what Space puts in place of the word it ends, and the accents put back.
///
/// The rules, in order (docs/suggestions.md, "What auto-correction will and will not do"): a
/// word the lexicon, the learned words or the spelling dictionary knows is left alone; an
/// elided word is corrected after its apostrophe; the accents left out are put back, a case
/// or apostrophe fix made, a name kept; then a slip is corrected when one word is clearly the
/// likeliest.
///
///     predictor.autocorrection(for: "zolw", context: TypingContext(before: "zolw"))   // "żółw"
extension TextPredictor {
    /// The word to put in place of `word` when it is ended by a space or punctuation, or `nil`
    /// to leave it: a fix of case or apostrophes ("i" → "I", "dont" → "don't"), the accents
    /// left out ("zolw" → "żółw"), or a confident correction of a misspelt word. A correctly
    /// spelled word (`isCorrectlySpelled`) is never replaced, nor a capitalised word within a
    /// sentence that no dictionary knows (a name: "I met Kasia").
    ///
    ///     predictor.autocorrection(for: "helo", context: TypingContext(before: "helo"))   // "hello"
    ///     predictor.autocorrection(for: "caret", context: TypingContext(before: "caret")) // nil
    public func autocorrection(for word: String, context: TypingContext) -> String? {
        guard word.contains(where: \.isLetter), !isKnown(word), !isCorrectlySpelled(word) else { return nil }
        // An elided article or pronoun joined to a word ("d'adhesion"): the word after it is
        // corrected on its own and the elision kept ("d'adhésion"); a name after it is kept.
        for tag in languageTags {
            guard let (head, tail) = Elision.split(word, language: tag), !tail.isEmpty else { continue }
            if isKnown(tail) || isCorrectlySpelled(tail) || tail.first?.isUppercase == true && head.first?.isUppercase != true { return nil }
            var after = context
            after.previous = Array((context.previous + [String(head.dropLast())]).suffix(2))
            after.atSentenceStart = false
            after.partial = tail
            return autocorrection(for: tail, context: after).map { head + $0 }
        }
        let folded = WordFolding.fold(word)
        let weights = languageWeights(for: context)
        // The same letters with their accents put back: the likeliest such word ("dziekuje" →
        // "dziękuję", not "dziękuje"); a capital does not make it a name ("Gefuhl" → "Gefühl").
        var accented = accentedForms(of: word, context: context, weights: weights).first
        // A name written without its accent is more likely a name without one ("Paul", not
        // the rare "Paúl"): a capitalised word takes only a common word's accents.
        if let found = accented, word.first?.isUppercase == true,
           Self.frequency(of: found.text, in: languages[found.language].lexicon) < Self.commonWord { accented = nil }
        // A lone letter is a key's name or an initial more often than a word without its accent.
        if let found = accented, folded.count == 1,
           Self.frequency(of: found.text, in: languages[found.language].lexicon) < Self.loneLetterFix { accented = nil }
        // A case or apostrophe fix, in the likeliest language that has one: the lexicon's
        // spelling of the same letters ("i" → "I", "dont" → "don't"), unless the accented word
        // is the likelier ("dificil": "difícil", not the rare "Dificil").
        for index in languages.indices.sorted(by: { weights[$0] > weights[$1] }) {
            let lexicon = languages[index].lexicon
            guard let written = lexicon.exact(folded).max(by: { lexicon.probability(of: $0) < lexicon.probability(of: $1) }) else { continue }
            // A lone letter only becomes a frequent word ("i" → "I"), not an initial ("n" → "N").
            if folded.count == 1, lexicon.probability(of: written) < Self.loneLetterFix { break }
            if let accented, Self.frequency(of: accented.text, in: languages[accented.language].lexicon) > lexicon.probability(of: written) { break }
            return WordFolding.matchCase(of: word, to: lexicon.text(of: written))
        }
        // A learned word or a name the app supplied, in its own case ("kasia" → "Kasia").
        if let learned = userWords.allWords.first(where: { WordFolding.fold($0.word) == folded }) {
            return WordFolding.matchCase(of: word, to: learned.word)
        }
        var scored = folded.count >= 2 ? scoredCorrections(of: word, context: context, weights: weights) : []
        scored.sort { $0.score > $1.score }
        let first = scored.first.map(reading)
        // The accented word wins unless a slip's correction is far likelier ("deja" may be
        // "dejar"): letters typed without their accents are likelier than a slip of a key.
        if let accented, accented.score + Self.accentAdvantage >= first?.score ?? -.infinity {
            return WordFolding.matchCase(of: word, to: accented.text)
        }
        guard let first, first.cost <= Self.autocorrectionCost(length: folded.count) else { return nil }
        // A name-like word's accents were weighed above ("Paul" is not the rare "Paúl").
        if word.first?.isUppercase == true, WordFolding.fold(WordFolding.strippingAccents(first.text)) == WordFolding.fold(WordFolding.strippingAccents(word)) {
            return nil
        }
        // A capitalised word within a sentence that no dictionary knows is a name ("I met
        // Kasia"), unless it is a key or a swap away from a word written with a capital (a slip
        // in "London"); where every noun has a capital (German), it is a noun like any other.
        if Self.isName(word, in: context), !capitalisesNouns(weights: weights),
           !(first.text.first?.isUppercase == true && first.cost <= Self.nameSlipCost) { return nil }
        let best = first
        // The runner-up is the next other word: a word both languages hold is one candidate.
        let runnerUp = scored.dropFirst().lazy.map(reading).first { $0.text != best.text }
        // Confident when clearly the most likely, or the most likely and clearly the closest
        // spelling ("helo": "hello" leads "help" a little, but is one doubled letter away).
        if let runnerUp, best.score - runnerUp.score < Self.confidenceMargin,
           best.cost + Self.closerByCost > runnerUp.cost { return nil }
        return WordFolding.matchCase(of: word, to: best.text)
    }

    /// The words that are `word` with accents put back ("zolw": "żółw"; "schon": "schön";
    /// "strasse": "Straße"), in every language, likeliest after `context` first.
    func accentedForms(of word: String, context: TypingContext, weights: [Double]) -> [Candidate] {
        let folded = WordFolding.fold(word)
        let bare = WordFolding.fold(WordFolding.strippingAccents(word))
        var found: [Candidate] = []
        for (index, language) in languages.enumerated() {
            let contexts = language.model.contexts(for: context)
            for (id, accents) in language.lexicon.accentedForms(of: folded) {
                let text = language.lexicon.text(of: id)
                let cost = KeyProximity.accentLeftOut * Float(accents)
                let score = log10(language.model.probability(of: id, in: contexts)) + weights[index] - Double(cost)
                found.append(Candidate(text: text, score: score, cost: cost, suggestion: Suggestion(text: text, kind: .correction), language: index))
            }
            // Words the lexicon does not predict but the dictionary accepts ("rozterkę", an
            // inflection past the 200,000 kept), as likely as the rarest word.
            for text in language.lexicon.knownWords?.accentedForms(of: word) ?? [] where !found.contains(where: { $0.text == text }) {
                let key = WordFolding.fold(text)
                guard key != folded, WordFolding.fold(WordFolding.strippingAccents(text)) == bare else { continue }
                let cost = KeyProximity.accentLeftOut * Float(zip(key, folded).filter { $0 != $1 }.count)
                found.append(Candidate(text: text, score: log10(Self.unpredictedProbability) + weights[index] - Double(cost), cost: cost,
                                       suggestion: Suggestion(text: text, kind: .correction), language: index))
            }
        }
        return found.sorted { $0.score > $1.score }
    }

    /// The probability given to a word the dictionary accepts but the lexicon does not hold.
    static let unpredictedProbability = 1e-8

    /// How much likelier (log10) a word only its accents away is than a slip's correction:
    /// typing without accents is a habit, a slip an accident ("daß" → "dass", not "das").
    static let accentAdvantage = 1.0

    /// The most a slip in a capitalised word within a sentence may cost to be corrected to a
    /// word written with a capital: a neighbouring key (1.5) or a swap, not a letter more or
    /// less ("Kasia" is not "Asia").
    static let nameSlipCost: Float = 1.5

    /// The languages that write every noun with a capital.
    static let nounCapitalising: Set = ["de", "lb"]

    /// Whether the language likeliest to be typed writes every noun with a capital.
    func capitalisesNouns(weights: [Double]) -> Bool {
        guard !languageTags.isEmpty, let likeliest = languages.indices.max(by: { weights[$0] < weights[$1] }) else { return false }
        return Self.nounCapitalising.contains(languageTags[likeliest])
    }

    /// Whether `word` reads as a name: capitalised (or all capitals) where a sentence does
    /// not begin, so its capital was meant.
    static func isName(_ word: String, in context: TypingContext) -> Bool {
        guard word.first?.isUppercase == true else { return false }
        return !(context.atSentenceStart && context.previous.isEmpty)
    }

    /// How frequent a word must be for a capitalised word (a name, a German noun, a sentence's
    /// first word) to take its accents ("Gefuhl" → "Gefühl", but "Paul" stays).
    static let commonWord = 1e-6

    /// The least probability a one-letter word's case or accent fix needs: "I" (0.02 of
    /// English words), not an initial or a key's name ("n" → "N", "n" → "ñ").
    static let loneLetterFix = 1e-3

    /// How far ahead (in log10) the best correction must be of the next to be applied unasked…
    static let confidenceMargin = 0.3
    /// …or how much closer a spelling it must be (in correction cost) while still ahead.
    static let closerByCost: Float = 0.9

    static func autocorrectionCost(length: Int) -> Float {
        switch length {
        case ..<3: 1.0
        case 3: 1.6
        default: 2.2
        }
    }
}
