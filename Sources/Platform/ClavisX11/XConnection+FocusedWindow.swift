import CX11

/// Where the user types on an X11 desktop, for the keyboard that follows the focus onto its
/// monitor: the centre of the active window (`_NET_ACTIVE_WINDOW`, which a window manager
/// keeps), or of the window with the X input focus where no window manager says.
///
///     window.focusLocation = { connection.focusedWindowCentre() }
extension XConnection {
    /// The focused window's centre in root coordinates; `nil` when no window has the focus.
    /// An active window that is gone (a window manager that ended left its property behind)
    /// leaves the X focus to say.
    public func focusedWindowCentre() -> (x: Int32, y: Int32)? {
        if let active = activeWindow(), let centre = centre(of: active) { return centre }
        var focused: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focused, &revert)
        return centre(of: focused)
    }

    /// A window's centre in root coordinates, `nil` for no window or one that is gone.
    private func centre(of window: Window) -> (x: Int32, y: Int32)? {
        let root = XDefaultRootWindow(display)
        // None (0) and PointerRoot (1) are no window.
        guard window > 1, window != root else { return nil }
        return trappingErrors { () -> (x: Int32, y: Int32)? in
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child) != 0 else { return nil }
            return (x + attributes.width / 2, y + attributes.height / 2)
        } ?? nil
    }

    /// The window manager's `_NET_ACTIVE_WINDOW`, if it keeps one.
    private func activeWindow() -> Window? {
        // (Type 33 is XA_WINDOW.)
        rootProperty("_NET_ACTIVE_WINDOW", type: 33, length: 1) { data, count, format in
            guard count == 1, format == 32 else { return nil }
            return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
        }
    }
}
