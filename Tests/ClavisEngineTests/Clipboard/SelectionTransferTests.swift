import ClavisEngine
import Testing

@Suite struct SelectionTransferTests {
    @Test func targetsThenTheTextInOnePiece() {
        var transfer = SelectionTransfer()
        #expect(transfer.start() == .convert("TARGETS"))
        #expect(transfer.targetsReceived(["TARGETS", "", "STRING", "UTF8_STRING"]) == .convert("UTF8_STRING"), "the most precise text")
        #expect(transfer.valueReceived(.data(Array("Grüße".utf8), remaining: 0)) == .finished(.text("Grüße")))
        #expect(transfer.isFinished)
        #expect(transfer.valueReceived(.data([0x41], remaining: 0)) == .wait, "late answers are ignored")
    }

    /// The third probe's: KeePassXC's copy carried x-kde-passwordManagerHint and was kept.
    @Test(arguments: SelectionTransfer.secretTypes.sorted())
    func aCopyMarkedSecretIsNeverFetched(hint: String) {
        var transfer = SelectionTransfer()
        transfer.start()
        #expect(transfer.targetsReceived(["UTF8_STRING", hint]) == .finished(.secret))
    }

    @Test func noTextOrARefusalEndsIt() {
        var refused = SelectionTransfer()
        refused.start()
        #expect(refused.targetsReceived(nil) == .finished(.noText))
        var image = SelectionTransfer()
        image.start()
        #expect(image.targetsReceived(["TARGETS", ""]) == .finished(.noText))
        var failed = SelectionTransfer()
        failed.start()
        failed.targetsReceived(["STRING"])
        #expect(failed.valueReceived(.none) == .finished(.noText))
    }

    /// The third probe's: a 200 MB copy was fetched whole (619 MB peak). Announced larger, or
    /// found larger, it is given up before the rest is asked for.
    @Test func aLargeCopyIsGivenUpBeforeItIsRead() {
        var whole = SelectionTransfer()
        whole.start()
        whole.targetsReceived(["UTF8_STRING"])
        let piece = [UInt8](repeating: 0x61, count: SelectionTransfer.readLimit)
        #expect(whole.valueReceived(.data(piece, remaining: 200_000_000 - piece.count)) == .finished(.tooLarge))

        var announced = SelectionTransfer()
        announced.start()
        announced.targetsReceived(["UTF8_STRING"])
        #expect(announced.valueReceived(.incremental(lowerBound: 200_000_000)) == .finished(.tooLarge))
    }

    @Test func incrementsUpToTheLimitMakeTheTextAndPastItGiveUp() {
        var transfer = SelectionTransfer()
        transfer.start()
        transfer.targetsReceived(["text/plain;charset=utf-8"])
        #expect(transfer.valueReceived(.incremental(lowerBound: 10)) == .deleteProperty)
        #expect(transfer.incrementReceived(.data(Array("Ada ".utf8), remaining: 0)) == .deleteProperty)
        #expect(transfer.incrementReceived(.data(Array("Lovelace".utf8), remaining: 0)) == .deleteProperty)
        #expect(transfer.incrementReceived(.data([], remaining: 0)) == .finished(.text("Ada Lovelace")))

        var large = SelectionTransfer()
        large.start()
        large.targetsReceived(["UTF8_STRING"])
        large.valueReceived(.incremental(lowerBound: 0))
        let chunk = [UInt8](repeating: 0x62, count: 4096)
        var steps: [SelectionTransfer.Step] = []
        for _ in 0..<10 { steps.append(large.incrementReceived(.data(chunk, remaining: 0))) }
        #expect(steps.prefix(4).allSatisfy { $0 == .deleteProperty })
        #expect(steps[4] == .finished(.tooLarge), "the fifth 4 KB piece passes 16 KB")
        #expect(steps.dropFirst(5).allSatisfy { $0 == .wait })
    }

    @Test func anAnswerOutOfTurnOrSilenceFails() {
        var early = SelectionTransfer()
        #expect(early.valueReceived(.data([1], remaining: 0)) == .finished(.failed))
        var silent = SelectionTransfer()
        silent.start()
        #expect(silent.timedOut() == .finished(.failed))
        #expect(silent.timedOut() == .wait)
    }
}
