import Foundation
import Testing

/// Faults a hostile user or a busy system brings, on the real binary: a paste that holds line
/// breaks and keys, an output whose reader goes away.
@Suite("reliability: pastes and closed outputs", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct ReliabilitySpec {
    /// Starts amigo-shell on the workspace's chinook.sqlite, opens `table` and waits for its rows.
    private func launch(_ name: String, _ workspace: Workspace, table: String, rows: Int) async throws -> TmuxSession {
        let tmux = try TmuxSession(socket: "amigo-rel-\(name)", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open \(table)")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("\(table) open") { $0.statusLine.hasPrefix("row 1 of \(rows)") }
        return tmux
    }

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(try tmux.alternateScreenOn() == false)
    }

    @Test("a paste at the filter prompt with line breaks, D, y and :commit in it is one filter's text: nothing is deleted")
    func pasteAtTheFilterPromptIsText() async throws {
        let workspace = try Workspace("paste-filter")
        let tmux = try await launch("paste-filter", workspace, table: "PlaylistTrack", rows: 8715)
        try tmux.sendKeys("/")
        try await tmux.waitUntil("the filter prompt") { $0.promptLine.hasPrefix("/") || $0.promptLine.hasPrefix("filter") }
        try tmux.paste("PlaylistId = 1\nDy:commit\n")
        // The whole paste is on the prompt line, which is still open.
        let screen = try await tmux.waitUntil("the paste on the prompt line") { $0.promptLine.contains("PlaylistId = 1 Dy:commit") }
        #expect(!screen.contains("Run inside the session?"))
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the prompt closed") { !$0.promptLine.contains("Dy:commit") }
        try await quit(tmux)
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM PlaylistTrack") == "8715")
        #expect(workspace.databaseIsBackAsItWas)
    }

    @Test("a paste of two commands at : runs neither line as a command of its own; quit in it does not quit")
    func pasteAtTheCommandPromptDoesNotQuit() async throws {
        let workspace = try Workspace("paste-command")
        let tmux = try await launch("paste-command", workspace, table: "Artist", rows: 275)
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.paste("open Genre\nquit\n")
        try await tmux.waitUntil("the paste on the prompt line") { $0.promptLine == ":open Genre quit" }
        try tmux.sendKeys("C-u")
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Genre open") { $0.statusLine.hasPrefix("row 1 of 25") }
        try await quit(tmux)
    }

    @Test("a paste on the grid runs none of its characters as keys")
    func pasteOnTheGridRunsNothing() async throws {
        let workspace = try Workspace("paste-grid")
        let tmux = try await launch("paste-grid", workspace, table: "PlaylistTrack", rows: 8715)
        try tmux.paste("Dy:commit\n")
        try await tmux.waitUntil("the paste refused") { $0.statusLine.contains("nothing was run") }
        // (A y typed ahead of the box it would answer is dropped: ShellRunLoopSpec shows it with
        // a scripted terminal, where "ahead" does not depend on how busy the machine is.)
        try await quit(tmux)
        #expect(workspace.databaseIsBackAsItWas)
    }

    @Test("a 1 MB paste at the filter prompt is one insertion: on the prompt line within seconds, nothing run")
    func aMegabytePasteIsLinear() async throws {
        let workspace = try Workspace("paste-megabyte")
        let tmux = try await launch("paste-megabyte", workspace, table: "Genre", rows: 25)
        let line = "Name = 'Rock' OR Name = 'Jazz' OR\n"
        let text = String(repeating: line, count: 1_048_576 / line.utf8.count) + "Name = 'THE END'"
        let file = workspace.path("paste.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try tmux.sendKeys("/")
        try await tmux.waitUntil("the filter prompt") { $0.promptLine.hasPrefix("/") || $0.promptLine.hasPrefix("filter") }
        let started = ContinuousClock.now
        try tmux.pasteFile(file)
        // At ~3 ms a character a megabyte took the better part of an hour.
        try await tmux.waitUntil("the end of the paste on the prompt line", timeout: .seconds(30)) { $0.promptLine.hasSuffix("Name = 'THE END'") }
        #expect(ContinuousClock.now - started < .seconds(30))
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the prompt closed") { !$0.promptLine.contains("THE END") }
        try await quit(tmux)
        #expect(workspace.databaseIsBackAsItWas)
    }

    /// Runs `script` under bash with `$0` the binary, in the workspace; returns the output and the
    /// binary's own exit status, which the script prints last as `status=N`.
    private func pipeline(_ script: String, in workspace: Workspace) throws -> (output: String, status: Int32?) {
        let result = try ProcessRunner.run("/bin/bash", ["-c", "cd \(workspace.directory.path.shellQuoted) && " + script, try Fixture.binary()])
        let status = result.stdout.firstMatch(of: /status=([0-9]+)/).flatMap { Int32($0.1) }
        return (result.stdout + result.stderr, status)
    }

    @Test("standard error closed by its reader: the failed commands are still reported by the exit status, no crash")
    func closedStandardError() throws {
        let workspace = try Workspace("stderr-pipe")
        let run = try pipeline("\"$0\" chinook.sqlite -c 'open Nope' -c 'open Nope2' -c count 2>&1 | head -c 5; echo \" status=${PIPESTATUS[0]}\"", in: workspace)
        #expect(run.status == 1, "\(run.output)")
    }

    @Test("standard output closed by its reader (| head -1) ends quietly with status 0, in every mode")
    func closedStandardOutput() throws {
        let workspace = try Workspace("stdout-pipe")
        for mode in ["--csv", "--json", "--mode=table", "--mode=line"] {
            let run = try pipeline("\"$0\" chinook.sqlite \(mode) -c 'sql SELECT * FROM Track, Genre' 2>err | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\"; cat err", in: workspace)
            #expect(run.status == 0, "\(mode): \(run.output)")
            #expect(!run.output.contains("amigo-shell:"), "\(mode): \(run.output)")
        }
        let export = try pipeline("\"$0\" chinook.sqlite -c 'open Track' -c 'export csv -' 2>err | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\"; cat err", in: workspace)
        #expect(export.status == 0, "\(export.output)")
        #expect(!export.output.contains("amigo-shell:"), "\(export.output)")
    }

    @Test("a full disk (/dev/full) on standard output is one line on standard error and status 1")
    func fullStandardOutput() throws {
        let workspace = try Workspace("stdout-full")
        let run = try pipeline("\"$0\" chinook.sqlite --csv -c 'sql SELECT * FROM Track' >/dev/full 2>err; echo \"status=$?\"; cat err", in: workspace)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("amigo-shell: -c #1: error: cannot write standard output: No space left on device"), "\(run.output)")
    }
}
