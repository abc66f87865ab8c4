@testable import ClavisSound
import ClavisLayout
import Foundation
import Testing

@MainActor @Suite struct ClickSoundPlayerTests {
    /// A broken click file is named in one warning and only its click is silent; the others
    /// go to the server.
    @Test func aBrokenClickFileSilencesOnlyItsClick() throws {
        let server = try FakePulseServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-clicks-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let click = WaveSoundTests.wave(format: 1, channels: 1, rate: 48000, bits: 16, samples: [1, 0, 2, 0])
        try Data(click).write(to: folder.appendingPathComponent("character.wav"))
        try Data(click).write(to: folder.appendingPathComponent("modifier.wav"))
        try Data("OggS not a wave".utf8).write(to: folder.appendingPathComponent("delete.wav"))
        let warnings = Warnings()
        let player = ClickSoundPlayer(directory: folder.path, environment: { ["PULSE_SERVER": server.path] }, onProblem: warnings.append)
        player.play(.delete)
        player.play(.character)
        player.flush()
        server.wait(forRequests: 7)
        #expect(warnings.messages == ["\(folder.path)/delete.wav: not a WAV file (no RIFF/WAVE header); that click is off"])
        #expect(player.route == .soundServer)
        #expect(server.samples.keys.sorted() == ["clavis-character", "clavis-modifier"])
        #expect(server.requests.filter { $0.command == 18 }.map(\.values[3]) == [.string("clavis-character")])
    }

    /// Clicks turned off send nothing and open nothing.
    @Test func disabledClicksOpenNothing() throws {
        let server = try FakePulseServer()
        let player = ClickSoundPlayer(environment: { ["PULSE_SERVER": server.path] }, onProblem: { Issue.record("\($0)") })
        player.isEnabled = false
        player.play(.character)
        player.flush()
        #expect(player.route == nil)
        #expect(server.connectionCount == 0)
    }
}
