import ClavisText
#if canImport(Glibc)
import Glibc
#endif

/// Swipe strokes as a person draws them, for tests and the swipe benchmark: a path through
/// the word's key centres (a letter repeated in a row once, an accented letter without a key
/// of its own on its base letter's), each key's point moved by a
/// Gaussian of `spread` key widths, drawn at a varying speed (slower at the ends, faster in
/// the middle), sampled at 60–120 Hz, and smoothed, which cuts the corners as a finger does.
/// Seeded: the same seed draws the same strokes.
///
///     var strokes = SyntheticStrokes(seed: 1)
///     let stroke = strokes.stroke(for: "hello", centres: centres, keyWidth: 60)
public struct SyntheticStrokes {
    private var state: UInt64
    /// The Gaussian offset of each key's point, in key widths.
    public var spread = 0.25

    public init(seed: UInt64) {
        state = seed
    }

    /// The stroke for `word`, or `nil` when a letter has no key.
    public mutating func stroke(for word: String, centres: [Character: (x: Double, y: Double)],
                                keyWidth: Double) -> [GestureDecoder.Point]? {
        var corners: [GestureDecoder.Point] = []
        var previous: Character?
        for letter in word.lowercased() where letter != "'" {
            let key = centres[letter] != nil ? letter : Self.base(of: letter) ?? letter
            guard let centre = centres[key] else { return nil }
            if key != previous {
                corners.append(GestureDecoder.Point(x: centre.x + gaussian() * spread * keyWidth,
                                                    y: centre.y + gaussian() * spread * keyWidth))
            }
            previous = key
        }
        guard !corners.isEmpty else { return nil }
        if corners.count == 1 { corners.append(GestureDecoder.Point(x: corners[0].x + 0.2 * keyWidth, y: corners[0].y)) }
        // Seconds to draw it: about 0.12 s a segment, ±30 %, and a fifth of a second more.
        let duration = 0.2 + Double(corners.count - 1) * 0.12 * (0.7 + 0.6 * uniform())
        let rate = 60 + 60 * uniform()
        let samples = max(4, Int(duration * rate))
        let total = GestureDecoder.length(of: corners)
        var points: [GestureDecoder.Point] = []
        for index in 0...samples {
            let t = Double(index) / Double(samples)
            // Ease in and out: slow at the ends, fast in the middle.
            let along = total * (t - sin(2 * .pi * t) / (2 * .pi))
            points.append(Self.point(along: along, of: corners))
        }
        // A moving average over three samples cuts the corners.
        return points.indices.map { index in
            let window = points[max(0, index - 1)...min(points.count - 1, index + 1)]
            return GestureDecoder.Point(x: window.reduce(0) { $0 + $1.x } / Double(window.count),
                                        y: window.reduce(0) { $0 + $1.y } / Double(window.count))
        }
    }

    /// The key an accented letter is drawn through when the layout has no key of its own for
    /// it: its base letter's (é on e), as the decoder reads it.
    static func base(of letter: Character) -> Character? {
        guard letter.utf16.count == 1, let unit = letter.utf16.first, let scalar = Unicode.Scalar(WordFolding.base(of: unit)),
              Character(scalar) != letter else { return nil }
        return Character(scalar)
    }

    /// The point `distance` along the polyline.
    static func point(along distance: Double, of corners: [GestureDecoder.Point]) -> GestureDecoder.Point {
        var left = distance
        for (a, b) in zip(corners, corners.dropFirst()) {
            let segment = GestureDecoder.distance(a, b)
            if left <= segment, segment > 0 {
                let f = left / segment
                return GestureDecoder.Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y))
            }
            left -= segment
        }
        return corners[corners.count - 1]
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
