import Foundation

/// What a finished process left behind.
struct ProcessResult: Sendable {
    /// The exit status (128 + signal when killed).
    let status: Int32
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String
    /// Whether it had to be killed because it ran past the deadline.
    let timedOut: Bool
}

/// Runs a program with pipes on standard input, output and error; no terminal is involved.
enum ProcessRunner {
    /// A program that exits before reading all its input (a missing file, say) must not take the
    /// test runner down with SIGPIPE; the write fails with EPIPE instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs `executable` with `arguments`, writes `stdin` (then closes it; nil gives the null
    /// device), and waits at most `timeout` seconds before killing it. The environment is this
    /// process's, with `environment` added and the variables in `unsetting` removed.
    ///
    /// With `collectOutput` false both outputs go to the null device: needed for a program that
    /// leaves a daemon behind (`tmux new-session` forks the server), which would otherwise hold
    /// the pipes open and the readers would never see their end.
    ///
    /// Both output pipes are drained on their own threads while the input is written, so a chatty
    /// program cannot block on a full pipe.
    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String] = [:], unsetting: Set<String> = [],
                    collectOutput: Bool = true, timeout: TimeInterval = 10) throws -> ProcessResult {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "interactive=no"
        for (key, value) in environment { env[key] = value }
        for key in unsetting { env[key] = nil }
        process.environment = env

        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = collectOutput ? output : FileHandle.nullDevice
        process.standardError = collectOutput ? errors : FileHandle.nullDevice

        let collected = Collected()
        let group = DispatchGroup()
        let readers = collectOutput ? [(output.fileHandleForReading, false), (errors.fileHandleForReading, true)] : []
        for (handle, isError) in readers {
            group.enter()
            DispatchQueue.global().async {
                let data = handle.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }

        try process.run()
        // The parent's copies of the write ends must close, or the readers never see end of file.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        if let stdin {
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }

        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline { timedOut = true; process.terminate(); break }
            usleep(5_000)
        }
        process.waitUntilExit()
        // A grandchild still holding the pipes must not hang the test run.
        _ = group.wait(timeout: .now() + 2)
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: collected.stdout, as: UTF8.self),
                             stderr: String(decoding: collected.stderr, as: UTF8.self),
                             timedOut: timedOut)
    }
}

/// The two outputs, filled from the reader threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func store(_ data: Data, isError: Bool) {
        lock.lock(); defer { lock.unlock() }
        if isError { err = data } else { out = data }
    }

    var stdout: Data { lock.lock(); defer { lock.unlock() }; return out }
    var stderr: Data { lock.lock(); defer { lock.unlock() }; return err }
}
