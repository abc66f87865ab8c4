/// Calls back when a file changes on disk (GIO's GFileMonitor: inotify, no polling).
///
/// Watches the path, not the inode, so a file replaced by an atomic rename — how Clavis
/// and most editors save — is still seen.
///
///     let watcher = FileWatcher(path: settingsPath) { reload() }
@MainActor
public final class FileWatcher {
    private let monitor: UnsafeMutablePointer<GFileMonitor>?

    /// Starts watching; `onChange` runs on the main loop after each completed change.
    public init(path: String, onChange: @escaping @MainActor () -> Void) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error)
        if let error { g_error_free(error) }
        guard let monitor else { return }
        g_file_monitor_set_rate_limit(monitor, 50)
        Signal.connect(monitor, "changed", fileEvent: { event in
            switch event {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN,
                 G_FILE_MONITOR_EVENT_RENAMED, G_FILE_MONITOR_EVENT_DELETED:
                onChange()
            default:
                break
            }
        })
    }

    /// Whether the watch could be set up.
    public var isWatching: Bool { monitor != nil }

    isolated deinit {
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
        }
    }
}
