import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

/// A program that could not be started.
struct SpawnFailure: Error, CustomStringConvertible {
    let executable: String
    let code: Int32
    var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
}

/// Runs a program with pipes on standard input, output and error; no terminal is involved.
///
/// Built on `posix_spawn` rather than Foundation's `Process`, for one reason: `Process` learns
/// that a child exited when a socket it hands the child closes, and `tmux new-session` forks a
/// server that inherits that socket and outlives the client, so `Process` would wait forever.
/// Here the child gets only standard input, output and error (everything else is closed), the
/// default disposition of every signal and an empty signal mask, and its exit is collected with
/// `waitpid`.
enum ProcessRunner {
    /// A program that exits before reading all its input (a missing file, say) must not take the
    /// test runner down with SIGPIPE; the write fails with EPIPE instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs `executable` with `arguments`, writes `stdin` (then closes it; nil gives the null
    /// device), and waits at most `timeout` seconds before killing it. The environment is this
    /// process's, with `environment` added and the variables in `unsetting` removed.
    ///
    /// With `collectOutput` false both outputs go to the null device: needed for a program that
    /// leaves a daemon behind (`tmux new-session`), which would otherwise hold the pipes open.
    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String] = [:], unsetting: Set<String> = [],
                    collectOutput: Bool = true, timeout: TimeInterval = 10) throws -> ProcessResult {
        _ = ignoreBrokenPipes
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "interactive=no"
        for (key, value) in environment { env[key] = value }
        for key in unsetting { env[key] = nil }

        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            throw SpawnFailure(executable: executable, code: errno)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil {
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if collectOutput {
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        closeInheritedDescriptors(&actions)

        // The calling thread may block signals (Dispatch's threads do) and SIGPIPE is ignored
        // here; a child must start clean, or a tmux server would shrug off SIGTERM and
        // `kill-server`, and pass the blocked mask on to the program in its pane.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(input[0]); close(output[1]); close(errors[1])
        guard code == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw SpawnFailure(executable: executable, code: code)
        }

        // Drain both outputs on their own threads so a chatty child never blocks on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        for (fd, isError) in [(output[0], false), (errors[0], true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        let writer = FileHandle(fileDescriptor: input[1], closeOnDealloc: true)
        if let stdin { try? writer.write(contentsOf: Data(stdin.utf8)) }
        try? writer.close()

        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var timedOut = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(2_000)
        }
        // A grandchild still holding the pipes must not hang the test run; but the readers may
        // start late on a machine busy with the parallel suite (2 s lost output of a fast child).
        _ = group.wait(timeout: .now() + 30)
        let signal = status & 0x7f
        return ProcessResult(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
                             stdout: String(decoding: collected.stdout, as: UTF8.self),
                             stderr: String(decoding: collected.stderr, as: UTF8.self),
                             timedOut: timedOut)
    }
}

/// Adds to `actions` the closing of every descriptor above standard error.
///
/// glibc 2.34+ has `posix_spawn_file_actions_addclosefrom_np`, but Swift's Glibc module does not
/// declare it (it sits behind a feature macro), so it is looked up with `dlsym`; without it, the
/// descriptors open right now (from /proc/self/fd) are closed one by one.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
        posix_spawn_file_actions_addclose(&actions, fd)
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
