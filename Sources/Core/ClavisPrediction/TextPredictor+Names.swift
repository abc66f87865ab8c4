/// A name field's suggestions (`TextPredictor.suggestions(for:count:names:)`).
extension TextPredictor {
    /// A name field's suggestions: the learned names and words written with a capital that
    /// start with the letters typed, then the lexicon's (its proper nouns), most frequent first.
    func nameCompletions(for context: TypingContext, count: Int) -> [Suggestion] {
        let folded = WordFolding.fold(context.partial)
        guard count > 0, !folded.isEmpty else { return [] }
        var found: [String] = []
        var seen = Set<String>()
        func offer(_ name: String) {
            guard found.count < count, seen.insert(name).inserted else { return }
            found.append(name)
        }
        let learned = offeredUserWords.allWords.filter { $0.word.first?.isUppercase == true && WordFolding.fold($0.word).starts(with: folded) }
        // Likeliest first (after the word before, where one was learned there).
        let previous = context.previous.last
        let likeliest = learned.map { (word: $0.word, probability: offeredUserWords.probability(of: $0.word, after: previous) ?? 0) }
        for entry in likeliest.sorted(by: { ($0.probability, $1.word) > ($1.probability, $0.word) }) { offer(entry.word) }
        var lexiconNames: [(cost: UInt16, text: String)] = []
        for language in languages {
            let lexicon = language.lexicon
            let range = lexicon.range(prefix: folded)
            // The most frequent words of the range, then those of them written with a capital:
            // reading every word's text of a one-letter range would touch a megabyte.
            let frequent = range.map { (cost: lexicon.cost(of: $0), id: $0) }.sorted { $0.cost < $1.cost }.prefix(Self.namesScanned)
            for (cost, id) in frequent {
                let text = lexicon.text(of: id)
                if text.first?.isUppercase == true { lexiconNames.append((cost, text)) }
            }
        }
        for name in lexiconNames.sorted(by: { ($0.cost, $0.text) < ($1.cost, $1.text) }) { offer(name.text) }
        return found.map { Suggestion(text: WordFolding.matchCase(of: context.partial, to: $0), kind: .completion) }
    }

    /// How many of a prefix's most frequent words a name field looks through for names.
    static let namesScanned = 400
}
