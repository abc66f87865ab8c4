import ArgumentParser
import ClavisFiles
import ClavisHost

/// `clavis setup gnome`: Clavis as GNOME's keyboard in one step — the first input source and
/// its Shell extension enabled — and `--undo` to take both back.
struct SetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Make Clavis the desktop's keyboard (setup gnome), or undo it (--undo).",
        discussion: """
            setup gnome puts Clavis first among GNOME's input sources (Settings → Keyboard → \
            Input Sources; the others keep their places) and enables Clavis's GNOME Shell \
            extension (\(GnomeSetup.extensionUUID)), which keeps GNOME's own keyboard closed \
            while Clavis types and lets Ctrl, Alt and Super shortcuts reach Wayland \
            applications. GNOME Shell loads an extension installed after you logged in only \
            at the next login. setup gnome --undo removes Clavis from the input sources and \
            disables the extension.
            """
    )

    @Argument(help: ArgumentHelp("The desktop: gnome.", valueName: "desktop"))
    var desktop: String

    @Flag(help: "Take the set-up back.")
    var undo = false

    func run() throws {
        guard desktop == "gnome" else {
            reportProblem("clavis setup: unknown desktop '\(desktop)'; known: gnome")
            throw ExitCode(2)
        }
        let sources: GSettingsList, extensions: GSettingsList, disabled: GSettingsList
        do {
            sources = try GSettingsList(schema: "org.gnome.desktop.input-sources", key: "sources")
            extensions = try GSettingsList(schema: "org.gnome.shell", key: "enabled-extensions")
            disabled = try GSettingsList(schema: "org.gnome.shell", key: "disabled-extensions")
        } catch {
            reportProblem("clavis setup gnome: \(error) (is GNOME Shell installed?); nothing was changed")
            throw ExitCode(1)
        }
        let on = !undo
        let before = sources.pairs.map { GnomeSetup.InputSource(type: $0.0, id: $0.1) }
        let after = GnomeSetup.sources(before, on: on)
        sources.pairs = after.map { ($0.type, $0.id) }
        extensions.strings = GnomeSetup.extensions(extensions.strings, on: on)
        disabled.strings = GnomeSetup.disabledExtensions(disabled.strings, on: on)
        GSettingsList.sync()
        let listed = after.isEmpty ? "the system's layout" : after.map(\.description).joined(separator: ", ")
        if on {
            print("Clavis is GNOME's first input source (input sources: \(listed)); its GNOME Shell extension is enabled.")
            if let folder = GnomeSetup.installedExtension() {
                print("The extension is in \(folder); if it was installed after you logged in, log out and in.")
                if disabled.flag(named: "disable-user-extensions"), !folder.hasPrefix("/usr/") {
                    reportProblem("clavis setup gnome: extensions you installed yourself are switched off (the Extensions application's switch); "
                                  + "turn them on for Clavis's")
                }
            } else {
                reportProblem("clavis setup gnome: the extension is not installed (scripts/install.sh or the package installs it): "
                              + "Clavis types without it, but GNOME's own keyboard also comes up on touchscreens and shortcuts do not reach Wayland applications")
            }
        } else {
            print("Clavis is no longer an input source (input sources: \(listed)); its GNOME Shell extension is disabled.")
        }
    }
}
