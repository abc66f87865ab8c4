@testable import ClavisSound
import Testing

@Suite struct PulseTagStructTests {
    @Test func numbersAndStringsAreTaggedBigEndian() {
        var writer = PulseTagWriter()
        writer.u32(0x0102_0304)
        writer.string("ab")
        writer.string(nil)
        #expect(writer.bytes == [0x4C, 1, 2, 3, 4, 0x74, 0x61, 0x62, 0, 0x4E])
    }

    @Test func sampleSpecsChannelMapsAndBlobs() {
        var writer = PulseTagWriter()
        writer.sampleSpec(PulseSampleSpec(format: .s16le, channels: 2, rate: 48000))
        writer.channelMap([1, 2])
        writer.arbitrary([9, 8])
        #expect(writer.bytes == [0x61, 3, 2, 0, 0, 0xBB, 0x80, 0x6D, 2, 1, 2, 0x78, 0, 0, 0, 2, 9, 8])
    }

    /// A property list: key, value length with its NUL, value with its NUL, a null string to end.
    @Test func propertyListsEndWithTheNullString() {
        var writer = PulseTagWriter()
        writer.properties(["media.role": "event"])
        let expected: [UInt8] = [0x50, 0x74] + Array("media.role".utf8) + [0, 0x4C, 0, 0, 0, 6, 0x78, 0, 0, 0, 6]
            + Array("event".utf8) + [0, 0x4E]
        #expect(writer.bytes == expected)
    }

    @Test func readsWhatWasWritten() throws {
        var writer = PulseTagWriter()
        writer.u32(2)
        writer.string("sink")
        writer.string(nil)
        var reader = PulseTagReader(writer.bytes)
        #expect(try reader.u32() == 2)
        #expect(try reader.string() == "sink")
        #expect(try reader.string() == nil)
        #expect(reader.isAtEnd)
    }

    @Test func wrongOrShortValuesAreMalformed() {
        var wrongType = PulseTagReader([0x74, 0x61, 0])
        #expect(throws: PulseError.malformed("a number was expected")) { try wrongType.u32() }
        var short = PulseTagReader([0x4C, 0, 0])
        #expect(throws: PulseError.malformed("a number is cut short")) { try short.u32() }
        var unterminated = PulseTagReader([0x74, 0x61])
        #expect(throws: PulseError.malformed("a string has no end")) { try unterminated.string() }
    }

    @Test func framesCarryLengthAndChannelInTheirDescriptor() {
        let frame = PulseFrame.frame(channel: PulseFrame.commandChannel, payload: [7, 7, 7])
        #expect(frame == [0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 12) + [7, 7, 7])
        let header = PulseFrame.header(frame[0..<20])
        #expect(header.length == 3 && header.channel == 0xFFFF_FFFF)
    }

    @Test func channelPositions() {
        #expect(PulseSampleSpec(format: .u8, channels: 1, rate: 8000).channelPositions == [0])
        #expect(PulseSampleSpec(format: .u8, channels: 2, rate: 8000).channelPositions == [1, 2])
        #expect(PulseSampleSpec(format: .u8, channels: 3, rate: 8000).channelPositions == [12, 13, 14])
    }
}
