import GtkKit
#if canImport(Glibc)
import Glibc
#endif

/// `clavis keyboard --trace-stages FILE`: when each stage of a key press happened in the
/// keyboard, one line per stage, `SECONDS STAGE` on CLOCK_MONOTONIC (the clock the benchmarks'
/// presses and their target's text changes are stamped with), so a press's time can be split
/// into where it went: the compositor bringing the press to the keyboard, the keyboard
/// handling it, a repaint in between, the text going out.
///
/// Stages: `press` and `release` (the button event reached the keyboard view), `act` (the
/// key is about to act: its text goes out to the host at once, synchronously), `settled` (the
/// release is handled: what the key does after its text went out, such as the suggestions,
/// is done), `draw` and `drawn` (a repaint began and ended).
///
///     keyboard.stageTrace = StageTrace(path: "/tmp/stages.txt")
///     // 1234.567890 press / 1234.568012 release / 1234.568020 act …
@MainActor
public final class StageTrace {
    private let descriptor: Int32

    public init(path: String) {
        // A file that cannot be created leaves the descriptor -1: the trace is then not written.
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }

    isolated deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Records that `stage` happens now.
    public func mark(_ stage: StaticString) {
        guard descriptor >= 0 else { return }
        var line = Array("\(monotonicSeconds()) ".utf8)
        line += UnsafeBufferPointer(start: stage.utf8Start, count: stage.utf8CodeUnitCount)
        line.append(UInt8(ascii: "\n"))
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
