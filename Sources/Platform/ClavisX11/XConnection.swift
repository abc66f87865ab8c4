import CX11
import ClavisEngine
import ClavisKeystrokes
import Glibc

/// Why Clavis cannot type into other applications.
public enum XConnectionError: Error, CustomStringConvertible, Equatable {
    /// `DISPLAY` is unset: a Wayland-only session, or no graphical session at all.
    case noX11Display(waylandDisplay: String?)
    case cannotOpen(String)
    /// The X server lacks the XTest extension, which fakes key presses.
    case noXTest(String)

    public var description: String {
        switch self {
        case .noX11Display(let wayland?):
            "typing into other applications needs an X11 display, and this is a Wayland session without one "
                + "(WAYLAND_DISPLAY=\(wayland), DISPLAY unset): Wayland's virtual-keyboard and input-method "
                + "protocols are not supported yet; run Clavis under Xwayland or an X11 session"
        case .noX11Display(nil):
            "typing into other applications needs an X11 display (DISPLAY is unset)"
        case .cannotOpen(let name):
            "cannot open X display '\(name)'"
        case .noXTest(let name):
            "the X server on '\(name)' has no XTEST extension, which Clavis needs to send key presses"
        }
    }
}

/// Clavis's own connection to the X server, for XTest and the keymap.
///
/// It is separate from GTK's connection, so the keyboard logic never touches GDK and a
/// server grab here cannot deadlock GTK. Every call is on the main thread.
@MainActor
public final class XConnection {
    let display: OpaquePointer
    /// Called for each key pressed on another keyboard (a hardware one, or another
    /// program's XTest), once `watchOtherKeyboards()` asked for them.
    public var onOtherKeyPress: (() -> Void)?
    /// XInput 2's opcode, once watching (-1 before).
    private var inputOpcode: Int32 = -1
    /// Key presses this connection sent whose raw events have not come back yet: those
    /// are Clavis's own, not another keyboard's.
    private var ownPressesInFlight = 0
    /// The raw events selected on the root window.
    private var selectedEvents: Set<Int32> = []
    /// Input devices' names, by XInput id.
    private var deviceNames: [Int32: String] = [:]

    /// Opens `DISPLAY` and checks for XTest.
    public init() throws(XConnectionError) {
        let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !name.isEmpty else {
            let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
            throw .noX11Display(waylandDisplay: wayland?.isEmpty == false ? wayland : nil)
        }
        guard let display = XOpenDisplay(nil) else { throw .cannotOpen(name) }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw .noXTest(name)
        }
        self.display = display
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// The server's keymap now.
    /// The loaded keymap's symbols name ("pc+de+ru:2+inet(evdev)"), which names its layouts.
    public func xkbSymbolsName() -> String? {
        guard let description = XkbAllocKeyboard() else { return nil }
        defer { XkbFreeKeyboard(description, 0, 1) }
        guard XkbGetNames(display, UInt32(XkbSymbolsNameMask), description) == Success,
              let names = description.pointee.names, names.pointee.symbols != 0,
              let name = XGetAtomName(display, names.pointee.symbols) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The X server's XKB layouts and variants ("us,de", ",nodeadkeys"), from the root
    /// window's `_XKB_RULES_NAMES` (what `setxkbmap -query` shows); `nil` when it is unset.
    public func xkbLayoutNames() -> (layouts: String, variants: String)? {
        // (Type 31 is XA_STRING.) rules, model, layouts, variants, options: strings ended by NUL.
        rootProperty("_XKB_RULES_NAMES", type: 31, length: 1024) { data, count, _ in
            let fields = UnsafeBufferPointer(start: data, count: count).split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            return fields.count >= 4 ? (fields[2], fields[3]) : nil
        }
    }

    /// Reads the root window's property `name` of `type` (at most `length` 32-bit units):
    /// `read` gets its bytes, their count (items, for a format of 32) and format; `nil` when
    /// the property is not there.
    func rootProperty<T>(_ name: String, type: Atom, length: Int,
                         _ read: (UnsafeMutablePointer<UInt8>, Int, Int32) -> T?) -> T? {
        let property = XInternAtom(display, name, 1)
        guard property != 0 else { return nil }
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, XDefaultRootWindow(display), property, 0, length, 0, type,
                                 &actualType, &format, &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return read(data, Int(count), format)
    }

    public func keyboardMapping() -> KeyboardMapping {
        var first: Int32 = 0, last: Int32 = 0
        XDisplayKeycodes(display, &first, &last)
        var perKeycode: Int32 = 0
        let count = last - first + 1
        guard let table = XGetKeyboardMapping(display, KeyCode(first), count, &perKeycode) else {
            return KeyboardMapping(firstKeycode: UInt8(first), symbolsPerKeycode: 1,
                                   symbols: [Keysym](repeating: .noSymbol, count: Int(count)))
        }
        defer { XFree(table) }
        let symbols = (0..<Int(count * perKeycode)).map { Keysym(rawValue: UInt32(truncatingIfNeeded: table[$0])) }
        return KeyboardMapping(firstKeycode: UInt8(first), symbolsPerKeycode: Int(perKeycode), symbols: symbols)
    }

    /// The modifiers in force: modifier keys held down, Caps Lock, the keyboard group.
    public func modifierState() -> ModifierState {
        var state = XkbStateRec()
        XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        var held: [UInt8] = []
        if let modifiers = XGetModifierMapping(display) {
            defer { XFreeModifiermap(modifiers) }
            let count = Int(modifiers.pointee.max_keypermod) * 8
            for index in 0..<count {
                let keycode = modifiers.pointee.modifiermap[index]
                guard keycode != 0, !held.contains(keycode) else { continue }
                if UInt8(bitPattern: keys[Int(keycode) / 8]) & (1 << (keycode % 8)) != 0 { held.append(keycode) }
            }
        }
        return ModifierState(heldKeycodes: held, capsLocked: state.locked_mods & UInt8(LockMask) != 0,
                             group: Int(state.group))
    }

    /// Performs `steps` in order and sends them to the server.
    public func perform(_ steps: [KeystrokeStep]) {
        for step in steps {
            switch step {
            case .press(let keycode):
                XTestFakeKeyEvent(display, UInt32(keycode), 1, 0)
                if inputOpcode >= 0 { ownPressesInFlight += 1 }
            case .release(let keycode): XTestFakeKeyEvent(display, UInt32(keycode), 0, 0)
            case .remap(let keycode, let keysyms):
                var raw = keysyms.map { KeySym($0.rawValue) }
                XChangeKeyboardMapping(display, Int32(keycode), Int32(keysyms.count), &raw, 1)
            }
        }
        XFlush(display)
    }

    /// Asks the server for every key press on any keyboard (XInput 2 raw events on the root
    /// window: nothing is grabbed, the focused application still gets its keys), so that
    /// `onOtherKeyPress` hears the ones Clavis did not send. False without XInput 2.
    public func watchOtherKeyboards() -> Bool {
        select([XI_RawKeyPress])
    }

    /// Asks for every key and button press and release of every device (raw events, nothing
    /// grabbed), reported to `onRawInput` with the device's name: scanning switches. False
    /// without XInput 2.
    public func watchSwitches() -> Bool {
        select([XI_RawKeyPress, XI_RawKeyRelease, XI_RawButtonPress, XI_RawButtonRelease])
    }

    /// A key or button of some device went down or up.
    public struct RawInput: Equatable, Sendable {
        public var kind: SwitchBinding.Kind
        /// The X keycode or button number.
        public var code: Int
        public var pressed: Bool
        /// The physical device's name ("Logitech USB Receiver", "Virtual core XTEST pointer").
        public var device: String
    }

    /// Called for each raw key or button event not sent by Clavis, once `watchSwitches()`.
    public var onRawInput: ((RawInput) -> Void)?

    /// Adds `events` to the raw events selected on the root window.
    private func select(_ events: [Int32]) -> Bool {
        if inputOpcode < 0 {
            var event: Int32 = 0, error: Int32 = 0
            guard XQueryExtension(display, "XInputExtension", &inputOpcode, &event, &error) != 0 else {
                inputOpcode = -1
                return false
            }
            // 2.1 or later: raw events come during another client's grab too (a window
            // manager's passive grab on the root window took a switch's releases from 2.0).
            var major: Int32 = 2, minor: Int32 = 2
            guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else {
                inputOpcode = -1
                return false
            }
        }
        selectedEvents.formUnion(events)
        // XISetMask for each event, which Swift cannot import (a macro).
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in selectedEvents { bits[Int(event) / 8] |= UInt8(1 << (Int(event) % 8)) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, XDefaultRootWindow(display), &mask, 1)
        }
        XFlush(display)
        return true
    }

    /// The connection's file descriptor, to call `handleEvents()` when it is readable.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Reads the events that came (raw key presses and, when watched, the rest), telling
    /// Clavis's own key presses from the others'.
    public func handleEvents() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == GenericEvent, event.xcookie.extension == inputOpcode,
                  XGetEventData(display, &event.xcookie) != 0 else { continue }
            defer { XFreeEventData(display, &event.xcookie) }
            let type = event.xcookie.evtype
            let raw = event.xcookie.data.assumingMemoryBound(to: XIRawEvent.self).pointee
            if type == XI_RawKeyPress {
                if ownPressesInFlight > 0 {
                    ownPressesInFlight -= 1
                    continue
                }
                onOtherKeyPress?()
            }
            guard let onRawInput else { continue }
            let kind: SwitchBinding.Kind = type == XI_RawKeyPress || type == XI_RawKeyRelease ? .key : .button
            let pressed = type == XI_RawKeyPress || type == XI_RawButtonPress
            onRawInput(RawInput(kind: kind, code: Int(raw.detail), pressed: pressed, device: deviceName(raw.sourceid)))
        }
    }

    /// The name of an input device, by XInput id (asked once per device).
    private func deviceName(_ id: Int32) -> String {
        if let name = deviceNames[id] { return name }
        var count: Int32 = 0
        var name = ""
        if let info = XIQueryDevice(display, id, &count) {
            if count > 0, let pointer = info.pointee.name { name = String(cString: pointer) }
            XIFreeDeviceInfo(info)
        }
        deviceNames[id] = name
        return name
    }

    /// Waits until the server has handled every request sent so far.
    public func sync() {
        XSync(display, 0)
    }

    /// Runs `body` with every other client's requests held back, so the keymap read inside
    /// it is the one the key presses meet (another program remapping keys meanwhile waits).
    public func withServerGrabbed<T>(_ body: () -> T) -> T {
        XGrabServer(display)
        defer {
            XUngrabServer(display)
            XFlush(display)
        }
        return body()
    }

    /// The window that receives key presses now (under the pointer when focus follows it),
    /// and its ancestors up to the root; empty when no window has focus.
    public func focusedWindowAndAncestors() -> [UInt] {
        trappingErrors {
            var focus: Window = 0
            var revert: Int32 = 0
            XGetInputFocus(display, &focus, &revert)
            if focus == Window(PointerRoot) {
                // Keys go to the deepest window under the pointer (inside a window manager's
                // frame, the client window): descend to it.
                var window = XDefaultRootWindow(display)
                focus = 0
                while window != 0 {
                    var root: Window = 0, child: Window = 0
                    var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
                    var mask: UInt32 = 0
                    guard XQueryPointer(display, window, &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else { break }
                    if child != 0 { focus = child }
                    window = child
                }
            }
            var chain: [UInt] = []
            var window = focus
            while window != 0 {
                chain.append(UInt(window))
                var root: Window = 0, parent: Window = 0
                var children: UnsafeMutablePointer<Window>?
                var count: UInt32 = 0
                guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { break }
                if let children { XFree(children) }
                if parent == root { break }
                window = parent
            }
            return chain
        } ?? []
    }

    /// Runs `body`, turning X protocol errors (a window destroyed under it) into `nil`
    /// instead of Xlib's default of ending the process.
    func trappingErrors<T>(_ body: () -> T) -> T? {
        XSync(display, 0)
        XConnection.lastError = 0
        let previous = XSetErrorHandler { _, event in
            XConnection.lastError = event?.pointee.error_code ?? 1
            return 0
        }
        let value = body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return XConnection.lastError == 0 ? value : nil
    }

    nonisolated(unsafe) static var lastError: UInt8 = 0
}
