import ClavisLayout
import ClavisSound
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// The clicks are real: keys pressed in the demo play through libcanberra into a PulseAudio
/// null sink, and the recording shows one burst per press, a character click and a delete
/// click told apart by pitch. libcanberra comes into the process with the first click.
final class ClickSoundTests: XCTestCase {
    func testEachPressPlaysItsOwnClick() throws {
        let server: AudioServer
        do {
            server = try AudioServer()
        } catch {
            if ProcessInfo.processInfo.environment["CLAVIS_REQUIRE_DISPLAY"] == "1" { throw error }
            throw XCTSkip("no PulseAudio to record from: \(error)")
        }
        defer { server.stop() }
        setenv("PULSE_SERVER", server.address, 1)
        defer { unsetenv("PULSE_SERVER") }
        try server.startRecording()

        let samples: [Int16] = try MainActor.assumeIsolated {
            try GUI.start()
            GUI.settle(seconds: 1.5)  // the recorder's warm-up: earlier sound is lost
            let warnings = WarningLog()
            let player = CanberraSoundPlayer(warn: { warnings.append($0) })
            let demo = DemoWindow(layouts: [try LayoutLibrary().load("us")], sounds: player)
            defer { gtk_widget_destroy(demo.window) }
            demo.present()
            GUI.wait("the keyboard") { gtk_widget_get_mapped(demo.keyboard.widget) != 0 && demo.keyboard.geometry.width > 0 }
            GUI.settle(seconds: 0.4)
            XCTAssertFalse(try mapsCanberra(), "libcanberra is loaded before the first click")
            for key in ["m", "backspace", "shift"] {
                let frame = demo.keyboard.geometry.frame(ofKey: key)!
                GUI.click(demo.keyboard.widget, x: frame.midX, y: frame.midY)
                GUI.settle(seconds: 0.35)
            }
            player.flush()
            GUI.settle(seconds: 0.6)
            XCTAssertEqual(warnings.messages, [], "canberra warned")
            XCTAssertTrue(try mapsCanberra(), "libcanberra is not loaded after the clicks")
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
