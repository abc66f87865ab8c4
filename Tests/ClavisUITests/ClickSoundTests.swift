import ClavisLayout
import ClavisSound
import ClavisSession
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// The clicks are real: keys pressed in the demo play through the sound server's sample cache
/// into a PulseAudio null sink, and the recording shows one burst per press, a character click
/// and a delete click told apart by pitch. Clavis speaks to the server itself; libcanberra
/// comes into the process only where no local server answers.
final class ClickSoundTests: XCTestCase {
    func testEachPressPlaysItsOwnClick() throws {
        let server = try startServer()
        defer { server.stop() }
        try server.startRecording()

        let samples: [Int16] = try MainActor.assumeIsolated {
            try GUI.start()
            GUI.settle(seconds: 1.5)  // the recorder's warm-up: earlier sound is lost
            let warnings = WarningLog()
            let player = ClickSoundPlayer(environment: { server.environment }, onProblem: { warnings.append($0) })
            let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("us")], sounds: player))
            defer { gtk_widget_destroy(demo.window) }
            demo.present()
            GUI.wait("the keyboard") { gtk_widget_get_mapped(demo.keyboard.widget) != 0 && demo.keyboard.geometry.width > 0 }
            GUI.settle(seconds: 0.4)
            let canberraBefore = try mapsCanberra()
            for key in ["m", "backspace", "shift"] {
                let frame = demo.keyboard.geometry.frame(ofKey: key)!
                GUI.click(demo.keyboard.widget, x: frame.midX, y: frame.midY)
                GUI.settle(seconds: 0.35)
            }
            player.flush()
            GUI.settle(seconds: 0.6)
            XCTAssertEqual(warnings.messages, [], "the player warned")
            XCTAssertEqual(player.route, .soundServer, "the clicks did not go to the server's sample cache")
            XCTAssertEqual(try mapsCanberra(), canberraBefore, "libcanberra was loaded for the clicks")
            return server.stopRecording()
        }
        let bursts = Burst.find(in: samples)
        XCTAssertEqual(bursts.count, 3, "\(bursts)")
        guard bursts.count == 3 else { return }
        // character.wav is 2400 Hz for 14 ms, delete.wav 700 Hz for 40 ms, modifier.wav two 1500 Hz ticks.
        XCTAssertEqual(bursts[0].frequency, 2400, accuracy: 400, "character: \(bursts[0])")
        XCTAssertEqual(bursts[1].frequency, 700, accuracy: 150, "delete: \(bursts[1])")
        XCTAssertEqual(bursts[2].frequency, 1500, accuracy: 300, "modifier: \(bursts[2])")
        XCTAssertGreaterThan(bursts[1].length, bursts[0].length, "the delete click is the longer one")
    }

    /// The volume setting and the event role reach the server: a long click played at −12 dB
    /// is a sink input of Clavis's at −12 dB with the event role, while it plays.
    func testTheClickPlaysAtTheSetVolumeWithTheEventRole() throws {
        let server = try startServer()
        defer { server.stop() }
        let sounds = server.directory.appendingPathComponent("sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        for name in ["character", "delete", "modifier"] {
            try Self.wave(seconds: 2).write(to: sounds.appendingPathComponent("\(name).wav"))
        }
        let inputs: String = try MainActor.assumeIsolated {
            let player = ClickSoundPlayer(directory: sounds.path, environment: { server.environment }, onProblem: { XCTFail($0) })
            player.volumeDecibels = -12
            player.play(.character)
            player.flush()
            GUI.settle(seconds: 0.5)
            return try server.control(["list", "sink-inputs"])
        }
        XCTAssertTrue(inputs.contains("-12.00 dB"), inputs)
        XCTAssertTrue(inputs.contains("media.role = \"event\""), inputs)
        XCTAssertTrue(inputs.contains("application.name = \"Clavis\""), inputs)
        XCTAssertTrue(inputs.contains("event.id = \"clavis-character\""), inputs)
    }

    /// A server that admits only its own user or the holder of its cookie (PulseAudio's
    /// default) lets Clavis in without the cookie: the kernel tells it who is on the other end
    /// of the socket.
    func testAServerWithoutAnonymousAccessAdmitsTheClicks() throws {
        let server = try startServer(anonymous: false)
        defer { server.stop() }
        try server.startRecording()
        let samples: [Int16] = MainActor.assumeIsolated {
            GUI.settle(seconds: 1.5)
            let warnings = WarningLog()
            // No HOME: the server's cookie, in its home, is out of reach.
            let player = ClickSoundPlayer(environment: { ["PULSE_SERVER": server.address] }, onProblem: { warnings.append($0) })
            player.play(.delete)
            player.flush()
            GUI.settle(seconds: 0.5)
            XCTAssertEqual(warnings.messages, [])
            XCTAssertEqual(player.route, .soundServer)
            return server.stopRecording()
        }
        XCTAssertEqual(Burst.find(in: samples).count, 1)
    }

    /// Clicks the server's cache no longer holds (removed by another client, or the cache
    /// emptied) are uploaded again: the play that found them gone is lost, the next plays.
    func testClicksRemovedFromTheServersCacheAreUploadedAgain() throws {
        let server = try startServer()
        defer { server.stop() }
        try server.startRecording()
        let warnings = WarningLog()
        let samples: [Int16] = try MainActor.assumeIsolated {
            GUI.settle(seconds: 1.5)
            let player = ClickSoundPlayer(environment: { server.environment }, onProblem: { warnings.append($0) })
            player.play(.character)
            player.flush()
            GUI.settle(seconds: 0.3)
            XCTAssertTrue(try server.control(["list", "short", "samples"]).contains("clavis-character"))
            try server.control(["remove-sample", "clavis-character"])
            XCTAssertFalse(try server.control(["list", "short", "samples"]).contains("clavis-character"))
            for _ in 0..<2 {
                player.play(.character)
                player.flush()
                GUI.settle(seconds: 0.3)
            }
            XCTAssertTrue(try server.control(["list", "short", "samples"]).contains("clavis-character"),
                          "the click was not uploaded again")
            return server.stopRecording()
        }
        XCTAssertEqual(warnings.messages, [])
        XCTAssertEqual(Burst.find(in: samples).count, 2, "\(Burst.find(in: samples))")
    }

    /// Where no server listens on a local socket, libcanberra takes the clicks (it also knows
    /// ALSA and remote servers); here it finds nothing either: no warning at start (a machine
    /// without speakers is no fault), the reason once where asked (`--verbose`, the settings'
    /// Sound page).
    func testWithoutALocalServerTheClicksGoThroughLibcanberra() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-no-pulse-\(UUID())").path
        // libcanberra reads the process's own environment.
        setenv("PULSE_SERVER", "unix:\(directory)/native", 1)
        defer { unsetenv("PULSE_SERVER") }
        let warnings = WarningLog()
        let unavailable = WarningLog()
        let (route, availability): (ClickSoundPlayer.Route?, String?) = MainActor.assumeIsolated {
            let player = ClickSoundPlayer(environment: { ["PULSE_SERVER": "unix:\(directory)/native", "HOME": directory] },
                                          onProblem: { warnings.append($0) }, onUnavailable: { unavailable.append($0) })
            for _ in 0..<3 { player.play(.character) }
            player.flush()
            return (player.route, player.availability())
        }
        XCTAssertEqual(route, .canberra)
        XCTAssertTrue(try mapsCanberra())
        XCTAssertEqual(warnings.messages, [], "nothing said at every start")
        XCTAssertEqual(unavailable.messages.count, 1, "\(unavailable.messages)")
        XCTAssertTrue(availability?.contains("key clicks are off") == true, availability ?? "nil")
    }

    private func startServer(anonymous: Bool = true) throws -> AudioServer {
        do {
            return try AudioServer(anonymous: anonymous)
        } catch {
            if ProcessInfo.processInfo.environment["CLAVIS_REQUIRE_DISPLAY"] == "1" { throw error }
            throw XCTSkip("no PulseAudio to record from: \(error)")
        }
    }
}

extension ClickSoundTests {
    /// A 440 Hz tone as 16-bit mono WAV at 48 kHz.
    static func wave(seconds: Double) -> Data {
        let count = Int(48000 * seconds)
        var data = Data("RIFF".utf8)
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        le(UInt32(36 + count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le(UInt32(16)); le(UInt16(1)); le(UInt16(1)); le(UInt32(48000)); le(UInt32(96000)); le(UInt16(2)); le(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        le(UInt32(count * 2))
        for index in 0..<count { le(Int16(8000 * sin(2 * Double.pi * 440 * Double(index) / 48000))) }
        return data
    }
}

/// Whether libcanberra is mapped into this process (read to the end: /proc files give no size).
private func mapsCanberra() throws -> Bool {
    let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile()
    XCTAssertGreaterThan(maps.count, 0, "/proc/self/maps read empty")
    return String(decoding: maps, as: UTF8.self).contains("libcanberra.so")
}

/// Warnings collected from the sound queue.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ message: String) { lock.lock(); stored.append(message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
