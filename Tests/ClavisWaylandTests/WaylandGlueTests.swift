import Foundation
import Testing

/// The Wayland glue in Sources/Platform/CWayland is wayland-scanner's output, checked in because
/// SwiftPM ignores C files a build plugin generates: it must stay exactly what the script
/// makes from the installed wayland-protocols (input-method v1) and data/wayland.
@Suite struct WaylandGlueTests {
    @Test func theCheckedInGlueIsWhatWaylandScannerMakesFromTheProtocolXML() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-glue-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [root.appendingPathComponent("scripts/wayland-scanner.sh").path, output.path]
        script.standardOutput = FileHandle.nullDevice
        try script.run()
        script.waitUntilExit()
        try #require(script.terminationStatus == 0, "scripts/wayland-scanner.sh failed")
        let generated = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }
        #expect(generated.count == 10, "five protocols: a header and the code for each")
        for file in generated {
            let made = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
            let checkedIn = try String(contentsOf: root.appendingPathComponent("Sources/Platform/CWayland").appendingPathComponent(file), encoding: .utf8)
            #expect(made == checkedIn, "Sources/Platform/CWayland/\(file) differs from wayland-scanner's output: run scripts/wayland-scanner.sh Sources/Platform/CWayland")
        }
    }
}
