/// Which monitor the keyboard goes on where there are several (the `dockMonitor` setting):
/// the one holding what the user types into, the primary one, or one named.
///
/// A docked keyboard spans one monitor and reserves its rows there only; on a desk with a
/// laptop and an external screen, the keyboard belongs under the field being typed into,
/// not always under the primary screen. The display adapters say where that field is as
/// a point in the desktop's coordinates (an IBus caret, the X11 active window's centre),
/// and the monitors as GDK lists them; `pick` decides, so the rule is tested without a
/// display.
///
///     let choice = DockMonitor(setting: "focused")
///     let monitors = [MonitorArea(x: 0, y: 0, width: 1280, height: 800, name: "eDP-1", isPrimary: true),
///                     MonitorArea(x: 1280, y: 0, width: 1920, height: 1080, name: "HDMI-1")]
///     choice.pick(from: monitors, focus: (1500, 300), current: 0)   // 1: the field is on HDMI-1
public enum DockMonitor: Equatable, Sendable {
    /// The monitor holding the focused field (or window); where none is known, the one the
    /// keyboard is on, else the primary one.
    case focused
    /// The primary monitor (the first where the display names none).
    case primary
    /// A monitor by its connector's name as the display gives it (xrandr's `HDMI-1`), or by
    /// its number in the display's order, from 1; a monitor that is not there (unplugged)
    /// leaves the keyboard following the focus.
    case named(String)

    /// The setting's words: `focused`, `primary`, anything else a monitor's name or number.
    public init(setting: String) {
        let trimmed = setting.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        switch trimmed.lowercased() {
        case "", "focused": self = .focused
        case "primary": self = .primary
        default: self = .named(trimmed)
        }
    }

    /// The index of the monitor the keyboard goes on, `nil` without monitors. `focus` is
    /// where the user types (desktop coordinates), `current` the monitor the keyboard is on.
    public func pick(from monitors: [MonitorArea], focus: (x: Int, y: Int)?, current: Int?) -> Int? {
        guard !monitors.isEmpty else { return nil }
        let primary = monitors.firstIndex(where: \.isPrimary) ?? 0
        switch self {
        case .primary:
            return primary
        case .named(let name):
            if let index = monitors.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) { return index }
            if let number = Int(name), monitors.indices.contains(number - 1) { return number - 1 }
            return DockMonitor.focused.pick(from: monitors, focus: focus, current: current)
        case .focused:
            if let focus, let index = monitors.firstIndex(where: { $0.contains(x: focus.x, y: focus.y) }) { return index }
            if let current, monitors.indices.contains(current) { return current }
            return primary
        }
    }
}

/// A monitor's rectangle in the desktop's coordinates, with its name and whether it is the
/// primary one.
public struct MonitorArea: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    /// The connector's name where the display gives it (`HDMI-1`), else empty.
    public var name: String
    public var isPrimary: Bool

    public init(x: Int, y: Int, width: Int, height: Int, name: String = "", isPrimary: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.name = name
        self.isPrimary = isPrimary
    }

    /// Whether the point is on this monitor (its right and bottom edges belong to the next).
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

extension DockMonitor {
    /// The choices a settings window offers for `dockMonitor`: following the focus, the
    /// primary monitor, then each monitor connected, by its name where the display gives one
    /// (so the choice holds when monitors are listed in another order) and by its number
    /// otherwise; a named monitor that is not connected stays listed, marked so, when it is
    /// the one chosen.
    ///
    ///     DockMonitor.choices(for: [MonitorArea(x: 0, y: 0, width: 1280, height: 800, name: "eDP-1", isPrimary: true)],
    ///                         current: "HDMI-1")
    ///     // focused, primary, "eDP-1" (1: eDP-1, 1280 × 800, primary), "HDMI-1" (HDMI-1, not connected)
    public static func choices(for monitors: [MonitorArea], current: String) -> [(id: String, label: String)] {
        var choices: [(id: String, label: String)] = [
            ("focused", "The one with the field you type into"),
            ("primary", "The primary monitor"),
        ]
        for (index, monitor) in monitors.enumerated() {
            let number = index + 1
            let named = monitor.name.isEmpty ? "\(number)" : "\(number): \(monitor.name)"
            choices.append((monitor.name.isEmpty ? "\(number)" : monitor.name,
                            "\(named), \(monitor.width) × \(monitor.height)\(monitor.isPrimary ? ", primary" : "")"))
        }
        switch DockMonitor(setting: current) {
        case .focused, .primary:
            break
        case .named(let name):
            let listed = choices.contains { $0.id.lowercased() == name.lowercased() }
                || Int(name).map { monitors.indices.contains($0 - 1) } == true
            if !listed { choices.append((name, "\(name), not connected")) }
        }
        return choices
    }

    /// The id among `choices(for:current:)` that stands for the setting `current`: a number
    /// naming a monitor that has a name is shown as that name's choice.
    public static func choiceID(for monitors: [MonitorArea], current: String) -> String {
        switch DockMonitor(setting: current) {
        case .focused: return "focused"
        case .primary: return "primary"
        case .named(let name):
            if let monitor = monitors.first(where: { $0.name.lowercased() == name.lowercased() }) { return monitor.name }
            if let number = Int(name), monitors.indices.contains(number - 1) {
                let monitor = monitors[number - 1]
                return monitor.name.isEmpty ? "\(number)" : monitor.name
            }
            return name
        }
    }
}
