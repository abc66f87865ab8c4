import Foundation

/// The `clavis` built beside this test bundle.
let clavisExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("clavis")

/// What a finished program left behind.
struct ProgramResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs a program with `environment` changes (nil removes a variable) and waits for it.
func runProgram(_ executable: URL, _ arguments: [String],
                environment changes: [String: String?] = [:]) throws -> ProgramResult {
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
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProgramResult(status: process.terminationStatus,
                         output: String(decoding: outputData, as: UTF8.self),
                         error: String(decoding: errorData, as: UTF8.self))
}
