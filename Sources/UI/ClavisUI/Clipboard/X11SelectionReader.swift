import ClavisEngine
import GtkKit

/// Reads the CLIPBOARD selection on X11 as a requestor of its own, over GDK's connection,
/// so that what is read stays bounded: GTK's `gtk_clipboard_request_text` takes a copy whole
/// (a 200 MB copy took the keyboard to 600 MB), and cannot see a password manager's hint.
/// `SelectionTransfer` decides each step; this window (never mapped) asks the owner, reads
/// its property no further than `SelectionTransfer.readLimit`, and gives up after
/// `timeout` seconds of silence. A new owner starts a new transfer; the old one is dropped.
///
///     let reader = X11SelectionReader.onGdkDisplay()
///     reader?.read { outcome in if case .text(let text) = outcome { session.clipboard.textCopied(text) } }
@MainActor
final class X11SelectionReader {
    /// How long the owner may take over one answer.
    static let timeout: UInt32 = 3000

    private let display: OpaquePointer
    private let window: Window
    private let selection: Atom
    private let property: Atom
    private let incremental: Atom
    /// The atoms of the targets `SelectionTransfer` names, both ways.
    private let atoms: [String: Atom]
    private let names: [Atom: String]
    private var transfer = SelectionTransfer()
    private var expecting = Expecting.nothing
    private var done: ((SelectionTransfer.Outcome) -> Void)?
    private var timer: UInt32?

    private enum Expecting {
        case nothing, targets, value, increments
    }

    /// The reader on GDK's display; `nil` where GDK is not on X11 (Wayland).
    static func onGdkDisplay() -> X11SelectionReader? {
        guard let gdkDisplay = gdk_display_get_default(),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(gdkDisplay).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_display_get_type()) != 0,
              let display = gdk_x11_display_get_xdisplay(gdkDisplay) else { return nil }
        return X11SelectionReader(display: display)
    }

    private init(display: OpaquePointer) {
        self.display = display
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        selection = XInternAtom(display, "CLIPBOARD", 0)
        property = XInternAtom(display, "CLAVIS_SELECTION", 0)
        incremental = XInternAtom(display, "INCR", 0)
        var atoms: [String: Atom] = [:]
        for name in SelectionTransfer.namedTargets { atoms[name] = XInternAtom(display, name, 0) }
        self.atoms = atoms
        names = Dictionary(atoms.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        gdk_window_add_filter(nil, Self.filter, Unmanaged.passUnretained(self).toOpaque())
    }

    /// GDK's filter of every X event, before GDK reads it: the reader's own window's go to it.
    private static let filter: GdkFilterFunc = { xevent, _, data in
        guard let xevent, let data else { return GDK_FILTER_CONTINUE }
        let reader = Unmanaged<X11SelectionReader>.fromOpaque(data).takeUnretainedValue()
        // Pointers are not Sendable: the address crosses into the main actor's closure.
        let address = UInt(bitPattern: xevent)
        return MainActor.assumeIsolated {
            reader.handle(UnsafeMutablePointer<XEvent>(bitPattern: address)!)
        } ? GDK_FILTER_REMOVE : GDK_FILTER_CONTINUE
    }

    isolated deinit {
        gdk_window_remove_filter(nil, Self.filter, Unmanaged.passUnretained(self).toOpaque())
        timer.map(MainLoop.cancel)
        XDestroyWindow(display, window)
    }

    /// Reads what the clipboard holds now; `done` is called once, with the outcome.
    func read(_ done: @escaping (SelectionTransfer.Outcome) -> Void) {
        // A transfer still under way is for an older copy: dropped, its answers ignored.
        transfer = SelectionTransfer()
        self.done = done
        perform(transfer.start())
    }

    /// Does what the transfer asks, and waits for the owner again.
    private func perform(_ step: SelectionTransfer.Step) {
        timer.map(MainLoop.cancel)
        timer = nil
        switch step {
        case .convert(let target):
            expecting = target == "TARGETS" ? .targets : .value
            XConvertSelection(display, selection, atoms[target] ?? 0, property, window, Time(CurrentTime))
        case .deleteProperty:
            expecting = .increments
            XDeleteProperty(display, window, property)
        case .wait:
            return
        case .finished(let outcome):
            expecting = .nothing
            let done = self.done
            self.done = nil
            done?(outcome)
            return
        }
        XFlush(display)
        timer = MainLoop.after(milliseconds: Self.timeout) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.perform(self.transfer.timedOut())
        }
    }

    /// Takes the events addressed to the reader's window; whether it was one.
    private func handle(_ event: UnsafeMutablePointer<XEvent>) -> Bool {
        switch event.pointee.type {
        case SelectionNotify where event.pointee.xselection.requestor == window:
            let answered = event.pointee.xselection.property != 0
            switch expecting {
            case .targets: perform(transfer.targetsReceived(answered ? targets() : nil))
            case .value: perform(transfer.valueReceived(answered ? value(deleting: true) : .none))
            case .increments, .nothing: break
            }
            return true
        case PropertyNotify where event.pointee.xproperty.window == window:
            if expecting == .increments, event.pointee.xproperty.atom == property, event.pointee.xproperty.state == PropertyNewValue {
                perform(transfer.incrementReceived(value(deleting: false)))
            }
            return true
        default:
            return false
        }
    }

    /// The targets the owner listed, by name (those `SelectionTransfer` knows; others as "").
    private func targets() -> [String] {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, SelectionTransfer.maximumTargets, 1, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        // Format 32 reaches the client as C longs.
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: Atom.self, capacity: Int(count)) { atoms in
            (0..<Int(count)).map { names[atoms[$0]] ?? "" }
        }
    }

    /// The property's value, no more than `readLimit` bytes of it; `deleting` it once read
    /// (a whole value is the requestor's to delete; an increment's deletion asks for the next).
    private func value(deleting: Bool) -> SelectionTransfer.PropertyValue {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let longs = (SelectionTransfer.readLimit + 3) / 4
        guard XGetWindowProperty(display, window, property, 0, longs, 0, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success else { return .none }
        defer {
            if let data { XFree(data) }
            if deleting && type != incremental { XDeleteProperty(display, window, property) }
        }
        guard let data, type != 0 else { return .none }
        if type == incremental {
            let bound = format == 32 && count > 0 ? data.withMemoryRebound(to: Int.self, capacity: 1) { $0.pointee } : Int.max
            return .incremental(lowerBound: bound)
        }
        // Text comes in bytes; anything else is no text.
        guard format == 8 else { return .none }
        return .data(Array(UnsafeBufferPointer(start: data, count: Int(count))), remaining: Int(after))
    }
}
