#if canImport(Glibc)
import Glibc
#endif

/// One connection to the local sound server over PulseAudio's native protocol (which
/// PipeWire's pulse server speaks too), with the four requests a key click needs: log in,
/// name the client, upload a sample to the server's cache, play a cached sample.
///
/// Blocking and meant for the sound queue: the socket waits at most `timeout` for the
/// server, and a play only writes one short command (its reply is read, and any error
/// reported, before the next play).
///
///     let server = try PulseConnection(path: "/run/user/1000/pulse/native", cookie: cookie,
///                                      client: ["application.name": "Clavis"])
///     try server.upload("clavis-delete", sound, properties: ["media.role": "event"])
///     try server.play("clavis-delete", volume: PulseConnection.volume(decibels: -6), properties: [:])
///
/// libpulse does the same with sixteen libraries (its own, libsndfile and every codec that
/// links) that cost 1.9 MB resident; this is a socket.
final class PulseConnection {
    /// The protocol version announced: libpulse 16's. Everything used here dates from 13.
    static let protocolVersion: UInt32 = 35

    private let socket: Int32
    private var nextTag: UInt32 = 0
    /// Bytes read and not yet parsed into frames.
    private var received: [UInt8] = []
    /// The server's protocol version.
    private(set) var serverVersion: UInt32 = 0

    /// Connects, logs in with `cookie` and names the client with `client` properties.
    init(path: String, cookie: [UInt8], client: KeyValuePairs<String, String>, timeout: Int = 2) throws(PulseError) {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .unreachable(path: path, code: errno) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        // Our user id travels with every message (SO_PASSCRED on the sending side makes the
        // kernel attach it), so a local server admits us without the cookie; the cookie
        // serves the rest. libpulse sends the same credentials explicitly with its login;
        // relying on the server's own SO_PASSCRED instead loses the race with its accept.
        var passCredentials: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_PASSCRED, &passCredentials, socklen_t(MemoryLayout<Int32>.size))
        // A failure from here on closes the socket in deinit.
        try connect(to: path)
        var reply = try request(.auth) {
            $0.u32(Self.protocolVersion)
            $0.arbitrary(cookie)
        }
        serverVersion = try reply.u32() & 0xFFFF
        guard serverVersion >= 13 else { throw .refused(.auth, code: 17) }
        try request(.setClientName) { $0.properties(client) }
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Stores `sound` in the server's sample cache as `name` (replacing one of that name).
    func upload(_ name: String, _ sound: WaveSound, properties: KeyValuePairs<String, String>) throws(PulseError) {
        var reply = try request(.createUploadStream) {
            $0.string(name)
            $0.sampleSpec(sound.spec)
            $0.channelMap(sound.spec.channelPositions)
            $0.u32(UInt32(sound.samples.count))
            $0.properties(properties)
        }
        let channel = try reply.u32()
        for start in stride(from: 0, to: sound.samples.count, by: PulseFrame.largestBlock) {
            let end = min(start + PulseFrame.largestBlock, sound.samples.count)
            try write(PulseFrame.frame(channel: channel, payload: Array(sound.samples[start..<end])))
        }
        try request(.finishUploadStream) { $0.u32(channel) }
    }

    /// Asks the server to play the cached sample `name` on the default sink, without waiting:
    /// an error the server reported for an earlier play is thrown here instead.
    func play(_ name: String, volume: UInt32, properties: KeyValuePairs<String, String>) throws(PulseError) {
        while let payload = try frame(waiting: false) {
            var answer = PulseTagReader(payload)
            if try answer.u32() == PulseCommand.error.rawValue {
                _ = try answer.u32()
                throw .refused(.playSample, code: try answer.u32())
            }
        }
        _ = try send(.playSample) {
            $0.u32(0xFFFF_FFFF)  // the sink: by name, and the name is
            $0.string(nil)       // the default sink
            $0.u32(volume)
            $0.string(name)
            $0.properties(properties)
        }
    }

    /// A PulseAudio volume for a gain in decibels (pa_sw_volume_from_dB: the cube root of the
    /// linear factor, 0x10000 at 0 dB).
    ///
    ///     PulseConnection.volume(decibels: 0)     // 65536
    ///     PulseConnection.volume(decibels: -20)   // 30419
    static func volume(decibels: Double) -> UInt32 {
        guard decibels > -200 else { return 0 }
        let scaled = (cbrt(pow(10, decibels / 20)) * 65536).rounded()
        return UInt32(min(scaled, Double(UInt32.max / 2)))
    }

    // MARK: - Frames

    private func connect(to path: String) throws(PulseError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .unreachable(path: path, code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw .unreachable(path: path, code: errno) }
    }

    /// Sends `command` and waits for its reply, whose values follow in the reader returned.
    @discardableResult
    private func request(_ command: PulseCommand, _ arguments: (inout PulseTagWriter) -> Void) throws(PulseError) -> PulseTagReader {
        let tag = try send(command, arguments)
        while true {
            guard let payload = try frame(waiting: true) else { continue }
            var answer = PulseTagReader(payload)
            let kind = try answer.u32()
            guard try answer.u32() == tag else { continue }
            if kind == PulseCommand.error.rawValue { throw .refused(command, code: try answer.u32()) }
            if kind == PulseCommand.reply.rawValue { return answer }
        }
    }

    private func send(_ command: PulseCommand, _ arguments: (inout PulseTagWriter) -> Void) throws(PulseError) -> UInt32 {
        let tag = nextTag
        nextTag &+= 1
        var message = PulseTagWriter()
        message.u32(command.rawValue)
        message.u32(tag)
        arguments(&message)
        try write(PulseFrame.frame(channel: PulseFrame.commandChannel, payload: message.bytes))
        return tag
    }

    private func write(_ bytes: [UInt8]) throws(PulseError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                let code = count < 0 ? errno : 0
                throw code == EAGAIN ? PulseError.timedOut : PulseError.lost(code: code)
            }
        }
    }

    /// The payload of the next command frame: waiting for it (up to the timeout), or `nil` when
    /// none has fully arrived and `waiting` is false. Frames on other channels (stream data,
    /// which a sample-cache client never asks for) are skipped.
    private func frame(waiting: Bool) throws(PulseError) -> [UInt8]? {
        while true {
            if received.count >= PulseFrame.descriptorLength {
                let (length, channel) = PulseFrame.header(received[0..<PulseFrame.descriptorLength])
                guard length <= 16 << 20 else { throw .malformed("a frame of \(length) bytes") }
                let end = PulseFrame.descriptorLength + length
                if received.count >= end {
                    let payload = Array(received[PulseFrame.descriptorLength..<end])
                    received.removeFirst(end)
                    if channel == PulseFrame.commandChannel { return payload }
                    continue
                }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, waiting ? 0 : Int32(MSG_DONTWAIT)) }
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                continue
            }
            if count == 0 { throw .lost(code: 0) }
            switch errno {
            case EINTR: continue
            case EAGAIN: if waiting { throw .timedOut } else { return nil }
            case let code: throw .lost(code: code)
            }
        }
    }
}
