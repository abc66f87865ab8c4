import Glibc

/// Runs Swift work on the GTK main loop: idle callbacks, timeouts, and Swift concurrency's
/// main actor.
///
/// While `gtk_main()` owns the main thread, nothing drains libdispatch's main queue, so
/// `Task { @MainActor in … }` and `DispatchQueue.main.async` would never run. libdispatch
/// exposes the main queue's wake-up handle (an eventfd on Linux) to the run loop that hosts
/// it, the way CoreFoundation hosts it on macOS; `integrateMainQueue()` watches that fd from
/// GLib and drains the queue when it fires. No polling: an idle keyboard wakes no one.
///
///     MainLoop.integrateMainQueue()
///     Task { @MainActor in print("runs inside gtk_main") }
///     gtk_main()
public enum MainLoop {
    /// Runs `work` once, the next time the main loop is idle; returns the GLib source id for `cancel`.
    @MainActor
    @discardableResult
    public static func idle(_ work: @escaping @MainActor () -> Void) -> UInt32 {
        let box = Box<VoidHandler>(work)
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, onceThunk,
                        Unmanaged.passRetained(box).toOpaque(), destroyBox)
    }

    /// Calls `work` every `milliseconds` until it returns false or the source is removed;
    /// returns the GLib source id for `cancel`.
    @MainActor @discardableResult
    public static func every(milliseconds: UInt32, _ work: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Box<RepeatHandler>(work)
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, repeatThunk,
                                  Unmanaged.passRetained(box).toOpaque(), destroyBox)
    }

    /// Runs `work` once after `milliseconds`; returns the GLib source id for `cancel`.
    @MainActor @discardableResult
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        every(milliseconds: milliseconds) { work(); return false }
    }

    /// Removes a source added by `every` or `after`; its closure is released.
    @MainActor
    public static func cancel(_ sourceID: UInt32) {
        g_source_remove(sourceID)
    }

    /// Runs `work` on the main loop when the process receives `signal` (SIGTERM, SIGINT,
    /// SIGHUP), instead of dying at once: so a quitting keyboard can undo what it changed.
    @MainActor
    public static func onSignal(_ signal: Int32, _ work: @escaping @MainActor () -> Void) {
        let box = Box<VoidHandler>(work)
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, onceThunk, Unmanaged.passRetained(box).toOpaque(), destroyBox)
    }

    /// Calls `work` whenever `fd` can be read (or was closed), until `work` returns false:
    /// how a second connection (a Wayland display) is served by the GTK main loop.
    @MainActor @discardableResult
    public static func onReadable(_ fd: Int32, _ work: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Box<RepeatHandler>(work)
        let condition = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, readableThunk, Unmanaged.passRetained(box).toOpaque(), destroyBox)
    }

    /// Calls `work` once when `fd` is closed at its other end (a pipe whose reader went
    /// away): only errors and hang-ups are watched, so a file or a terminal never fires.
    @MainActor @discardableResult
    public static func onHangUp(_ fd: Int32, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        let box = Box<RepeatHandler>({ work(); return false })
        let condition = GIOCondition(rawValue: G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, readableThunk, Unmanaged.passRetained(box).toOpaque(), destroyBox)
    }

    /// Lets Swift concurrency's main actor (libdispatch's main queue) run inside the GLib loop.
    /// Call once, before `gtk_main()`; later calls do nothing.
    @MainActor
    public static func integrateMainQueue() {
        guard !integrated else { return }
        integrated = true
        let handle = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, handle, G_IO_IN, drainMainQueue, nil, nil)
    }

    /// Iterates the default main context without blocking until `condition` holds or `seconds`
    /// pass; returns whether it held. For tests and start-up code that must wait on GTK
    /// without handing the thread to `gtk_main()`.
    @MainActor @discardableResult
    public static func iterate(for seconds: Double, until condition: () -> Bool = { false }) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while !condition() {
            if monotonicSeconds() >= deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        return true
    }

    @MainActor private static var integrated = false
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    Double(g_get_monotonic_time()) / 1_000_000
}

typealias RepeatHandler = @MainActor () -> Bool

nonisolated(unsafe) let onceThunk: GSourceFunc = { data in
    let handler = Box<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
    return 0
}

nonisolated(unsafe) let repeatThunk: GSourceFunc = { data in
    let handler = Box<RepeatHandler>.from(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

nonisolated(unsafe) let readableThunk: GUnixFDSourceFunc = { _, _, data in
    let handler = Box<RepeatHandler>.from(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

nonisolated(unsafe) let destroyBox: GDestroyNotify = { data in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

nonisolated(unsafe) let drainMainQueue: GUnixFDSourceFunc = { fd, _, _ in
    var counter: UInt64 = 0
    _ = read(fd, &counter, MemoryLayout<UInt64>.size)
    _dispatch_main_queue_callback_4CF(nil)
    return 1
}

/// libdispatch's hooks for a foreign run loop hosting the main queue (what CoreFoundation's
/// run loop uses). Exported by libdispatch.so on Linux; not declared in its Swift overlay.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
func _dispatch_get_main_queue_handle_4CF() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
func _dispatch_main_queue_callback_4CF(_ message: UnsafeMutableRawPointer?)
