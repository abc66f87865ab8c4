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
/// **The steps**: one character per `stepWidth` sideways (the `caretStep` setting, in key
/// widths), one line per `lineHeight` up or down where the field has lines. Going back, the
/// caret follows after half a step more, so a finger resting on a step's edge does not make it
/// flicker.
///
/// **Acceleration**, as a mouse pointer has it: a slide faster than `slowSpeed` steps a second
/// moves the caret more per step, up to `maximumGain` times as far at `fastSpeed`, so a quick
/// flick crosses a paragraph and a slow slide still places the caret character by character.
/// It needs the events' times; without them (or at one speed throughout) the characters count
/// from where the finger went down.
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
    /// Steps a second up to which the caret follows the finger one to one: 5 key widths a
    /// second at the default step, a careful slide.
    public static let slowSpeed = 12.0
    /// Steps a second from which the caret moves `maximumGain` times as far: a flick.
    public static let fastSpeed = 48.0
    public static let maximumGain = 4.0

    /// How many characters a step of the finger moves at `speed` steps a second.
    ///
    ///     CaretDrag.gain(atSpeed: 30)   // 2.5
    public static func gain(atSpeed speed: Double) -> Double {
        guard speed > slowSpeed else { return 1 }
        return 1 + (maximumGain - 1) * min(1, (speed - slowSpeed) / (fastSpeed - slowSpeed))
    }

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
    /// How far the caret has been taken, in steps, acceleration included: the finger's way
    /// from where it went down, plus what the gain added (kept apart, so a slide without
    /// acceleration counts exactly from the start).
    public var travelled: Double { (lastX - startX) / stepWidth + accelerated }
    private var accelerated = 0.0
    /// The last point's x and time, and the gain the slide had there.
    private var lastX: Double
    private var lastTime: Double?
    private var lastGain = 1.0

    /// `startTime`: when the finger went down (the event's time), for the slide's speed.
    public init(startX: Double, startY: Double, stepWidth: Double, lineHeight: Double, startTime: Double? = nil) {
        self.startX = startX
        self.startY = startY
        self.stepWidth = max(stepWidth, 1)
        self.lineHeight = max(lineHeight, 1)
        lastX = startX
        lastTime = startTime
    }

    /// The finger is at (`x`, `y`) at `time` (the event's, in seconds; `nil`: unknown): the
    /// characters (negative: left) and lines (negative: up) the caret moves now. Lines only
    /// where `countsLines` (the field has them).
    public mutating func steps(toX x: Double, y: Double, time: Double? = nil, countsLines: Bool) -> (characters: Int, lines: Int) {
        let distance = (x - lastX) / stepWidth
        if let time, let lastTime {
            // Two events at one time (a burst the main loop delivered together) keep the gain.
            if time > lastTime { lastGain = Self.gain(atSpeed: abs(distance) / (time - lastTime)) }
        } else {
            lastGain = 1
        }
        accelerated += distance * (lastGain - 1)
        lastX = x
        lastTime = time ?? lastTime
        let newCharacters = Self.step(from: characters, toward: travelled)
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
