import HeapModule

/// The best paths through a `Lattice` by the model's word trigrams: a second-order Viterbi
/// pass forward (for each node, the best cost of reaching it from each node before it), then
/// an A* search back from the end that takes those costs as its exact estimate, so paths come
/// out best first and each costs a few steps.
///
///     let decoder = LatticeDecoder(lattice: lattice, model: model)
///     decoder.paths(count: 3)   // [[node, node, …], …], best first
///
/// A path's cost is the sum of −log10 P(word | the two before it), backing off to bigrams and
/// unigrams as the model's backoff weights say (Katz backoff, as in any ARPA-style n-gram model).
struct LatticeDecoder {
    /// One way of reaching a node: from which node before it, at what best cost.
    struct State {
        /// The node before (an index into the lattice's nodes; `LatticeDecoder.start` for the sentence's start).
        var previous: Int
        /// The best cost of a path up to and including this node, when it follows `previous`.
        var cost: Int32
        /// The bigram (previous, node) in the model, for the trigrams after it; −1 if none.
        var bigram: Int
        /// Its backoff: added to the bigram cost of the next word when the trigram is missing.
        var backoff: Int32
    }

    /// The index that stands for the sentence's start among previous nodes.
    static let start = -1
    /// How many ways of reaching each node are kept (a beam): the best few carry the search.
    /// The sentence's end keeps them all: each is a different last word, and the n-best
    /// conversions of a one-word reading differ in nothing else.
    static let statesKept = 16

    let lattice: Lattice
    let model: KanaKanjiModel
    /// Each node's states, best first; the last entry is the sentence's end.
    private(set) var states: [[State]]

    init(lattice: Lattice, model: KanaKanjiModel) {
        self.lattice = lattice
        self.model = model
        states = Array(repeating: [], count: lattice.nodes.count + 1)
        let startState = State(previous: Self.start, cost: 0, bigram: -1, backoff: 0)
        // Nodes come in order of their start, so every node before one is done before it.
        for (index, node) in lattice.nodes.enumerated() {
            states[index] = reach(word: node.word, penalty: node.penalty,
                                  from: node.start == 0 ? [Self.start] : lattice.endingAt[node.start], startState: startState, keeping: Self.statesKept)
        }
        states[lattice.nodes.count] = reach(word: model.end, penalty: 0, from: lattice.endingAt[lattice.characters.count],
                                            startState: startState, keeping: .max)
    }

    /// The word of a node, or the start marker.
    private func word(_ node: Int) -> UInt32 {
        node == Self.start ? model.start : lattice.nodes[node].word
    }

    /// The states of a node with `word` reached from each of `previous` nodes.
    private func reach(word: UInt32, penalty: Int32, from previous: [Int], startState: State, keeping kept: Int) -> [State] {
        var found: [State] = []
        for node in previous {
            let before = node == Self.start ? [startState] : states[node]
            guard !before.isEmpty else { continue }
            let step = bigramStep(from: self.word(node), to: word)
            var best = Int32.max
            for state in before {
                best = min(best, state.cost &+ transition(after: state, step: step, to: word))
            }
            found.append(State(previous: node, cost: best &+ penalty, bigram: step.bigram, backoff: step.backoff))
        }
        found.sort { $0.cost < $1.cost }
        return Array(found.prefix(kept))
    }

    /// The bigram of `first` then `second`: its cost (backed off to the unigram when the
    /// model lacks it), and its index and backoff for the trigrams after.
    private func bigramStep(from first: UInt32, to second: UInt32) -> (cost: Int32, bigram: Int, backoff: Int32) {
        if second == Lattice.unknown {
            return (model.unigram(first).backoff &+ Lattice.unknownCost, -1, 0)
        }
        if first != Lattice.unknown, let bigram = model.bigram(first, second) {
            return (bigram.cost, bigram.index, bigram.backoff)
        }
        let backoff = first == Lattice.unknown ? 0 : model.unigram(first).backoff
        return (backoff &+ model.unigram(second).cost, -1, 0)
    }

    /// The cost of `word` after `state` (whose bigram is the context): the trigram if the model
    /// has it, else the state's backoff and the bigram step.
    private func transition(after state: State, step: (cost: Int32, bigram: Int, backoff: Int32), to word: UInt32) -> Int32 {
        if state.bigram >= 0, word != Lattice.unknown, let cost = model.trigram(bigram: state.bigram, word) { return cost }
        return state.backoff &+ step.cost
    }

    /// The `count` best paths, each its nodes in order, best first; fewer when the lattice
    /// has fewer (or after `limit` steps of the search, which bounds its time).
    func paths(count: Int, limit: Int = 20_000) -> [[Int]] {
        // A partial path from the end back to `node`, reached through its state `state`;
        // `cost` is what the words after `node` cost, `parent` the partial path it extends.
        struct Partial {
            var node: Int
            var state: Int
            var cost: Int32
            var parent: Int
        }
        let end = lattice.nodes.count
        var partials: [Partial] = []
        // The partials to extend, cheapest estimate first; among equal estimates the latest
        // made, so a path is followed to its start before its equals are (first made first,
        // a reading of many equal ways, ーーー…, widened every tie at once until the limit).
        var queue = Heap<Candidate>()
        for (index, state) in states[end].enumerated() {
            partials.append(Partial(node: end, state: index, cost: 0, parent: -1))
            queue.insert(Candidate(estimate: state.cost, partial: partials.count - 1))
        }
        var found: [[Int]] = []
        var steps = 0
        while found.count < count, steps < limit, let index = queue.popMin()?.partial {
            steps += 1
            let partial = partials[index]
            let state = states[partial.node][partial.state]
            if state.previous == Self.start {
                var path: [Int] = []
                var current = index
                while current >= 0, partials[current].node != end {
                    path.append(partials[current].node)
                    current = partials[current].parent
                }
                found.append(path)
                continue
            }
            let word = partial.node == end ? model.end : lattice.nodes[partial.node].word
            let penalty = partial.node == end ? 0 : lattice.nodes[partial.node].penalty
            let previous = state.previous
            let step = bigramStep(from: self.word(previous), to: word)
            for (stateIndex, before) in states[previous].enumerated() {
                let cost = partial.cost &+ transition(after: before, step: step, to: word) &+ penalty
                partials.append(Partial(node: previous, state: stateIndex, cost: cost, parent: index))
                queue.insert(Candidate(estimate: cost &+ before.cost, partial: partials.count - 1))
            }
        }
        return found
    }
}

/// A partial path waiting in the A* search: the estimate of its whole path's cost.
private struct Candidate: Comparable {
    var estimate: Int32
    var partial: Int

    static func < (a: Candidate, b: Candidate) -> Bool {
        a.estimate != b.estimate ? a.estimate < b.estimate : a.partial > b.partial
    }
}
