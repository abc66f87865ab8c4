@testable import ClavisSound
import Foundation
import Testing

@Suite struct PulseServerAddressTests {
    @Test func theRuntimeDirectoryThenTheSystemDaemon() {
        #expect(PulseServerAddress.socketPaths(["XDG_RUNTIME_DIR": "/run/user/1000"], user: 1000)
            == ["/run/user/1000/pulse/native", "/var/run/pulse/native"])
        #expect(PulseServerAddress.socketPaths([:], user: 1001) == ["/run/user/1001/pulse/native", "/var/run/pulse/native"])
    }

    /// PULSE_SERVER is the whole list when set: its local sockets, in order; remote entries
    /// are left to libcanberra.
    @Test func pulseServerListsTheLocalSockets() {
        let environment = ["PULSE_SERVER": "tcp:studio:4713 {0123abcd}unix:/tmp/a.sock  /tmp/b.sock studio", "XDG_RUNTIME_DIR": "/run/user/5"]
        #expect(PulseServerAddress.socketPaths(environment, user: 5) == ["/tmp/a.sock", "/tmp/b.sock"])
        #expect(PulseServerAddress.socketPaths(["PULSE_SERVER": "tcp:studio"], user: 5) == [])
        #expect(PulseServerAddress.socketPaths(["PULSE_SERVER": " "], user: 5) == ["/run/user/5/pulse/native", "/var/run/pulse/native"])
    }

    @Test func theCookieIsTheFirstOfPulseCookieConfigAndHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-cookie-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config/pulse", withIntermediateDirectories: true)
        #expect(PulseServerAddress.cookie(["HOME": home]) == [UInt8](repeating: 0, count: 256))
        let legacy = [UInt8](repeating: 1, count: 256)
        try Data(legacy).write(to: URL(fileURLWithPath: home + "/.pulse-cookie"))
        #expect(PulseServerAddress.cookie(["HOME": home]) == legacy)
        let config = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        try Data(config).write(to: URL(fileURLWithPath: home + "/.config/pulse/cookie"))
        #expect(PulseServerAddress.cookie(["HOME": home]) == Array(config.prefix(256)))
        let short = home + "/short"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: short))
        #expect(PulseServerAddress.cookie(["HOME": home, "PULSE_COOKIE": short]) == Array(config.prefix(256)), "a short cookie is skipped")
        let named = home + "/named"
        try Data(legacy.map { $0 + 1 }).write(to: URL(fileURLWithPath: named))
        #expect(PulseServerAddress.cookie(["HOME": home, "PULSE_COOKIE": named]) == legacy.map { $0 + 1 })
    }
}
