import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisLayout
import ClavisPrediction
import Foundation

/// `clavis-bench engine`: from a key press entering the engine to insertText on the proxy.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Time key presses through the engine to the text-document proxy (p50/p99)."
    )

    @Option(help: "How many presses.")
    var presses = 100_000

    @OptionGroup var options: BenchmarkOptions

    func run() throws {
        options.warnIfDebug()
        let result = try MainActor.assumeIsolated { try measure() }
        let target = 50e-6
        let intact = measureIntactCheck()
        let intactRow = intact.map { check in
            "| is the lexicon's file as read? (`Lexicon.isIntact`: one `fstat`, before each use of a mapped file) | "
                + "\(formatDuration(check.p50)) | \(formatDuration(check.p99)) | \(formatDuration(check.max)) | p99 < 2 µs | \(check.p99 < 2e-6 ? "met" : "**missed**") |\n"
        } ?? "| is the lexicon's file as read? | — | — | — | | not measured: no lexicon built (scripts/text-data.sh) |\n"
        let body = """
            ## Engine

            `scripts/bench-engine.sh` — \(machineDescription()). \(presses) presses of the US layout's \
            letter keys (touch down then up at the key's centre, through `TouchTracker` (hit testing \
            included) and `KeyboardController`, with auto-capitalisation on) into an in-memory \
            document; each press timed from the touch beginning to `insertText` returning.

            | measurement | p50 | p99 | max | target | verdict |
            |---|---|---|---|---|---|
            | press → insertText | \(formatDuration(result.p50)) | \(formatDuration(result.p99)) | \(formatDuration(result.max)) | p99 < 50 µs | \(result.p99 < target ? "met" : "**missed**") |
            \(intactRow)
            A mapped lexicon or model is asked before each use whether its file was written to in \
            place since it was read (a key press asks it a few times: the bar, the correction, the \
            swipe decoder); the second row is that check's cost, 100,000 times on the English lexicon.

            """
        try options.publish(body, section: "engine")
    }

    /// `Lexicon.isIntact` timed 100,000 times on the installed English lexicon.
    private func measureIntactCheck() -> (p50: Double, p99: Double, max: Double)? {
        guard let lexicon = try? LexiconLibrary(directories: ClavisData.textDirectories).load(language: "en") else { return nil }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(100_000)
        var intact = 0
        for _ in 0..<100_000 {
            let start = clock.now
            if lexicon.isIntact { intact += 1 }
            let elapsed = clock.now - start
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        precondition(intact == samples.count, "the lexicon changed while it was measured")
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count * 99 / 100], samples.last!)
    }

    @MainActor
    private func measure() throws -> (p50: Double, p99: Double, max: Double) {
        let layout = try LayoutLibrary().load("us")
        let controller = KeyboardController(layout: layout)
        let document = TimedDocument()
        controller.proxy = document
        let arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 400, height: 220, orientation: .portrait)
        let tracker = TouchTracker(controller: controller, scheduler: IdleScheduler()) { arrangement.geometry }
        let keys = "qwertyuiopasdfghjklzxcvbnm".map { arrangement.geometry.frame(ofKey: String($0))! }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(presses)
        for index in 0..<presses {
            let key = keys[index % keys.count]
            if index % 200 == 199 { document.clear() }
            let start = clock.now
            tracker.began(1, x: key.midX, y: key.midY)
            tracker.ended(1, x: key.midX, y: key.midY)
            guard let end = document.lastInsert else { continue }
            let elapsed = end - start
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            document.lastInsert = nil
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count * 99 / 100], samples.last!)
    }
}

/// An in-memory document that notes when each insert finished.
@MainActor
private final class TimedDocument: TextDocumentProxy {
    private let document = TextDocument(traits: TextInputTraits(autocapitalizationType: .sentences))
    var lastInsert: ContinuousClock.Instant?
    var onDocumentChange: ((DocumentChange) -> Void)?

    var documentContextBeforeInput: String? { document.documentContextBeforeInput }
    var documentContextAfterInput: String? { document.documentContextAfterInput }
    var selectedText: String? { document.selectedText }
    var hasText: Bool { document.hasText }
    var traits: TextInputTraits { document.traits }

    func insertText(_ text: String) {
        document.insertText(text)
        lastInsert = ContinuousClock.now
    }

    func deleteBackward() { document.deleteBackward() }
    func adjustTextPosition(byCharacterOffset offset: Int) { document.adjustTextPosition(byCharacterOffset: offset) }
    func setMarkedText(_ text: String, selectedRange: Range<Int>) { document.setMarkedText(text, selectedRange: selectedRange) }
    func unmarkText() { document.unmarkText() }

    /// Starts a new sentence, so the context stays short as in a real field.
    func clear() {
        document.select(0..<document.text.count)
        document.deleteBackward()
    }
}

/// A scheduler whose timers never fire (presses here are released at once; borrowed keycodes
/// are given back at the end).
@MainActor
final class IdleScheduler: Scheduler {
    final class Task: ScheduledTask { func cancel() {} }
    var now: Double { 0 }
    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask { Task() }
}
