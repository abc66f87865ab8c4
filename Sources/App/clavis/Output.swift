import ArgumentParser
import ClavisEngine
import ClavisFiles
import GtkKit

/// Starts GTK, or prints the one-line reason (no display) and exits 1.
@MainActor
func startGtk() throws {
    try startGtk {}
}

/// Starts GTK, then `prepare` (the settings and keyboards) while fontconfig sets up on another
/// thread (`Gtk.prepareFonts`); returns what `prepare` made. Without a display, `prepare` still
/// runs, so a broken layout or settings file is reported before the one-line reason and exit 1.
///
/// GTK first, then the settings and layouts: the first frame comes sooner that way
/// (docs/performance.md, "Start-up and memory").
///
///     let services = try startGtk { KeyboardServices(layoutReferences: [], themeReference: nil) }
@MainActor
func startGtk<Prepared>(preparing prepare: () -> Prepared) throws -> Prepared {
    let started = Result { () throws(GtkStartError) in try Gtk.start() }
    if case .success = started { Gtk.prepareFonts() }
    let prepared = prepare()
    if case .failure(let error) = started {
        reportProblem("clavis: \(error)")
        throw ExitCode.failure
    }
    return prepared
}
