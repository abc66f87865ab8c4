import Foundation
import XCTest

/// A private PulseAudio server with a null sink, and a recorder on its monitor: the headless
/// way to hear what the keyboard plays (platform notes §9).
final class AudioServer: @unchecked Sendable {
    let directory: URL
    let socket: URL
    private var server: Child?
    private var recorder: Child?
    let recording: URL

    /// `anonymous`: whether clients need no credentials; without it the server admits its own
    /// user (the kernel passes the client's user id on the socket) or the holder of its cookie.
    init(anonymous: Bool = true) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-pulse-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        socket = directory.appendingPathComponent("pulse.sock")
        recording = directory.appendingPathComponent("recording.raw")
        let server = try Child([
            "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n", "--use-pid-file=no",
            "--load=module-null-sink sink_name=virt",
            "--load=module-native-protocol-unix socket=\(socket.path) auth-anonymous=\(anonymous ? 1 : 0)",
            "--log-target=file:\(directory.appendingPathComponent("pulse.log").path)",
        ], environment: ["XDG_RUNTIME_DIR": directory.path, "HOME": directory.path])
        self.server = server
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket.path) && Date() < deadline && server.isRunning {
            usleep(20_000)
        }
        guard FileManager.default.fileExists(atPath: socket.path) else {
            stop()
            throw NSError(domain: "AudioServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "pulseaudio did not start"])
        }
    }

    /// `unix:…`, for PULSE_SERVER.
    var address: String { "unix:\(socket.path)" }

    /// The environment a client of this server sees (and nothing of the test machine's).
    var environment: [String: String] { ["PULSE_SERVER": address, "HOME": directory.path] }

    /// Starts recording the null sink's monitor (16-bit mono at 48 kHz).
    /// Returns once the recorder's stream is connected to the server (sound played before
    /// that is lost).
    func startRecording() throws {
        recorder = try Child(["parec", "-s", address, "-d", "virt.monitor", "--format=s16le", "--rate=48000",
                              "--channels=1", "--latency-msec=5"],
                             output: recording.path, error: directory.appendingPathComponent("parec.log").path)
        let deadline = Date().addingTimeInterval(10)
        while try control(["list", "short", "source-outputs"]).isEmpty && Date() < deadline { usleep(50_000) }
    }

    /// Runs `pactl` against this server and returns its output.
    @discardableResult
    func control(_ arguments: [String]) throws -> String {
        let output = directory.appendingPathComponent("pactl.out")
        let child = try Child(["pactl", "-s", address] + arguments, output: output.path,
                              error: directory.appendingPathComponent("pactl.log").path)
        child.wait()
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// Stops the recorder (SIGINT, so it flushes) and returns the samples.
    func stopRecording() -> [Int16] {
        recorder?.stop(SIGINT)
        recorder = nil
        let data = (try? Data(contentsOf: recording)) ?? Data()
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    func stop() {
        recorder?.stop()
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A click found in a recording: where it starts, how long it lasts, its pitch.
struct Burst: CustomStringConvertible {
    var start: Int
    var length: Int
    /// From zero crossings, in hertz.
    var frequency: Double

    var description: String { "burst at \(start / 48) ms, \(length / 48) ms long, \(Int(frequency)) Hz" }

    /// Bursts of samples above 2 % of full scale, separated by at least 50 ms of quiet (the
    /// null sink's monitor produces data only while something plays, so time is counted in
    /// samples, never wall clock).
    static func find(in samples: [Int16], rate: Int = 48000) -> [Burst] {
        let threshold = Int16(32767 / 50)
        let gap = rate / 20
        var bursts: [Burst] = []
        var index = 0
        while index < samples.count {
            guard abs(Int(samples[index])) > threshold else { index += 1; continue }
            let start = index
            var last = index
            var quiet = 0
            while index < samples.count && quiet < gap {
                if abs(Int(samples[index])) > threshold { last = index; quiet = 0 } else { quiet += 1 }
                index += 1
            }
            // Pitch from the zero crossings of the burst's first 5 ms, which every click fills
            // (the modifier click is two ticks with a pause, which would halve a longer count).
            let window = min(last - start + 1, rate / 200)
            var crossings = 0
            if window > 1 {
                for i in (start + 1)..<(start + window) where (samples[i - 1] < 0) != (samples[i] < 0) { crossings += 1 }
            }
            let seconds = Double(window) / Double(rate)
            bursts.append(Burst(start: start, length: last - start + 1, frequency: Double(crossings) / 2 / seconds))
        }
        return bursts
    }
}
