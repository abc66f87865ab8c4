import ClavisEngine

/// Shows the keyboard when a text field takes the focus and hides it when the focus leaves
/// text fields, as Onboard's auto-show does for a keyboard that types into other applications.
///
/// Hiding waits a moment (`hideDelay`), so moving from one field to the next (focus leaves
/// the first before it reaches the second) does not make the keyboard blink.
///
/// With `pausesForHardwareKeyboard` (the `hideWithHardwareKeyboard` setting), a key typed
/// on another keyboard hides it, and fields taking the focus do not bring it back while
/// that keyboard is in use: until `hardwareKeyboardRest` passes without one of its keys.
///
///     let autoShow = AutoShow(scheduler: GLibScheduler())
///     autoShow.onShow = { panel.show() }
///     autoShow.onHide = { panel.hide() }
///     autoShow.focusMoved(toTextField: true)   // shows the panel
@MainActor
public final class AutoShow {
    public var onShow: (() -> Void)?
    public var onHide: (() -> Void)?
    /// Seconds between the focus leaving text fields and the keyboard hiding.
    public var hideDelay = 0.3
    /// Whether keys typed on another keyboard hide it and keep it hidden (the host runtime
    /// sets it from the settings whenever they change).
    public var pausesForHardwareKeyboard = false
    /// Seconds without a key of another keyboard after which that keyboard counts as put away.
    public var hardwareKeyboardRest = 20.0
    private let scheduler: any Scheduler
    private var pendingHide: (any ScheduledTask)?
    /// Ends the pause when the other keyboard has been still for `hardwareKeyboardRest`.
    private var hardwareKeyboardInUse: (any ScheduledTask)?

    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The focus moved to a text field (`true`) or to anything else (`false`).
    public func focusMoved(toTextField: Bool) {
        pendingHide?.cancel()
        pendingHide = nil
        if toTextField {
            if hardwareKeyboardInUse == nil { onShow?() }
        } else {
            pendingHide = scheduler.schedule(after: hideDelay) { [weak self] in
                self?.pendingHide = nil
                self?.onHide?()
            }
        }
    }

    /// A key was typed on another keyboard (a hardware one), not on this one: with the
    /// pause on, the keyboard hides and stays hidden while that keyboard is in use.
    public func hardwareKeyPressed() {
        guard pausesForHardwareKeyboard else { return }
        let wasInUse = hardwareKeyboardInUse != nil
        hardwareKeyboardInUse?.cancel()
        hardwareKeyboardInUse = scheduler.schedule(after: hardwareKeyboardRest) { [weak self] in self?.hardwareKeyboardInUse = nil }
        if !wasInUse {
            pendingHide?.cancel()
            pendingHide = nil
            onHide?()
        }
    }
}
