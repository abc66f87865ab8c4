import ClavisEngine
import Testing

@Suite struct ClipboardHistoryTests {
    @Test func newestFirstACopyAgainMovesToTheFrontAndBlankOrHugeTextsAreNotKept() {
        var history = ClipboardHistory()
        let kept = [history.add("Ada"), history.add("Grace"), history.add("Ada")]
        #expect(kept == [true, true, true])
        #expect(history.items.map(\.text) == ["Ada", "Grace"])
        let refused = [history.add(""), history.add(" \n\t"), history.add(String(repeating: "x", count: ClipboardHistory.maximumLength + 1))]
        #expect(refused == [false, false, false])
        let longest = history.add(String(repeating: "x", count: ClipboardHistory.maximumLength))
        #expect(longest)
        #expect(history.items.count == 3)
    }

    @Test func atTheLimitTheOldestUnpinnedGoAndPinnedOnesStay() {
        var history = ClipboardHistory()
        history.add("first")
        history.togglePin(at: 0)
        for number in 1...ClipboardHistory.limit { history.add("copy \(number)") }
        #expect(history.items.count == ClipboardHistory.limit)
        #expect(history.items.last?.text == "first", "pinned: kept though it is the oldest")
        #expect(history.items.first?.text == "copy \(ClipboardHistory.limit)")
        #expect(!history.items.contains { $0.text == "copy 1" }, "the oldest unpinned went")
        history.add("first")
        #expect(history.items.first == ClipboardHistory.Item(text: "first", isPinned: true), "copied again: still pinned")
    }

    @Test func clearingKeepsThePinnedUnlessAskedNotTo() {
        var history = ClipboardHistory()
        history.add("a")
        history.add("b")
        history.togglePin(at: 1)
        history.clear()
        #expect(history.items.map(\.text) == ["a"])
        history.remove(at: 5)
        history.clear(keepingPinned: false)
        #expect(history.items.isEmpty)
    }

    @Test func aSlotShowsTheFirstLineCut() {
        #expect(ClipboardHistory.Item(text: "Dear Ada,\nthank you").label == "Dear Ada,…")
        #expect(ClipboardHistory.Item(text: "short").label == "short")
        #expect(ClipboardHistory.Item(text: "short\n").label == "short", "a trailing line break hides nothing")
        let long = String(repeating: "y", count: 60)
        #expect(ClipboardHistory.Item(text: long).label == String(repeating: "y", count: ClipboardHistory.Item.labelLength) + "…")
    }
}
