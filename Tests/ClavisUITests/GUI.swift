import Foundation
import GtkKit
import XCTest

/// Helpers for tests that drive real GTK windows under an X server (Xvfb in CI).
///
/// GTK tests are XCTest methods (nonisolated, on the main thread: Swift Testing runs tests on
/// other threads). They never call `gtk_main()`; they iterate the main context until what they
/// wait for holds, with a deadline. Input is real: xdotool moves the X pointer and clicks
/// through XTest, exactly as a user's mouse would.
@MainActor
enum GUI {
    /// The `clavis` executable built beside these tests.
    nonisolated static let clavis = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("clavis").path

    /// Starts GTK, or skips the test when there is no display — unless
    /// `CLAVIS_REQUIRE_DISPLAY=1` (set by the test script) turns a missing display into a
    /// failure, so CI can never pass by skipping every GUI test.
    static func start() throws {
        do {
            try Gtk.start()
        } catch {
            if ProcessInfo.processInfo.environment["CLAVIS_REQUIRE_DISPLAY"] == "1" {
                XCTFail("GUI tests need a display: \(error)")
            }
            throw XCTSkip("no display: \(error)")
        }
    }

    /// Skips the test when there is no X display (for tests that start other processes on
    /// it rather than GTK in this one), or fails it under `CLAVIS_REQUIRE_DISPLAY=1`.
    nonisolated static func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] == nil else { return }
        if ProcessInfo.processInfo.environment["CLAVIS_REQUIRE_DISPLAY"] == "1" {
            XCTFail("GUI tests need a display: DISPLAY is not set")
        }
        throw XCTSkip("no display")
    }

    /// Iterates the main loop until `condition` holds; fails the test after `seconds`. The
    /// deadline is generous on purpose: a wait that holds returns at once, and a shared CI
    /// machine under load can be several times slower than this one.
    static func wait(_ what: String, seconds: Double = 15, file: StaticString = #filePath, line: UInt = #line,
                     until condition: () -> Bool) {
        if !MainLoop.iterate(for: seconds, until: condition) {
            XCTFail("timed out after \(seconds) s waiting for \(what)", file: file, line: line)
        }
    }

    /// Lets pending events and redraws run for a moment.
    static func settle(seconds: Double = 0.05) {
        MainLoop.iterate(for: seconds)
    }

    /// Clicks mouse button 1 at a point of `widget` with a real X pointer event.
    static func click(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double,
                      file: StaticString = #filePath, line: UInt = #line) {
        let (rootX, rootY) = rootPoint(widget, x: x, y: y)
        // No `--sync`: it waits for a motion event, which never comes when the pointer is
        // already there (a second click on the same key). The X server handles XTest events
        // in order, so the press still lands after the move.
        xdotool(["mousemove", "\(rootX)", "\(rootY)", "click", "1"], file: file, line: line)
    }

    /// Every widget inside `widget` (not itself), depth first: a container's children and
    /// theirs.
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        guard g_type_check_instance_is_a(gtkCast(widget), gtk_container_get_type()) != 0 else { return [] }
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var list = gtk_container_get_children(gtkCast(widget))
        let head = list
        while let node = list {
            if let child = node.pointee.data?.assumingMemoryBound(to: GtkWidget.self) {
                found.append(child)
                found += descendants(of: child)
            }
            list = node.pointee.next
        }
        g_list_free(head)
        return found
    }

    /// Clicks the item named `name` (`gtk_widget_set_name`) of an open menu, as a finger
    /// would; `false` when it has none.
    @discardableResult
    static func clickMenuItem(_ name: String, in menu: UnsafeMutablePointer<GtkWidget>,
                              file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let item = descendants(of: menu).first(where: { String(cString: gtk_widget_get_name($0)) == name }) else { return false }
        let (x, y) = rootPoint(item, x: 20, y: Double(gtk_widget_get_allocated_height(item)) / 2)
        xdotool(["mousemove", "\(x)", "\(y)", "sleep", "0.1", "click", "1"], file: file, line: line)
        settle(seconds: 0.2)
        return true
    }

    /// The texts of every label inside `widget`.
    static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: widget).filter { g_type_check_instance_is_a(gtkCast($0), gtk_label_get_type()) != 0 }
            .compactMap { gtk_label_get_text(gtkCast($0)).map { String(cString: $0) } }
    }

    /// A widget's accessible name, as screen readers (and `atk_object_set_name`) have it.
    static func accessibleName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_widget_get_accessible(widget).flatMap { atk_object_get_name($0) }.map { String(cString: $0) }
    }

    /// The screen coordinates of a point in a realized widget.
    static func rootPoint(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (Int, Int) {
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(widget), &originX, &originY)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        // A widget without its own GdkWindow is offset inside its parent's.
        let ownWindow = gtk_widget_get_has_window(widget) != 0
        let offsetX = ownWindow ? 0 : Int(allocation.x)
        let offsetY = ownWindow ? 0 : Int(allocation.y)
        return (Int(originX) + offsetX + Int(x.rounded()), Int(originY) + offsetY + Int(y.rounded()))
    }

    /// Runs xdotool while the main loop keeps running, so the events it sends are delivered.
    ///
    /// Spawned and reaped directly (posix_spawn, waitpid) rather than through Foundation's
    /// Process, whose exit notification can go missing while other children (a sound server,
    /// a recorder) are running.
    static func xdotool(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        let argv = (["xdotool"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "xdotool", nil, nil, argv, environ) == 0 else {
            XCTFail("cannot run xdotool", file: file, line: line)
            return
        }
        var status: Int32 = 0
        var exited = false
        wait("xdotool \(arguments.joined(separator: " "))", seconds: 10, file: file, line: line) {
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
            return exited
        }
        if !exited {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return
        }
        XCTAssertEqual(status, 0, "xdotool failed", file: file, line: line)
        settle()
    }

    /// Delivers a synthetic touch event to a realized widget, as GTK's own gesture tests do
    /// (XTest cannot make touch events, and Xvfb has no touch device). This bypasses the
    /// widget's event mask, so tests check GDK_TOUCH_MASK separately.
    static func touch(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GdkEventType, sequence: UInt,
                      x: Double, y: Double) {
        guard let event = gdk_event_new(type), let window = gtk_widget_get_window(widget) else { return }
        g_object_ref(UnsafeMutableRawPointer(window))
        event.pointee.touch.window = window
        event.pointee.touch.time = guint32(GDK_CURRENT_TIME)
        event.pointee.touch.x = x
        event.pointee.touch.y = y
        event.pointee.touch.sequence = OpaquePointer(bitPattern: sequence)
        event.pointee.touch.emulating_pointer = 0
        gdk_event_set_device(event, gdk_seat_get_pointer(gdk_display_get_default_seat(gtk_widget_get_display(widget))))
        gtk_main_do_event(event)
        gdk_event_free(event)
        settle(seconds: 0.01)
    }
}
