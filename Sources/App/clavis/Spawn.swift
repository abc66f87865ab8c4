import GtkKit

/// Starts a program that lives on by itself (the settings window from the keyboard), with
/// GLib, which reaps it: the keyboard neither waits for it nor leaves a zombie behind.
///
///     Spawn.detached(["/usr/bin/clavis", "settings"])   // nil: started
enum Spawn {
    /// Starts `arguments[0]` with the rest; why it could not, or `nil`.
    static func detached(_ arguments: [String]) -> String? {
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let started = pointers.withUnsafeMutableBufferPointer { argv in
            g_spawn_async(nil, argv.baseAddress, nil, GSpawnFlags(0), nil, nil, nil, &error)
        }
        guard started == 0 else { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "it did not start"
    }
}
