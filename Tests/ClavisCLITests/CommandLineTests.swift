import Foundation
import XCTest

/// The `clavis` executable as users run it: options, errors, and installing it.
final class CommandLineTests: XCTestCase {
    let noDisplay: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil]

    func testVersionAndHelp() throws {
        let version = try runProgram(clavisExecutable, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil,
                      version.output)
        let help = try runProgram(clavisExecutable, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: clavis"), help.output)
        XCTAssertTrue(help.output.contains("demo (default)"), help.output)
        XCTAssertTrue(help.output.contains("solve"), help.output)
        XCTAssertTrue(help.output.contains("man clavis") && help.output.contains("docs/typing-into-apps.md"),
                      "where the rest is written: \(help.output)")
        let demoHelp = try runProgram(clavisExecutable, ["demo", "--help"])
        XCTAssertTrue(demoHelp.output.contains("--layout"), demoHelp.output)
    }

    func testUnknownOptionsPrintUsageAndFail() throws {
        let result = try runProgram(clavisExecutable, ["--frobnicate"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.error.contains("Unknown option '--frobnicate'"), result.error)
        XCTAssertTrue(result.error.contains("Usage: clavis"), result.error)
    }

    func testNoDisplayIsOneClearLine() throws {
        let result = try runProgram(clavisExecutable, [], environment: noDisplay)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error,
                       "clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n")
        XCTAssertEqual(result.output, "")
    }

    func testTypingIntoOtherAppsSaysWhatIsMissing() throws {
        // WAYLAND_DISPLAY names no compositor, and there is no X server to fall back on.
        let gone = ["DISPLAY": nil, "WAYLAND_DISPLAY": "/nonexistent/wayland-0"]
        let auto = try runProgram(clavisExecutable, ["keyboard"], environment: gone)
        XCTAssertEqual(auto.status, 1)
        XCTAssertEqual(auto.error, "clavis: cannot connect to the Wayland display '/nonexistent/wayland-0', and there is no X11 "
                       + "display to type into instead (DISPLAY is unset)\n")
        let wanted = try runProgram(clavisExecutable, ["keyboard", "--backend", "wayland"],
                                    environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": nil])
        XCTAssertEqual(wanted.status, 1)
        XCTAssertEqual(wanted.error, "clavis: cannot connect to the Wayland display 'wayland-0'\n",
                       "no fallback when asked for Wayland, and none of libwayland's own lines")
        let wayland = try runProgram(clavisExecutable, ["keyboard", "--backend", "x11"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": "wayland-0"])
        XCTAssertEqual(wayland.status, 1)
        XCTAssertTrue(wayland.error.hasPrefix("clavis: typing into other applications needs an X11 display, and this is a "
                                              + "Wayland session without one (WAYLAND_DISPLAY=wayland-0, DISPLAY unset)"), wayland.error)
        XCTAssertEqual(wayland.error.split(separator: "\n").count, 1, "one line")
        let none = try runProgram(clavisExecutable, ["keyboard"], environment: noDisplay)
        XCTAssertEqual(none.error, "clavis: typing into other applications needs an X11 display (DISPLAY is unset)\n")
        let help = try runProgram(clavisExecutable, ["--help"])
        for command in ["keyboard", "show", "hide", "toggle"] {
            XCTAssertTrue(help.output.contains("  \(command) "), "\(command) is listed: \(help.output)")
        }
    }

    func testShowWithoutASessionBusOrKeyboardSaysSo() throws {
        let result = try runProgram(clavisExecutable, ["show"],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "DISPLAY": nil])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("clavis: cannot show the keyboard: no D-Bus session bus ("), result.error)
    }

    /// The keyboard exited 1 with no word when its X server went away.
    func testLosingTheXServerIsSaid() throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        let number = Pipe()
        server.arguments = ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        server.standardOutput = number
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { server.terminate() } }
        var digits = Data()
        while !digits.contains(UInt8(ascii: "\n")) {
            let byte = number.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { return XCTFail("Xvfb gave no display number") }
            digits += byte
        }
        let display = ":" + String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { server.terminate() }
        let result = try runProgram(clavisExecutable, [], environment: ["DISPLAY": display, "WAYLAND_DISPLAY": nil, "NO_AT_BRIDGE": "1"], timeout: 30)
        XCTAssertFalse(result.hung)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasSuffix("clavis: lost the display \(display) (the X server closed the connection)\n"), result.error)
    }

    func testABrokenLayoutIsReportedAndSkippedNotFatal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).yaml")
        try "id: broken\nlayers:\n  a:\n    rows: ['q shfit']\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProgram(clavisExecutable, ["--layout", file.path], environment: noDisplay)
        // The keyboard falls back to the built-in layout and gets as far as the display.
        XCTAssertTrue(result.error.contains("\(file.path):4:15: error: unknown key 'shfit'"), result.error)
        XCTAssertTrue(result.error.contains("clavis: skipping layout '\(file.path)'"), result.error)
        XCTAssertTrue(result.error.hasSuffix("clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n"), result.error)
        XCTAssertEqual(result.status, 1)
    }

    func testSettingsListShowsEveryValueAndWhatItTakes() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        XCTAssertEqual(try runProgram(clavisExecutable, ["settings", "--set", "long-press-delay=0.8", "--set", "autoCorrection=off"],
                                      environment: environment).status, 0)
        let listed = try runProgram(clavisExecutable, ["settings", "--list"], environment: environment)
        XCTAssertEqual(listed.status, 0, listed.error)
        let lines = listed.output.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("longPressDelay = 0.8 ") && $0.contains("(0.2 to 1.5 seconds)") }, listed.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("autoCorrection = off ") && $0.contains("(on/off)") }, listed.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("scanning = off ") && $0.contains("(off, auto, step, directed, hold)") }, listed.output)
        XCTAssertGreaterThanOrEqual(lines.count, 26)
    }

    /// A setting an input mode declares (Korean's) is set, listed and kept like Clavis's own.
    func testAnInputModesOwnSettingIsSetListedAndWritten() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        let set = try runProgram(clavisExecutable, ["settings", "--set", "korean-backspace-deletes-syllable=on"], environment: environment)
        XCTAssertEqual(set.status, 0, set.error)
        let listed = try runProgram(clavisExecutable, ["settings", "--list"], environment: environment)
        XCTAssertTrue(listed.output.split(separator: "\n").contains { $0.hasPrefix("koreanBackspaceDeletesSyllable = on ") && $0.contains("(on/off)") },
                      listed.output)
        let file = try Data(contentsOf: config.appendingPathComponent("clavis/settings.json"))
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: file) as? [String: Any])
        XCTAssertEqual(fields["koreanBackspaceDeletesSyllable"] as? Bool, true)
        let wrong = try runProgram(clavisExecutable, ["settings", "--set", "korean-backspace-deletes-syllable=2"], environment: environment)
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.error.contains("takes on or off"), wrong.error)
    }

    /// `clavis setup gnome` and its undo, on GSettings' key-file back end in a private folder
    /// (the schemas are GNOME's own, installed with gnome-shell).
    func testSetupGnomeMakesClavisTheFirstSourceEnablesTheExtensionAndUndoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-setup-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
                           "XDG_DATA_DIRS": folder.appendingPathComponent("none").path, "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas"]
        let uuid = "clavis@clavis-keyboard.github.io"
        func gsettings(_ arguments: String...) throws -> String {
            try runProgram(URL(fileURLWithPath: "/usr/bin/gsettings"), arguments, environment: environment).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try gsettings("set", "org.gnome.desktop.input-sources", "sources", "[('xkb', 'de')]")
        _ = try gsettings("set", "org.gnome.shell", "disabled-extensions", "['\(uuid)']")

        let setUp = try runProgram(clavisExecutable, ["setup", "gnome"], environment: environment)
        XCTAssertEqual(setUp.status, 0, setUp.error)
        XCTAssertEqual(try gsettings("get", "org.gnome.desktop.input-sources", "sources"), "[('ibus', 'clavis'), ('xkb', 'de')]")
        XCTAssertEqual(try gsettings("get", "org.gnome.shell", "enabled-extensions"), "['\(uuid)']")
        XCTAssertEqual(try gsettings("get", "org.gnome.shell", "disabled-extensions"), "@as []")
        XCTAssertTrue(setUp.error.contains("the extension is not installed"), setUp.error)

        let undone = try runProgram(clavisExecutable, ["setup", "gnome", "--undo"], environment: environment)
        XCTAssertEqual(undone.status, 0, undone.error)
        XCTAssertEqual(try gsettings("get", "org.gnome.desktop.input-sources", "sources"), "[('xkb', 'de')]")
        XCTAssertEqual(try gsettings("get", "org.gnome.shell", "enabled-extensions"), "@as []")

        let unknown = try runProgram(clavisExecutable, ["setup", "kde"], environment: environment)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.error, "clavis setup: unknown desktop 'kde'; known: gnome\n")
    }

    func testSettingsRefuseWhatTheKeyboardWouldSkipAndKeepTheFile() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let file = config.appendingPathComponent("clavis/settings.json")
        let environment = ["XDG_CONFIG_HOME": config.path]
        let unknown = try runProgram(clavisExecutable, ["settings", "--set", "enabledKeyboards=us,nope"], environment: environment)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.error, "clavis settings: unknown keyboard 'nope'; installed: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, phone, url, us\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "nothing written")
        XCTAssertEqual(try runProgram(clavisExecutable, ["settings", "--set", "enabledKeyboards=us,de"], environment: environment).status, 0)
        let saved = try Data(contentsOf: file)
        let theme = try runProgram(clavisExecutable, ["settings", "--set", "soundsEnabled=off", "--set", "theme=neon"],
                                   environment: environment)
        XCTAssertEqual(theme.status, 2)
        XCTAssertTrue(theme.error.hasPrefix("clavis settings: unknown theme 'neon'; installed: system, light, dark, high-contrast"), theme.error)
        XCTAssertEqual(try Data(contentsOf: file), saved, "the file is unchanged, the valid assignment before it included")
    }

    /// 60,000 nested brackets crashed `check`, and once enabled, every start of the demo.
    func testADeeplyNestedLayoutIsRefusedBySettingsAndSkippedAtStart() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let deep = config.appendingPathComponent("deep.yaml")
        try ("id: t\nlayers: " + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000) + "\n")
            .write(to: deep, atomically: true, encoding: .utf8)
        let located = "\(deep.path):2:208: error: YAML: collections nested more than 200 levels deep"
        let check = try runProgram(clavisExecutable, ["check", deep.path], timeout: 30)
        XCTAssertEqual(check.status, 1, check.error)
        XCTAssertEqual(check.output, located + "\n")

        let environment = ["XDG_CONFIG_HOME": config.path]
        let set = try runProgram(clavisExecutable, ["settings", "--set", "enabledKeyboards=us,\(deep.path)"], environment: environment)
        XCTAssertEqual(set.status, 2)
        XCTAssertTrue(set.error.hasPrefix("clavis settings: keyboard '\(deep.path)' has 1 problem"), set.error)
        XCTAssertTrue(set.error.hasSuffix(located + "\n"), set.error)

        // Written by hand all the same: the keyboard starts with the layouts that load.
        let file = config.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "{\"enabledKeyboards\": [\"us\", \"\(deep.path)\"]}".write(to: file, atomically: true, encoding: .utf8)
        let start = try runProgram(clavisExecutable, [], environment: noDisplay.merging(environment) { $1 }, timeout: 30)
        XCTAssertFalse(start.signalled, start.error)
        XCTAssertTrue(start.error.contains(located), start.error)
        XCTAssertTrue(start.error.hasSuffix("clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n"), start.error)
    }

    /// A theme is accepted only when `clavis check` accepts it: any readable file was.
    func testSettingsRefuseThemesWithProblems() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let garbage = config.appendingPathComponent("garbage.css")
        try Data([0x7B, 0x7B, 0xFF, 0x00, 0x41]).write(to: garbage)
        let environment = ["XDG_CONFIG_HOME": config.path]
        for (theme, problem) in [("../../../../etc/passwd", "../../../../etc/passwd:1:1: error: "), (garbage.path, "\(garbage.path):1:4: error: a NUL byte")] {
            let result = try runProgram(clavisExecutable, ["settings", "--set", "theme=\(theme)"], environment: environment)
            XCTAssertEqual(result.status, 2, theme)
            XCTAssertTrue(result.error.hasPrefix("clavis settings: theme '\(theme)' has "), result.error)
            XCTAssertTrue(result.error.contains("; the first: \(problem)"), result.error)
        }
        // Over the size limit, the file is not read past it.
        let huge = config.appendingPathComponent("huge.css")
        try String(repeating: "a { color: red; }\n", count: 5_000).write(to: huge, atomically: true, encoding: .utf8)
        let check = try runProgram(clavisExecutable, ["check", huge.path])
        XCTAssertEqual(check.output, "\(huge.path): error: the theme is over 65536 bytes; at most that many are read\n")
        XCTAssertEqual(try runProgram(clavisExecutable, ["settings", "--set", "theme=dark"], environment: environment).status, 0)
    }

    func testAHandEditedSettingsFileWithAnUnknownKeyboardStillLoadsAndSaysWhere() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let file = config.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "{\n  \"enabledKeyboards\": [\"us\",\n    \"nope\"]\n}\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try runProgram(clavisExecutable, [],
                                    environment: noDisplay.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
        let message = "clavis: \(file.path):3:5: unknown keyboard 'nope' in enabledKeyboards "
            + "(installed: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, phone, url, us); skipping it\n"
        XCTAssertEqual(result.error.components(separatedBy: message).count - 1, 1, result.error)
        XCTAssertFalse(result.error.contains("skipping layout 'us'"), result.error)
        XCTAssertTrue(result.error.hasSuffix("clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n"), result.error)
    }

    func testInstallPutsBinaryDataDesktopEntryAndIconWhereTheDesktopFindsThem() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/install.sh")
        let install = try runProgram(URL(fileURLWithPath: "/bin/bash"),
                              [script.path, "--prefix", prefix.path, "--binary", clavisExecutable.path])
        XCTAssertEqual(install.status, 0, install.error)

        let share = prefix.appendingPathComponent("share")
        for path in ["bin/clavis", "share/clavis/layouts/us.yaml", "share/clavis/sounds/delete.wav", "share/clavis/text/en.clx",
                     "share/clavis/text/de.clx", "share/applications/clavis.desktop",
                     "share/applications/clavis-keyboard.desktop", "share/applications/clavis-virtual-keyboard.desktop",
                     "share/icons/hicolor/scalable/apps/clavis.svg", "share/metainfo/io.github.clavis_keyboard.Clavis.metainfo.xml",
                     "share/man/man1/clavis.1.gz", "share/bash-completion/completions/clavis", "share/zsh/vendor-completions/_clavis",
                     "share/fish/vendor_completions.d/clavis.fish", "share/gnome-shell/extensions/clavis@clavis-keyboard.github.io/extension.js",
                     "share/gnome-shell/extensions/clavis@clavis-keyboard.github.io/metadata.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        for entry in ["clavis.desktop", "clavis-keyboard.desktop", "clavis-virtual-keyboard.desktop"] {
            let validate = try runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["desktop-file-validate", share.appendingPathComponent("applications/\(entry)").path])
            XCTAssertEqual(validate.status, 0, validate.output + validate.error)
        }
        // Plasma's Virtual Keyboard page lists the entries that say so, and KWin starts the
        // Exec line itself, whatever its PATH.
        let virtualKeyboard = try String(contentsOf: share.appendingPathComponent("applications/clavis-virtual-keyboard.desktop"), encoding: .utf8)
        XCTAssertTrue(virtualKeyboard.contains("X-KDE-Wayland-VirtualKeyboard=true"), virtualKeyboard)
        XCTAssertTrue(virtualKeyboard.contains("Exec=\(prefix.path)/bin/clavis keyboard --dock"), virtualKeyboard)

        // The installed binary finds its layouts in PREFIX/share/clavis, not in the build tree:
        // it gets past loading the layout and stops only for want of a display.
        let installed = try runProgram(prefix.appendingPathComponent("bin/clavis"), [],
                                environment: noDisplay.merging(["CLAVIS_DATA_DIR": nil]) { $1 })
        XCTAssertEqual(installed.status, 1, installed.error)
        XCTAssertEqual(installed.error,
                       "clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n")
        let check = try runProgram(prefix.appendingPathComponent("bin/clavis"), ["check", "us", "numpad", "fr"],
                                   environment: ["CLAVIS_DATA_DIR": nil])
        XCTAssertEqual(check.status, 0, check.output + check.error)
        // …and its lexicons there too.
        let suggest = try runProgram(prefix.appendingPathComponent("bin/clavis"), ["suggest", "--language", "en"],
                                     environment: ["CLAVIS_DATA_DIR": nil, "CLAVIS_TEXT_DIR": nil], timeout: 30,
                                     input: Data("see you tomor\n".utf8))
        XCTAssertEqual(suggest.status, 0, suggest.error)
        XCTAssertTrue(suggest.output.contains("\"tomorrow\""), suggest.output)

        let uninstall = try runProgram(URL(fileURLWithPath: "/bin/bash"), [script.path, "--uninstall", "--prefix", prefix.path])
        XCTAssertEqual(uninstall.status, 0, uninstall.error)
        for path in ["bin/clavis", "share/man/man1/clavis.1.gz", "share/bash-completion/completions/clavis",
                     "share/metainfo/io.github.clavis_keyboard.Clavis.metainfo.xml", "share/gnome-shell/extensions/clavis@clavis-keyboard.github.io"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
    }
}
