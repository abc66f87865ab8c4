import ClavisLayout
import Testing

@Suite struct LayoutCheckerTests {
    func check(_ text: String) -> [String] {
        LayoutChecker().check(layout(text)).map(\.description)
    }

    /// Every built-in, in every hand mode the checker solves (split where rows are marked,
    /// one-handed in portrait).
    @Test(arguments: ["us", "numpad", "email", "url", "de", "fr", "ja", "ja-kana", "pc", "pc-compact", "phone", "edit"])
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
