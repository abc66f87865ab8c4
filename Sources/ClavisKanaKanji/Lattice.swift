/// Every word the model has for every stretch of a reading: the nodes a conversion chooses
/// its path through.
///
///     let lattice = Lattice(reading: "きょうは", model: model)
///     lattice.nodes.filter { $0.start == 0 }.map(\.output)   // ["今日", "京", "きょう", …]
///
/// Besides the model's words: each character on its own as an unknown word (so every reading
/// has a path, whatever it holds), and readings with ん before a vowel read the other way too
/// (`nasalVariants`).
struct Lattice {
    struct Node {
        /// Where the node's reading starts and ends, in characters.
        var start: Int
        var end: Int
        /// The model's word, or `Lattice.unknown`.
        var word: UInt32
        /// Added to the node's cost: the price of reading the typed kana another way.
        var penalty: Int32
    }

    /// The word id of a character the model does not know, converted as itself.
    static let unknown = UInt32.max
    /// The cost of an unknown character: rarer than the rarest word (10⁻⁸), so the model's
    /// words come first wherever they cover the reading.
    static let unknownCost: Int32 = 80_000
    /// The cost of reading ん + a vowel as ん + an n-row kana: about a hundredth of the
    /// probability, so only a much likelier word (こんにちは over こんいちは) turns it.
    static let variantPenalty: Int32 = 16_384

    let characters: [Character]
    private(set) var nodes: [Node] = []
    /// The nodes that end at each position (0...count), by index into `nodes`.
    private(set) var endingAt: [[Int]]

    /// The lattice of `reading`, its nodes never crossing `segmentEnds` (offsets in characters
    /// where a segment must end).
    init(reading: String, model: KanaKanjiModel, segmentEnds: [Int] = []) {
        characters = Array(reading)
        let count = characters.count
        endingAt = Array(repeating: [], count: count + 1)
        let utf8: [[UInt8]] = characters.map { Array(String($0).utf8) }
        let fixed = segmentEnds.filter { $0 > 0 && $0 < count }
        for start in 0..<count {
            var limit = min(count, start + max(1, model.longestReading))
            if let end = fixed.filter({ $0 > start }).min() { limit = min(limit, end) }
            for variant in Self.nasalVariants(of: characters, from: start, to: limit) {
                var query: [UInt8] = []
                for end in (start + 1)...limit {
                    query += variant.replacements[end - 1 - start].map { Array(String($0).utf8) } ?? utf8[end - 1]
                    // A variant reads another way only if it changed a kana inside this span.
                    let changed = variant.replacements[0..<(end - start)].contains { $0 != nil }
                    let found = model.words(reading: query[...])
                    if changed || variant.isOriginal {
                        for word in found.words {
                            add(Node(start: start, end: end, word: word, penalty: changed ? Self.variantPenalty : 0))
                        }
                    }
                    if !found.longerExist { break }
                }
            }
            add(Node(start: start, end: start + 1, word: Self.unknown, penalty: 0))
        }
    }

    private mutating func add(_ node: Node) {
        endingAt[node.end].append(nodes.count)
        nodes.append(node)
    }

    /// A way of reading the characters from a start up to an end: for each (from the
    /// start), the kana read in its place (`nil`: as typed).
    struct Variant {
        var replacements: [Character?]
        var isOriginal: Bool
    }

    /// The n-row kana a vowel becomes after ん: typing "konnichiha" gives こんいちは (nn is ん,
    /// then i), which was meant as こんにちは; Mozc reads it both ways, and so does Clavis.
    static let nRow: [Character: Character] = ["あ": "な", "い": "に", "う": "ぬ", "え": "ね", "お": "の"]

    /// The reading as typed, and with each of up to two vowels after ん in `start..<end`
    /// read as an n-row kana (every combination).
    static func nasalVariants(of characters: [Character], from start: Int, to end: Int) -> [Variant] {
        let positions = (start..<end).filter { $0 > 0 && characters[$0 - 1] == "ん" && nRow[characters[$0]] != nil }.prefix(2)
        var variants = [Variant(replacements: Array(repeating: nil, count: end - start), isOriginal: true)]
        for position in positions {
            variants += variants.map { variant in
                var changed = variant
                changed.replacements[position - start] = nRow[characters[position]]
                changed.isOriginal = false
                return changed
            }
        }
        return variants
    }
}
