import Foundation
import GtkKit

/// `clavis --trace-latency FILE`: for every key release that types text, the time from GTK
/// handing the keyboard the X button event to the text being in the focused GtkEntry, one
/// line of microseconds per press, appended to FILE.
///
/// The clock starts when the release event reaches the keyboard (keys type on release, as on
/// iOS) and stops when `gtk_editable_insert_text` has returned; the X server's own delivery
/// time is not included.
@MainActor
public final class LatencyTrace {
    private let handle: FileHandle?
    private var started: Double?

    public init(path: String) {
        // A file that cannot be created leaves `handle` nil: the trace is then not written.
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)
    }

    /// A release event arrived.
    public func begin() {
        started = monotonicSeconds()
    }

    /// Text reached the entry: records the latency of the press that typed it.
    public func end() {
        guard let started else { return }
        self.started = nil
        let microseconds = (monotonicSeconds() - started) * 1_000_000
        handle?.write(Data("\(Int(microseconds.rounded()))\n".utf8))
    }
}
