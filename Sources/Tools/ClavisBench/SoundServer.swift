import Foundation

/// A private PulseAudio with a null sink for the benchmark's keyboards, as a desktop has one:
/// their clicks go to a sound server (a machine without one would measure the fallback path,
/// libcanberra, instead). Sets PULSE_SERVER for the programs started after it.
final class SoundServer {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-bench-pulse-\(UUID())")
    private var daemon: ProcessGroup?

    /// Starts the server, or prints why not and leaves the programs without one.
    init() {
        let socket = directory.appendingPathComponent("native").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            daemon = try ProcessGroup([
                "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n", "--use-pid-file=no",
                "--load=module-null-sink sink_name=virt",
                "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
            ], environment: ["XDG_RUNTIME_DIR": directory.path, "HOME": directory.path])
            for _ in 0..<500 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
            guard FileManager.default.fileExists(atPath: socket) else { throw BenchError("pulseaudio did not start") }
            setenv("PULSE_SERVER", "unix:\(socket)", 1)
        } catch {
            print("no sound server for the keyboards' clicks (\(error)); they are measured without one")
            stop()
        }
    }

    func stop() {
        daemon?.stop()
        daemon = nil
        unsetenv("PULSE_SERVER")
        try? FileManager.default.removeItem(at: directory)
    }
}
