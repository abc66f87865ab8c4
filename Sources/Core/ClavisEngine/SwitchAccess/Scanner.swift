import ClavisLayout

/// Switch scanning: a highlight that moves over the keys' groups (`ScanGroups`) and one to
/// five switches that move it or choose what it is on, so a person who can press one big
/// button can type.
///
/// - **auto**: the highlight moves every `interval`; the switch selects. Unattended, it goes
///   round a group `cycles` times and leaves it (at the top: stops until the switch is
///   pressed). The next switch, if there is one, steps at once.
/// - **step**: next moves, select chooses; nothing moves by itself.
/// - **hold**: holding the switch moves the highlight every `interval`; releasing chooses.
/// - **directed**: up, down, left, right move one key at a time; select types it and the
///   highlight stays (a letter's neighbours are near).
///
/// Choosing a group goes into it (its first item highlighted); choosing `.back` goes up a
/// level; choosing a key or a suggestion hands it to `onSelect` and starts again at the top
/// (where the suggestion bar is, when it has words). With `longPressBacks`, holding the
/// select switch backs out of the group and select acts on release. A key that repeats
/// (Backspace: `onSelect` returns `true`) stays held with the scan paused until the next
/// switch press lets it go.
///
///     let scanner = Scanner(scheduler: scheduler)
///     scanner.onSelect = { item in session.perform(item) }
///     scanner.groups = ScanGroups(geometry: geometry)
///     scanner.settings.mode = .step
///     scanner.press(.next); scanner.release(.next)       // second row
///     scanner.press(.select); scanner.release(.select)   // into it
@MainActor
public final class Scanner {
    /// What a switch means.
    public enum Switch: String, CaseIterable, Sendable {
        case select, next, back, up, down, left, right
    }

    /// What the highlight is on: a group (every item under it) or one item.
    public struct Highlight: Equatable, Sendable {
        public var frame: Rect
        /// The keys and slots it covers (one for an item; none for `.back`).
        public var items: [ScanGroups.Item]
        public var isGroup: Bool
        /// The way back out of a group is highlighted (drawn as the group's outline).
        public var isBack: Bool
    }

    public var settings = ScanSettings() {
        didSet {
            guard settings != oldValue else { return }
            if settings.mode != oldValue.mode || settings.order != oldValue.order {
                stop()
                if settings.mode != .off { start() }
            } else if isScanning {
                scheduleStep(first: false)
            }
        }
    }

    /// What there is to scan; set again whenever the keys or the bar change. The highlight
    /// stays where it is when the same items are still there, else starts again at the top;
    /// a scan turned on before there was anything to scan starts when there is.
    public var groups = ScanGroups(geometry: .empty) {
        didSet {
            guard groups != oldValue else { return }
            // The keys were not laid out when scanning was turned on: it starts as they appear.
            if !isScanning, oldValue.top.isEmpty, settings.mode != .off { return start() }
            guard isScanning else { return }
            if node(at: path, in: groups)?.items != node(at: path, in: oldValue)?.items { restartAtTop() }
        }
    }

    /// A key or suggestion was chosen; return `true` to keep it held (a repeating key) until
    /// the next switch press.
    public var onSelect: ((ScanGroups.Item) -> Bool)?
    /// The held key is let go.
    public var onRelease: (() -> Void)?
    /// The highlight moved, appeared or went.
    public var onChange: (() -> Void)?
    /// The highlight moved one step (a step sound, when wanted).
    public var onStep: (() -> Void)?

    /// Indices from the top level down to the highlighted node; empty while not scanning.
    public private(set) var path: [Int] = []
    /// A key chosen and still held (Backspace repeating).
    public private(set) var isHoldingKey = false
    private var cycle = 0
    private let scheduler: any Scheduler
    private var stepTask: (any ScheduledTask)?
    private var longPressTask: (any ScheduledTask)?
    /// The select switch is down and its long press has not fired yet.
    private var selectDown = false
    /// The press that went down only let a held key go (its release does nothing more).
    private var pressConsumed = false

    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    public var isScanning: Bool { !path.isEmpty }

    /// What is highlighted now, `nil` while not scanning.
    public var highlight: Highlight? {
        guard let node = node(at: path, in: groups) else { return nil }
        switch node {
        case .item(let item, let frame):
            return Highlight(frame: frame, items: item == .back ? [] : [item], isGroup: false, isBack: item == .back)
        case .group(_, let frame):
            return Highlight(frame: frame, items: node.items, isGroup: true, isBack: false)
        }
    }

    // MARK: Switches

    /// A switch went down.
    public func press(_ which: Switch) {
        guard settings.mode != .off else { return }
        pressConsumed = false
        if isHoldingKey {
            letGo()
            pressConsumed = true
            return
        }
        if !isScanning {
            start()
            // Held, it scans from the top at once; elsewhere the press only wakes the scan.
            if settings.mode == .hold { startHoldStepping() } else { pressConsumed = true }
            return
        }
        switch (settings.mode, which) {
        case (.directed, .up): moveRow(by: -1)
        case (.directed, .down): moveRow(by: 1)
        case (.directed, .left): moveColumn(by: -1)
        case (.directed, .right), (.directed, .next): moveColumn(by: 1)
        case (.directed, .select): choose()
        case (.hold, _): startHoldStepping()
        case (_, .select):
            if settings.longPressBacks {
                selectDown = true
                // The highlight holds still while the switch is down: the release chooses
                // what the press meant.
                stepTask?.cancel()
                stepTask = nil
                longPressTask?.cancel()
                longPressTask = scheduler.schedule(after: settings.longPressTime) { [weak self] in
                    guard let self else { return }
                    self.longPressTask = nil
                    self.selectDown = false
                    self.backOut()
                }
            } else {
                choose()
            }
        case (_, .next), (_, .right), (_, .down):
            advance(manually: true)
        case (_, .back), (_, .up), (_, .left):
            backOut()
        }
    }

    /// A switch came up.
    public func release(_ which: Switch) {
        guard settings.mode != .off, !pressConsumed else {
            pressConsumed = false
            return
        }
        switch settings.mode {
        case .hold:
            guard stepTask != nil else { return }
            stepTask?.cancel()
            stepTask = nil
            choose()
        case .auto, .step:
            guard which == .select, selectDown else { return }
            selectDown = false
            longPressTask?.cancel()
            longPressTask = nil
            choose()
        case .directed, .off:
            break
        }
    }

    /// A switch pressed and released at once (a command on the bus).
    public func tap(_ which: Switch) {
        press(which)
        release(which)
    }

    /// Starts at the top level (the bar, or the first row).
    public func start() {
        guard settings.mode != .off, !groups.top.isEmpty else { return }
        restartAtTop()
    }

    /// Stops scanning: no highlight until a switch is pressed (or `start`).
    public func stop() {
        stepTask?.cancel()
        stepTask = nil
        longPressTask?.cancel()
        longPressTask = nil
        selectDown = false
        if isHoldingKey {
            isHoldingKey = false
            onRelease?()
        }
        guard isScanning else { return }
        path = []
        onChange?()
    }

    // MARK: Moves

    /// Chooses what is highlighted: into a group, up from `.back`, or the item.
    private func choose() {
        if settings.mode == .directed {
            guard let item = directedItem else { return }
            if onSelect?(item) == true { isHoldingKey = true }
            onChange?()
            return
        }
        guard let node = node(at: path, in: groups) else { return }
        switch node {
        case .group:
            path.append(0)
            cycle = 0
            scheduleStep(first: true)
            onChange?()
        case .item(.back, _):
            backOut()
        case .item(let item, _):
            if onSelect?(item) == true {
                isHoldingKey = true
                stepTask?.cancel()
                stepTask = nil
                onChange?()
            } else {
                restartAtTop()
            }
        }
    }

    /// Goes up a level, the group it left highlighted.
    private func backOut() {
        guard path.count > 1, settings.mode != .directed else { return }
        path.removeLast()
        cycle = 0
        scheduleStep(first: false)
        onChange?()
    }

    /// The highlight moves to the next item of its group; an unattended auto-scan that has
    /// gone round `cycles` times leaves the group (or stops at the top).
    private func advance(manually: Bool) {
        guard let count = siblingCount, count > 0 else { return }
        var index = path[path.count - 1] + 1
        if index >= count {
            index = 0
            cycle += 1
            if settings.mode == .auto, !manually, cycle >= max(1, settings.cycles) {
                if path.count > 1 {
                    backOut()
                } else {
                    stop()
                }
                return
            }
        }
        path[path.count - 1] = index
        onStep?()
        scheduleStep(first: index == 0)
        onChange?()
    }

    private func restartAtTop() {
        path = groups.top.isEmpty ? [] : settings.mode == .directed ? [0, 0] : [0]
        cycle = 0
        scheduleStep(first: true)
        onChange?()
    }

    private func letGo() {
        isHoldingKey = false
        onRelease?()
        if settings.mode == .directed {
            onChange?()
        } else {
            restartAtTop()
        }
    }

    /// Auto-scan's next step, `interval` from now (plus the first-item delay on a first item).
    private func scheduleStep(first: Bool) {
        stepTask?.cancel()
        stepTask = nil
        guard settings.mode == .auto, isScanning, !isHoldingKey else { return }
        let delay = settings.interval + (first ? settings.firstItemDelay : 0)
        stepTask = scheduler.schedule(after: delay) { [weak self] in
            self?.stepTask = nil
            self?.advance(manually: false)
        }
    }

    private func startHoldStepping() {
        stepTask?.cancel()
        stepTask = scheduler.schedule(after: settings.interval) { [weak self] in self?.holdStep() }
    }

    private func holdStep() {
        advance(manually: true)
        stepTask = scheduler.schedule(after: settings.interval) { [weak self] in self?.holdStep() }
    }

    // MARK: Directed

    private var directedItem: ScanGroups.Item? {
        guard path.count == 2, groups.rows.indices.contains(path[0]) else { return nil }
        let items = groups.rows[path[0]].items.dropLast()
        return items.indices.contains(path[1]) ? items[path[1]] : nil
    }

    /// Up or down a row, to the key whose centre is nearest across.
    private func moveRow(by delta: Int) {
        guard path.count == 2, !groups.rows.isEmpty else { return }
        let from = groups.rows[path[0]]
        let x = from.frames.indices.contains(path[1]) ? from.frames[path[1]].midX : 0
        let row = (path[0] + delta + groups.rows.count) % groups.rows.count
        let frames = groups.rows[row].frames.dropLast()
        let column = frames.indices.min { abs(frames[$0].midX - x) < abs(frames[$1].midX - x) } ?? 0
        path = [row, column]
        onStep?()
        onChange?()
    }

    /// Left or right along the row, round to the other end.
    private func moveColumn(by delta: Int) {
        guard path.count == 2, !groups.rows.isEmpty else { return }
        let count = groups.rows[path[0]].items.count - 1
        guard count > 0 else { return }
        path[1] = (path[1] + delta + count) % count
        onStep?()
        onChange?()
    }

    // MARK: Tree

    private var siblingCount: Int? {
        guard !path.isEmpty else { return nil }
        if path.count == 1 { return groups.top.count }
        guard case .group(let children, _)? = node(at: Array(path.dropLast()), in: groups) else { return nil }
        return children.count
    }

    /// The node at `path` (directed: the row's item), `nil` when the path leads nowhere.
    private func node(at path: [Int], in groups: ScanGroups) -> ScanGroups.Node? {
        guard let first = path.first else { return nil }
        if settings.mode == .directed {
            guard path.count == 2, groups.rows.indices.contains(first) else { return nil }
            let row = groups.rows[first]
            guard row.items.indices.contains(path[1]), row.items[path[1]] != .back else { return nil }
            return .item(row.items[path[1]], frame: row.frames[path[1]])
        }
        guard groups.top.indices.contains(first) else { return nil }
        var node = groups.top[first]
        for index in path.dropFirst() {
            guard case .group(let children, _) = node, children.indices.contains(index) else { return nil }
            node = children[index]
        }
        return node
    }
}
