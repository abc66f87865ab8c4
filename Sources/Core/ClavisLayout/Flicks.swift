/// A direction a finger flicks from where it touched a key.
public enum FlickDirection: String, Equatable, Hashable, Sendable, CaseIterable {
    case left, up, right, down
}

/// What a flick key (the ケータイ-style kana keys) types when flicked each way; a tap types
/// the key's own text.
///
/// Repeated taps cycle through the tap's text and then these, left, up, right, down (toggle
/// input, for when flicking is not possible).
///
///     Flicks(left: "い", up: "う", right: "え", down: "お").cycle(after: "あ")
///     // ["あ", "い", "う", "え", "お"]
public struct Flicks: Equatable, Hashable, Sendable {
    public var left: String?
    public var up: String?
    public var right: String?
    public var down: String?

    public init(left: String? = nil, up: String? = nil, right: String? = nil, down: String? = nil) {
        self.left = left
        self.up = up
        self.right = right
        self.down = down
    }

    /// The text for a direction, if that direction types anything.
    public subscript(direction: FlickDirection) -> String? {
        get {
            switch direction {
            case .left: left
            case .up: up
            case .right: right
            case .down: down
            }
        }
        set {
            switch direction {
            case .left: left = newValue
            case .up: up = newValue
            case .right: right = newValue
            case .down: down = newValue
            }
        }
    }

    /// The toggle-input cycle: the tap's text, then every direction that types, in order.
    public func cycle(after tap: String) -> [String] {
        [tap] + FlickDirection.allCases.compactMap { self[$0] }
    }
}
