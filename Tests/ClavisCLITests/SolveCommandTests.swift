import ClavisSolver
import ClavisWorkloads
import Foundation
import XCTest

/// `clavis solve`: the solver's command-line entry for outside checks.
final class SolveCommandTests: XCTestCase {
    func solve(_ json: String) throws -> ProgramResult {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("system-\(UUID()).json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try runProgram(clavisExecutable, ["solve", file.path])
    }

    func values(_ output: String) throws -> [String: Double] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Double], output)
    }

    func testSolvesAndPrintsEveryVariable() throws {
        let result = try solve("""
            {"constraints": [
               {"terms": {"left": 1, "width": 1, "right": -1}, "op": "=="},
               {"terms": {"left": 1}, "constant": -10, "op": ">="},
               {"terms": {"width": 1}, "constant": -120, "op": "==", "strength": "weak"}
             ],
             "edits": [{"variable": "right", "strength": "strong", "value": 500}]}
            """)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try values(result.output), ["left": 380, "width": 120, "right": 500])
    }

    func testFullDoublePrecisionSurvivesTheRoundTrip() throws {
        let result = try solve(#"{"constraints": [{"terms": {"x": 3}, "constant": -1, "op": "=="}]}"#)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try values(result.output)["x"], 1.0 / 3.0)
    }

    func testUnsatisfiableRequiredConstraintNamesItsIndex() throws {
        let result = try solve("""
            {"constraints": [{"terms": {"x": 1}, "constant": -5, "op": ">="},
                             {"terms": {"x": 1}, "op": "<=", "strength": 1000},
                             {"terms": {"x": 1}, "constant": 1, "op": "<="}]}
            """)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "constraint 2: unsatisfiable required constraint\n")
    }

    func testBadInputExitsTwoNamingThePlace() throws {
        let cases: [(String, String)] = [
            (#"{"constraints": [{"terms": {"x": 1}, "op": "<>"}]}"#, "constraints[0].op: unknown op '<>'"),
            (#"{"constraints": [{"terms": {"x": 1}, "op": "==", "colour": 1}]}"#, "constraints[0].colour: unknown field 'colour'"),
            (#"{"constraints": [], "edit": []}"#, "edit: unknown field 'edit'"),
            (#"{"constraints": [{"terms": {"x": "a"}, "op": "=="}]}"#, "constraints[0].terms.x: expected a number"),
            (#"{"constraints": [{"op": "=="}]}"#, "constraints[0].terms: missing"),
            (#"{"edits": [{"variable": "x", "value": 1, "strength": "huge"}]}"#, "edits[0].strength: unknown strength 'huge'"),
            ("{\"constraints\": [\n  {\"terms\": {} \"op\": \"==\"}]}", "malformed JSON: line 2, column 16"),
            // Read by Foundation's decoder these were "malformed JSON" with no place, or accepted.
            (#"{"constraints": [{"terms": {"x": 1e400}, "op": "=="}]}"#, "malformed JSON: line 1, column 34: a number too large for a double (1e400)"),
            (#"{"constraints": [{"terms": {"\ud800": 1}, "op": "=="}]}"#, "malformed JSON: line 1, column 30: a lone surrogate (\\ud800) names no character"),
            (#"{"constraints": [{"terms": {"x": 1}, "op": "==", "strength": -1}]}"#, "constraints[0].strength: -1.0 is outside 0 (exclusive) to 1001001000 (required)"),
            (#"{"constraints": [{"terms": {"x": 1}, "op": "==", "strength": 1e308}]}"#, "constraints[0].strength: 1e+308 is outside 0 (exclusive) to 1001001000 (required)"),
            (#"[1]"#, "top level: expected an object"),
            // A chain of 20,000 took 12 s and 6.4 GB.
            ("{\"constraints\": [" + (0...2_000).map { "{\"terms\": {\"x\($0)\": 1, \"x\($0 + 1)\": -1}, \"constant\": 1, \"op\": \"<=\"}" }
                .joined(separator: ",") + "]}", "constraints: 2001 of them; at most 2000"),
        ]
        for (json, message) in cases {
            let result = try solve(json)
            XCTAssertEqual(result.status, 2, json)
            XCTAssertTrue(result.error.contains(message), "\(json) → \(result.error)")
            XCTAssertEqual(result.output, "")
        }
    }

    func testReadsStandardInput() throws {
        let process = Process()
        process.executableURL = clavisExecutable
        process.arguments = ["solve", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"constraints": [{"terms": {"y": 2}, "constant": -8, "op": "=="}]}"#.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(text, "{\"y\": 4.0}\n")
    }

    func testTheSameFileGivesIdenticalOutputInSeparateProcesses() throws {
        var random = SplitMix64(seed: 99)
        let system = RandomSystem(solver: Solver(), variables: 40, constraints: 120, using: &random)
        let entries = system.constraints.map { constraint -> String in
            let terms = constraint.expression.terms.map { "\"\($0.variable.name)\": \($0.coefficient)" }
            return "{\"terms\": {\(terms.joined(separator: ", "))}, \"constant\": \(constraint.expression.constant), "
                + "\"op\": \"\(constraint.relation.rawValue)\", \"strength\": \(constraint.strength.value)}"
        }
        let json = "{\"constraints\": [\(entries.joined(separator: ",\n"))], "
            + "\"edits\": [{\"variable\": \"x1\", \"value\": 12.5}]}"
        let first = try solve(json)
        let second = try solve(json)
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertEqual(first.output, second.output)
        XCTAssertEqual(try values(first.output).count, Set(system.constraints.flatMap { $0.expression.terms.map(\.variable) }).count)
    }

    /// Standard input was read whole, however much came. (One byte over: the child reads
    /// all that is sent, so the writer never meets a closed pipe.)
    func testInputPastTheLimitIsRefusedBeforeItIsAllRead() throws {
        let result = try runProgram(clavisExecutable, ["solve", "-"], timeout: 60, input: Data(count: (16 << 20) + 1))
        XCTAssertFalse(result.hung)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("clavis solve: <stdin>: over 16777216 bytes; not read"), result.error)
    }
}
