import ClavisKanaKanji
import ClavisLineProtocols
import Testing

@Suite struct LineProtocolCompositionTests {
    @Test func anOverlongCompositionLineIsAnsweredWithNothing() {
        let line = Array(repeating: UInt8(ascii: "a"), count: LineProtocol.maximumCompositionLine + 1)
        var converted: [String] = []
        let answer = LineProtocol.composition(for: line) { converted.append($0); return nil }
        #expect(answer == #"{"marked": "", "candidates": [], "segments": []}"#)
        #expect(converted.allSatisfy { $0.isEmpty })
    }
}
