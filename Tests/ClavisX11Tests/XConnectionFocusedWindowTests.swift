import ClavisX11
import Foundation
import Testing

/// Where the user types on X11, for the monitor a docked keyboard goes on: the centre of the
/// focused window, also when a window manager that ended left its `_NET_ACTIVE_WINDOW` behind.
@MainActor
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil
                    || ProcessInfo.processInfo.environment["CLAVIS_REQUIRE_DISPLAY"] != nil))
struct XConnectionFocusedWindowTests {
    @discardableResult
    func run(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try? process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func theFocusedWindowsCentreEvenWithAStaleActiveWindow() throws {
        let connection = try XConnection()
        let title = "focus-centre-\(UUID().uuidString.prefix(8))"
        let xterm = Process()
        xterm.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
        xterm.arguments = ["-T", title, "-geometry", "40x10+700+500", "-e", "sleep 60"]
        try xterm.run()
        defer { xterm.terminate() }
        var id = ""
        for _ in 0..<100 where id.isEmpty {
            id = run(["xdotool", "search", "--name", "^\(title)$"]).trimmingCharacters(in: .whitespacesAndNewlines)
            if id.isEmpty { usleep(50_000) }
        }
        #expect(!id.isEmpty, "the xterm never mapped")
        // What a window manager that ended leaves: its active window, no longer there.
        run(["xprop", "-root", "-f", "_NET_ACTIVE_WINDOW", "32a", "-set", "_NET_ACTIVE_WINDOW", "0x3fffff"])
        defer { run(["xprop", "-root", "-remove", "_NET_ACTIVE_WINDOW"]) }
        run(["xdotool", "windowfocus", "--sync", id])
        let info = run(["xwininfo", "-id", id])
        func field(_ name: String) -> Int32 {
            info.split(separator: "\n").first { $0.contains(name) }
                .flatMap { Int32($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? -1
        }
        let (x, y, width, height) = (field("Absolute upper-left X"), field("Absolute upper-left Y"), field("Width"), field("Height"))
        let centre = try #require(connection.focusedWindowCentre())
        // (xwininfo's corner is the border's, one pixel out.)
        #expect(abs(centre.x - (x + width / 2)) <= 2 && abs(centre.y - (y + height / 2)) <= 2, "\(centre) for \(info)")
        #expect(x == 700 && y == 500)
    }
}
