extension Lexicon {
    /// The words whose folded key is `folded` with some accents put back (each unit as typed
    /// or one of the accented letters `WordFolding.base` takes back to it, "ss" as "ß" and
    /// "ß" as "ss"), with
    /// how many letters differ; the typed key itself left out. A walk over the sorted keys that
    /// drops a prefix as soon as no word starts with it (`range(prefix:)`), so a long word costs
    /// a few dozen binary searches, not every combination.
    ///
    ///     lexicon.accentedForms(of: WordFolding.fold("zolw"))   // [(id of "żółw", 3)]
    public func accentedForms(of folded: [UInt16], limit: Int = 16) -> [(id: UInt32, accents: Int)] {
        guard !folded.isEmpty, folded.count <= 48 else { return [] }
        var found: [(id: UInt32, accents: Int)] = []
        var key: [UInt16] = []
        func walk(_ index: Int, _ accents: Int) {
            guard found.count < limit else { return }
            guard index < folded.count else {
                if accents > 0 { found += exact(key).map { ($0, accents) } }
                return
            }
            var options: [(units: [UInt16], typed: Int)] = [([folded[index]], 1)]
            options += (WordFolding.accentedLetters[folded[index]] ?? []).map { ([$0], 1) }
            if folded[index] == 0x73, index + 1 < folded.count, folded[index + 1] == 0x73 { options.append(([0xDF], 2)) }
            // "ß" typed where today's spelling has "ss" (the old "daß" for "dass").
            if folded[index] == 0xDF { options.append(([0x73, 0x73], 1)) }
            for option in options {
                key += option.units
                if !range(prefix: key).isEmpty { walk(index + option.typed, accents + (option.units == [folded[index]] ? 0 : 1)) }
                key.removeLast(option.units.count)
            }
        }
        walk(0, 0)
        return found
    }
}
