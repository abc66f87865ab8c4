/// Shows the keyboard when a text field takes the focus and hides it when the focus leaves
/// text fields, as Onboard's auto-show does for a keyboard that types into other applications.
///
/// Hiding waits a moment (`hideDelay`), so moving from one field to the next (focus leaves
/// the first before it reaches the second) does not make the keyboard blink.
///
///     let autoShow = AutoShow(scheduler: GLibScheduler())
///     autoShow.onShow = { panel.show() }
///     autoShow.onHide = { panel.hide() }
///     context.onFieldFocus = { autoShow.focusMoved(toTextField: $0) }
@MainActor
public final class AutoShow {
    public var onShow: (() -> Void)?
    public var onHide: (() -> Void)?
    /// Seconds between the focus leaving text fields and the keyboard hiding.
    public var hideDelay = 0.3
    private let scheduler: any Scheduler
    private var pendingHide: (any ScheduledTask)?

    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The focus moved to a text field (`true`) or to anything else (`false`).
    public func focusMoved(toTextField: Bool) {
        pendingHide?.cancel()
        pendingHide = nil
        if toTextField {
            onShow?()
        } else {
            pendingHide = scheduler.schedule(after: hideDelay) { [weak self] in
                self?.pendingHide = nil
                self?.onHide?()
            }
        }
    }
}
