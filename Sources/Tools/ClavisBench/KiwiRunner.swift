import ClavisWorkloads
import Foundation

/// Runs the same workloads through kiwisolver in a Python subprocess (it can abort the
/// whole process on bad input, so never in-process) and reads back its samples.
struct KiwiRunner {
    var python: String
    var script: URL

    struct Output: Decodable {
        var version: String
        var samples: [String: [Double]]
        var keyboardValues: [[Double]]
    }

    func run(_ benchmarks: SolverBenchmarks, runs: Int) throws -> Output {
        let workloads = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-workloads-\(getpid()).json")
        let keyboards = benchmarks.keyboards.map { "\"\($0.style.rawValue)\": \($0.json)" }
        let text = "{\"addDel\": \(benchmarks.addDel.json),\n\"keyboards\": {\(keyboards.joined(separator: ",\n"))}}"
        try text.write(to: workloads, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: workloads) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path, workloads.path, "\(runs)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("kiwisolver runner failed (exit \(process.terminationStatus)); is kiwisolver installed for \(python)?")
        }
        return try JSONDecoder().decode(Output.self, from: data)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
