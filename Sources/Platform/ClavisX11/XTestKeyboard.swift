import ClavisEngine
import ClavisKeystrokes

/// Types into whichever X window has the keyboard focus, with XTest key presses.
///
/// Each batch reads the keymap and the modifier state with the server grabbed and sends its
/// key presses before letting go, so a program changing the keymap at the same moment
/// cannot make a key land on the wrong keysym, or be lost or typed twice. Characters the
/// keymap lacks go through spare keycodes (`SpareKeycodes`), given back a little after
/// their last use and when Clavis quits.
///
/// Nothing is sent while one of Clavis's own windows would receive it: the keyboard must
/// never type into itself.
///
///     let keyboard = try XTestKeyboard(connection: XConnection(), scheduler: GLibScheduler())
///     keyboard.type("Grüße".unicodeScalars.map(Keysym.init))
@MainActor
public final class XTestKeyboard: KeySender {
    public let connection: XConnection
    private let scheduler: any Scheduler
    private var spares: SpareKeycodes
    private var releaseTask: (any ScheduledTask)?
    /// Clavis's own top-level X windows, which must never receive its keystrokes.
    public var ownWindows: () -> Set<UInt> = { [] }
    /// Called with a message when keys could not be typed (once per kind of problem).
    public var onProblem: ((String) -> Void)?
    private var reported: Set<String> = []

    public init(connection: XConnection, scheduler: any Scheduler, spares: SpareKeycodes = SpareKeycodes()) {
        self.connection = connection
        self.scheduler = scheduler
        self.spares = spares
    }

    /// Types `keysyms` into the focused window.
    @discardableResult
    public func type(_ keysyms: [Keysym]) -> KeySendOutcome {
        guard !keysyms.isEmpty else { return .typed }
        return send { planner, spares, now in planner.plan(keysyms, spares: &spares, now: now) }
    }

    /// Presses `keysym` with `modifiers` held around it (Ctrl+C), all released before the
    /// server is let go: no modifier stays down, whatever happens to Clavis afterwards.
    @discardableResult
    public func press(_ keysym: Keysym, modifiers: [Keysym]) -> KeySendOutcome {
        send { planner, spares, now in planner.plan(key: keysym, modifiers: modifiers, spares: &spares, now: now) }
    }

    /// Plans and performs key steps with the server grabbed, unless Clavis's own window has
    /// the focus.
    private func send(_ plan: (inout KeystrokePlanner, inout SpareKeycodes, Double) -> [KeystrokeStep]) -> KeySendOutcome {
        let own = ownWindows()
        if !own.isEmpty, connection.focusedWindowAndAncestors().contains(where: own.contains) {
            report("the keyboard's own window has the focus: click the window to type into first")
            return .ownWindowFocused
        }
        let untyped = connection.withServerGrabbed {
            var planner = KeystrokePlanner(mapping: connection.keyboardMapping(), modifiers: connection.modifierState())
            connection.perform(plan(&planner, &spares, scheduler.now))
            return planner.untyped
        }
        scheduleRelease()
        guard untyped.isEmpty else {
            report("the keymap has no key and no free keycode for some characters")
            return .untyped(untyped)
        }
        return .typed
    }

    /// Gives back every borrowed keycode now (on quit).
    public func releaseSpares() {
        releaseTask?.cancel()
        releaseTask = nil
        release(force: true)
        connection.sync()
    }

    /// The keycodes Clavis has bound, and to what.
    public var borrowedKeycodes: [UInt8: Keysym] {
        spares.bindings.mapValues(\.keysym)
    }

    private func release(force: Bool) {
        connection.withServerGrabbed {
            var mapping = connection.keyboardMapping()
            connection.perform(spares.release(in: &mapping, now: scheduler.now, force: force))
        }
    }

    private func scheduleRelease() {
        releaseTask?.cancel()
        guard let expiry = spares.nextExpiry else { return }
        releaseTask = scheduler.schedule(after: max(0, expiry - scheduler.now)) { [weak self] in
            guard let self else { return }
            self.releaseTask = nil
            self.release(force: false)
            self.scheduleRelease()
        }
    }

    private func report(_ problem: String) {
        guard reported.insert(problem).inserted else { return }
        onProblem?(problem)
    }
}
