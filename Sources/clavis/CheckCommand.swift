import ArgumentParser
import ClavisLayout

/// `clavis check FILE...`: validates layout files and prints every problem.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout files and print every problem as FILE:LINE:COLUMN: error: message.",
        discussion: """
            Checks YAML syntax, fields and types, key and layer names, constraints, conflicting \
            required constraints, keys that overlap or fall outside the keyboard when solved at \
            400x700 (portrait) and 1280x360 (landscape), and layers with no way back to the \
            first. Exit status: 0 when every file is clean, 1 when not.
            """
    )

    @Argument(help: ArgumentHelp("Layout files (or built-in ids).", valueName: "file"))
    var files: [String]

    func run() throws {
        var clean = true
        for file in files {
            let problems: [LayoutError]
            do {
                let layout = try LayoutLibrary().load(file)
                problems = LayoutChecker().check(layout)
            } catch {
                problems = error.errors
            }
            for problem in problems { print(problem) }
            if problems.isEmpty { printError("\(file): ok") } else { clean = false }
        }
        if !clean { throw ExitCode.failure }
    }
}
