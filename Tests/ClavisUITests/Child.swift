import Foundation

/// A child process spawned and reaped with posix_spawn and waitpid.
///
/// GUI tests use this instead of Foundation's Process: with GTK and a sound server's client
/// library in the process, Process sometimes never notices its child exit (the child is
/// left a zombie and `waitUntilExit` blocks forever).
final class Child: @unchecked Sendable {
    let pid: pid_t
    private(set) var status: Int32?

    /// Starts `arguments[0]` (looked up on PATH) with `environment` additions, standard output
    /// and error to files (or /dev/null).
    init(_ arguments: [String], environment: [String: String] = [:], output: String = "/dev/null",
         error: String = "/dev/null") throws {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let envp = merged.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard result == 0 else {
            throw NSError(domain: "Child", code: Int(result),
                          userInfo: [NSLocalizedDescriptionKey: "cannot start \(arguments[0]): \(String(cString: strerror(result)))"])
        }
        self.pid = pid
    }

    /// Whether it is still running (reaps it when it has exited).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = raw
            return false
        }
        return true
    }

    /// Waits up to `seconds` for it to exit by itself, then stops it.
    func wait(seconds: Double = 10) {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(10_000) }
        stop()
    }

    /// Sends a signal and waits up to `seconds` for the exit (then SIGKILL).
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 5) {
        guard isRunning else { return }
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
            status = raw
        }
    }
}
