#if canImport(Glibc)
import Glibc
#endif

/// Turns a stroke drawn across the letters (swipe typing) into the words it most likely
/// spells, SHARK²-style: every candidate word has an ideal path through its letters' key
/// centres; the stroke and each path are resampled to the same number of points and compared
/// by location (how far apart the points are) and by shape (the same, after both are moved
/// to their centroid and scaled to the same size), and the result is weighed with how likely
/// the word is after the words before the caret.
///
/// Candidates are pruned before any path is drawn: the first letter's key must be near where
/// the stroke starts, the last letter's near where it ends, and the path about as long as the
/// stroke. Letters repeated in a row ("hello") are one point of the path; accented letters use
/// their base letter's key; a word with a letter no key has is not a candidate.
///
/// Coordinates are the solved layout's own (any size, any orientation, user layouts): the
/// keys' centres are handed in with the typical key width, and everything is measured in key
/// widths across and in `rowHeight` down.
///
/// A timed stroke tells more: a hand slows where its path turns (the two-thirds power law of
/// drawing), so where the stroke slowed down between its ends must be near one of the word's
/// keys ("tall" against "real": a stroke that slowed on e is not "tall").
///
/// With several lexicons (a keyboard that suggests in two languages) every language's words
/// are candidates, each weighed with its language's share of the words just typed
/// (`LanguageMix`).
///
///     let decoder = GestureDecoder(lexicon: english, keys: centres, keyWidth: 60)
///     decoder.candidates(for: stroke, context: TypingContext(before: "see you "), count: 3)   // ["tomorrow", …]
public struct GestureDecoder: Sendable {
    /// One sample of a stroke: where the finger or pointer was, and when (seconds, any
    /// origin; `nil` where the source does not tell).
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var time: Double?

        public init(x: Double, y: Double, time: Double? = nil) {
            self.x = x
            self.y = y
            self.time = time
        }
    }

    /// The first language's model (the keyboard's own).
    public var model: LanguageModel { models[0] }
    /// Every language's model.
    public let models: [LanguageModel]
    /// Each letter's key centre, in key widths.
    private let centres: [UInt16: Point]
    /// Points every stroke and path is resampled to.
    static let samples = 48
    /// How far (in key widths) the stroke's ends may be from a word's first and last key.
    static let endReach = 1.3
    /// How the channels are weighed: the spreads of the location, shape and key-passing
    /// distances (key widths; bounding-box units for shape) and the language model's weight.
    /// The defaults are what `clavis-bench swipe --skip 300` (a development split, not the
    /// reported passages) measured best.
    public struct Weights: Equatable, Sendable {
        public var locationSpread = 0.2
        public var shapeSpread = 0.08
        public var cornerSpread = 0.8
        public var modelWeight = 0.6
        /// The spread of the stroke's ends around the first and last keys (the keyboard's
        /// proximity model: where a finger lands and lifts is aimed, unlike the corners).
        public var endSpread = 0.35
        /// The spread of where the stroke slowed down around the word's nearest key.
        public var pauseSpread = 0.3

        public init() {}
    }

    public var weights = Weights()
    /// The words the user's typing taught (Full Access): swipeable too.
    public var userWords = UserLexicon()

    public init(lexicon: Lexicon, keys: [(letter: Character, x: Double, y: Double)], keyWidth: Double) {
        self.init(lexicons: [lexicon], keys: keys, keyWidth: keyWidth)
    }

    /// A decoder over every language of `lexicons` (at least one).
    public init(lexicons: [Lexicon], keys: [(letter: Character, x: Double, y: Double)], keyWidth: Double) {
        precondition(!lexicons.isEmpty, "a decoder needs a lexicon")
        models = lexicons.map { LanguageModel(lexicon: $0) }
        let scale = keyWidth > 0 ? keyWidth : 1
        let rowHeight = min(scale, Self.rowPitch(of: keys.map(\.y), keyWidth: scale) ?? scale)
        var centres: [UInt16: Point] = [:]
        for key in keys {
            for unit in String(key.letter).lowercased().utf16 where centres[unit] == nil {
                centres[unit] = Point(x: key.x / scale, y: key.y / rowHeight)
            }
        }
        self.centres = centres
        self.keyWidth = scale
        self.rowHeight = rowHeight
    }

    /// The median distance between neighbouring rows of keys (centres less than a quarter
    /// key width apart down are one row); nil with a single row.
    ///
    ///     GestureDecoder.rowPitch(of: [30, 30, 100, 170], keyWidth: 60)   // 70
    public static func rowPitch(of ys: [Double], keyWidth: Double) -> Double? {
        var rows: [Double] = []
        for y in ys.sorted() where rows.last.map({ y - $0 > keyWidth / 4 }) ?? true { rows.append(y) }
        let gaps = zip(rows, rows.dropFirst()).map { $1 - $0 }.sorted()
        guard !gaps.isEmpty else { return nil }
        return gaps[gaps.count / 2]
    }

    /// What a stroke's y is divided by: the distance between rows where they are closer than
    /// a key width (a wide desktop keyboard), the key width otherwise. Where rows are close,
    /// a stroke a third of a row off is as wrong as one a third of a key off sideways, and
    /// a pointer's spread follows the key's size both ways (the size part of the Dual
    /// Gaussian touch model); a phone's tall keys are no easier to miss downwards than a
    /// finger is wide, so there the key width stays (measured: `docs/performance.md`).
    public let rowHeight: Double

    /// The key width the stroke's coordinates are divided by.
    public let keyWidth: Double

    /// The `count` likeliest words for `stroke` (in the layout's coordinates) after `context`,
    /// best first; empty for a stroke with fewer than two points.
    public func candidates(for stroke: [Point], context: TypingContext, count: Int) -> [String] {
        scored(stroke, context: context, count: count).map(\.word)
    }

    /// The `count` best candidates with their scores (log-likelihoods), best first.
    ///
    /// Two passes keep long strokes fast: every candidate that survives pruning gets a cheap
    /// score (location on a few points, and the model), which is an upper bound of its full
    /// score give or take `coarseSlack` (shape and key passing only ever subtract); then
    /// full scores are computed best-bound first, stopping once no bound can reach the
    /// `count`-th best full score any more.
    func scored(_ stroke: [Point], context: TypingContext, count: Int) -> [(word: String, score: Double)] {
        let points = stroke.map { Point(x: $0.x / keyWidth, y: $0.y / rowHeight, time: $0.time) }
        guard count > 0, points.count >= 2, let first = points.first, let last = points.last else { return [] }
        let stroke = Stroke(points)
        let starts = nearbyLetters(first)
        let ends = Set(nearbyLetters(last))
        let contexts = models.map { $0.contexts(for: context) }
        let shares = LanguageMix.weights(recent: context.recent, languages: models.count) { word, index in
            TextPredictor.frequency(of: word, in: models[index].lexicon)
        }.map { pow(10, $0) }
        var bounds: [(candidate: Candidate, bound: Double)] = []
        var path: [Point] = []
        for (language, model) in models.enumerated() {
            for start in starts {
                for prefix in Self.variants(of: start) {
                    for id in model.lexicon.range(prefix: [prefix]) {
                        let key = model.lexicon.key(of: id)
                        guard let end = key.last, ends.contains(WordFolding.base(of: end)), self.path(of: key, into: &path),
                              stroke.fits(path) else { continue }
                        let probability = model.probability(of: id, in: contexts[language]) * shares[language]
                        bounds.append((.lexicon(id, language), coarseScore(path: path, stroke: stroke, probability: probability)))
                    }
                }
            }
        }
        let learned = userWords.allWords.map(\.word)
        for (index, word) in learned.enumerated() {
            let key = WordFolding.fold(word)
            guard let head = key.first, let end = key.last, starts.contains(WordFolding.base(of: head)) || starts.contains(head),
                  ends.contains(WordFolding.base(of: end)),
                  let probability = userWords.probability(of: word, after: context.previous.last),
                  key.withUnsafeBufferPointer({ self.path(of: $0, into: &path) }), stroke.fits(path) else { continue }
            bounds.append((.learned(index), coarseScore(path: path, stroke: stroke, probability: probability)))
        }
        bounds.sort { $0.bound > $1.bound }
        // The best of each word (the lexicon may hold "may" and "May").
        var best: [String: (word: String, score: Double)] = [:]
        var floor = -Double.infinity
        for (candidate, bound) in bounds {
            if best.count >= count, bound + Self.coarseSlack < floor { break }
            let word: String
            let probability: Double
            switch candidate {
            case .lexicon(let id, let language):
                let model = models[language]
                word = model.lexicon.text(of: id)
                _ = self.path(of: model.lexicon.key(of: id), into: &path)
                probability = model.probability(of: id, in: contexts[language]) * shares[language]
            case .learned(let index):
                word = learned[index]
                _ = WordFolding.fold(word).withUnsafeBufferPointer { self.path(of: $0, into: &path) }
                probability = userWords.probability(of: word, after: context.previous.last) ?? 0
            }
            let score = self.score(path: path, stroke: stroke, probability: probability)
            let folded = word.lowercased()
            if best[folded].map({ $0.score < score }) ?? true { best[folded] = (word, score) }
            if best.count >= count {
                floor = best.values.map(\.score).sorted(by: >)[count - 1]
            }
        }
        return Array(best.values.sorted { $0.score > $1.score }.prefix(count))
    }

    /// A candidate before its word is read: a lexicon id (and which language's) or a learned
    /// word's index.
    private enum Candidate {
        case lexicon(UInt32, Int)
        case learned(Int)
    }

    /// How far a coarse score may lie below the full one (it compares fewer points).
    static let coarseSlack = 1.5
    /// Points of the coarse location comparison.
    static let coarseSamples = 12

    /// The stroke as the channels compare it, computed once per decoding.
    struct Stroke {
        let length: Double
        let sampled: [Point]
        let shape: [Point]
        let coarse: [Point]
        /// Where the stroke slowed down between its ends (empty without times).
        let pauses: [Point]

        init(_ points: [Point]) {
            length = GestureDecoder.length(of: points)
            sampled = GestureDecoder.resample(points, to: GestureDecoder.samples)
            shape = GestureDecoder.normalised(sampled)
            coarse = GestureDecoder.resample(points, to: GestureDecoder.coarseSamples)
            pauses = GestureDecoder.pauses(in: points)
        }

        /// Whether a path is about as long as the stroke (a stroke much shorter or longer
        /// than a word's path is another word, and one that travelled is not a one-letter word).
        func fits(_ path: [Point]) -> Bool {
            if path.count == 1 && length > 0.5 { return false }
            let pathLength = GestureDecoder.length(of: path)
            return pathLength <= length * 1.6 + 1 && length <= pathLength * 1.6 + 1
        }
    }

    /// The pause channel (cheap, and in both scores, so the coarse bound stays tight).
    private func pausePenalty(path: [Point], stroke: Stroke) -> Double {
        stroke.pauses.isEmpty ? 0 : Self.pauseDistances(stroke.pauses, from: path) / (2 * weights.pauseSpread * weights.pauseSpread)
    }

    /// The location channel on the coarse points, the pauses and the model: at least the
    /// full score, give or take `coarseSlack`.
    private func coarseScore(path: [Point], stroke: Stroke, probability: Double) -> Double {
        let location = Self.meanDistance(stroke.coarse, Self.resample(path, to: Self.coarseSamples))
        return -location * location / (2 * weights.locationSpread * weights.locationSpread)
            - pausePenalty(path: path, stroke: stroke)
            + weights.modelWeight * log(max(probability, 1e-12))
    }

    /// A candidate's log-likelihood: how far its path is from the stroke (location), how
    /// different in form (shape), how closely the stroke passes its keys, and how likely the
    /// word is here.
    private func score(path: [Point], stroke: Stroke, probability: Double) -> Double {
        let ideal = Self.resample(path, to: Self.samples)
        let location = Self.meanDistance(stroke.sampled, ideal)
        let form = path.count == 1 ? 0 : Self.meanDistance(stroke.shape, Self.normalised(ideal))
        let corners = Self.cornerDistances(path, along: stroke.sampled)
        return -location * location / (2 * weights.locationSpread * weights.locationSpread)
            - form * form / (2 * weights.shapeSpread * weights.shapeSpread)
            - corners.ends / (2 * weights.endSpread * weights.endSpread)
            - corners.middle / (2 * weights.cornerSpread * weights.cornerSpread)
            - pausePenalty(path: path, stroke: stroke)
            + weights.modelWeight * log(max(probability, 1e-12))
    }

    /// The letters whose keys are within reach of a point, nearest first.
    private func nearbyLetters(_ point: Point) -> [UInt16] {
        centres.compactMap { unit, centre -> (UInt16, Double)? in
            let distance = Self.distance(point, centre)
            return distance <= Self.endReach ? (unit, distance) : nil
        }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The word's path into `path`: its letters' key centres, a letter repeated in a row
    /// once; false when a letter has no key.
    private func path(of key: UnsafeBufferPointer<UInt16>, into path: inout [Point]) -> Bool {
        path.removeAll(keepingCapacity: true)
        var previous: UInt16?
        for unit in key {
            let letter = centres[unit] != nil ? unit : WordFolding.base(of: unit)
            guard let centre = centres[letter] else { return false }
            if letter != previous { path.append(centre) }
            previous = letter
        }
        return true
    }

    /// The folded first units whose words start on a key: the letter and its accented forms.
    private static func variants(of unit: UInt16) -> [UInt16] {
        [unit] + accented.filter { WordFolding.base(of: $0) == unit && $0 != unit }
    }

    /// The accented lowercase Latin-1 letters `WordFolding.base` knows.
    private static let accented: [UInt16] = Array(0xDF...0xFF).filter { WordFolding.base(of: $0) != $0 }

    // MARK: Geometry

    /// The distance between two points.
    public static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of the polyline through `points`.
    public static func length(of points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// `count` points evenly spaced along the polyline (all at the one point for a single one).
    static func resample(_ points: [Point], to count: Int) -> [Point] {
        guard let first = points.first else { return [] }
        let total = length(of: points)
        guard total > 0, points.count > 1 else { return Array(repeating: first, count: count) }
        let step = total / Double(count - 1)
        var result = [first]
        var carried = 0.0
        var index = 1
        var previous = first
        while index < points.count, result.count < count {
            let next = points[index]
            let segment = distance(previous, next)
            if carried + segment >= step, segment > 0 {
                let fraction = (step - carried) / segment
                let point = Point(x: previous.x + fraction * (next.x - previous.x), y: previous.y + fraction * (next.y - previous.y))
                result.append(point)
                previous = point
                carried = 0
            } else {
                carried += segment
                previous = next
                index += 1
            }
        }
        while result.count < count { result.append(points[points.count - 1]) }
        return result
    }

    /// The points moved to their centroid and scaled so the larger side of their bounding
    /// box is 1 (a dot stays a dot).
    static func normalised(_ points: [Point]) -> [Point] {
        guard !points.isEmpty else { return [] }
        let cx = points.reduce(0) { $0 + $1.x } / Double(points.count)
        let cy = points.reduce(0) { $0 + $1.y } / Double(points.count)
        let width = (points.map(\.x).max() ?? 0) - (points.map(\.x).min() ?? 0)
        let height = (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0)
        let scale = max(width, height, 1e-9)
        return points.map { Point(x: ($0.x - cx) / scale, y: ($0.y - cy) / scale) }
    }

    /// How far along the stroke (a fraction of it) a key may be passed from where the path
    /// passes it; measured best at an eighth (`clavis-bench swipe --skip 300`).
    static let passingWindow = 0.12

    /// How closely the stroke passes each of the path's keys, in order: the sums, for the
    /// first and last keys and for the keys between, of the squared distances from each key
    /// to the nearest stroke point around where it should be
    /// passed (as far along the stroke as the key is along the path, give or take `passingWindow`)
    /// and not before the key before it. A word whose key the stroke never came near pays
    /// for it here, even where the overall shape is close ("hello" for a stroke ending on p).
    /// A middle key passed within `cornerSlack` key widths costs nothing (corners are cut).
    static func cornerDistances(_ path: [Point], along stroke: [Point], cornerSlack: Double = 0.6) -> (ends: Double, middle: Double) {
        let total = length(of: path)
        let last = stroke.count - 1
        var from = 0
        var travelled = 0.0
        var ends = 0.0, middle = 0.0
        for (index, corner) in path.enumerated() {
            if index > 0 { travelled += distance(path[index - 1], corner) }
            let expected = total > 0 ? travelled / total : 0
            let low = max(from, Int((expected - passingWindow) * Double(last)))
            let high = min(last, Int(((expected + passingWindow) * Double(last)).rounded(.up)))
            var best = Double.infinity
            var bestIndex = low
            if low <= high {
                for position in low...high {
                    let d = distance(corner, stroke[position])
                    if d < best {
                        best = d
                        bestIndex = position
                    }
                }
            } else {
                best = distance(corner, stroke[min(from, last)])
            }
            // Fingers cut the corners between keys: a middle key passed within
            // `cornerSlack` costs nothing; the first and last keys count in full.
            if index == 0 || index == path.count - 1 {
                ends += best * best
            } else {
                let miss = max(0, best - cornerSlack)
                middle += miss * miss
            }
            from = bestIndex
        }
        return (ends, middle)
    }

    /// Where a timed stroke slowed down, away from its ends: the slowest point of each stretch
    /// slower than `pauseSpeed` of its median speed, in the middle 70 % of its length. A
    /// hand slows where its path turns (the two-thirds power law), so these are the corners
    /// it meant, whatever the shape around them; an untimed stroke has none.
    static func pauses(in points: [Point]) -> [Point] {
        guard points.count >= 5, points.allSatisfy({ $0.time != nil }) else { return [] }
        var speeds: [Double] = []
        var along: [Double] = [0]
        for index in 1..<points.count {
            let step = distance(points[index - 1], points[index])
            along.append(along[index - 1] + step)
            let elapsed = (points[index].time ?? 0) - (points[index - 1].time ?? 0)
            // Two samples at one instant (or out of order) carry no speed of their own.
            speeds.append(elapsed > 0 ? step / elapsed : speeds.last ?? .infinity)
        }
        let finite = speeds.filter(\.isFinite).sorted()
        guard !finite.isEmpty, let total = along.last, total > 0 else { return [] }
        let slow = finite[finite.count / 2] * pauseSpeed
        var pauses: [Point] = []
        var slowest: (index: Int, speed: Double)?
        for (index, speed) in speeds.enumerated() {
            let middle = along[index + 1] > 0.15 * total && along[index + 1] < 0.85 * total
            if middle, speed < slow {
                if slowest.map({ speed < $0.speed }) ?? true { slowest = (index + 1, speed) }
            } else if let found = slowest {
                pauses.append(points[found.index])
                slowest = nil
            }
        }
        if let found = slowest { pauses.append(points[found.index]) }
        return pauses
    }

    /// How slow (a fraction of the stroke's median speed) counts as slowing down. On the
    /// development split (`clavis-bench swipe --skip 300`) 0.5 was 0.6 points worse at desktop
    /// size and 0.8 0.2 better; 0.65 flags fewer of a real hand's ordinary speed changes.
    static let pauseSpeed = 0.65

    /// The sum of the squared distances from each pause to the path's nearest key, less a
    /// slack for the corner the hand cut.
    static func pauseDistances(_ pauses: [Point], from path: [Point], slack: Double = 0.25) -> Double {
        var sum = 0.0
        for pause in pauses {
            var nearest = Double.infinity
            for key in path { nearest = min(nearest, distance(pause, key)) }
            let miss = nearest.isFinite ? max(0, nearest - slack) : 0
            sum += miss * miss
        }
        return sum
    }

    /// The mean distance between corresponding points.
    static func meanDistance(_ a: [Point], _ b: [Point]) -> Double {
        zip(a, b).reduce(0) { $0 + distance($1.0, $1.1) } / Double(max(1, min(a.count, b.count)))
    }
}
