import Foundation
import XCTest

/// The `clavis` executable as users run it: options, errors, and installing it.
final class CommandLineTests: XCTestCase {
    /// The `clavis` built beside this test bundle.
    static let clavis = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("clavis")

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs a program with `environment` changes (nil removes a variable) and waits for it.
    func run(_ executable: URL, _ arguments: [String], environment changes: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }

    let noDisplay: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil]

    func testVersionAndHelp() throws {
        let version = try run(Self.clavis, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil,
                      version.output)
        let help = try run(Self.clavis, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: clavis"), help.output)
        XCTAssertTrue(help.output.contains("--layout"), help.output)
    }

    func testUnknownOptionsPrintUsageAndFail() throws {
        let result = try run(Self.clavis, ["--frobnicate"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.error.contains("Unknown option '--frobnicate'"), result.error)
        XCTAssertTrue(result.error.contains("Usage: clavis"), result.error)
    }

    func testNoDisplayIsOneClearLine() throws {
        let result = try run(Self.clavis, [], environment: noDisplay)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error,
                       "clavis: no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)\n")
        XCTAssertEqual(result.output, "")
    }

    func testABrokenLayoutFileNamesFileAndLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).rows")
        try "id: broken\nrow: q w\nrow: shift:huge\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run(Self.clavis, ["--layout", file.path], environment: noDisplay)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("\(file.path):3: error: unknown key width 'huge'"), result.error)
    }

    func testInstallPutsBinaryDataDesktopEntryAndIconWhereTheDesktopFindsThem() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/install.sh")
        let install = try run(URL(fileURLWithPath: "/bin/bash"),
                              [script.path, "--prefix", prefix.path, "--binary", Self.clavis.path])
        XCTAssertEqual(install.status, 0, install.error)

        let share = prefix.appendingPathComponent("share")
        for path in ["bin/clavis", "share/clavis/layouts/us.rows", "share/applications/clavis.desktop",
                     "share/icons/hicolor/scalable/apps/clavis.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        let validate = try run(URL(fileURLWithPath: "/usr/bin/env"),
                               ["desktop-file-validate", share.appendingPathComponent("applications/clavis.desktop").path])
        XCTAssertEqual(validate.status, 0, validate.output + validate.error)

        // The installed binary finds its layouts in PREFIX/share/clavis, not in the build tree:
        // it gets past loading the layout and stops only for want of a display.
        let installed = try run(prefix.appendingPathComponent("bin/clavis"), [],
                                environment: noDisplay.merging(["CLAVIS_DATA_DIR": nil]) { $1 })
        XCTAssertEqual(installed.status, 1, installed.error)
        XCTAssertTrue(installed.error.contains("no graphical display"), installed.error)

        let uninstall = try run(URL(fileURLWithPath: "/bin/bash"), [script.path, "--uninstall", "--prefix", prefix.path])
        XCTAssertEqual(uninstall.status, 0, uninstall.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/clavis").path))
    }
}
