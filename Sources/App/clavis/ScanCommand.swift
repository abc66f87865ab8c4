import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisSession
import GtkKit

/// The id the demo window's actions are reached by on the session bus (the keyboard's is
/// `keyboardApplicationID`).
let demoApplicationID = "io.github.clavis.Demo"

/// `clavis scan next|select|back|start|stop|up|down|left|right`: a switch press for the
/// running keyboard's scanning, so anything that runs a command can be the switch.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Press a scanning switch of the running keyboard (or demo).",
        discussion: """
            For switch access through anything that can run a command: a compositor key binding \
            (sway's bindsym, a KDE shortcut), a joystick mapper, a script. Scanning must be on \
            (clavis settings --set scanning=step). next moves the highlight, select chooses what \
            it is on, back leaves the group, up/down/left/right move it in directed scanning, \
            start and stop start and stop the scan. See docs/accessibility.md.
            """)

    @Argument(help: ArgumentHelp("next, select, back, start, stop, up, down, left or right.", valueName: "command"))
    var command: ScanAction

    mutating func run() throws {
        let action = "scan-\(command.rawValue)"
        do {
            try RemoteAction.activate(action, application: keyboardApplicationID)
        } catch .notRunning {
            do {
                try RemoteAction.activate(action, application: demoApplicationID)
            } catch .notRunning {
                reportProblem("clavis: no keyboard is running (start one with `clavis keyboard`, or the demo)")
                throw ExitCode.failure
            } catch {
                reportProblem("clavis: cannot reach the demo: \(error)")
                throw ExitCode.failure
            }
        } catch {
            reportProblem("clavis: cannot reach the keyboard: \(error)")
            throw ExitCode.failure
        }
    }
}

/// What `clavis scan` asks the running keyboard for.
enum ScanAction: String, CaseIterable, ExpressibleByArgument {
    case next, select, back, start, stop, up, down, left, right

    /// Adds the `scan-…` actions to an application's actions, acting on `session`.
    @MainActor
    static func add(to actions: ApplicationActions, session: @escaping @MainActor () -> KeyboardSession?) {
        for action in allCases {
            actions.add("scan-\(action.rawValue)") {
                guard let session = session() else { return }
                switch action {
                case .start: session.access.scan(.start)
                case .stop: session.access.scan(.stop)
                case .next: session.access.scan(.tap(.next))
                case .select: session.access.scan(.tap(.select))
                case .back: session.access.scan(.tap(.back))
                case .up: session.access.scan(.tap(.up))
                case .down: session.access.scan(.tap(.down))
                case .left: session.access.scan(.tap(.left))
                case .right: session.access.scan(.tap(.right))
                }
            }
        }
    }
}
