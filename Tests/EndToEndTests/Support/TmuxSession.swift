import Foundation
import Testing

/// Drives one program in a pane of a private tmux server, as TERMINAL-NOTES §11 describes:
/// its own socket (`tmux -L NAME -f /dev/null`, so no user configuration), `remain-on-exit`
/// set in the same invocation that starts the session, keys sent with `send-keys`, the screen
/// read with `capture-pane -p -N`, every wait a 10 ms poll against a deadline, and the exit
/// status written by the wrapping `sh` to a file (tmux's `#{pane_dead_status}` is flaky).
///
/// ```swift
/// let tmux = try TmuxSession(socket: "amigo-e2e-help", directory: workspace.directory)
/// try tmux.start([binary, "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
/// try await tmux.waitFor("Album          347")
/// try tmux.sendKeys("?")
/// let screen = try await tmux.waitFor("Help — ↑↓ PgUp PgDn scroll")
/// try tmux.sendKeys("q")
/// #expect(try await tmux.rc() == 0)
/// ```
final class TmuxSession {
    /// The `tmux` on the `PATH`, if any.
    static let executable: String? = Fixture.executable(named: "tmux")

    /// The session name inside the private server.
    private let target = "e2e"
    /// The `-L` socket name; unique per test so servers never collide.
    let socket: String
    /// Where the wrapping shell writes the exit status.
    private let rcFile: String
    /// Where the wrapping shell writes `stty -a` of the pane once the program has exited.
    private let sttyFile: String
    private var running = false
    /// The server's socket file, removed on ``stop()`` (tmux leaves it behind).
    private var socketPath: String?

    /// A driver for a new server on `socket`, keeping its files in `directory`.
    init(socket: String, directory: URL) throws {
        _ = try #require(Self.executable, "tmux is not installed")
        self.socket = "\(socket)-\(getpid())"
        rcFile = directory.appendingPathComponent("\(socket).rc").path
        sttyFile = directory.appendingPathComponent("\(socket).stty").path
    }

    deinit { stop() }

    // MARK: Starting and stopping

    /// Starts `command` (program and arguments) in `directory`, in a `width`×`height` pane.
    ///
    /// It runs under `/bin/sh -c` (dash on Debian, which leaves the tty modes alone) with TERM,
    /// a UTF-8 locale and a private readline history pinned, and `environment` on top.
    func start(_ command: [String], in directory: URL, environment: [String: String] = [:], unsetting: [String] = [],
               history: String, width: Int = 120, height: Int = 40) throws {
        var env = ["TERM": "tmux-256color", "LANG": "C.UTF-8", "AMIGO_HISTFILE": history,
                   "SWIFT_BACKTRACE": "interactive=no"]
        for (key, value) in environment { env[key] = value }
        let assignments = env.keys.sorted().map { "\($0)=\(env[$0]!)".shellQuoted }.joined(separator: " ")
        let program = command.map(\.shellQuoted).joined(separator: " ")
        let script = "cd \(directory.path.shellQuoted) && env -u LC_ALL -u LC_CTYPE \(unsetting.map { "-u \($0.shellQuoted) " }.joined())\(assignments) \(program); echo $? > \(rcFile.shellQuoted); "
            + "stty -a > \(sttyFile.shellQuoted) 2>&1"
        try tmux(["new-session", "-d", "-s", target, "-x", String(width), "-y", String(height),
                  "/bin/sh", "-c", script,
                  ";", "set-option", "-t", target, "remain-on-exit", "on"], collectOutput: false)
        running = true
        socketPath = try? display("#{socket_path}")
    }

    /// Kills the server (and with it the program, if it still runs).
    func stop() {
        guard running else { return }
        running = false
        _ = try? tmux(["kill-server"], check: false)
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    // MARK: Input

    /// Sends named keys (`Enter`, `BSpace`, `BTab`, `Escape`, `C-u`, `NPage`) or single characters.
    /// A bare word such as `Up` is a key name; use ``sendLiteral(_:)`` for text.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally.
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Pastes `text` as a terminal does (`paste-buffer -p`): wrapped in the bracketed-paste
    /// markers when the program turned that mode on, as plain typed text otherwise.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "e2e-paste", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", target])
    }

    /// Pastes the contents of the file at `path` as ``paste(_:)`` does, for text too long to pass
    /// as one argument (a megabyte).
    func pasteFile(_ path: String) throws {
        try tmux(["load-buffer", "-b", "e2e-paste", path])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", target])
    }

    /// Copies everything the pane's programs write from now on to the file at `path` (tmux's
    /// `pipe-pane`), so that text shown only for a moment can be checked afterwards.
    func logOutput(to path: String) throws {
        try tmux(["pipe-pane", "-t", target, "-o", "cat >> \(path.shellQuoted)"])
    }

    /// Resizes the window, which delivers SIGWINCH to the program.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    // MARK: Output

    /// The screen now, trailing spaces kept (`-N`).
    func capture() throws -> Screen {
        let text = try tmux(["capture-pane", "-p", "-N", "-t", target])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return Screen(lines: lines)
    }

    /// The screen now with its SGR escape sequences (`capture-pane -e`), to check colours.
    func captureWithEscapes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// A tmux format such as `#{alternate_on}` or `#{pane_pid}` evaluated for the pane.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane shows the alternate screen (curses is active).
    func alternateScreenOn() throws -> Bool { try display("#{alternate_on}") == "1" }

    /// The pid of the program: the child of the pane's `sh`.
    func programPID() throws -> pid_t? {
        let shell = try display("#{pane_pid}")
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// The pid of the process named `name` (its `comm`) anywhere under the pane's shell — under
    /// an interactive shell started in the pane, say — or nil.
    func descendantPID(named name: String) throws -> pid_t? {
        var queue = [try display("#{pane_pid}")]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if comm == String(name.prefix(15)) { return pid_t(pid) }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").map(String.init)
        }
        return nil
    }

    // MARK: Waiting

    /// Polls the screen every 10 ms until it contains `text`; throws with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> Screen {
        try await waitUntil("the screen shows \(text.debugDescription)", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen every 10 ms until it contains every one of `texts`, so that a frame the
    /// program is still drawing (its title written, its last lines not yet) is never asserted
    /// on; throws with the last screen after `timeout`.
    @discardableResult
    func waitForAll(_ texts: String..., timeout: Duration = .seconds(30)) async throws -> Screen {
        let wanted = texts.map(\.debugDescription).joined(separator: ", ")
        return try await waitUntil("the screen shows all of \(wanted)", timeout: timeout) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    /// Polls the screen every 10 ms until `condition` holds; throws with the last screen after `timeout`.
    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(30),
                   _ condition: (Screen) -> Bool) async throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try capture()
            if condition(screen) { return screen }
            if ContinuousClock.now >= deadline { throw TmuxTimeout(waitingFor: what, screen: screen) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The program's exit status, once the wrapping shell has written it.
    func rc(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let text = try? String(contentsOfFile: rcFile, encoding: .utf8), text.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            if ContinuousClock.now >= deadline {
                throw TmuxTimeout(waitingFor: "the program to exit", screen: (try? capture()) ?? Screen(lines: []))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// `stty -a` of the pane's terminal after the program exited (call after ``rc(timeout:)``).
    func ttyModesAfterExit(timeout: Duration = .seconds(2)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let text = try? String(contentsOfFile: sttyFile, encoding: .utf8), text.contains("\n") { return text }
            if ContinuousClock.now >= deadline { throw TmuxTimeout(waitingFor: "stty -a", screen: try capture()) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Sets a server option (`set-clipboard on`, so that OSC 52 from the program fills a buffer).
    func setOption(_ name: String, _ value: String) throws {
        try tmux(["set-option", "-s", name, value])
    }

    /// Polls the newest paste buffer (`show-buffer`) every 10 ms until `condition` holds, and returns it.
    @discardableResult
    func waitForBuffer(timeout: Duration = .seconds(10), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let buffer = (try? tmux(["show-buffer"], check: true)) ?? ""
            if condition(buffer) { return buffer }
            if ContinuousClock.now >= deadline { throw TmuxTimeout(waitingFor: "a buffer, last \(buffer.debugDescription)", screen: try capture()) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    // MARK: tmux

    @discardableResult
    private func tmux(_ arguments: [String], check: Bool = true, collectOutput: Bool = true) throws -> String {
        // TMUX is unset in case the tests themselves run inside tmux.
        let result = try ProcessRunner.run(Self.executable!, ["-L", socket, "-f", "/dev/null"] + arguments,
                                           unsetting: ["TMUX"], collectOutput: collectOutput, timeout: 5)
        if check && result.status != 0 {
            throw TmuxFailure(arguments: arguments, status: result.status, stderr: result.stderr)
        }
        return result.stdout
    }
}

/// What tmux shows: one string per row.
struct Screen: CustomStringConvertible {
    /// The rows, with trailing spaces.
    let lines: [String]

    /// The whole screen, rows joined by newlines.
    var description: String { lines.joined(separator: "\n") }

    /// Whether any row contains `text`.
    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The first row, trimmed: the title and breadcrumb.
    var titleRow: String { row(0) }
    /// The status line (second to last row), trimmed.
    var statusLine: String { row(lines.count - 2) }
    /// The prompt line (last row), trimmed of trailing spaces.
    var promptLine: String { lines.last.map { String($0.reversed().drop { $0 == " " }.reversed()) } ?? "" }

    /// Row `i`, trimmed; empty when out of range.
    func row(_ i: Int) -> String {
        lines.indices.contains(i) ? lines[i].trimmingCharacters(in: .whitespaces) : ""
    }

    /// The panes of the body rows: `│tables││grid││echo│` split on `││`.
    private func panes(_ index: Int) -> [String] {
        guard lines.count > 4 else { return [] }
        return lines[2..<(lines.count - 3)].compactMap { line in
            let parts = line.components(separatedBy: "││")
            guard parts.count == 3, index < parts.count else { return nil }
            return parts[index]
        }
    }

    /// The rows of the tables pane, trimmed (`Album          347`).
    var tablesPane: [String] {
        panes(0).map { String($0.dropFirst()).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The rows of the grid pane, trimmed of trailing spaces, header and rule included.
    var gridPane: [String] {
        panes(1).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The echo pane's text with its wrapping undone and whitespace collapsed, so a statement
    /// can be searched for whole whatever the pane's width.
    var echoText: String {
        // Lines are broken at the spaces between words, and the space a break falls on is not
        // drawn: lines join with one.
        panes(2).map { String($0.dropLast()) }.joined(separator: " ").collapsingWhitespace
    }
}

/// A wait that ran out; its description carries the screen at that moment.
struct TmuxTimeout: Error, CustomStringConvertible {
    let waitingFor: String
    let screen: Screen
    var description: String { "timed out waiting for \(waitingFor); the screen was:\n\(screen)" }
}

/// A tmux command that failed.
struct TmuxFailure: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stderr: String
    var description: String { "tmux \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
}
