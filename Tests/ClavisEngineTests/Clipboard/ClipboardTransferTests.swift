import ClavisEngine
import Testing

@Suite struct ClipboardTransferTests {
    @Test func piecesMakeTheTextWithoutTheClosingNuls() {
        var transfer = ClipboardTransfer()
        let bytes = Array("Grüße, 日本\0\0".utf8)
        let first = transfer.append(bytes[..<3]), second = transfer.append(bytes[3...])
        #expect(first && second)
        #expect(transfer.text == "Grüße, 日本")
    }

    @Test func aMalformedSequenceIsReplacedNotTheWholeText() {
        var transfer = ClipboardTransfer()
        transfer.append([0x41, 0xFF, 0x42])
        #expect(transfer.text == "A\u{FFFD}B")
    }

    @Test func pastTheLimitItGivesUpAndKeepsNothing() {
        var transfer = ClipboardTransfer()
        let whole = transfer.append([UInt8](repeating: 0x61, count: ClipboardTransfer.maximumBytes))
        #expect(whole && transfer.text?.count == ClipboardTransfer.maximumBytes)
        let past = transfer.append([0x61])
        #expect(!past && transfer.isTooLarge && transfer.text == nil)
        let again = transfer.append([0x61])
        #expect(!again, "and stays given up")
    }
}
