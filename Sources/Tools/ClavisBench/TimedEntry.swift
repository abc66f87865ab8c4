import Foundation

/// The GTK 3 entry the desktop benchmarks type into (`wayland`, `kwin`, `gnome`): a Python script that
/// writes a line per change of its text, the CLOCK_MONOTONIC time and the last character, and
/// the timing of presses against those lines.
enum TimedEntry {
    /// Writes the script into `folder`; run it with `/usr/bin/python3 SCRIPT CHANGES-FILE`.
    static func script(in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("entry.py")
        try Data("""
            import sys, time, gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk
            out = open(sys.argv[1], "w", buffering=1)
            window = Gtk.Window(title="bench-target")
            entry = Gtk.Entry()
            entry.connect("changed", lambda e: out.write("%.6f %s\\n" % (time.monotonic(), e.get_text()[-1:] or "-")))
            window.add(entry)
            window.set_default_size(300, 40)
            window.show_all()
            Gtk.main()
            """.utf8).write(to: script)
        return script
    }

    /// Presses `count` times, 60 ms apart (`press` returns the press's CLOCK_MONOTONIC time),
    /// each timed to the entry's next change.
    static func timePresses(_ count: Int, changes follower: LineFollower, press: () -> Double?) -> [Double] {
        timedPresses(count, changes: follower, press: press).map { $0.changed - $0.pressed }
    }

    /// The same, each press's time and its change's (to split the time with a keyboard's
    /// own stamps: `StageBreakdown`).
    static func timedPresses(_ count: Int, changes follower: LineFollower, press: () -> Double?) -> [(pressed: Double, changed: Double)] {
        var presses: [(pressed: Double, changed: Double)] = []
        for _ in 0..<count {
            let before = follower.readNew()
            guard let pressed = press() else { continue }
            let deadline = Date().addingTimeInterval(2)
            while follower.readNew() == before && Date() < deadline { usleep(500) }
            if follower.lines.count > before, let changed = follower.lines[before].split(separator: " ").first.flatMap({ Double($0) }) {
                presses.append((pressed, changed))
            }
            usleep(60_000)
        }
        return presses
    }
}
