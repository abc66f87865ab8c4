@testable import ClavisSound
import Foundation
import Testing

@Suite struct PulseConnectionTests {
    let client: KeyValuePairs<String, String> = ["application.name": "Clavis"]

    @Test func logsInWithTheCookieAndNamesTheClient() throws {
        let server = try FakePulseServer()
        let cookie = (0..<256).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let connection = try PulseConnection(path: server.path, cookie: cookie, client: client)
        #expect(connection.serverVersion == 35)
        let requests = server.requests
        #expect(requests.map(\.command) == [8, 9])
        #expect(requests[0].values == [.u32(35), .bytes(cookie)])
        #expect(requests[1].values == [.properties(["application.name": "Clavis"])])
        #expect(requests[0].tag != requests[1].tag)
    }

    /// The upload names the sample, describes it, sends its bytes on the stream's channel in
    /// blocks and finishes; the server then holds exactly those bytes.
    @Test func uploadsASampleInBlocks() throws {
        let server = try FakePulseServer()
        let connection = try PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        let samples = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let sound = WaveSound(spec: PulseSampleSpec(format: .s16le, channels: 2, rate: 44100), samples: samples)
        try connection.upload("clavis-test", sound, properties: ["media.role": "event"])
        let upload = try #require(server.requests.first { $0.command == 15 })
        #expect(upload.values == [.string("clavis-test"), .sampleSpec(format: 3, channels: 2, rate: 44100), .channelMap([1, 2]),
                                  .u32(150_000), .properties(["media.role": "event"])])
        #expect(server.requests.last?.command == 17)
        #expect(server.samples["clavis-test"] == samples)
    }

    @Test func playsOnTheDefaultSinkWithoutWaiting() throws {
        let server = try FakePulseServer()
        let connection = try PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        try connection.upload("clavis-test", WaveSound(spec: PulseSampleSpec(format: .u8, channels: 1, rate: 8000), samples: [1, 2]), properties: [:])
        try connection.play("clavis-test", volume: 30419, properties: ["media.role": "event"])
        server.wait(forRequests: 5)
        #expect(server.requests.last?.command == 18)
        #expect(server.requests.last?.values == [.u32(0xFFFF_FFFF), .string(nil), .u32(30419), .string("clavis-test"),
                                                 .properties(["media.role": "event"])])
    }

    /// A play's error comes back while the click is already gone; the next play reports it.
    @Test func anEarlierPlaysErrorIsThrownByTheNext() throws {
        let server = try FakePulseServer()
        let connection = try PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        try connection.play("clavis-unknown", volume: 65536, properties: [:])
        server.wait(forReplies: 3)
        let error = #expect(throws: PulseError.self) { try connection.play("clavis-unknown", volume: 65536, properties: [:]) }
        #expect(error == .refused(.playSample, code: 5))
        #expect(error?.isMissingSample == true)
        #expect(error?.description == "the sound server refused a play: no such entity")
    }

    @Test func aRefusedLoginIsAnError() throws {
        let server = try FakePulseServer()
        server.refuseLogin = 1
        let error = #expect(throws: PulseError.self) {
            try PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        }
        #expect(error == .refused(.auth, code: 1))
        #expect(error?.description == "the sound server refused the connection: access denied")
        // The socket of a refused connection is closed (deinit runs for a failed init): the
        // server, which keeps reading after refusing, sees each one end.
        for _ in 0..<20 {
            _ = try? PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        }
        #expect(server.waitForConnectionsToClose(accepted: 21), "a refused connection's socket was left open")
    }

    @Test func noServerIsUnreachable() {
        let error = #expect(throws: PulseError.self) {
            try PulseConnection(path: "/nonexistent/pulse/native", cookie: [], client: client)
        }
        #expect(error == .unreachable(path: "/nonexistent/pulse/native", code: ENOENT))
        #expect(error?.description == "no sound server at /nonexistent/pulse/native (No such file or directory)")
    }

    @Test func aClosedConnectionIsLost() throws {
        let server = try FakePulseServer()
        let connection = try PulseConnection(path: server.path, cookie: [UInt8](repeating: 0, count: 256), client: client)
        server.disconnectAll()
        server.waitForConnectionsToClose()
        #expect(throws: PulseError.lost(code: 0)) { try connection.play("clavis-test", volume: 65536, properties: [:]) }
    }

    /// pa_sw_volume_from_dB: the cube root of the linear gain, 0x10000 at 0 dB.
    @Test func volumesFromDecibels() {
        #expect(PulseConnection.volume(decibels: 0) == 65536)
        #expect(PulseConnection.volume(decibels: -20) == 30419)
        #expect(PulseConnection.volume(decibels: -6) == 52057)
        #expect(PulseConnection.volume(decibels: 6) == 82505)
        #expect(PulseConnection.volume(decibels: -300) == 0)
    }
}
