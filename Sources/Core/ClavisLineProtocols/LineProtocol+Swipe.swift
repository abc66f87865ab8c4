import ClavisFormats
import ClavisPrediction

extension LineProtocol {
    /// A gesture, as a `clavis swipe` line gives it.
    public struct SwipeRequest: Equatable, Sendable {
        public var layout: String
        public var width: Double
        public var height: Double
        public var before: String
        public var points: [GestureDecoder.Point]

        public init(layout: String, width: Double, height: Double, before: String, points: [GestureDecoder.Point]) {
            self.layout = layout
            self.width = width
            self.height = height
            self.before = before
            self.points = points
        }
    }

    /// The most points a gesture may have (ten seconds at 1 kHz).
    public static let maximumSwipePoints = 10_000

    /// Reads one `clavis swipe` line: `{"layout": "us", "size": [W, H], "before": "…",
    /// "points": [[x, y, t_ms], …]}`; throws a message saying what is wrong.
    public static func swipeRequest(_ line: [UInt8]) throws(LineProblem) -> SwipeRequest {
        guard line.count <= maximumSwipeLine else {
            throw LineProblem("\(line.count) bytes; a gesture line may have at most \(maximumSwipeLine)")
        }
        let value: JSONValue
        do { value = try JSONSyntax.parse(line) } catch { throw LineProblem("column \(error.column): \(error.message)") }
        guard case .object = value else { throw LineProblem("expected an object with layout, size, before and points") }
        guard let layout = value["layout"]?.string, !layout.isEmpty else { throw LineProblem("layout: expected a layout id in quotes") }
        guard let size = value["size"]?.array, size.count == 2, let width = size[0].number, let height = size[1].number,
              width.isFinite, height.isFinite, (1...10_000).contains(width), (1...10_000).contains(height) else {
            throw LineProblem("size: expected [width, height], each from 1 to 10000")
        }
        let before = value["before"]?.string ?? ""
        guard let list = value["points"]?.array else { throw LineProblem("points: expected a list of [x, y, t_ms]") }
        guard list.count <= maximumSwipePoints else { throw LineProblem("points: \(list.count) points; at most \(maximumSwipePoints)") }
        var points: [GestureDecoder.Point] = []
        for (index, item) in list.enumerated() {
            guard let pair = item.array, pair.count >= 2, let x = pair[0].number, let y = pair[1].number, x.isFinite, y.isFinite,
                  abs(x) <= 100_000, abs(y) <= 100_000 else {
                throw LineProblem("points[\(index)]: expected [x, y, t_ms] with finite coordinates")
            }
            // The time is optional; one that is not a finite number is refused like a bad
            // coordinate rather than dropped, so a client learns its stroke is read untimed.
            var time: Double?
            if pair.count >= 3 {
                guard let milliseconds = pair[2].number, milliseconds.isFinite, abs(milliseconds) <= 1e9 else {
                    throw LineProblem("points[\(index)]: expected [x, y, t_ms] with a finite time in milliseconds")
                }
                time = milliseconds / 1000
            }
            points.append(GestureDecoder.Point(x: x, y: y, time: time))
        }
        return SwipeRequest(layout: layout, width: width, height: height, before: before, points: points)
    }

    /// The answer to a `clavis swipe` line: `{"candidates": ["word", …]}`, best first, and
    /// the problem to report (the answer is then empty). `decoder` gives the decoder for a
    /// layout at a size (throwing a message when the layout cannot be loaded).
    public static func swipe(for line: [UInt8], count: Int,
                             decoder: (_ layout: String, _ width: Double, _ height: Double) throws(LineProblem) -> GestureDecoder)
        -> (answer: String, problem: String?) {
        do {
            let request = try swipeRequest(line)
            let candidates = try decoder(request.layout, request.width, request.height)
                .candidates(for: request.points, context: TypingContext(before: request.before), count: max(0, count))
            return ("{\"candidates\": \(array(candidates))}", nil)
        } catch {
            return (noCandidates, error.message)
        }
    }
}

/// What is wrong with a protocol line.
public struct LineProblem: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
