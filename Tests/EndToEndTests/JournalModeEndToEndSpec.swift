import Foundation
import Testing

/// The full-screen UI on a file opened read-write: WAL mode while it has the file open, said on
/// the status line, so that its reads go on beside another program's write; the file's own mode
/// back on quit — or, when another program still has the file open then, a line saying why not.
@Suite struct JournalModeEndToEndSpec {
    /// Starts amigo-shell on the workspace's chinook.sqlite and waits for the first frame.
    /// Its standard error goes to `stderr.txt` in the workspace.
    private func launch(_ name: String, _ workspace: Workspace) async throws -> TmuxSession {
        let tmux = try TmuxSession(socket: "amigo-e2e-\(name)", directory: workspace.directory)
        try tmux.start(["/bin/sh", "-c", "exec \(try Fixture.binary().shellQuoted) chinook.sqlite 2> stderr.txt"], in: workspace.directory,
                       history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        return tmux
    }

    @Test("the UI says it put the file in WAL mode, reads Track while another program is in the middle of rewriting it, and puts the mode back on quit")
    func walWhileOpen() async throws {
        let workspace = try Workspace("wal-while-open")
        let tmux = try await launch("wal-while-open", workspace)
        let screen = try await tmux.waitFor("in WAL mode while open")
        #expect(screen.statusLine.contains("in WAL mode while open (was delete; put back on quit; --no-wal leaves the mode alone)"))
        #expect(workspace.journalMode == "wal")

        // Another program rewrites every track in one transaction, its cache too small to hold
        // the changes: they go to the log before it commits (in the rollback journal's mode they
        // would go to the file, and lock every reader out).
        let writer = try SQLite3Session(workspace.database)
        try writer.run("PRAGMA cache_size = 1; BEGIN IMMEDIATE; UPDATE Track SET Name = Name || ' (changed)';")
        try tmux.sendKeys("t")
        try await tmux.waitFor("open table>")
        try tmux.sendLiteral("Tr")
        try tmux.sendKeys("Enter")
        let track = try await tmux.waitUntil("Track's first row, as committed") {
            $0.contains("─ 1/3503 ─┘") && $0.contains("For Those About To Rock (We Salute You)")
        }
        #expect(!track.contains("(changed)") && !track.statusLine.contains("lock"))
        try writer.run("ROLLBACK;")
        try writer.finish()

        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(workspace.databaseIsBackAsItWas)
    }

    @Test("a file another program still has open on quit stays in WAL mode, and the shell says so on standard error")
    func heldAtQuit() async throws {
        let workspace = try Workspace("wal-held-at-quit")
        let tmux = try await launch("wal-held-at-quit", workspace)
        try await tmux.waitFor("in WAL mode while open")
        let reader = try SQLite3Session(workspace.database)
        try reader.run("BEGIN; SELECT count(*) FROM Artist;")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        let stderr = try String(contentsOfFile: workspace.path("stderr.txt"), encoding: .utf8)
        #expect(stderr == "amigo-shell: chinook.sqlite stays in WAL mode (it was in delete mode): another program has it open; its last commits may be only in chinook.sqlite-wal until then, so copy it with sqlite3's .backup rather than cp\n")
        try reader.run("COMMIT;")
        try reader.finish()
        #expect(workspace.journalMode == "wal")
        #expect(workspace.databaseHoldsWhatItHeld)
    }
}
