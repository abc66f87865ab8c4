import ClavisEngine
import ClavisLayout
import ClavisSettings

/// Switch access, the session's part for people who do not tap keys: switch scanning over
/// the keys and the bar (a window button, a command, other devices' keys and buttons named
/// in the settings) and dwell clicking (the pointer resting on a key presses it).
///
/// It holds its own state (the scanner, dwell's timer and controls, the switches, a key
/// held by scanning) and applies its own settings; it acts through the session's keys and
/// bar, as a finger would.
///
///     session.access.scan(.tap(.select))                   // a switch chooses
///     session.access.pointerHovered(x: 40, y: 60)          // dwell starts its ring
@MainActor
public final class SessionAccess {
    unowned let session: KeyboardSession
    /// Switch scanning over the keys and the bar (off unless the settings turn it on).
    let scanner: Scanner
    /// Dwell clicking: the pointer resting on a key presses it (with `dwellEnabled`).
    let dwell: Dwell
    /// Whether resting the pointer presses keys: the bar's strip then always shows, with
    /// the dwell controls (pause, long press) at its right end.
    private(set) var dwellEnabled = false
    /// The next dwell on a key is a long press (the long-press control was dwelt on).
    var dwellLongPressArmed = false
    /// The touch a dwell long press holds down (its alternates open under the pointer).
    var dwellTouch: TouchTracker.TouchID?
    /// The keys and buttons of other devices that act as scanning switches (settings).
    var deviceSwitches: [(binding: SwitchBinding, role: Scanner.Switch)] = [] {
        didSet { if !deviceSwitches.isEmpty { onDeviceSwitches?() } }
    }
    /// A repeating key chosen by scanning, and its next repeat.
    var scanRepeat: (key: KeyDefinition, task: (any ScheduledTask)?)?

    /// Device switches are set: the host should start reporting devices' keys and buttons
    /// (`deviceInput`), where it can (X11).
    public var onDeviceSwitches: (() -> Void)?

    init(session: KeyboardSession) {
        self.session = session
        scanner = Scanner(scheduler: session.scheduler)
        dwell = Dwell(scheduler: session.scheduler)
        scanner.onSelect = { [weak self] item in self?.scanChose(item) ?? false }
        scanner.onRelease = { [weak self] in self?.endScanRepeat() }
        scanner.onChange = { [weak session] in session?.sceneChanged() }
        scanner.onStep = { [weak self] in
            guard let self, self.scanner.settings.stepSound else { return }
            self.session.dependencies.feedback?.give(.scanStep)
        }
        dwell.onFire = { [weak self] target in self?.dwellFired(target) }
        dwell.onChange = { [weak session] in session?.sceneChanged() }
    }

    /// Takes the settings' scanning, switches and dwell.
    func apply(_ settings: Settings) {
        scanSettings = settings.scan
        deviceSwitches = settings.scanSwitches
        dwell.dwellTime = settings.dwellTime
        guard settings.dwell != dwellEnabled else { return }
        dwellEnabled = settings.dwell
        if !dwellEnabled { endDwell() }
        session.relayout()
    }

    /// The scanner itself, for the benchmark that plans the shortest walk through its
    /// groups; hosts drive it with `scan(_:)`.
    @_spi(Benchmarks) public var scannerForBenchmarks: Scanner { scanner }
}
