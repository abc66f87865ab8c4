import ArgumentParser
import ClavisEngine
import FoundationEssentials
import GtkKit

/// Writes one line to standard error.
func printError(_ line: String) {
    reportProblem(line)
}

/// Starts GTK, or prints the one-line reason (no display) and exits 1.
@MainActor
func startGtk() throws {
    do {
        try Gtk.start()
    } catch {
        printError("clavis: \(error)")
        throw ExitCode.failure
    }
}
