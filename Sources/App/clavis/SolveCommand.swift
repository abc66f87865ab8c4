import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisFormats
import ClavisSolverFile
#if canImport(Glibc)
import Glibc
#endif

/// `clavis solve FILE`: solves a constraint system given as JSON and prints every variable.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve a constraint system given as JSON and print every variable's value.",
        discussion: """
            Input: {"constraints": [{"terms": {"x": 1, "y": -2}, "constant": 10, "op": "<=", \
            "strength": "strong"}], "edits": [{"variable": "x", "strength": "strong", "value": 300}]}
            Each constraint means sum(coefficient * variable) + constant (op) 0; strength is \
            required (the default), strong, medium, weak or a number. Output: one JSON object \
            {"name": value, ...} at full double precision.
            Exit status: 0 solved, 1 unsatisfiable or rejected by the solver, 2 bad input.
            """
    )

    @Argument(help: ArgumentHelp("The JSON file, or - for standard input.", valueName: "file"))
    var file: String

    /// The most bytes read: `maximumConstraints` constraints of a few hundred bytes each fit
    /// many times over.
    static let maximumInput = 16 << 20

    func run() throws {
        var bytes: [UInt8] = []
        var whole = true
        if file == "-" {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while whole {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += chunk.prefix(count)
                whole = bytes.count <= Self.maximumInput
            }
        } else {
            do {
                (bytes, whole) = try Files.readPrefix(file, count: Self.maximumInput)
            } catch {
                reportProblem("clavis solve: \(file): cannot read the file (\(error.reason))")
                throw ExitCode(2)
            }
        }
        guard whole else {
            reportProblem("clavis solve: \(file == "-" ? "<stdin>" : file): over \(Self.maximumInput) bytes; not read")
            throw ExitCode(2)
        }
        let system: ConstraintSystemFile
        do {
            system = try ConstraintSystemFile.parse(bytes)
        } catch {
            reportProblem("clavis solve: \(file == "-" ? "<stdin>" : file): \(error.message)")
            throw ExitCode(2)
        }
        do {
            let values = try system.solve()
            let fields = values.map { "\(JSONValue.string($0.0).text()): \($0.1)" }
            print("{" + fields.joined(separator: ", ") + "}")
        } catch {
            reportProblem(error.description)
            throw ExitCode(1)
        }
    }
}
