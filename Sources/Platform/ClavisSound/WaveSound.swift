import ClavisFiles

/// A click read from a WAV file: its sample format and its raw samples, as the sound server's
/// cache takes them (no decoding library needed: the clicks are plain PCM).
///
///     let click = try WaveSound(path: "Resources/sounds/character.wav")
///     click.spec      // s16le, 1 channel, 48000 Hz
///     click.samples   // 1344 bytes
struct WaveSound: Equatable {
    var spec: PulseSampleSpec
    var samples: [UInt8]

    init(spec: PulseSampleSpec, samples: [UInt8]) {
        self.spec = spec
        self.samples = samples
    }

    init(path: String) throws(WaveError) {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path)
        } catch {
            throw WaveError(path: path, problem: error.reason)
        }
        try self.init(bytes: bytes, path: path)
    }

    /// Parses RIFF/WAVE bytes: a `fmt ` chunk of integer PCM (8, 16, 24 or 32 bits) or 32-bit
    /// float, mono to eight channels, and a `data` chunk; other chunks are skipped.
    init(bytes: [UInt8], path: String) throws(WaveError) {
        func fail(_ problem: String) -> WaveError { WaveError(path: path, problem: problem) }
        func word(_ at: Int) -> UInt32 {
            bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        func half(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw fail("not a WAV file (no RIFF/WAVE header)")
        }
        var spec: PulseSampleSpec?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(word(offset + 4))
            let body = offset + 8
            guard body + size <= bytes.count else { throw fail("the '\(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))' chunk runs past the end of the file") }
            if bytes[offset..<offset + 4].elementsEqual("fmt ".utf8) {
                guard size >= 16 else { throw fail("the format chunk is \(size) bytes, too short") }
                var encoding = half(body)
                // WAVE_FORMAT_EXTENSIBLE names the real encoding in its sub-format GUID.
                if encoding == 0xFFFE, size >= 26 { encoding = half(body + 24) }
                let channels = half(body + 2)
                let bits = half(body + 14)
                guard (1...8).contains(channels) else { throw fail("\(channels) channels; 1 to 8 can be played") }
                let format: PulseSampleSpec.Format? = switch (encoding, bits) {
                case (1, 8): .u8
                case (1, 16): .s16le
                case (1, 24): .s24le
                case (1, 32): .s32le
                case (3, 32): .float32le
                default: nil
                }
                guard let format else { throw fail("encoding \(encoding) at \(bits) bits; only PCM and 32-bit float WAV files can be played") }
                spec = PulseSampleSpec(format: format, channels: UInt8(channels), rate: word(body + 4))
            } else if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                guard let spec else { throw fail("the data chunk comes before the format chunk") }
                let frame = spec.format.bytesPerSample * Int(spec.channels)
                let whole = size - size % frame
                guard whole > 0 else { throw fail("no samples") }
                self.spec = spec
                samples = Array(bytes[body..<body + whole])
                return
            }
            offset = body + size + size % 2
        }
        throw fail(spec == nil ? "no format chunk" : "no data chunk")
    }
}

/// A click file that cannot be played, naming the file and why.
struct WaveError: Error, Equatable, CustomStringConvertible {
    var path: String
    var problem: String
    var description: String { "\(path): \(problem)" }
}
