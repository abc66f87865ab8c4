import ClavisPrediction
#if canImport(Glibc)
import Glibc
#endif

/// Swipe strokes as a person draws them, for tests and the swipe benchmark: a path through
/// the word's key centres (a letter repeated in a row once, an accented letter without a key
/// of its own on its base letter's), each key's point moved by a Gaussian, the corners cut,
/// and each point stamped with the time it was drawn. Seeded: the same seed draws the same
/// strokes.
///
/// - **Where the points land.** A finger's spread is its own (the fat finger), as wide as
///   tall: a Gaussian of `spread` key widths both ways. A pointer's (a mouse or touchpad on a
///   desktop) follows the target: `spread` key widths across and `spread` row heights down,
///   the size-proportional part of the Dual Gaussian touch model (Bi & Zhai, UIST 2013), whose
///   finger part a pointer lacks. Pass `rowHeight` for a pointer's stroke.
/// - **How fast.** The speed along the path follows the two-thirds power law of drawing
///   movements (Lacquaniti, Terzuolo & Viviani, 1983): proportional to the cube root of the
///   radius of curvature, so the hand slows where the path turns and hurries along straight
///   stretches; it starts and ends at a fifth of its speed. A word takes about a fifth of a second plus
///   0.12 s a segment (±30 %), sampled at 60–120 Hz.
/// - **Corners cut.** The path is smoothed over half a key width before it is timed, as a
///   hand rounds a corner.
///
///     var strokes = SyntheticStrokes(seed: 1)
///     let stroke = strokes.stroke(for: "hello", centres: centres, keyWidth: 60)
///     stroke?.last?.time   // about half a second (0.2 s + 0.12 s a segment, ±30 %)
public struct SyntheticStrokes {
    private var state: UInt64
    /// The Gaussian offset of each key's point, in key widths (and row heights down, for a
    /// pointer's stroke).
    public var spread = 0.25

    public init(seed: UInt64) {
        state = seed
    }

    /// The stroke for `word`, or `nil` when a letter has no key; `rowHeight` (the distance
    /// between rows) makes it a pointer's stroke, whose spread down is in row heights.
    public mutating func stroke(for word: String, centres: [Character: (x: Double, y: Double)],
                                keyWidth: Double, rowHeight: Double? = nil) -> [GestureDecoder.Point]? {
        let spreadDown = spread * (rowHeight ?? keyWidth)
        var corners: [GestureDecoder.Point] = []
        var previous: Character?
        for letter in word.lowercased() where letter != "'" {
            let key = centres[letter] != nil ? letter : Self.base(of: letter) ?? letter
            guard let centre = centres[key] else { return nil }
            if key != previous {
                corners.append(GestureDecoder.Point(x: centre.x + gaussian() * spread * keyWidth, y: centre.y + gaussian() * spreadDown))
            }
            previous = key
        }
        guard !corners.isEmpty else { return nil }
        if corners.count == 1 { corners.append(GestureDecoder.Point(x: corners[0].x + 0.2 * keyWidth, y: corners[0].y)) }
        let duration = 0.2 + Double(corners.count - 1) * 0.12 * (0.7 + 0.6 * uniform())
        let rate = 60 + 60 * uniform()
        let path = Self.smoothed(Self.dense(corners, step: 0.05 * keyWidth), window: 5)
        let times = Self.times(along: path, keyWidth: keyWidth, duration: duration)
        let samples = max(4, Int(duration * rate))
        var stroke: [GestureDecoder.Point] = []
        var index = 0
        for sample in 0...samples {
            let time = duration * Double(sample) / Double(samples)
            while index < path.count - 2, times[index + 1] < time { index += 1 }
            let span = times[index + 1] - times[index]
            let f = span > 0 ? min(1, max(0, (time - times[index]) / span)) : 0
            let a = path[index], b = path[index + 1]
            stroke.append(GestureDecoder.Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y), time: time))
        }
        return stroke
    }

    /// Points every `step` along the polyline, its corners among them.
    static func dense(_ corners: [GestureDecoder.Point], step: Double) -> [GestureDecoder.Point] {
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let pieces = max(1, Int((GestureDecoder.distance(a, b) / step).rounded(.up)))
            for piece in 1...pieces {
                let f = Double(piece) / Double(pieces)
                points.append(GestureDecoder.Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)))
            }
        }
        return points
    }

    /// A moving average over `window` points either side (fewer at the ends, which stay put).
    static func smoothed(_ points: [GestureDecoder.Point], window: Int) -> [GestureDecoder.Point] {
        points.indices.map { index in
            let reach = min(window, index, points.count - 1 - index)
            let span = points[(index - reach)...(index + reach)]
            return GestureDecoder.Point(x: span.reduce(0) { $0 + $1.x } / Double(span.count),
                                        y: span.reduce(0) { $0 + $1.y } / Double(span.count))
        }
    }

    /// When each point of `path` is passed, in seconds, the whole taking `duration`: the
    /// speed is the cube root of the radius of curvature (two-thirds power law; radii kept
    /// between a twentieth of a key width and five), rising from a fifth of it over the first
    /// half key width and falling back to a fifth over the last.
    static func times(along path: [GestureDecoder.Point], keyWidth: Double, duration: Double) -> [Double] {
        var lengths = [0.0]
        for (a, b) in zip(path, path.dropFirst()) { lengths.append(lengths[lengths.count - 1] + GestureDecoder.distance(a, b) / keyWidth) }
        let total = lengths[lengths.count - 1]
        var elapsed = [0.0]
        for index in 1..<path.count {
            let step = lengths[index] - lengths[index - 1]
            let radius = index + 1 < path.count ? Self.radius(path[index - 1], path[index], path[index + 1], keyWidth: keyWidth) : 5
            let ramp = min(1, (0.1 + min(lengths[index], total - lengths[index])) / 0.5)
            let speed = pow(min(5, max(0.05, radius)), 1.0 / 3) * ramp
            elapsed.append(elapsed[index - 1] + step / speed)
        }
        let scale = elapsed[elapsed.count - 1] > 0 ? duration / elapsed[elapsed.count - 1] : 0
        return elapsed.map { $0 * scale }
    }

    /// The radius of the circle through three points, in key widths (large for a straight line).
    static func radius(_ a: GestureDecoder.Point, _ b: GestureDecoder.Point, _ c: GestureDecoder.Point, keyWidth: Double) -> Double {
        let cross = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
        guard cross > 1e-12 else { return .infinity }
        return GestureDecoder.distance(a, b) * GestureDecoder.distance(b, c) * GestureDecoder.distance(a, c) / (2 * cross) / keyWidth
    }

    /// The key an accented letter is drawn through when the layout has no key of its own for
    /// it: its base letter's (é on e), as the decoder reads it.
    static func base(of letter: Character) -> Character? {
        guard letter.utf16.count == 1, let unit = letter.utf16.first, let scalar = Unicode.Scalar(WordFolding.base(of: unit)),
              Character(scalar) != letter else { return nil }
        return Character(scalar)
    }

    /// SplitMix64, then a uniform number in [0, 1).
    mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// A standard normal number (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform())
    }
}
