/// A key or button of an input device that acts as a scanning switch, as the settings spell
/// it: `key 75`, `button 2`, or either with ` on DEVICE` for one device only.
///
/// Keys are X keycodes and buttons X button numbers, as XInput 2 reports them; they are
/// heard without being grabbed, so a key chosen as a switch still reaches the focused
/// application (choose one nothing else uses: a dedicated switch interface, a pedal, F9).
///
///     let binding = SwitchBinding("button 1 on USB Switch Interface")
///     binding?.matches(.button, code: 1, device: "USB Switch Interface")   // true
///     binding?.matches(.button, code: 1, device: "Logitech Mouse")         // false
public struct SwitchBinding: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case key, button
    }

    public var kind: Kind
    public var code: Int
    /// The device's name; `nil` for any device.
    public var device: String?

    public init(kind: Kind, code: Int, device: String? = nil) {
        self.kind = kind
        self.code = code
        self.device = device
    }

    /// Reads the settings' spelling; `nil` when it is not one.
    public init?(_ text: String) {
        let trimmed = text.split(separator: " ", omittingEmptySubsequences: true)
        guard trimmed.count >= 2, let kind = Kind(rawValue: trimmed[0].lowercased()), let code = Int(trimmed[1]),
              (1...255).contains(code) else { return nil }
        self.kind = kind
        self.code = code
        if trimmed.count > 2 {
            guard trimmed[2] == "on", trimmed.count > 3 else { return nil }
            device = trimmed[3...].joined(separator: " ")
        }
    }

    public var description: String {
        "\(kind.rawValue) \(code)" + (device.map { " on \($0)" } ?? "")
    }

    /// Whether an event of this kind and code from `device` is this switch.
    public func matches(_ kind: Kind, code: Int, device: String) -> Bool {
        kind == self.kind && code == self.code && (self.device == nil || self.device == device)
    }
}
