/// The values of PulseAudio's native protocol as they travel: every value is a type byte and
/// its big-endian bytes (a "tagstruct"), and a command is a tagstruct that starts with the
/// command number and a tag the reply will carry back.
///
///     var message = PulseTagWriter()
///     message.u32(PulseCommand.finishUploadStream.rawValue)
///     message.u32(7)                 // the tag
///     message.u32(3)                 // the upload's channel
///     // message.bytes == [0x4C, 0, 0, 0, 17, 0x4C, 0, 0, 0, 7, 0x4C, 0, 0, 0, 3]
///
/// Only what the sample cache needs is here: strings, 32-bit numbers, sample specs, channel
/// maps, byte blobs and property lists (pulsecore/tagstruct.c has the rest).
struct PulseTagWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u32(_ value: UInt32) {
        bytes.append(PulseTag.u32)
        appendBigEndian(value)
    }

    /// A NUL-terminated string, or the null string for `nil`.
    mutating func string(_ value: String?) {
        guard let value else {
            bytes.append(PulseTag.nullString)
            return
        }
        bytes.append(PulseTag.string)
        bytes.append(contentsOf: value.utf8)
        bytes.append(0)
    }

    mutating func arbitrary(_ value: [UInt8]) {
        bytes.append(PulseTag.arbitrary)
        appendBigEndian(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func sampleSpec(_ spec: PulseSampleSpec) {
        bytes.append(PulseTag.sampleSpec)
        bytes.append(spec.format.rawValue)
        bytes.append(spec.channels)
        appendBigEndian(spec.rate)
    }

    /// The channels' positions, in order.
    mutating func channelMap(_ positions: [UInt8]) {
        bytes.append(PulseTag.channelMap)
        bytes.append(UInt8(positions.count))
        bytes.append(contentsOf: positions)
    }

    /// String properties (`media.role` = `event`): each key, the value's length with its NUL,
    /// the value with its NUL, and a null string to end the list.
    mutating func properties(_ pairs: KeyValuePairs<String, String>) {
        bytes.append(PulseTag.propertyList)
        for (key, value) in pairs {
            string(key)
            let stored = Array(value.utf8) + [0]
            u32(UInt32(stored.count))
            arbitrary(stored)
        }
        string(nil)
    }

    private mutating func appendBigEndian(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}

/// Reads a tagstruct the server sent; every read checks the type byte and the length.
///
///     var reply = PulseTagReader(payload)
///     let command = try reply.u32()   // 2: a reply
///     let tag = try reply.u32()
struct PulseTagReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every value has been read.
    var isAtEnd: Bool { index == bytes.count }

    mutating func u32() throws(PulseError) -> UInt32 {
        try expect(PulseTag.u32, "a number")
        return try bigEndian()
    }

    /// A string, or `nil` for the null string.
    mutating func string() throws(PulseError) -> String? {
        guard index < bytes.count else { throw .malformed("a string is missing") }
        if bytes[index] == PulseTag.nullString {
            index += 1
            return nil
        }
        try expect(PulseTag.string, "a string")
        guard let end = bytes[index...].firstIndex(of: 0) else { throw .malformed("a string has no end") }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end + 1
        return text
    }

    private mutating func expect(_ tag: UInt8, _ what: String) throws(PulseError) {
        guard index < bytes.count, bytes[index] == tag else { throw .malformed("\(what) was expected") }
        index += 1
    }

    private mutating func bigEndian() throws(PulseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .malformed("a number is cut short") }
        defer { index += 4 }
        return bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// The type bytes of tagstruct values (pulsecore/tagstruct.h).
enum PulseTag {
    static let string = UInt8(ascii: "t")
    static let nullString = UInt8(ascii: "N")
    static let u32 = UInt8(ascii: "L")
    static let sampleSpec = UInt8(ascii: "a")
    static let arbitrary = UInt8(ascii: "x")
    static let channelMap = UInt8(ascii: "m")
    static let propertyList = UInt8(ascii: "P")
}

/// The commands the sample cache uses, and the two the server answers with
/// (pulsecore/native-common.h).
enum PulseCommand: UInt32 {
    case error = 0
    case reply = 2
    case auth = 8
    case setClientName = 9
    case createUploadStream = 15
    case finishUploadStream = 17
    case playSample = 18
}

/// How samples are stored: format, channel count and rate.
struct PulseSampleSpec: Equatable, Sendable {
    /// pa_sample_format_t.
    enum Format: UInt8, Sendable {
        case u8 = 0
        case s16le = 3
        case float32le = 5
        case s32le = 7
        case s24le = 9

        var bytesPerSample: Int {
            switch self {
            case .u8: 1
            case .s16le: 2
            case .s24le: 3
            case .float32le, .s32le: 4
            }
        }
    }

    var format: Format
    var channels: UInt8
    var rate: UInt32

    /// Where each channel plays: mono, left and right, or auxiliary channels beyond two.
    var channelPositions: [UInt8] {
        switch channels {
        case 1: [0]
        case 2: [1, 2]
        default: (0..<channels).map { 12 + $0 }
        }
    }
}

/// The frame every message travels in: a 20-byte descriptor (length, channel, a 64-bit
/// offset, flags; big-endian) and the payload. Commands go on channel 0xFFFFFFFF; sample
/// data goes on the channel of the stream it fills.
enum PulseFrame {
    static let descriptorLength = 20
    static let commandChannel: UInt32 = 0xFFFF_FFFF
    /// The largest payload sent in one frame (the server accepts far more; libpulse's own
    /// blocks are this size).
    static let largestBlock = 64 * 1024

    static func frame(channel: UInt32, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(descriptorLength + payload.count)
        for word in [UInt32(payload.count), channel, 0, 0, 0] {
            frame.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) })
        }
        frame.append(contentsOf: payload)
        return frame
    }

    /// The payload length and channel of a descriptor.
    static func header(_ descriptor: ArraySlice<UInt8>) -> (length: Int, channel: UInt32) {
        func word(_ at: Int) -> UInt32 {
            descriptor[descriptor.startIndex + at..<descriptor.startIndex + at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        return (Int(word(0)), word(4))
    }
}
