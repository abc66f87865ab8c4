/// What a Wayland compositor offers an on-screen keyboard, read from the globals it announces,
/// and what Clavis can do there.
///
/// Input-method v2 makes Clavis the seat's input method (text, preedit, the field's context);
/// the virtual keyboard sends keys that are not text; layer-shell docks the keyboard without
/// taking focus. wlroots compositors (sway, Hyprland, river, labwc, Phosh, niri) offer all
/// three; GNOME Shell offers none to other processes, so the keyboard cannot work there and
/// says what to use instead.
///
///     let support = WaylandSupport(interfaces: ["zwp_virtual_keyboard_manager_v1", …])
///     support.canType        // true: keys at least
///     support.problem        // "… offers no input-method v2: …", or nil when all is there
public struct WaylandSupport: Equatable, Sendable {
    public static let inputMethod = "zwp_input_method_manager_v2"
    public static let virtualKeyboard = "zwp_virtual_keyboard_manager_v1"
    public static let layerShell = "zwlr_layer_shell_v1"
    /// Input-method v1 and its panel: KWin and Weston, to the keyboard they start themselves.
    public static let inputMethodV1 = "zwp_input_method_v1"
    public static let inputPanel = "zwp_input_panel_v1"

    public let hasInputMethod: Bool
    public let hasVirtualKeyboard: Bool
    public let hasLayerShell: Bool

    public init(interfaces: Set<String>) {
        hasInputMethod = interfaces.contains(Self.inputMethod)
        hasVirtualKeyboard = interfaces.contains(Self.virtualKeyboard)
        hasLayerShell = interfaces.contains(Self.layerShell)
    }

    /// Whether Clavis can type here at all.
    public var canType: Bool { hasInputMethod || hasVirtualKeyboard }

    /// Why the keyboard cannot work here, or works only in part; `nil` when everything is offered.
    public var problem: String? {
        if !canType {
            return "this Wayland compositor offers neither input-method v2 (\(Self.inputMethod)) nor a virtual keyboard "
                + "(\(Self.virtualKeyboard)), so no other program can type into its windows this way. On GNOME add Clavis "
                + "as an input source instead (Settings → Keyboard → Input Sources → Other → Clavis, after `make install`): its IBus "
                + "then starts `clavis keyboard --ibus`; on KDE Plasma install Clavis and choose it "
                + "in System Settings → Keyboard → Virtual Keyboard (KWin then starts it); wlroots compositors (sway, Hyprland, river, labwc, Phosh) work with Clavis"
        }
        var missing: [String] = []
        if !hasInputMethod {
            missing.append("input-method v2 (\(Self.inputMethod)): text goes out as key presses, without the field's context or preedit")
        }
        if !hasVirtualKeyboard {
            missing.append("a virtual keyboard (\(Self.virtualKeyboard)): keys that are not text (arrows, Escape, shortcuts) cannot be sent")
        }
        if !hasLayerShell {
            missing.append("layer-shell (\(Self.layerShell)): the keyboard is an ordinary window and may take the focus")
        }
        return missing.isEmpty ? nil : "this Wayland compositor lacks " + missing.joined(separator: "; ")
    }
}
