import ClavisEngine
import ClavisLayout

extension SessionAccess {
    /// How switch scanning runs (from the settings).
    var scanSettings: ScanSettings {
        get { scanner.settings }
        set {
            guard newValue != scanner.settings else { return }
            scanner.settings = newValue
            // The groups are not kept while scanning is off: the scan starts again on the
            // keys shown now (`Scanner.groups` restarts it when they differ).
            updateScanGroups()
        }
    }

    /// What a scanning switch or command did.
    public enum ScanAction: Equatable, Sendable {
        /// A switch went down (a window button, another device's button) or came up.
        case press(Scanner.Switch), release(Scanner.Switch)
        /// A switch pressed and released at once (a command on the bus).
        case tap(Scanner.Switch)
        /// The scan starts at the top, or stops.
        case start, stop
    }

    /// A switch or a command drives the scan.
    ///
    ///     session.access.scan(.tap(.select))   // chooses what is highlighted
    public func scan(_ action: ScanAction) {
        session.handlingEvent {
            switch action {
            case .press(let which): scanner.press(which)
            case .release(let which): scanner.release(which)
            case .tap(let which): scanner.tap(which)
            case .start: scanner.start()
            case .stop: scanner.stop()
            }
        }
    }

    /// A key or button of some device went down or up: a switch when the settings name it.
    public func deviceInput(_ kind: SwitchBinding.Kind, code: Int, pressed: Bool, device: String) {
        for (binding, role) in deviceSwitches where binding.matches(kind, code: code, device: device) {
            pressed ? scanner.press(role) : scanner.release(role)
        }
    }

    /// The ids of the keys the scan highlights now, and the suggestion slots.
    var scanHighlight: KeyboardScene.ScanHighlight? {
        guard let highlight = scanner.highlight else { return nil }
        var keys: [String] = []
        var slots: [Int] = []
        for item in highlight.items {
            switch item {
            case .key(let id): keys.append(id)
            case .suggestion(let slot): slots.append(slot)
            case .back: break
            }
        }
        return KeyboardScene.ScanHighlight(frame: highlight.frame, keyIDs: keys, slots: slots,
                                           isGroup: highlight.isGroup, isBack: highlight.isBack,
                                           isHeld: scanner.isHoldingKey)
    }

    /// Builds what the scan steps through from the keys and the bar shown now (while
    /// scanning is on): the bar is a group only while it offers something, of the slots
    /// that do.
    func updateScanGroups() {
        guard scanner.settings.mode != .off else { return }
        let frames = session.bar.slotFrames
        let offered = session.controller.bar.slots
        let slots = frames.indices.map { offered.indices.contains($0) && offered[$0] != nil ? frames[$0] : nil }
        scanner.groups = ScanGroups(geometry: session.geometry, suggestionSlots: slots, order: scanner.settings.order)
    }

    /// Acts on what the scan chose; `true` for a key that stays held (Backspace repeats,
    /// one deletion per scan interval after two, until the next switch press).
    func scanChose(_ item: ScanGroups.Item) -> Bool {
        switch item {
        case .suggestion(let slot):
            session.bar.choose(slot: slot)
            return false
        case .key(let id):
            guard let key = session.controller.layout.key(id) else { return false }
            session.onRequest?(.keyWillAct)
            session.tracker.activate(key)
            guard key.action == .backspace else { return false }
            let interval = scanner.settings.interval
            scanRepeat = (key, session.scheduler.schedule(after: 2 * interval) { [weak self] in self?.scanRepeatTick() })
            return true
        case .back:
            return false
        }
    }

    private func scanRepeatTick() {
        guard let key = scanRepeat?.key else { return }
        session.controller.handle(.repeatPress, on: key)
        scanRepeat?.task = session.scheduler.schedule(after: scanner.settings.interval) { [weak self] in self?.scanRepeatTick() }
    }

    func endScanRepeat() {
        scanRepeat?.task?.cancel()
        scanRepeat = nil
    }
}
