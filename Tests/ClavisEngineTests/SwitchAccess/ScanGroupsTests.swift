import ClavisEngine
import ClavisLayout
import Testing

@Suite struct ScanGroupsTests {
    /// Two rows of keys, the second with a tall key that reaches into a third band.
    let geometry = KeyboardGeometry(width: 300, height: 200, frames: [
        KeyFrame(key: .character("w"), frame: Rect(x: 100, y: 0, width: 100, height: 50)),
        KeyFrame(key: .character("q"), frame: Rect(x: 0, y: 0, width: 100, height: 50)),
        KeyFrame(key: .character("a"), frame: Rect(x: 0, y: 50, width: 100, height: 50)),
        KeyFrame(key: .character("s"), frame: Rect(x: 100, y: 50, width: 100, height: 50)),
        KeyFrame(key: .character("z"), frame: Rect(x: 0, y: 100, width: 100, height: 50)),
        KeyFrame(key: .character("x"), frame: Rect(x: 100, y: 100, width: 100, height: 50)),
        KeyFrame(key: .character("e"), frame: Rect(x: 200, y: 55, width: 100, height: 80)),
    ])

    @Test func rowsTopToBottomKeysLeftToRightEachWithAWayBack() {
        let groups = ScanGroups(geometry: geometry)
        #expect(groups.rows.map(\.items) == [
            [.key(id: "q"), .key(id: "w"), .back],
            [.key(id: "a"), .key(id: "s"), .key(id: "e"), .back],
            [.key(id: "z"), .key(id: "x"), .back],
        ])
        #expect(groups.rows[0].frame == Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(groups.rows[1].frame == Rect(x: 0, y: 50, width: 300, height: 85), "the tall key's row takes its height")
        #expect(groups.top.map(\.items) == [[.key(id: "q"), .key(id: "w")], [.key(id: "a"), .key(id: "s"), .key(id: "e")],
                                            [.key(id: "z"), .key(id: "x")]])
        guard case .group(let children, _) = groups.top[1] else { Issue.record("a row is a group"); return }
        #expect(children.last == .item(.back, frame: groups.rows[1].frame))
    }

    @Test func theSuggestionBarComesFirstWhenItHasWords() {
        let slots = [Rect(x: 0, y: -30, width: 100, height: 30), Rect(x: 100, y: -30, width: 100, height: 30)]
        let groups = ScanGroups(geometry: geometry, suggestionSlots: slots)
        #expect(groups.rows.first?.items == [.suggestion(slot: 0), .suggestion(slot: 1), .back])
        #expect(groups.rows.first?.frame == Rect(x: 0, y: -30, width: 200, height: 30))
        #expect(groups.rows.count == 4)
        #expect(ScanGroups(geometry: .empty).rows.isEmpty)
        #expect(ScanGroups(geometry: .empty).top.isEmpty)
    }

    @Test func blocksSplitALongRowIntoAboutTheSquareRootOfItsKeys() {
        let keys = (0..<10).map { KeyFrame(key: .character(String(UnicodeScalar(97 + $0)!)), frame: Rect(x: Double($0) * 30, y: 0, width: 30, height: 40)) }
        let groups = ScanGroups(geometry: KeyboardGeometry(width: 300, height: 40, frames: keys), order: .blocks)
        guard case .group(let blocks, let frame) = groups.top[0] else { Issue.record("a row is a group"); return }
        #expect(frame == Rect(x: 0, y: 0, width: 300, height: 40))
        #expect(blocks.map(\.items.count) == [4, 4, 2, 0], "blocks of 4, 4 and 2 keys, then the way back")
        guard case .group(let first, _) = blocks[0] else { Issue.record("a block is a group"); return }
        #expect(first.count == 5 && first.last == .item(.back, frame: Rect(x: 0, y: 0, width: 120, height: 40)))
        let short = ScanGroups(geometry: KeyboardGeometry(width: 90, height: 40, frames: Array(keys.prefix(3))), order: .blocks)
        #expect(short.top == ScanGroups(geometry: KeyboardGeometry(width: 90, height: 40, frames: Array(keys.prefix(3)))).top,
                "three keys or fewer are not split")
    }
}
