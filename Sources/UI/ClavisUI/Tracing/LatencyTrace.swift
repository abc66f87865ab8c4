import GtkKit
#if canImport(Glibc)
import Glibc
#endif

/// `clavis --trace-latency FILE`: for every key release that types text, the time from GTK
/// handing the keyboard the X button event to the text being in the focused GtkEntry, one
/// line of microseconds per press, appended to FILE.
///
/// The clock starts when the release event reaches the keyboard (keys type on release, as on
/// iOS) and stops when `gtk_editable_insert_text` has returned; the X server's own delivery
/// time is not included.
@MainActor
public final class LatencyTrace {
    private let descriptor: Int32
    private var started: Double?

    public init(path: String) {
        // A file that cannot be created leaves the descriptor -1: the trace is then not written.
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }

    isolated deinit {
        if descriptor >= 0 { close(descriptor) }
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
        guard descriptor >= 0 else { return }
        let line = Array("\(Int(microseconds.rounded()))\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
