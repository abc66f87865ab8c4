@testable import ClavisSound
import Foundation

/// A sound server on a Unix socket that speaks just enough of PulseAudio's protocol for the
/// sample cache, and records what it was asked: the tests read the bytes Clavis sends with a
/// parser of their own, and answer as the real server does (pulsecore/protocol-native.c).
final class FakePulseServer: @unchecked Sendable {
    /// A request as received: the command, its tag and its values.
    struct Request {
        var command: UInt32
        var tag: UInt32
        var values: [Value]
    }

    enum Value: Equatable {
        case u32(UInt32)
        case string(String?)
        case sampleSpec(format: UInt8, channels: UInt8, rate: UInt32)
        case channelMap([UInt8])
        case bytes([UInt8])
        case properties([String: String])
    }

    let path: String
    private let lock = NSLock()
    private var listener: Int32
    private var storedRequests: [Request] = []
    private var storedSamples: [String: [UInt8]] = [:]
    private var connections = 0
    private var openConnections = 0
    private var replies = 0
    private var clients: [Int32] = []
    /// The error to answer a login with (1: access denied), or nil to admit.
    var refuseLogin: UInt32?

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-fake-pulse-\(UUID()).sock").path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    /// Stops listening and drops every connection's future (connections end when the client
    /// next writes).
    func stop() {
        lock.lock()
        let fd = listener
        listener = -1
        lock.unlock()
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
            unlink(path)
        }
    }

    var requests: [Request] { lock.withLock { storedRequests } }
    var samples: [String: [UInt8]] { lock.withLock { storedSamples } }
    var connectionCount: Int { lock.withLock { connections } }

    /// Ends every connection, as a server restarting would (the socket stays).
    func disconnectAll() {
        lock.withLock { clients.forEach { shutdown($0, Int32(SHUT_RDWR)) } }
    }

    /// Forgets the cached samples, as `pactl remove-sample` would.
    func forgetSamples() { lock.withLock { storedSamples = [:] } }

    /// Waits until `count` requests have arrived (the client does not wait for play replies).
    func wait(forRequests count: Int) {
        wait { storedRequests.count >= count }
    }

    /// Waits until `count` replies have been sent: on a Unix socket they are then in the
    /// client's buffer, for its next call to find.
    func wait(forReplies count: Int) {
        wait { replies >= count }
    }

    /// Waits until the server has accepted `accepted` connections in all (those still in
    /// the listening queue are not counted yet) and closed its end of every one (a client
    /// that left, or `disconnectAll`).
    @discardableResult
    func waitForConnectionsToClose(accepted: Int = 0) -> Bool {
        wait { connections >= accepted && openConnections == 0 }
    }

    /// Waits (at most 5 s) for a condition on the server's state, checked under its lock;
    /// whether it came true.
    @discardableResult
    private func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !lock.withLock(condition) {
            guard Date() < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    private func acceptLoop() {
        while true {
            let fd = lock.withLock { listener }
            guard fd >= 0 else { return }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            lock.withLock {
                connections += 1
                openConnections += 1
                clients.append(client)
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer {
            close(client)
            lock.withLock { openConnections -= 1 }
        }
        var uploads: [UInt32: (name: String, bytes: [UInt8])] = [:]
        var nextChannel: UInt32 = 3
        while let (channel, payload) = readFrame(client) {
            if channel != 0xFFFF_FFFF {
                uploads[channel]?.bytes += payload
                continue
            }
            guard let request = Self.parse(payload) else { return }
            lock.withLock { storedRequests.append(request) }
            var reply: [Value] = []
            switch request.command {
            case 8:
                if let refuseLogin {
                    send(client, [.u32(0), .u32(request.tag), .u32(refuseLogin)])
                    continue
                }
                reply = [.u32(35)]
            case 9:
                reply = [.u32(12)]
            case 15:
                guard case let .string(name?) = request.values.first, case let .u32(length) = request.values[3] else { return }
                uploads[nextChannel] = (name, [])
                reply = [.u32(nextChannel), .u32(length)]
                nextChannel += 1
            case 17:
                guard case let .u32(channel) = request.values.first, let upload = uploads.removeValue(forKey: channel) else { return }
                lock.withLock { storedSamples[upload.name] = upload.bytes }
            case 18:
                guard case let .string(name?) = request.values[3] else { return }
                if lock.withLock({ storedSamples[name] == nil }) {
                    send(client, [.u32(0), .u32(request.tag), .u32(5)])
                    continue
                }
                reply = [.u32(40)]
            default:
                return
            }
            send(client, [.u32(2), .u32(request.tag)] + reply)
        }
    }

    private func readFrame(_ client: Int32) -> (UInt32, [UInt8])? {
        guard let descriptor = readExactly(client, 20) else { return nil }
        let length = Int(Self.word(descriptor, 0))
        guard let payload = readExactly(client, length) else { return nil }
        return (Self.word(descriptor, 4), payload)
    }

    private func readExactly(_ client: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress! + done, count - done, 0) }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    private func send(_ client: Int32, _ values: [Value]) {
        var writer = PulseTagWriter()
        for value in values {
            if case let .u32(number) = value { writer.u32(number) }
        }
        let frame = PulseFrame.frame(channel: 0xFFFF_FFFF, payload: writer.bytes)
        _ = frame.withUnsafeBytes { Foundation.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        lock.withLock { replies += 1 }
    }

    /// Parses a command with code independent of the client's writer.
    static func parse(_ payload: [UInt8]) -> Request? {
        var index = 0
        func u32() -> UInt32? {
            guard index + 4 <= payload.count else { return nil }
            defer { index += 4 }
            return word(payload, index)
        }
        func cString() -> String? {
            guard let end = payload[index...].firstIndex(of: 0) else { return nil }
            defer { index = end + 1 }
            return String(decoding: payload[index..<end], as: UTF8.self)
        }
        func value() -> Value? {
            guard index < payload.count else { return nil }
            let tag = payload[index]
            index += 1
            switch tag {
            case UInt8(ascii: "L"): return u32().map(Value.u32)
            case UInt8(ascii: "t"): return cString().map { .string($0) }
            case UInt8(ascii: "N"): return .string(nil)
            case UInt8(ascii: "a"):
                guard index + 2 <= payload.count else { return nil }
                let format = payload[index], channels = payload[index + 1]
                index += 2
                return u32().map { .sampleSpec(format: format, channels: channels, rate: $0) }
            case UInt8(ascii: "m"):
                let count = Int(payload[index])
                defer { index += 1 + count }
                return .channelMap(Array(payload[index + 1..<index + 1 + count]))
            case UInt8(ascii: "x"):
                guard let length = u32() else { return nil }
                defer { index += Int(length) }
                return .bytes(Array(payload[index..<index + Int(length)]))
            case UInt8(ascii: "P"):
                var properties: [String: String] = [:]
                while true {
                    guard case let .string(key)? = value() else { return nil }
                    guard let key else { return .properties(properties) }
                    guard case .u32? = value(), case let .bytes(data)? = value(), data.last == 0 else { return nil }
                    properties[key] = String(decoding: data.dropLast(), as: UTF8.self)
                }
            default: return nil
            }
        }
        guard case let .u32(command)? = value(), case let .u32(tag)? = value() else { return nil }
        var values: [Value] = []
        while index < payload.count {
            guard let next = value() else { return nil }
            values.append(next)
        }
        return Request(command: command, tag: tag, values: values)
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
