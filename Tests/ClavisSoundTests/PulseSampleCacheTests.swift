@testable import ClavisSound
import ClavisLayout
import Foundation
import Testing

@Suite struct PulseSampleCacheTests {
    let sounds: [SoundClass: WaveSound] = [
        .character: WaveSound(spec: PulseSampleSpec(format: .s16le, channels: 1, rate: 48000), samples: [1, 0, 2, 0]),
        .delete: WaveSound(spec: PulseSampleSpec(format: .s16le, channels: 1, rate: 48000), samples: [3, 0]),
    ]

    /// The first server of PULSE_SERVER that answers gets the clicks, uploaded at once.
    @Test func connectsToTheFirstServerThatAnswersAndUploads() throws {
        let server = try FakePulseServer()
        let warnings = Warnings()
        let cache = try PulseSampleCache(sounds: sounds, environment: ["PULSE_SERVER": "unix:/nonexistent/native unix:\(server.path)"],
                                         onProblem: warnings.append)
        #expect(server.samples == ["clavis-character": [1, 0, 2, 0], "clavis-delete": [3, 0]])
        cache.play(.delete, volumeDecibels: -20)
        server.wait(forRequests: 7)
        let play = try #require(server.requests.last)
        #expect(play.command == 18)
        #expect(play.values == [.u32(0xFFFF_FFFF), .string(nil), .u32(30419), .string("clavis-delete"),
                                .properties(["media.role": "event", "event.id": "clavis-delete"])])
        #expect(warnings.messages.isEmpty)
    }

    @Test func nothingToReachThrows() {
        #expect(throws: PulseError.unreachable(path: "/nonexistent/native", code: ENOENT)) {
            try PulseSampleCache(sounds: sounds, environment: ["PULSE_SERVER": "unix:/nonexistent/native"], onProblem: { _ in })
        }
    }

    /// Samples the server lost are uploaded again when a play finds them gone.
    @Test func uploadsAgainWhatTheServerForgot() throws {
        let server = try FakePulseServer()
        let warnings = Warnings()
        let cache = try PulseSampleCache(sounds: sounds, environment: ["PULSE_SERVER": server.path], onProblem: warnings.append)
        server.forgetSamples()
        cache.play(.character, volumeDecibels: 0)
        server.wait(forReplies: 7)
        cache.play(.character, volumeDecibels: 0)
        server.wait(forRequests: 12)
        #expect(server.requests.map(\.command) == [8, 9, 15, 17, 15, 17, 18, 15, 17, 15, 17, 18])
        #expect(server.samples.count == 2)
        #expect(warnings.messages.isEmpty)
    }

    /// A server that went away is reported once; the next click connects again and uploads.
    @Test func reconnectsAfterTheServerLeft() throws {
        let server = try FakePulseServer()
        let warnings = Warnings()
        let cache = try PulseSampleCache(sounds: sounds, environment: ["PULSE_SERVER": server.path], onProblem: warnings.append)
        server.disconnectAll()
        server.waitForConnectionsToClose()
        cache.play(.character, volumeDecibels: 0)
        #expect(warnings.messages == ["cannot play a key click: the sound server closed the connection"])
        cache.play(.character, volumeDecibels: 0)
        server.wait(forRequests: 13)
        #expect(server.connectionCount == 2)
        #expect(server.requests.last?.command == 18)
        #expect(warnings.messages.count == 1)
    }
}

/// Warnings collected from the output.
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ message: String) { lock.withLock { stored.append(message) } }
    var messages: [String] { lock.withLock { stored } }
}
