import ArgumentParser
import Foundation
import GtkKit

/// Writes one line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
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
