import ClavisLayout
import Testing

/// The globe key stays under the thumb: on every layer of every phone-style keyboard, emoji
/// included, in both orientations, it is the bottom row's second eighth; and the rows span
/// the keyboard's width, letters and bottom row alike (a row of one key fewer inset by half
/// a key at each end).
@Suite struct SwitchKeyPlaceTests {
    static let library = LayoutLibrary(environment: ["HOME": "/nonexistent"])
    static let sizes: [(width: Double, height: Double, orientation: Orientation)] = [(800, 300, .landscape), (400, 600, .portrait)]

    /// The phone-style keyboards. Not these, which keep grids of their own: the number pad and
    /// the Japanese 12-key pad (three and five columns), and the PC keyboards (their globe sits
    /// among the modifiers, where a PC keyboard has its Fn key).
    static let phoneStyle = ["us", "de", "fr", "email", "url", "ja"]

    static func layouts() throws -> [KeyboardLayout] {
        try phoneStyle.map { try library.load($0) } + [EmojiKeyboard.layout(from: EmojiData.parse(emojiSample))]
    }

    @Test func theGlobeIsTheBottomRowsSecondEighthOnEveryLayerAndOrientation() throws {
        for layout in try Self.layouts() {
            for layer in layout.layers {
                for size in Self.sizes {
                    let solver = KeyboardArrangement(layout: layout)
                    solver.show(layer: layer.name)
                    solver.resize(width: size.width, height: size.height, orientation: size.orientation)
                    let place = "\(layout.id) \(layer.name) \(size.orientation)"
                    guard let globe = solver.geometry.frame(ofKey: "globe") else {
                        Issue.record("\(place): no globe")
                        continue
                    }
                    #expect(abs(globe.x - size.width / 8) < 1, "\(place): the globe starts at \(globe.x)")
                    #expect(abs(globe.width - size.width / 8) < 1, "\(place): the globe is \(globe.width) wide")
                    #expect(abs(globe.maxY - size.height) < 1, "\(place): on the bottom row")
                }
            }
        }
    }

    @Test func everyRowSpansTheKeyboardsWidth() throws {
        for layout in try Self.layouts() {
            for size in Self.sizes {
                let solver = KeyboardArrangement(layout: layout)
                solver.resize(width: size.width, height: size.height, orientation: size.orientation)
                let rows = Dictionary(grouping: solver.geometry.frames, by: { ($0.frame.y).rounded() })
                // The emoji pages' grids may end early; their top and bottom rows are checked.
                for (top, frames) in rows where layout.id != EmojiKeyboard.id || frames.contains(where: { ["space", "globe"].contains($0.key.id) }) {
                    let left = frames.map(\.frame.x).min() ?? 0
                    let right = frames.map(\.frame.maxX).max() ?? 0
                    let place = "\(layout.id) \(size.orientation) row at \(top)"
                    // Edge to edge, or (a row of one key fewer) inset by half a key at each end.
                    let halfKey = (frames.map(\.frame.width).min() ?? 0) / 2
                    let inset = abs(left - (size.width - right)) < 1 && left < halfKey + 1
                    #expect((left < 1 && right > size.width - 1) || inset, "\(place) spans \(left)–\(right)")
                }
            }
        }
    }

    @Test func withOneKeyboardTheGlobeGoesAndTheSpaceBarTakesItsRoom() throws {
        let us = try Self.library.load("us")
        let alone = us.hiding(us.keyIDs(doing: .nextKeyboard))
        let solver = KeyboardArrangement(layout: alone)
        solver.resize(width: 400, height: 600, orientation: .portrait)
        let bottom = solver.geometry.frames.filter { abs($0.frame.maxY - 600) < 1 }
        #expect(bottom.map(\.key.id) == ["numbers", "space", ".", "return"])
        #expect((bottom.map(\.frame.x).min() ?? 1) < 1 && (bottom.map(\.frame.maxX).max() ?? 0) > 399)
    }
}
