import Foundation

/// A Wayland compositor the tests start (sway, KWin): its clients run as root and reach it
/// through the socket's full path, with GTK on Wayland rather than on the test's X server.
protocol TestCompositor {
    var desktop: ForeignDesktop { get }
    /// The compositor's socket (a full path: WAYLAND_DISPLAY for clients).
    var socket: String { get }
}

extension TestCompositor {
    /// The environment of a client of this compositor.
    var environment: [String: String] {
        ["WAYLAND_DISPLAY": socket, "GDK_BACKEND": "wayland", "DISPLAY": "", "XDG_SESSION_TYPE": "wayland",
         "XDG_RUNTIME_DIR": desktop.folder.path]
    }

    /// Starts a client of the compositor.
    @discardableResult
    func start(_ arguments: [String], output: String = "/dev/null", error: String? = nil,
               environment extra: [String: String] = [:]) throws -> Child {
        try desktop.start(arguments, output: output, error: error, environment: environment.merging(extra) { $1 })
    }

    /// A GTK 3 entry of a given input purpose (`PASSWORD`, `DIGITS`, `PIN`, …) that prints its
    /// text when Return submits it; returns the client and the file it prints to. (zenity has
    /// no purpose: its password entry hides its text, and GTK 3 gives such entries no input
    /// method at all.)
    func startPurposeEntry(_ purpose: String) throws -> (Child, URL) {
        let script = desktop.folder.appendingPathComponent("entry.py")
        try Data("""
            import sys, gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk
            window = Gtk.Window(title="target")
            entry = Gtk.Entry()
            entry.set_input_purpose(getattr(Gtk.InputPurpose, sys.argv[1]))
            def submit(entry):
                print(entry.get_text(), flush=True)
                Gtk.main_quit()
            entry.connect("activate", submit)
            window.add(entry)
            window.show_all()
            Gtk.main()
            """.utf8).write(to: script)
        let answer = desktop.folder.appendingPathComponent("answer-\(purpose).txt")
        return (try start(["/usr/bin/python3", script.path, purpose], output: answer.path), answer)
    }
}
