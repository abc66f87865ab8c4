#if canImport(Glibc)
import Glibc
#endif

/// Every word the model has for every stretch of a reading: the nodes a conversion chooses
/// its path through.
///
///     let lattice = Lattice(reading: "きょうは", model: model)
///     lattice.nodes.filter { $0.start == 0 }.map { model.output(of: $0.word) }   // ["木", "気", …, "今日", "京", …]
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
        /// Added to the node's cost: the price of reading the typed kana another way, and
        /// what everyday writing says of the word.
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
    /// where a segment must end); `everydayMix` and `rarityWeight` weigh everyday writing in
    /// (`everydayCosts`).
    init(reading: String, model: KanaKanjiModel, segmentEnds: [Int] = [], everydayMix: Double = 0, rarityWeight: Double = 0) {
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
                        let everyday = Self.everydayCosts(of: found.words, model: model, mix: everydayMix, rarity: rarityWeight)
                        for (index, word) in found.words.enumerated() {
                            add(Node(start: start, end: end, word: word, penalty: everyday[index] &+ (changed ? Self.variantPenalty : 0)))
                        }
                    }
                    if !found.longerExist { break }
                }
            }
            add(Node(start: start, end: start + 1, word: Self.unknown, penalty: 0))
        }
    }

    /// What everyday writing adds to the cost of each of `words` (one reading's), two ways:
    ///
    /// - Among the kanji spellings: they keep the probability the model gives them together,
    ///   shared out as (1 − `mix`) × the model's shares + `mix` × everyday writing's, so 週末
    ///   comes before 終末 while whether the reading is written in kana stays the model's call.
    /// - Each kanji spelling much rarer in everyday writing than in the model (a surname, a
    ///   place, a term of an encyclopedia: 岡井 for おかい) costs `rarity` × how much rarer.
    static func everydayCosts(of words: Range<UInt32>, model: KanaKanjiModel, mix: Double, rarity: Double) -> [Int32] {
        guard mix > 0 || rarity > 0 else { return Array(repeating: 0, count: words.count) }
        let unit = KanaKanjiModelFormat.costUnit
        let everyday = words.map(model.everyday)
        let unigrams = words.map { model.unigram($0).cost }
        var modelTotal = 0.0, everydayTotal = 0.0
        for (cost, unigram) in zip(everyday, unigrams) {
            guard let cost else { continue }
            modelTotal += pow(10, -Double(unigram) * unit)
            everydayTotal += pow(10, -Double(cost) * unit)
        }
        return zip(everyday, unigrams).map { cost, unigram in
            guard let cost, modelTotal > 0, everydayTotal > 0 else { return 0 }
            let modelShare = pow(10, -Double(unigram) * unit) / modelTotal
            let everydayShare = pow(10, -Double(cost) * unit) / everydayTotal
            let shared = -log10(((1 - mix) * modelShare + mix * everydayShare) / modelShare) / unit
            return Int32((shared + rarity * Double(max(0, cost - unigram))).rounded())
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
