@testable import ClavisSound
import Foundation
import Testing

@Suite struct WaveSoundTests {
    @Test func theShippedClicksAre16BitMono() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let click = try WaveSound(path: root.appendingPathComponent("Resources/sounds/character.wav").path)
        #expect(click.spec == PulseSampleSpec(format: .s16le, channels: 1, rate: 48000))
        #expect(click.samples.count == 1344)
    }

    @Test func chunksBeforeAndBetweenAreSkipped() throws {
        let wave = Self.wave(format: 1, channels: 2, rate: 44100, bits: 24, samples: [UInt8](repeating: 5, count: 13),
                             before: [("LIST", [1, 2, 3])])
        let sound = try WaveSound(bytes: wave, path: "x.wav")
        #expect(sound.spec == PulseSampleSpec(format: .s24le, channels: 2, rate: 44100))
        #expect(sound.samples == [UInt8](repeating: 5, count: 12), "a partial frame is dropped")
    }

    @Test func extensibleFloat() throws {
        var format = Self.format(0xFFFE, channels: 1, rate: 8000, bits: 32)
        format += [22, 0, 32, 0, 4, 0, 0, 0, 3, 0] + [UInt8](repeating: 0, count: 14)
        let wave = Self.riff([("fmt ", format), ("data", [0, 0, 128, 63])])
        #expect(try WaveSound(bytes: wave, path: "f.wav").spec.format == .float32le)
    }

    @Test func problemsNameTheFile() {
        #expect(throws: WaveError(path: "a.wav", problem: "not a WAV file (no RIFF/WAVE header)")) {
            try WaveSound(bytes: Array("OggS".utf8) + [UInt8](repeating: 0, count: 20), path: "a.wav")
        }
        #expect(throws: WaveError(path: "b.wav", problem: "encoding 85 at 0 bits; only PCM and 32-bit float WAV files can be played")) {
            try WaveSound(bytes: Self.wave(format: 85, channels: 1, rate: 8000, bits: 0, samples: [1]), path: "b.wav")
        }
        #expect(throws: WaveError(path: "c.wav", problem: "no data chunk")) {
            try WaveSound(bytes: Self.riff([("fmt ", Self.format(1, channels: 1, rate: 8000, bits: 16))]), path: "c.wav")
        }
        #expect(throws: WaveError(path: "d.wav", problem: "the 'data' chunk runs past the end of the file")) {
            try WaveSound(bytes: Array(Self.wave(format: 1, channels: 1, rate: 8000, bits: 16, samples: [1, 2, 3, 4]).dropLast()), path: "d.wav")
        }
        #expect(throws: WaveError(path: "/nonexistent/e.wav", problem: "no such file")) {
            try WaveSound(path: "/nonexistent/e.wav")
        }
    }

    static func wave(format: UInt16, channels: UInt16, rate: UInt32, bits: UInt16, samples: [UInt8],
                     before: [(String, [UInt8])] = []) -> [UInt8] {
        riff(before + [("fmt ", Self.format(format, channels: channels, rate: rate, bits: bits)), ("data", samples)])
    }

    static func format(_ format: UInt16, channels: UInt16, rate: UInt32, bits: UInt16) -> [UInt8] {
        let block = channels * max(bits / 8, 1)
        return le(format) + le(channels) + le(rate) + le(rate * UInt32(block)) + le(block) + le(bits)
    }

    static func riff(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WAVE".utf8)
        for (name, bytes) in chunks {
            body += Array(name.utf8) + le(UInt32(bytes.count)) + bytes + (bytes.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le(UInt32(body.count)) + body
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
