import CWayland
import ClavisEngine
#if canImport(Glibc)
import Glibc
#endif

/// What the user copies on a Wayland seat, seen through wlroots' data-control
/// (`zwlr_data_control_manager_v1`: sway, Hyprland, river, labwc, and KWin), for the
/// editing panel's clipboard list. A keyboard surface never has the focus, so the core
/// protocol's data device would never tell it of a copy; data-control tells a client of every
/// selection whatever has the focus.
///
/// Each new selection is an offer listing its MIME types. When the keyboard wants the copy
/// (`accepts`: the history is on and the focused field is not a password) and no password
/// manager marked it secret (`SelectionTransfer.secretTypes`), the text type is
/// asked for through a pipe, which the main loop watches (`watch`) so a slow or stuck sender
/// never blocks the keyboard; what arrives goes through `ClipboardTransfer` (at most 16 KB) to
/// `copied`. Only the clipboard selection is read, not the primary one (version 1).
///
///     let clipboard = WaylandClipboard(registry: registry, accepts: { session.clipboard.acceptsCopies },
///                                      copied: { session.clipboard.textCopied($0) }, watch: MainLoop.onReadable)
@MainActor
public final class WaylandClipboard {
    public static let interface = "zwlr_data_control_manager_v1"
    /// The MIME types of text, most precise first (the X11 atoms are what Xwayland offers).
    static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"]

    private let display: OpaquePointer
    private var device: OpaquePointer?
    /// The offers announced and not yet destroyed, with the MIME types each listed.
    private var offers: [OpaquePointer: [String]] = [:]
    private let accepts: () -> Bool
    private let copied: (String) -> Void
    private let watch: (Int32, @escaping @MainActor () -> Bool) -> Void

    /// Binds data-control on `registry`'s connection for its (first) seat; `nil` when the
    /// compositor offers no seat or no data-control. On a connection someone else dispatches
    /// (GTK's, under KWin) its events arrive with theirs.
    public init?(registry: WaylandRegistry, accepts: @escaping () -> Bool, copied: @escaping (String) -> Void,
                 watch: @escaping (Int32, @escaping @MainActor () -> Bool) -> Void) {
        guard registry.offers(Self.interface), let seat = registry.bind("wl_seat", clavis_wl_seat_interface(), version: 1),
              let manager = registry.bind(Self.interface, clavis_data_control_manager_interface(), version: 1) else { return nil }
        display = registry.display
        self.accepts = accepts
        self.copied = copied
        self.watch = watch
        device = zwlr_data_control_manager_v1_get_data_device(manager, seat)
        zwlr_data_control_device_v1_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_flush(display)
    }

    fileprivate func offered(_ offer: OpaquePointer) {
        offers[offer] = []
        zwlr_data_control_offer_v1_add_listener(offer, offerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Notes a type offered (the first `SelectionTransfer.maximumTargets`: a client may offer
    /// without end).
    fileprivate func offer(_ offer: OpaquePointer, has type: String) {
        guard (offers[offer]?.count ?? .max) < SelectionTransfer.maximumTargets else { return }
        offers[offer]?.append(type)
    }

    /// The clipboard holds `selected` now (`nil`: nothing): its text is read when wanted (never
    /// one a password manager marks secret), and every offer before it is done with.
    fileprivate func selected(_ selected: OpaquePointer?) {
        let types = selected.flatMap { offers[$0] } ?? []
        if let selected, accepts(), !types.contains(where: SelectionTransfer.secretTypes.contains),
           let type = Self.textTypes.first(where: types.contains) {
            receive(selected, as: type)
        }
        for offer in offers.keys { zwlr_data_control_offer_v1_destroy(offer) }
        offers = [:]
        wl_display_flush(display)
    }

    /// Asks the sender to write the text into a pipe and reads it as it comes.
    private func receive(_ offer: OpaquePointer, as type: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        zwlr_data_control_offer_v1_receive(offer, type, ends[1])
        // libwayland sent a duplicate of the writing end; the sender closes its own when done.
        close(ends[1])
        let reading = ends[0]
        var transfer = ClipboardTransfer()
        let copied = copied
        watch(reading) {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reading, &chunk, chunk.count)
                if count > 0, transfer.append(chunk[..<count]) { continue }
                if count < 0, errno == EAGAIN || errno == EINTR { return true }
                // The end (0), an error, or too large: done either way.
                close(reading)
                if count == 0, let text = transfer.text { copied(text) }
                return false
            }
        }
    }

    fileprivate func finished() {
        if let device { zwlr_data_control_device_v1_destroy(device) }
        device = nil
    }
}

// C listeners: plain functions that find the clipboard through `data`, called from
// `wl_display_dispatch` on the main thread.

private func clipboard(_ data: UnsafeMutableRawPointer?) -> WaylandClipboard {
    Unmanaged<WaylandClipboard>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let deviceListener: UnsafeMutablePointer<zwlr_data_control_device_v1_listener> = {
    let listener = UnsafeMutablePointer<zwlr_data_control_device_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwlr_data_control_device_v1_listener(
        data_offer: { data, _, offer in
            let clipboard = clipboard(data)
            // Pointers are not Sendable: the address crosses into the main actor's closure.
            guard let address = offer.map({ UInt(bitPattern: $0) }) else { return }
            MainActor.assumeIsolated { clipboard.offered(OpaquePointer(bitPattern: address)!) }
        },
        selection: { data, _, offer in
            let clipboard = clipboard(data)
            let address = offer.map { UInt(bitPattern: $0) }
            MainActor.assumeIsolated { clipboard.selected(address.flatMap { OpaquePointer(bitPattern: $0) }) }
        },
        finished: { data, _ in
            let clipboard = clipboard(data)
            MainActor.assumeIsolated { clipboard.finished() }
        },
        // Version 1 is bound: never sent.
        primary_selection: { _, _, _ in }
    ))
    return listener
}()

nonisolated(unsafe) private let offerListener: UnsafeMutablePointer<zwlr_data_control_offer_v1_listener> = {
    let listener = UnsafeMutablePointer<zwlr_data_control_offer_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwlr_data_control_offer_v1_listener(
        offer: { data, offer, type in
            let clipboard = clipboard(data)
            guard let address = offer.map({ UInt(bitPattern: $0) }), let type else { return }
            let name = String(cString: type)
            MainActor.assumeIsolated { clipboard.offer(OpaquePointer(bitPattern: address)!, has: name) }
        }
    ))
    return listener
}()
