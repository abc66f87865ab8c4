import ClavisLayout
import Testing

@Suite struct LayoutCheckerTests {
    func check(_ text: String) -> [String] {
        LayoutChecker().check(layout(text)).map(\.description)
    }

    /// Every built-in, in every hand mode the checker solves (split where rows are marked,
    /// one-handed in portrait).
    @Test(arguments: ["us", "numpad", "email", "url", "de", "fr", "ja", "ja-kana", "ko", "pc", "pc-compact", "phone", "edit"])
    func everyBuiltInIsClean(id: String) throws {
        let keyboard = try LayoutLibrary().load(id)
        #expect(LayoutChecker().check(keyboard).map(\.description) == [])
        #expect(keyboard.layers.count >= 1)
    }

    @Test func overlappingKeysAreReported() {
        let found = check("id: o\nlayers:\n  a:\n    rows: ['q', 'w']\n    constraints: ['w.top == q.top']\n")
        #expect(found.contains { $0.contains("keys 'q' and 'w' overlap in layer 'a' at 400×700 (portrait)") }, "\(found)")
    }

    @Test func aLayoutThatCannotOpenWhereItIsMarkedIsReportedSplit() {
        let found = check("""
            id: s
            layers:
              a:
                rows: ['q w ~| e r']
                landscape:
                  constraints: ['q.width >= 450']
            """)
        #expect(found.contains { $0.contains("in layer 'a' at 1280×360 (landscape, split)") }, "\(found)")
        #expect(!found.contains { $0.contains("(landscape)") }, "whole, it fits: \(found)")
    }

    @Test func aLayoutTooWideForTheOneHandedBlockIsReportedOneHanded() {
        let found = check("id: o\nlayers:\n  a:\n    rows: ['q w']\n    constraints: ['q.width >= 330']\n")
        #expect(found.contains { $0.contains("at 320×700 (portrait, one-handed)") }, "\(found)")
        #expect(!found.contains { $0.contains("(portrait)") }, "with both hands, it fits: \(found)")
    }

    @Test func keysOutsideTheKeyboardAreReported() {
        let found = check("id: o\nlayers:\n  a:\n    rows: ['q']\n    constraints: ['q.top == keyboard.bottom + 5']\n")
        #expect(found.contains { $0.contains("key 'q' falls outside the keyboard") }, "\(found)")
    }

    @Test func conflictsNameTheConstraintsThatCauseThem() {
        let found = check("""
            id: c
            layers:
              a:
                rows: ['q w']
                constraints:
                  - q.width >= 150
                  - q.width <= 100
            """)
        #expect(found.contains { $0.hasPrefix("test.yaml:7:") && $0.contains("conflicts with the layout's other required constraints")
            && $0.contains("'q.width >= 150' (line 6)") && $0.contains("'q.width <= 100' (line 7)") }, "\(found)")
    }

    /// The third probe's `edit_trap.yaml`: a user's editing panel whose only key opens it
    /// again, from which nothing led back to typing; `clavis check` said ok.
    @Test func anEditingPanelWithNoWayBackIsReported() {
        let found = check("id: edit\nname: Trap\nkeys:\n  p: {action: {edit: panel}}\nlayers:\n  l:\n    rows:\n      - \"p\"\n")
        #expect(found.contains { $0.hasPrefix("test.yaml:6:3:") && $0.contains("the editing panel has no way back to the keyboards in portrait") }, "\(found)")
        #expect(found.contains { $0.contains("no way back to the keyboards in landscape") })
        let withABC = check("id: edit\nkeys:\n  abc: {label: ABC, action: previous-keyboard}\nlayers:\n  l:\n    rows: ['q abc']\n")
        #expect(withABC == [])
        #expect(check("id: other\nlayers:\n  l:\n    rows: ['q']\n") == [], "only the panel needs one")
    }

    /// The third probe's `id_clash.yaml`: keys named like the one-handed strip's collided
    /// with it (duplicate ids in --geometry-out).
    @Test func keyIdsOfClavisOwnAreReported() {
        let found = check("id: id_clash\nkeys:\n  hands-right: {label: MINE, text: x}\n  hands-both: {label: MINE2, text: y}\nlayers:\n  l:\n    rows:\n      - 'hands-right hands-both a b'\n")
        #expect(found.contains { $0.hasPrefix("test.yaml:8:10:") && $0.contains("key id 'hands-right' is Clavis's own") }, "\(found)")
        #expect(found.contains { $0.contains("key id 'hands-both' is Clavis's own") })
    }

    @Test func aLayoutWithNoKeysIsReported() {
        let found = LayoutChecker().check(KeyboardLayout(id: "none", name: "None", keys: [], layers: [Layer(name: "l", rows: [])]))
        #expect(found.map(\.message) == ["the layout has no keys"])
        #expect(LayoutChecker.rulesOfClavis(EmojiKeyboard.standIn(file: "emoji-test.txt")) == [], "the emoji keyboard's keys come when it shows")
    }

    @Test func aLayerWithNoWayBackIsReported() {
        let found = check("""
            id: r
            keys:
              go: {action: {layer: trap}}
            layers:
              letters: {rows: ['q go']}
              trap: {rows: ['1 2']}
            """)
        #expect(found == ["test.yaml:6:3: error: layer 'trap' has no way back to 'letters' (add a key with action {layer: letters})"])
    }
}
