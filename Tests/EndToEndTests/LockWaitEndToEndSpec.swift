import Foundation
import Testing

/// Another program holds the file's lock, or commits again and again: a wait is seen and
/// cancelled in the terminal UI, keys are answered meanwhile, and text mode never prints an
/// answer read before as if it were current.
///
/// Its waits are short on purpose (a key answered at once, a wait said after 150 ms), so it runs
/// alone, not beside a thousand others on two cores: scripts/test runs it in a pass of its own
/// (`AMIGO_RUN_ALONE=1`).
@Suite("reliability: lock waits you can see and cancel", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"),
       .enabled(if: ProcessInfo.processInfo.environment["AMIGO_RUN_ALONE"] == "1",
                "runs alone: scripts/test runs it after the parallel suite, with AMIGO_RUN_ALONE=1"))
struct LockWaitEndToEndSpec {
    static let waiting = "waiting for a lock held by another program"

    /// In the rollback journal's mode (`--no-wal`; the UI's own default, WAL mode while open, is
    /// the next test): another program's exclusive lock shuts every reader out.
    @Test("with --no-wal, :open and / while sqlite3 holds BEGIN EXCLUSIVE say so after 150 ms, Esc cancels them, j still moves")
    func lockWaitsAreShownAndCancelled() async throws {
        let workspace = try Workspace("lock-ui")
        let tmux = try TmuxSession(socket: "amigo-lock-ui", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite", "--no-wal"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Artist")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Artist open") { $0.statusLine.hasPrefix("row 1 of 275") }

        let holder = try await LockHoldingProgram(workspace.database)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the lock wait said") { $0.statusLine.contains(Self.waiting) }
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the open cancelled", timeout: .seconds(1)) { $0.statusLine.contains("interrupted") }

        try tmux.sendKeys("/")
        try await tmux.waitUntil("the filter prompt") { $0.promptLine.hasPrefix("/") || $0.promptLine.hasPrefix("filter") }
        try tmux.sendLiteral("Name BEGINSWITH 'A'")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the lock wait said") { $0.statusLine.contains(Self.waiting) }
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the filter cancelled", timeout: .seconds(1)) { $0.statusLine.contains("interrupted") }

        // Moving in rows already read answers at once, lock or not.
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the cursor on row 2", timeout: .seconds(1)) { $0.statusLine.hasPrefix("row 2 of 275") }

        holder.release()
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        let screen = try await tmux.waitUntil("Genre open") { $0.statusLine.hasPrefix("row 1 of 25") }
        #expect(!screen.contains("changed by another program"))
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("in WAL mode while open (the UI's default), :open and / answer at once while sqlite3 holds BEGIN EXCLUSIVE")
    func noLockWaitInWALMode() async throws {
        let workspace = try Workspace("lock-ui-wal")
        let tmux = try TmuxSession(socket: "amigo-lock-ui-wal", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitFor("in WAL mode while open")
        let holder = try await LockHoldingProgram(workspace.database)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        var screen = try await tmux.waitUntil("Genre open", timeout: .seconds(2)) { $0.statusLine.hasPrefix("row 1 of 25") }
        #expect(!screen.statusLine.contains(Self.waiting))
        try tmux.sendKeys("/")
        try await tmux.waitUntil("the filter prompt") { $0.promptLine.hasPrefix("/") || $0.promptLine.hasPrefix("filter") }
        try tmux.sendLiteral("Name BEGINSWITH 'R'")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the filtered rows", timeout: .seconds(2)) { $0.statusLine.hasPrefix("row 1 of 4") }
        #expect(!screen.statusLine.contains(Self.waiting))
        holder.release()
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(workspace.databaseIsBackAsItWas)
    }

    @Test("text mode counting while another program commits in a loop: every count is current or an error, never a false schema change")
    func countsWhileAnotherProgramCommits() throws {
        let workspace = try Workspace("lock-text")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let script = """
            cd \(workspace.directory.path.shellQuoted)
            ( for i in $(seq 1 100); do \(sqlite3.shellQuoted) -cmd '.timeout 5000' chinook.sqlite "INSERT INTO Genre (Name) VALUES ('g$i')" || echo "insert $i failed" >&2; done ) &
            committer=$!
            ( echo 'open Genre'; while kill -0 $committer 2>/dev/null; do echo count; sleep 0.005; done; echo count ) | "$0" chinook.sqlite 2>&1
            echo "status=${PIPESTATUS[1]}"
            wait $committer
            """
        let run = try ProcessRunner.run("/bin/bash", ["-c", script, try Fixture.binary()], timeout: 120)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let counts = lines.compactMap { Int($0) }
        #expect(!run.stdout.contains("schema was changed"), "\(run.stdout)")
        #expect(!run.stderr.contains("failed"), "\(run.stderr)")
        #expect(counts.count > 10)
        #expect(counts == counts.sorted(), "a count went back: \(counts)")
        #expect(counts.last == 125, "\(counts)")
        // Anything else printed is an error saying the file was busy, one line each.
        let others = lines.filter { Int($0) == nil && !$0.hasPrefix("status=") }
        #expect(others.allSatisfy { $0.hasPrefix("amigo-shell: ") && $0.contains("locked") }, "\(others)")
    }
}
