/// How switch scanning runs: the mode, its pace, and what a long press does.
///
/// The defaults are Onboard's (a 1.2 s step, two cycles before an unattended scan stops),
/// which people moving from it know.
///
///     var scan = ScanSettings()
///     scan.mode = .step        // two switches: next and select
public struct ScanSettings: Equatable, Sendable {
    /// Which switches move the highlight.
    public enum Mode: String, CaseIterable, Sendable {
        case off
        /// One switch: the highlight moves on a timer; the switch selects.
        case auto
        /// Two switches: one moves the highlight, the other selects.
        case step
        /// Four or five switches: up, down, left, right, select, one key at a time.
        case directed
        /// One switch: the highlight moves while it is held and selects where it is released.
        case hold
    }

    public var mode = Mode.off
    /// Seconds each item stays highlighted (auto and hold).
    public var interval = 1.2
    /// Extra seconds on the first item of a group, time to get ready after choosing it.
    public var firstItemDelay = 0.0
    /// How many times an unattended auto-scan goes round a group before leaving it (the
    /// top level: stopping, until the switch is pressed again).
    public var cycles = 2
    public var order = ScanGroups.Order.rows
    /// Whether holding the select switch for `longPressTime` backs out of the group (select
    /// then acts on release, not on press).
    public var longPressBacks = true
    public var longPressTime = 1.0
    /// Whether each step plays a short sound, for users who listen rather than watch.
    public var stepSound = false

    public init() {}
}
