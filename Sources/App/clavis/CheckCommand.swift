import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisUI
import Glibc

/// `clavis check FILE...`: validates layout and theme files and prints every problem.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout and theme files and print every problem as FILE:LINE:COLUMN: error: message.",
        discussion: """
            Layouts: YAML syntax, fields and types, key and layer names, constraints, conflicting \
            required constraints, keys that overlap or fall outside the keyboard when solved at \
            400x700 (portrait) and 1280x360 (landscape), and layers with no way back to the \
            first. Themes (files ending in .css): GTK CSS syntax, properties and values, as the \
            keyboard would load them. Every problem in a file's content names its line and \
            column. Exit status: 0 when every file is clean, 1 when a file has problems, 2 when \
            a file could not be read at all (missing, unreadable, or no such built-in).
            """
    )

    @Argument(help: ArgumentHelp("Layout files (or built-in ids) and theme files (.css).", valueName: "file"))
    var files: [String]

    func run() throws {
        var status: Int32 = 0
        for file in files {
            let problems = file.hasSuffix(".css") ? themeProblems(file) : layoutProblems(file)
            for problem in problems.located { print(problem) }
            for problem in problems.unreadable { reportProblem(problem) }
            if !problems.unreadable.isEmpty {
                status = 2
            } else if problems.located.isEmpty {
                reportProblem("\(file): ok")
            } else {
                status = max(status, 1)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// A layout's problems; those without a line mean the file could not be read.
    private func layoutProblems(_ file: String) -> (located: [String], unreadable: [String]) {
        let problems: [LayoutError]
        do {
            let layout = try LayoutLibrary.installed.load(file)
            problems = LayoutChecker().check(layout)
        } catch {
            problems = error.errors
        }
        return (problems.filter { $0.line > 0 }.map(\.description), problems.filter { $0.line == 0 }.map(\.description))
    }

    private func themeProblems(_ file: String) -> (located: [String], unreadable: [String]) {
        guard access(file, R_OK) == 0 else {
            return ([], ["\(file): error: cannot read the file"])
        }
        return (MainActor.assumeIsolated { ThemeManager.problems(inFile: file) }, [])
    }
}
