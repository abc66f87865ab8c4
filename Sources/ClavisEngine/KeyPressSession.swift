import ClavisLayout

/// Turns one pointer's press, movement and release into the gestures the controller handles,
/// with the timers iOS keyboards use.
///
/// - Backspace deletes on press; held for 0.4 s it deletes again every 0.1 s until it is
///   released (anywhere), the press is cancelled, or the pointer slides off it.
/// - Other keys act on release over themselves; released elsewhere they do nothing.
/// - A key with alternates held 0.5 s opens them; the release then types the one
///   selected (`selectAlternate`), or nothing.
/// - Two shift releases within 0.5 s are a double tap (caps lock).
///
/// Every timer is cancelled on release and cancel, so a held key can never run away.
///
///     let session = KeyPressSession(controller: controller, scheduler: scheduler)
///     session.press(backspace)        // deletes once
///     scheduler.advance(by: 1.0)      // 6 more deletes
///     session.release(over: backspace)
@MainActor
public final class KeyPressSession {
    public let controller: KeyboardController
    public let scheduler: any Scheduler
    public var timing: KeyTiming
    /// The key held down, drawn highlighted; `nil` when none is.
    public private(set) var pressedKey: KeyDefinition?
    /// The alternates shown for the held key after a long press, if any.
    public private(set) var alternates: [String]?
    /// The alternate under the pointer.
    public private(set) var selectedAlternate: Int?
    /// Called when what the view draws changes (alternates opened, selection moved).
    public var onChange: (() -> Void)?

    private var repeatTask: (any ScheduledTask)?
    private var longPressTask: (any ScheduledTask)?
    private var lastShiftRelease: Double?

    public init(controller: KeyboardController, scheduler: any Scheduler, timing: KeyTiming = KeyTiming()) {
        self.controller = controller
        self.scheduler = scheduler
        self.timing = timing
    }

    /// A press began on `key`.
    public func press(_ key: KeyDefinition) {
        cancel()
        pressedKey = key
        controller.handle(.press, on: key)
        if key.action == .backspace {
            repeatTask = scheduler.schedule(after: timing.repeatDelay) { [weak self] in self?.repeatTick() }
        }
        if !key.alternates.isEmpty || key.action == .nextKeyboard {
            longPressTask = scheduler.schedule(after: timing.longPressDelay) { [weak self] in self?.longPress() }
        }
        onChange?()
    }

    /// The pointer moved over `key` (`nil`: off the keyboard) while pressed. Leaving
    /// backspace stops its repeat.
    public func move(over key: KeyDefinition?) {
        guard let pressed = pressedKey, alternates == nil else { return }
        if key?.id != pressed.id {
            repeatTask?.cancel()
            repeatTask = nil
            longPressTask?.cancel()
            longPressTask = nil
        }
    }

    /// Selects an alternate (the view maps the pointer to an index; `nil`: none).
    public func selectAlternate(_ index: Int?) {
        guard let alternates else { return }
        let valid = index.flatMap { alternates.indices.contains($0) ? $0 : nil }
        if valid != selectedAlternate {
            selectedAlternate = valid
            onChange?()
        }
    }

    /// The press ended over `key` (`nil`: outside the keyboard).
    public func release(over key: KeyDefinition?) {
        guard let pressed = pressedKey else { return }
        stopTimers()
        if let alternates {
            if let index = selectedAlternate { controller.typeAlternate(alternates[index]) }
        } else if key?.id == pressed.id {
            if pressed.action == .shift {
                let now = scheduler.now
                if let last = lastShiftRelease, now - last <= timing.doubleTapInterval {
                    controller.handle(.doubleTap, on: pressed)
                    lastShiftRelease = nil
                } else {
                    controller.handle(.release, on: pressed)
                    lastShiftRelease = now
                }
            } else {
                controller.handle(.release, on: pressed)
                lastShiftRelease = nil
            }
        } else {
            controller.handle(.cancel, on: pressed)
        }
        finish()
    }

    /// The press ends with no effect (touch cancel, grab broken, keyboard hidden, layer
    /// changed). Safe to call at any time.
    public func cancel() {
        guard let pressed = pressedKey else { return }
        stopTimers()
        controller.handle(.cancel, on: pressed)
        finish()
    }

    private func finish() {
        pressedKey = nil
        alternates = nil
        selectedAlternate = nil
        onChange?()
    }

    private func stopTimers() {
        repeatTask?.cancel()
        repeatTask = nil
        longPressTask?.cancel()
        longPressTask = nil
    }

    private func repeatTick() {
        guard let pressed = pressedKey else { return }
        controller.handle(.repeatPress, on: pressed)
        repeatTask = scheduler.schedule(after: timing.repeatInterval) { [weak self] in self?.repeatTick() }
    }

    private func longPress() {
        longPressTask = nil
        guard let pressed = pressedKey else { return }
        if pressed.alternates.isEmpty {
            controller.handle(.longPress, on: pressed)
            // The long press was the gesture: the release that follows does nothing more.
            pressedKey = nil
            stopTimers()
        } else {
            alternates = pressed.alternates
            selectedAlternate = 0
        }
        onChange?()
    }
}
