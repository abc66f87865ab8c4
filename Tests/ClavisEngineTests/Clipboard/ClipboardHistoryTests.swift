import ClavisEngine
import Testing

@Suite struct ClipboardHistoryTests {
    @Test func newestFirstACopyAgainMovesToTheFrontAndBlankOrHugeTextsAreNotKept() {
        var history = ClipboardHistory()
        let kept = [history.add("Ada"), history.add("Grace"), history.add("Ada")]
        #expect(kept == [true, true, true])
        #expect(history.items.map(\.text) == ["Ada", "Grace"])
        let refused = [history.add(""), history.add(" \n\t"), history.add(String(repeating: "x", count: ClipboardHistory.maximumBytes + 1))]
        #expect(refused == [false, false, false])
        let longest = history.add(String(repeating: "x", count: ClipboardHistory.maximumBytes))
        #expect(longest)
        #expect(history.items.count == 3)
        // Counted in bytes, as every reader of a copy counts: 1,000 clusters of 20 scalars
        // each (a letter under nineteen accents) are too many bytes however few characters.
        let clusters = String(repeating: "e" + String(repeating: "\u{301}", count: 19), count: 1000)
        #expect(clusters.count == 1000 && !history.add(clusters))
    }

    @Test func atTheLimitTheOldestUnpinnedGoAndPinnedOnesStay() {
        var history = ClipboardHistory()
        history.add("first")
        history.togglePin(at: 0)
        for number in 1...ClipboardHistory.limit + 1 { history.add("copy \(number)") }
        #expect(history.items.count == ClipboardHistory.limit + 1, "the limit counts the unpinned")
        #expect(history.items.last?.text == "first", "pinned: kept though it is the oldest")
        #expect(history.items.first?.text == "copy \(ClipboardHistory.limit + 1)")
        #expect(!history.items.contains { $0.text == "copy 1" }, "the oldest unpinned went")
        history.add("first")
        #expect(history.items.first == ClipboardHistory.Item(text: "first", isPinned: true), "copied again: still pinned")
    }

    /// The third probe's: with 50 items pinned, every new copy vanished without a word.
    @Test func withEveryItemPinnedANewCopyIsStillKept() {
        var history = ClipboardHistory()
        var pinned: [Bool] = []
        for number in 1...ClipboardHistory.maximumPinned {
            history.add("pinned \(number)")
            pinned.append(history.togglePin(at: 0))
        }
        #expect(pinned.allSatisfy { $0 })
        let kept = history.add("new copy")
        #expect(kept && history.items.first == ClipboardHistory.Item(text: "new copy"))
        #expect(history.pinnedCount == ClipboardHistory.maximumPinned)
        let pinnedPastTheMost = history.togglePin(at: 0)
        #expect(!history.canPin(at: 0) && !pinnedPastTheMost, "no pin past the most")
        let unpinned = history.togglePin(at: 1)
        #expect(unpinned, "unpinning is always possible")
        let canPin = history.canPin(at: 0)
        let pinnedNow = history.togglePin(at: 0)
        #expect(canPin && pinnedNow)
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
