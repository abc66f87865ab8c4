import Foundation

/// The `clavis` built beside this test bundle.
let clavisExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("clavis")

/// What a finished program left behind.
struct ProgramResult {
    var status: Int32
    var output: String
    var error: String
    /// Ended by a signal (a crash, or the timeout's kill) rather than by exiting.
    var signalled = false
    /// Still running at the timeout, and killed.
    var hung = false
}

/// Runs a program with `environment` changes (nil removes a variable) and waits for it; with
/// a `timeout`, kills it after that many seconds (`hung`); `input` is its standard input
/// (none: the test's own).
func runProgram(_ executable: URL, _ arguments: [String],
                environment changes: [String: String?] = [:], timeout: Double? = nil, input: Data? = nil) throws -> ProgramResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let stdin = input.map { _ in Pipe() }
    if let stdin { process.standardInput = stdin }
    try process.run()
    if let stdin, let input {
        // Written on another thread: a child that answers as it reads must not block on us.
        DispatchQueue.global().async {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
    }
    nonisolated(unsafe) var hung = false
    // Made only when needed: libdispatch traps on releasing a source that never resumed.
    let timer = timeout.map { seconds in
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            hung = true
            process.terminate()
        }
        timer.resume()
        return timer
    }
    // Standard error on another thread, so neither pipe fills up and blocks the child.
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errorData = error.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    timer?.cancel()
    return ProgramResult(status: process.terminationStatus,
                         output: String(decoding: outputData, as: UTF8.self),
                         error: String(decoding: errorData, as: UTF8.self),
                         signalled: process.terminationReason == .uncaughtSignal, hung: hung)
}
