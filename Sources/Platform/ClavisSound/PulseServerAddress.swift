import ClavisFiles

/// Where the local sound server listens and the cookie that proves who we are, found the way
/// libpulse finds them, so that Clavis reaches the same PulseAudio (or PipeWire's pulse
/// server) every other program does.
///
///     PulseServerAddress.socketPaths(["XDG_RUNTIME_DIR": "/run/user/1000"], user: 1000)
///     // ["/run/user/1000/pulse/native", "/var/run/pulse/native"]
///     PulseServerAddress.socketPaths(["PULSE_SERVER": "tcp:studio unix:/tmp/p.sock"], user: 1000)
///     // ["/tmp/p.sock"]
enum PulseServerAddress {
    /// Unix sockets to try in order. `PULSE_SERVER`, when set, is the whole list (its
    /// `unix:` and absolute-path entries; a remote one, `tcp:host`, is for libcanberra);
    /// otherwise the user's runtime directory and then the system-wide daemon's.
    static func socketPaths(_ environment: [String: String], user: UInt32) -> [String] {
        if let servers = environment["PULSE_SERVER"], !servers.allSatisfy(\.isWhitespace) {
            return servers.split(whereSeparator: \.isWhitespace).compactMap { entry in
                var address = Substring(entry)
                // "{machine-id}address" names the machine the server runs on.
                if address.hasPrefix("{"), let close = address.firstIndex(of: "}") {
                    address = address[address.index(after: close)...]
                }
                if address.hasPrefix("unix:") { return String(address.dropFirst(5)) }
                return address.hasPrefix("/") ? String(address) : nil
            }
        }
        let runtime = UserDirectories(environment: environment, user: user).runtimeDirectory
        return [Path.join(runtime, "pulse/native"), "/var/run/pulse/native"]
    }

    /// The 256-byte cookie from `PULSE_COOKIE`, `~/.config/pulse/cookie` or
    /// `~/.pulse-cookie`; zeros when there is none (a local server also knows us by our
    /// user id, which the kernel passes along on the socket).
    static func cookie(_ environment: [String: String]) -> [UInt8] {
        var candidates: [String] = []
        if let path = environment["PULSE_COOKIE"] { candidates.append(path) }
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            candidates.append(Path.join(config, "pulse/cookie"))
        }
        if let home = environment["HOME"] {
            candidates.append(Path.join(home, ".config/pulse/cookie"))
            candidates.append(Path.join(home, ".pulse-cookie"))
        }
        for path in candidates {
            if let bytes = try? Files.read(path), bytes.count >= cookieLength {
                return Array(bytes.prefix(cookieLength))
            }
        }
        return [UInt8](repeating: 0, count: cookieLength)
    }

    static let cookieLength = 256
}
