import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisSession
import GtkKit

/// Watches the files of the enabled keyboards: a layout saved while Clavis runs is loaded
/// again at once; a broken one is reported with its file, line and column, and the keyboard
/// keeps the last good version.
///
///     let watcher = LayoutWatcher(session: session)
@MainActor
public final class LayoutWatcher {
    /// Where problems are reported (standard error by default).
    public var onProblem: (String) -> Void = { reportProblem("clavis: \($0)") }
    private weak var session: KeyboardSession?
    private var watchers: [FileWatcher] = []

    public init(session: KeyboardSession) {
        self.session = session
        for layout in session.keyboards.layouts where Files.exists(layout.file) {
            let path = layout.file
            watchers.append(FileWatcher(path: path) { [weak self] in self?.reload(path) })
        }
    }

    private func reload(_ path: String) {
        guard let session, Files.exists(path) else { return }
        do {
            let layout = try session.library.load(file: path, shownAs: path)
            let problems = LayoutChecker().check(layout)
            guard problems.isEmpty else { throw LayoutErrors(errors: problems) }
            session.keyboards.replace(layout)
        } catch let errors as LayoutErrors {
            for error in errors.errors { onProblem(error.description) }
            onProblem("keeping the last good version of \(path)")
        } catch {
            onProblem("\(path): \(error)")
        }
    }
}
