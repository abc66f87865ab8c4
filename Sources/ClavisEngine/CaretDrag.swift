/// Moving the caret by sliding along the space bar, as Gboard and iOS do: the hardest
/// thing on a touchscreen is putting the caret exactly where it belongs, and a finger on
/// the text hides what it points at.
///
/// **The rule** (the one place it is decided; `TouchTracker` asks it): a touch that went
/// down on Space becomes a caret drag once it has slid `startDistance` key widths sideways,
/// at least `sidewaysRatio` times as far as up or down, while still on Space. A tap's own
/// wobble is far shorter, and a slide to a key above Space (slide-to-correct onto b, n, m) goes
/// mostly up, so it stays a slide. Swipe typing begins only on letters, never on Space.
///
/// **The steps** count from where the finger went down: one character per `stepWidth`
/// sideways (the `caretStep` setting, in key widths), one line per `lineHeight` up or down
/// where the field has lines. Going back, the caret follows after half a step more, so a
/// finger resting on a step's edge does not make it flicker.
///
///     var drag = CaretDrag(startX: 100, startY: 300, stepWidth: 20, lineHeight: 50)
///     drag.steps(toX: 165, y: 300, countsLines: false)   // (characters: 3, lines: 0)
///     drag.steps(toX: 155, y: 300, countsLines: false)   // (0, 0): not half a step back yet
///     drag.steps(toX: 145, y: 300, countsLines: false)   // (-1, 0): at 2.25 steps, one back
public struct CaretDrag: Equatable, Sendable {
    /// How far sideways, in key widths, a touch on Space slides before it moves the caret
    /// rather than typing a space.
    public static let startDistance = 0.5
    /// How many times farther sideways than up or down that slide must have gone.
    public static let sidewaysRatio = 2.0
    /// How far back past a step's edge the finger goes before the caret follows it back,
    /// in steps.
    public static let hysteresis = 0.5

    /// Whether a touch that went down on Space at (`startX`, `startY`) and is now at
    /// (`x`, `y`) moves the caret, on keys `keyWidth` wide.
    ///
    ///     CaretDrag.begins(fromX: 100, y: 300, toX: 130, y: 305, keyWidth: 50)   // true
    ///     CaretDrag.begins(fromX: 100, y: 300, toX: 120, y: 260, keyWidth: 50)   // false: going up
    public static func begins(fromX startX: Double, y startY: Double, toX x: Double, y: Double, keyWidth: Double) -> Bool {
        let sideways = abs(x - startX)
        return keyWidth > 0 && sideways >= startDistance * keyWidth && sideways >= sidewaysRatio * abs(y - startY)
    }

    public let startX: Double
    public let startY: Double
    /// Pixels sideways per character.
    public let stepWidth: Double
    /// Pixels up or down per line.
    public let lineHeight: Double
    /// The characters and lines moved so far (negative: left, up).
    public private(set) var characters = 0
    public private(set) var lines = 0

    public init(startX: Double, startY: Double, stepWidth: Double, lineHeight: Double) {
        self.startX = startX
        self.startY = startY
        self.stepWidth = max(stepWidth, 1)
        self.lineHeight = max(lineHeight, 1)
    }

    /// The finger is at (`x`, `y`): the characters (negative: left) and lines (negative: up)
    /// the caret moves now. Lines only where `countsLines` (the field has them).
    public mutating func steps(toX x: Double, y: Double, countsLines: Bool) -> (characters: Int, lines: Int) {
        let newCharacters = Self.step(from: characters, toward: (x - startX) / stepWidth)
        let newLines = countsLines ? Self.step(from: lines, toward: (y - startY) / lineHeight) : lines
        defer {
            characters = newCharacters
            lines = newLines
        }
        return (newCharacters - characters, newLines - lines)
    }

    /// The whole steps at `exact` (toward zero), or `current` while `exact` is within the
    /// hysteresis of it.
    private static func step(from current: Int, toward exact: Double) -> Int {
        let target = Int(exact.rounded(.towardZero))
        return abs(exact - Double(current)) >= 1 - hysteresis && target != current ? target : current
    }
}
