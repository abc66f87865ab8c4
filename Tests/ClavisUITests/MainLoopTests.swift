import GtkKit
import XCTest

/// Swift concurrency and GLib callbacks share the GTK main loop.
final class MainLoopTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GUI.start() }
    }

    func testMainActorTasksRunWhileGLibOwnsTheLoop() {
        MainActor.assumeIsolated {
            var ran = false
            Task { @MainActor in ran = true }
            GUI.wait("a main-actor task to run") { ran }
        }
    }

    func testTimeoutsRunAndStopWhenTheyReturnFalse() {
        MainActor.assumeIsolated {
            var count = 0
            MainLoop.every(milliseconds: 1) { count += 1; return count < 3 }
            GUI.wait("three ticks") { count == 3 }
            GUI.settle(seconds: 0.05)
            XCTAssertEqual(count, 3)
        }
    }

    func testCancelledTimeoutsNeverRunAndReleaseTheirClosure() {
        MainActor.assumeIsolated {
            final class Token {}
            weak var weakToken: Token?
            var fired = false
            do {
                let token = Token()
                weakToken = token
                let id = MainLoop.after(milliseconds: 10) { _ = token; fired = true }
                MainLoop.cancel(id)
            }
            GUI.settle(seconds: 0.05)
            XCTAssertFalse(fired)
            XCTAssertNil(weakToken)
        }
    }

    func testSignalClosuresAreReleasedWithTheirWidget() {
        MainActor.assumeIsolated {
            final class Token {}
            weak var weakToken: Token?
            var clicks = 0
            let button = gtk_button_new()!
            g_object_ref_sink(UnsafeMutableRawPointer(button))
            do {
                let token = Token()
                weakToken = token
                Signal.connect(button, "clicked") { _ = token; clicks += 1 }
            }
            gtk_button_clicked(gtkCast(button))
            XCTAssertEqual(clicks, 1)
            XCTAssertNotNil(weakToken)
            gtk_widget_destroy(button)
            g_object_unref(UnsafeMutableRawPointer(button))
            XCTAssertNil(weakToken)
        }
    }

    func testIdleWorkRunsOnce() {
        MainActor.assumeIsolated {
            var runs = 0
            MainLoop.idle { runs += 1 }
            GUI.wait("the idle callback") { runs == 1 }
            GUI.settle(seconds: 0.02)
            XCTAssertEqual(runs, 1)
        }
    }
}
