/// A key that is sent as a key event rather than typed as text: the editing and function
/// keys of a PC layout (`action: {key: F5}`), Return, Tab and BackSpace as proxies send them,
/// and a character key pressed with Ctrl or Alt (a shortcut).
///
/// Written as X keysym names in layout files and sent as those names by the X11 and Wayland
/// adapters; inside Clavis every place that acts on a key switches over this enum, so a new
/// key cannot be forgotten in one of them.
///
///     KeyName(keysym: "Page_Up")   // .pageUp
///     KeyName.function(5).keysym   // "F5"
///     KeyName.character("c").label // "c"
public enum KeyName: Hashable, Sendable, CustomStringConvertible {
    case escape, tab, returnKey, backSpace, delete, insert, home, end, pageUp, pageDown
    case left, up, right, down, menu, print, pause, scrollLock, space
    /// F1 to F12.
    case function(Int)
    /// The key of a character, pressed as a shortcut ("c" of Ctrl+C).
    case character(String)

    /// The named keys a layout may use, in the order error messages list them.
    public static let named: [KeyName] = [
        .escape, .tab, .returnKey, .backSpace, .delete, .insert, .home, .end, .pageUp, .pageDown,
        .left, .up, .right, .down, .menu, .print, .pause, .scrollLock,
    ] + (1...12).map(KeyName.function)

    /// The key an X keysym name stands for: a named key, `space`, F1–F12, or one character;
    /// `nil` for any other name.
    public init?(keysym name: String) {
        if let key = Self.named.first(where: { $0.keysym == name }) {
            self = key
        } else if name == "space" {
            self = .space
        } else if name.count == 1 {
            self = .character(name)
        } else {
            return nil
        }
    }

    /// The X keysym name, as layout files write it and the adapters send it.
    public var keysym: String {
        switch self {
        case .escape: "Escape"
        case .tab: "Tab"
        case .returnKey: "Return"
        case .backSpace: "BackSpace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Page_Up"
        case .pageDown: "Page_Down"
        case .left: "Left"
        case .up: "Up"
        case .right: "Right"
        case .down: "Down"
        case .menu: "Menu"
        case .print: "Print"
        case .pause: "Pause"
        case .scrollLock: "Scroll_Lock"
        case .space: "space"
        case .function(let number): "F\(number)"
        case .character(let text): text
        }
    }

    /// The label a key shows when the layout gives none.
    public var label: String {
        switch self {
        case .escape: "Esc"
        case .returnKey: "⏎"
        case .backSpace: "⌫"
        case .delete: "Del"
        case .insert: "Ins"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .left: "←"
        case .up: "↑"
        case .right: "→"
        case .down: "↓"
        case .print: "PrtSc"
        case .scrollLock: "ScrLk"
        case .tab, .home, .end, .menu, .pause, .space, .function, .character: keysym
        }
    }

    public var description: String { keysym }
}
