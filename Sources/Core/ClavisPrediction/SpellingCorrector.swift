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
/// | an accent of Latin-1 left out beside another slip ("ubre" for "über"), "ss" for "ß" | 0.3 |
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

    /// Walks every word's key instead of starting from the prefix nodes: the slow reference
    /// the tests hold the prefix walk to.
    var walksEveryWord = false

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

    /// The trie walk: calls `report` for every word whose full cost is within `maxCost`. The
    /// top levels come from the lexicon's prefix nodes (pruned there without reading a word),
    /// the levels below from the sorted word keys under each node kept.
    private func search(_ typed: [UInt16], maxCost: Float, report: (UInt32, Float) -> Void) {
        var walk = Walk(typed: typed, maxCost: maxCost, proximity: proximity)
        guard !walksEveryWord else { return walkWords(0..<UInt32(lexicon.wordCount), from: 0, &walk, report: report) }
        let nodes = lexicon.prefixNodeCount
        var index = 0
        while index < nodes {
            let node = lexicon.prefixNode(index)
            walk.path[node.depth - 1] = node.unit
            guard walk.extend(to: node.depth) else {
                index = node.skip
                continue
            }
            let cost = walk.cost(atDepth: node.depth)
            if cost <= maxCost { for id in node.exact { report(id, cost) } }
            if node.skip == index + 1, node.exact.upperBound < node.words.upperBound {
                // A node at the table's last level: the words below it, from their keys.
                walkWords(node.exact.upperBound..<node.words.upperBound, from: node.depth, &walk, report: report)
            }
            index += 1
        }
    }

    /// The walk over sorted word keys for `ids`, whose keys all share the `depth` units of
    /// the path already filled in.
    private func walkWords(_ ids: Range<UInt32>, from depth: Int, _ walk: inout Walk, report: (UInt32, Float) -> Void) {
        var validDepth = depth
        var id = ids.lowerBound
        outer: while id < ids.upperBound {
            let key = lexicon.key(of: id)
            guard key.count < Self.maxDepth, !key.isEmpty, key.count >= depth else { id += 1; continue }
            var current = depth
            while current < min(validDepth, key.count), walk.path[current] == key[current] { current += 1 }
            while current < key.count {
                current += 1
                walk.path[current - 1] = key[current - 1]
                guard walk.extend(to: current) else {
                    validDepth = current - 1
                    id = lexicon.end(ofPrefix: walk.path[0..<current], from: id, limit: ids.upperBound)
                    continue outer
                }
            }
            validDepth = key.count
            let cost = walk.cost(atDepth: key.count)
            if cost <= walk.maxCost { report(id, cost) }
            id += 1
        }
    }

    /// The state of a trie walk: the path from the root, and a row of costs per depth.
    private struct Walk {
        let typed: [UInt16]
        let maxCost: Float
        let proximity: KeyProximity
        let width: Int
        var rows: [Float]
        var path: [UInt16]
        var minima: [Float]

        init(typed: [UInt16], maxCost: Float, proximity: KeyProximity) {
            self.typed = typed
            self.maxCost = maxCost
            self.proximity = proximity
            width = typed.count + 1
            rows = [Float](repeating: 0, count: (SpellingCorrector.maxDepth + 1) * width)
            path = [UInt16](repeating: 0, count: SpellingCorrector.maxDepth)
            minima = [Float](repeating: 0, count: SpellingCorrector.maxDepth + 1)
            for i in 1..<width { rows[i] = rows[i - 1] + SpellingCorrector.extraCost(typed, i - 1) }
        }

        /// The cost of the whole typed word against the path's first `depth` units.
        func cost(atDepth depth: Int) -> Float { rows[depth * width + width - 1] }

        /// Fills the row for `depth` (the path's unit there just set); false when nothing
        /// below it can come within `maxCost`. Costs only grow deeper down, except through a
        /// swap, which reaches back a row.
        mutating func extend(to depth: Int) -> Bool {
            minima[depth] = fill(row: depth)
            return minima[depth] <= maxCost || minima[depth - 1] + SpellingCorrector.transposition <= maxCost
        }

        /// Computes the cost row for trie depth `row` (the target's letter `path[row - 1]`);
        /// returns its smallest cost.
        private mutating func fill(row: Int) -> Float {
            let meant = path[row - 1]
            let previousMeant: UInt16? = row >= 2 ? path[row - 2] : nil
            let missingCost = meant == previousMeant ? SpellingCorrector.omittedDouble : SpellingCorrector.missing
            let base = row * width, above = (row - 1) * width, twoAbove = (row - 2) * width
            rows[base] = rows[above] + missingCost
            var minimum = rows[base]
            for i in 1..<width {
                let letter = typed[i - 1]
                var cost = rows[above + i - 1] + proximity.substitutionCost(typed: letter, meant: meant)
                cost = min(cost, rows[base + i - 1] + SpellingCorrector.extraCost(typed, i - 1))
                cost = min(cost, rows[above + i] + missingCost)
                if i >= 2, row >= 2, letter == path[row - 2], typed[i - 2] == meant, letter != meant {
                    cost = min(cost, rows[twoAbove + i - 2] + SpellingCorrector.transposition)
                }
                // "ss" typed for "ß" ("strasse"): one accent left out, not a letter too many;
                // and "ß" for "ss" (the old spelling "daß" for "dass").
                if meant == 0xDF, i >= 2, letter == 0x73, typed[i - 2] == 0x73 {
                    cost = min(cost, rows[above + i - 2] + KeyProximity.accentInSlip)
                }
                if letter == 0xDF, meant == 0x73, row >= 2, path[row - 2] == 0x73 {
                    cost = min(cost, rows[twoAbove + i - 1] + KeyProximity.accentInSlip)
                }
                rows[base + i] = cost
                minimum = min(minimum, cost)
            }
            return minimum
        }
    }

    private static func extraCost(_ typed: [UInt16], _ index: Int) -> Float {
        index > 0 && typed[index] == typed[index - 1] ? Self.extraDouble : Self.extra
    }
}
