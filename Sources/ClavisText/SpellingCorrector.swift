/// Finds the lexicon's words within a small, keyboard-aware edit cost of a typed word.
///
/// The lexicon's folded keys are sorted, so walking them in order is walking a trie: each
/// word reuses the cost rows of the prefix it shares with the previous one, and a prefix whose
/// best row already costs too much skips every word below it in one binary search. Costs are
/// orders of magnitude of likelihood, to be added to −log10 of a word's probability:
///
/// | slip | cost |
/// | --- | --- |
/// | a neighbouring key for the right one | 1.5 (more for farther keys, 2.4 at most) |
/// | an accent left out ("uber" for "über") | 0.3 |
/// | a doubled letter written once ("helo") | 0.4 |
/// | a letter doubled by mistake ("helllo") | 0.6 |
/// | two letters swapped ("teh") | 1.2 |
/// | a letter left out / one too many | 1.8 / 1.7 |
/// | a known misspelling from the dictionary's REP table | 0.8 |
///
///     let corrector = SpellingCorrector(lexicon: lexicon, proximity: .qwerty)
///     corrector.corrections(of: "helo", maxCost: 2)   // [(id of "hello", 0.4), (id of "help", 1.5), …]
public struct SpellingCorrector: Sendable {
    public let lexicon: Lexicon
    public let proximity: KeyProximity
    private let replacements: [(typed: [UInt16], meant: [UInt16])]

    static let omittedDouble: Float = 0.4
    static let extraDouble: Float = 0.6
    static let transposition: Float = 1.2
    static let missing: Float = 1.8
    static let extra: Float = 1.7
    static let knownMisspelling: Float = 0.8
    static let maxDepth = 48

    public init(lexicon: Lexicon, proximity: KeyProximity) {
        self.lexicon = lexicon
        self.proximity = proximity
        replacements = lexicon.replacements.map { (WordFolding.fold($0.typed), WordFolding.fold($0.meant)) }
    }

    /// Words (ids) whose cost from `typed` is at most `maxCost`, cheapest first, with that cost.
    public func corrections(of typed: String, maxCost: Float, limit: Int = 16) -> [(id: UInt32, cost: Float)] {
        let folded = WordFolding.fold(typed)
        guard !folded.isEmpty, folded.count < Self.maxDepth else { return [] }
        var best: [UInt32: Float] = [:]
        search(folded, maxCost: maxCost) { id, cost in
            if cost < best[id] ?? .infinity { best[id] = cost }
        }
        for (id, cost) in knownMisspellings(folded) where cost <= maxCost && cost < best[id] ?? .infinity {
            best[id] = cost
        }
        return best.map { (id: $0.key, cost: $0.value) }
            .sorted { ($0.cost, lexicon.cost(of: $0.id)) < ($1.cost, lexicon.cost(of: $1.id)) }
            .prefix(limit).map { $0 }
    }

    /// Words reached by one REP substitution ("recieve" → "receive").
    private func knownMisspellings(_ folded: [UInt16]) -> [(UInt32, Float)] {
        var found: [(UInt32, Float)] = []
        for (typed, meant) in replacements where !typed.isEmpty && typed.count <= folded.count {
            var start = 0
            while start + typed.count <= folded.count {
                if folded[start..<(start + typed.count)].elementsEqual(typed) {
                    let candidate = Array(folded[..<start]) + meant + Array(folded[(start + typed.count)...])
                    for id in lexicon.exact(candidate) { found.append((id, Self.knownMisspelling)) }
                }
                start += 1
            }
        }
        return found
    }

    /// The trie walk: calls `report` for every word whose full cost is within `maxCost`.
    private func search(_ typed: [UInt16], maxCost: Float, report: (UInt32, Float) -> Void) {
        let n = typed.count
        let width = n + 1
        var rows = [Float](repeating: 0, count: (Self.maxDepth + 1) * width)
        var path = [UInt16](repeating: 0, count: Self.maxDepth)
        var minima = [Float](repeating: 0, count: Self.maxDepth + 1)
        for i in 1...n { rows[i] = rows[i - 1] + extraCost(typed, i - 1) }
        var validDepth = 0
        let count = UInt32(lexicon.wordCount)
        var id: UInt32 = 0
        outer: while id < count {
            let key = lexicon.key(of: id)
            guard key.count < Self.maxDepth, !key.isEmpty else { id += 1; continue }
            var depth = 0
            while depth < min(validDepth, key.count), path[depth] == key[depth] { depth += 1 }
            while depth < key.count {
                depth += 1
                path[depth - 1] = key[depth - 1]
                minima[depth] = fill(row: depth, rows: &rows, width: width, typed: typed, path: path)
                // Costs only grow deeper down, except through a swap, which reaches back a row.
                if minima[depth] > maxCost, minima[depth - 1] + Self.transposition > maxCost {
                    validDepth = depth - 1
                    id = lexicon.range(prefix: Array(path[0..<depth])).upperBound
                    continue outer
                }
            }
            validDepth = key.count
            let cost = rows[key.count * width + n]
            if cost <= maxCost { report(id, cost) }
            id += 1
        }
    }

    /// Computes the cost row for trie depth `row` (the target's letter `path[row - 1]`).
    private func fill(row: Int, rows: inout [Float], width: Int, typed: [UInt16], path: [UInt16]) -> Float {
        let meant = path[row - 1]
        let previousMeant: UInt16? = row >= 2 ? path[row - 2] : nil
        let missingCost = meant == previousMeant ? Self.omittedDouble : Self.missing
        let base = row * width, above = (row - 1) * width, twoAbove = (row - 2) * width
        rows[base] = rows[above] + missingCost
        var minimum = rows[base]
        for i in 1..<width {
            let letter = typed[i - 1]
            var cost = rows[above + i - 1] + proximity.substitutionCost(typed: letter, meant: meant)
            cost = min(cost, rows[base + i - 1] + extraCost(typed, i - 1))
            cost = min(cost, rows[above + i] + missingCost)
            if i >= 2, row >= 2, letter == path[row - 2], typed[i - 2] == meant, letter != meant {
                cost = min(cost, rows[twoAbove + i - 2] + Self.transposition)
            }
            rows[base + i] = cost
            minimum = min(minimum, cost)
        }
        return minimum
    }

    private func extraCost(_ typed: [UInt16], _ index: Int) -> Float {
        index > 0 && typed[index] == typed[index - 1] ? Self.extraDouble : Self.extra
    }
}
