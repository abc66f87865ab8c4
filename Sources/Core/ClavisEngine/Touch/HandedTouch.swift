/// A press another program hands over rather than the window's own: GNOME Shell's extension
/// sends Clavis the presses over its keyboard while the Shell holds the input (its overview,
/// its dialogs), on the session bus as `Touch(u id, u phase, d x, d y)`. Anything on the bus
/// may call that, so what comes is checked before it reaches the touch tracker: a phase of the
/// four, and a place that is a number within a million points of the window.
///
///     HandedTouch(id: 0, phase: 0, x: 40, y: 560)          // the pointer going down at 40, 560
///     HandedTouch(id: 2, phase: 7, x: 0, y: 0)             // nil: no such phase
///     HandedTouch(id: 1, phase: 1, x: .nan, y: 0)          // nil: not a place
public struct HandedTouch: Equatable, Sendable {
    public enum Phase: UInt32, Sendable { case began, moved, ended, cancelled }

    /// 0 is the pointer; each finger on a touchscreen has its own number.
    public let id: UInt32
    public let phase: Phase
    /// In the window's own coordinates.
    public let x: Double
    public let y: Double

    /// The farthest from the window a handed press may be (anything beyond is no screen's).
    public static let farthest = 1_000_000.0

    public init?(id: UInt32, phase: UInt32, x: Double, y: Double) {
        guard let phase = Phase(rawValue: phase), x.isFinite, y.isFinite, abs(x) <= Self.farthest, abs(y) <= Self.farthest else { return nil }
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The tracker's id for it: the pointer's (`TouchTracker.pointer`, 0) for 0, and for a
    /// finger one above every address a GDK touch sequence (a pointer) can have, so handed
    /// fingers and the window's own never share one.
    public var trackerID: TouchTracker.TouchID {
        id == 0 ? 0 : (1 << 63) + TouchTracker.TouchID(id)
    }
}
