import ClavisLineProtocols
import ClavisPrediction
import TestSupport
import Testing

@Suite struct LineProtocolSwipeTests {
    @Test func readsAGestureLine() throws {
        let request = try LineProtocol.swipeRequest(Array(#"{"layout": "us", "size": [390, 260], "before": "see you ", "points": [[1, 2, 0], [3.5, 4, 16]]}"#.utf8))
        #expect(request == LineProtocol.SwipeRequest(layout: "us", width: 390, height: 260, before: "see you ",
                                                     points: [GestureDecoder.Point(x: 1, y: 2, time: 0), GestureDecoder.Point(x: 3.5, y: 4, time: 0.016)]))
    }

    @Test(arguments: [
        (#"[1]"#, "expected an object with layout, size, before and points"),
        (#"{"size": [1, 1], "points": []}"#, "layout: expected a layout id in quotes"),
        (#"{"layout": "us", "size": [0, 10], "points": []}"#, "size: expected [width, height], each from 1 to 10000"),
        (#"{"layout": "us", "size": [10, 10]}"#, "points: expected a list of [x, y, t_ms]"),
        (#"{"layout": "us", "size": [10, 10], "points": [[1, 2], ["x", 2]]}"#, "points[1]: expected [x, y, t_ms] with finite coordinates"),
        (#"{"layout": "us", "size": [10, 10], "points": [[1, 2, 0], [2, 2, "soon"]]}"#, "points[1]: expected [x, y, t_ms] with a finite time in milliseconds"),
        (#"{"layout": "us""#, "column 16: expected ',' or '}'"),
    ])
    func aBadLineSaysWhatIsWrong(line: String, problem: String) {
        let (answer, said) = LineProtocol.swipe(for: Array(line.utf8), count: 3) { _, _, _ throws(LineProblem) in
            throw LineProblem("no decoder needed")
        }
        #expect(answer == #"{"candidates": []}"#)
        #expect(said?.hasPrefix(problem) == true, "\(said ?? "nil")")
    }

    /// A million points took 194 MB to parse only to be refused.
    @Test func anOverlongLineIsRefusedBeforeItIsParsed() {
        let line = Array("{\"layout\": \"us\", \"size\": [390, 260], \"points\": [".utf8)
            + Array(repeating: Array("[1,2,3],".utf8), count: 70_000).joined() + Array("[1,2,3]]}".utf8)
        #expect(line.count > LineProtocol.maximumSwipeLine)
        let (answer, said) = LineProtocol.swipe(for: line, count: 3) { _, _, _ throws(LineProblem) in
            throw LineProblem("no decoder needed")
        }
        #expect(answer == LineProtocol.noCandidates)
        #expect(said == "\(line.count) bytes; a gesture line may have at most \(LineProtocol.maximumSwipeLine)")
    }
}
