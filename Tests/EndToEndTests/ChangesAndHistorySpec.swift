import Foundation
import Testing

/// Pending changes read and undone one by one, bulk edit, explain and history, end to end: the
/// real binary in text mode, the file checked afterwards with the sqlite3 CLI.
@Suite("amigo-shell changes, undo, set all, explain, history (text mode)")
struct ChangesTextModeSpec {
    /// Runs amigo-shell in the workspace on chinook, feeding `commands` on standard input, with
    /// the data folder inside the workspace.
    private func shell(_ workspace: Workspace, _ commands: [String]) throws -> ProcessResult {
        let binary = try Fixture.binary()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", binary, "chinook.sqlite"],
                                           stdin: commands.joined(separator: "\n") + "\n",
                                           environment: ["AMIGO_HISTFILE": workspace.path("history"), "XDG_DATA_HOME": workspace.path("data")])
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    @Test("three edits, changes, undo, commit: exactly the first two are in the file")
    func undoLeavesTheFirstTwo() throws {
        let workspace = try Workspace("changes-undo")
        let result = try shell(workspace, [
            "open Genre", "get 1", "set Name = 'one'", "get 2", "set Name = 'two'", "get 3", "set Name = 'three'",
            "changes", "undo", "changes", "commit", "undo",
        ])
        #expect(result.status == 1, "the last undo has nothing to undo: \(result.stderr)")
        #expect(result.stdout.contains("3 uncommitted changes, 3 rows"))
        #expect(result.stdout.contains("3. set Name = 'three' on Genre 3 \"Metal\" — 1 row"))
        #expect(result.stdout.contains("   UPDATE \"Genre\" SET \"Name\" = ? WHERE \"GenreId\" = ?  ['three', 3]"))
        #expect(result.stdout.contains("undid set Name = 'three' on Genre 3 \"Metal\" (1 row) — 2 changes, 2 rows still uncommitted"))
        #expect(result.stdout.contains("committed 2 change(s)"))
        #expect(result.stderr.contains("undo: nothing to undo (the last transaction ended: committed 2 changes (2 rows))"))
        #expect(try SQLite3.query(workspace.database, "SELECT GenreId, Name FROM Genre WHERE GenreId <= 3 ORDER BY GenreId") == "1|one\n2|two\n3|Metal")
    }

    @Test("set all runs one UPDATE over the filtered view at once; explain names a full scan and an index, never created")
    func setAllAndExplain() throws {
        let workspace = try Workspace("changes-set-all")
        let jazz = try SQLite3.query(workspace.database, "SELECT count(*) FROM Track WHERE GenreId = 2")
        let result = try shell(workspace, [
            "open Track", "filter GenreId = 2", "set all Composer = 'Various'", "commit",
            "filter Composer = 'Various'", "explain",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"UPDATE "Track" SET "Composer" = ? WHERE "TrackId" IN (SELECT "Track"."TrackId" FROM "Track" WHERE "Track"."GenreId" = ?)  ['Various', 2]"#))
        #expect(result.stdout.contains("set Composer on \(jazz) rows of Track"))
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM Track WHERE Composer = 'Various'") == jazz)
        #expect(result.stdout.contains("`--SCAN Track   ◀ full scan of Track: 1000+ rows"))
        #expect(result.stdout.contains(#"CREATE INDEX IF NOT EXISTS "Track_Composer_idx" ON "Track" ("Composer");"#))
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM sqlite_master WHERE name = 'Track_Composer_idx'") == "0")
    }

    @Test("history lists what ran with its rows and failures; save and run keep a query in a plain file under XDG_DATA_HOME")
    func historyAndSavedQueries() throws {
        let workspace = try Workspace("changes-history")
        let first = try shell(workspace, ["open Genre", "filter Name BEGINSWITH 'R'", "save rockish", "open Nowhere", "history"])
        #expect(first.status == 1)
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("open Genre") && $0.contains(" 25 ") && $0.contains("ok") })
        #expect(lines.contains { $0.contains("open Nowhere") && $0.contains("failed: ") })
        let folder = workspace.path("data/amigo-shell/saved-queries")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1 && files[0].hasPrefix("chinook.sqlite-") && files[0].hasSuffix(".queries"))
        let text = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8)
        #expect(text.contains("rockish\tfilter Name BEGINSWITH 'R'\n"))
        // A later run on the same file finds it.
        let second = try shell(workspace, ["open Genre", "run rockish", "count"])
        #expect(second.status == 0, "\(second.stderr)")
        let expected = try SQLite3.query(workspace.database, "SELECT count(*) FROM Genre WHERE Name LIKE 'R%'")
        #expect(second.stdout.split(separator: "\n").last.map(String.init) == expected)
        // A malformed file is reported and left untouched.
        try "not a saved query\n".write(toFile: folder + "/" + files[0], atomically: true, encoding: .utf8)
        let third = try shell(workspace, ["open Genre", "save again"])
        #expect(third.stderr.contains("line 1 is not NAME<tab>COMMAND"))
        #expect(try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8) == "not a saved query\n")
    }
}

/// `u`, the status line's change count, `set all` previewed before `y`, and `x` in a terminal.
@Suite("amigo-shell changes in a terminal (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct ChangesTerminalSpec {
    private func launch(_ name: String, _ workspace: Workspace) throws -> TmuxSession {
        let binary = try Fixture.binary()
        let tmux = try TmuxSession(socket: "amigo-e2e-\(name)", directory: workspace.directory)
        try tmux.start([binary, "chinook.sqlite"], in: workspace.directory, environment: ["XDG_DATA_HOME": workspace.path("data")],
                       history: workspace.path("history"))
        return tmux
    }

    private func command(_ tmux: TmuxSession, _ text: String) throws {
        try tmux.sendKeys(":")
        try tmux.sendLiteral(text)
        try tmux.sendKeys("Enter")
    }

    @Test("set all previews the UPDATE with its count before y; the status line counts changes and rows; u undoes the last only")
    func setAllStatusAndUndo() async throws {
        let workspace = try Workspace("tui-changes")
        let tmux = try launch("changes", workspace)
        defer { tmux.stop() }
        try await tmux.waitFor("Track         3503")
        try command(tmux, "open Genre")
        try await tmux.waitFor("row 1 of 25")
        try command(tmux, "set all Name = 'same'")
        try await tmux.waitForAll("Nothing is kept until :commit.", "on all 25 rows of Genre", "UPDATE \"Genre\" SET \"Name\" = ?")
        try tmux.sendKeys("y")
        try await tmux.waitFor("tx: 1 change, 25 rows")
        try command(tmux, "sql UPDATE Track SET Composer = 'x' WHERE GenreId = 1")
        try await tmux.waitForAll("It will change 1297 rows", "Nothing is kept until :commit.")
        try tmux.sendKeys("y")
        try await tmux.waitFor("tx: 2 changes, 1322 rows")
        try tmux.sendKeys("u")
        try await tmux.waitFor("tx: 1 change, 25 rows")
        try command(tmux, "commit")
        try await tmux.waitFor("committed 25 change(s)")
        try tmux.sendKeys("u")
        try await tmux.waitFor("nothing to undo")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM Genre WHERE Name = 'same'") == "25")
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM Track WHERE Composer = 'x'") == "0")
    }

    @Test("Ctrl-X Ctrl-E edits the prompt's line in $EDITOR and puts it back as one line, -- comments dropped; Enter runs it; a failing editor leaves the line")
    func ctrlXCtrlEEditsTheLineInTheEditor() async throws {
        let workspace = try Workspace("tui-editor")
        // The "editor": checks it was given the line, then writes a statement over two lines.
        let editor = workspace.path("editor.sh")
        try """
            #!/bin/sh
            grep -q 'SELECT 1' "$1" || exit 3
            printf 'sql SELECT 6 * 7\n  AS answer -- the answer\n' > "$1"
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let binary = try Fixture.binary()
        let tmux = try TmuxSession(socket: "amigo-e2e-editor", directory: workspace.directory)
        defer { tmux.stop() }
        try tmux.start([binary, "chinook.sqlite"], in: workspace.directory, environment: ["EDITOR": editor, "VISUAL": ""],
                       history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys(":")
        try tmux.sendLiteral("sql SELECT 1")
        try tmux.sendKeys("C-x", "C-e")
        try await tmux.waitFor(":sql SELECT 6 * 7   AS answer")
        try tmux.sendKeys("Enter")
        try await tmux.waitForAll("answer", "    42")
        // The editor fails (it is given no SELECT 1): the line stays as typed.
        try tmux.sendKeys(":")
        try tmux.sendLiteral("sql SELECT 2")
        try tmux.sendKeys("C-x", "C-e")
        try tmux.sendLiteral(" + 1 AS three")
        try tmux.sendKeys("Enter")
        try await tmux.waitForAll("three", "     3")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("each kind of prompt recalls its own history with Up: commands at :, filters at /, each kept in its own file")
    func onePromptHistoryPerKind() async throws {
        let workspace = try Workspace("tui-histories")
        let tmux = try launch("histories", workspace)
        defer { tmux.stop() }
        try await tmux.waitFor("Track         3503")
        try command(tmux, "open Genre")
        try await tmux.waitFor("row 1 of 25")
        try tmux.sendKeys("/")
        try tmux.sendLiteral("Name BEGINSWITH 'R'")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("row 1 of 4")
        // Up at / recalls the filter, not the command typed last at :.
        try tmux.sendKeys("/")
        try tmux.sendKeys("Up")
        try await tmux.waitUntil("the filter recalled") { $0.promptLine == "filter> Name BEGINSWITH 'R'" }
        try tmux.sendKeys("Escape")
        try tmux.sendKeys(":")
        try tmux.sendKeys("Up")
        try await tmux.waitUntil("the command recalled") { $0.promptLine == ":open Genre" }
        try tmux.sendKeys("Escape")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(try String(contentsOfFile: workspace.path("history"), encoding: .utf8).contains("open Genre"))
        #expect(try String(contentsOfFile: workspace.path("history-filter"), encoding: .utf8) == "Name BEGINSWITH 'R'\n")
    }

    @Test("x shows the view's plan with the full scan marked; :history lists the commands")
    func explainAndHistory() async throws {
        let workspace = try Workspace("tui-explain")
        let tmux = try launch("explain", workspace)
        defer { tmux.stop() }
        try await tmux.waitFor("Track         3503")
        try command(tmux, "open Track")
        try await tmux.waitFor("row 1 of 3503")
        try command(tmux, "filter Composer = 'AC/DC'")
        try await tmux.waitFor("row 1 of ")
        try tmux.sendKeys("x")
        try await tmux.waitForAll("full scan of Track", "SCAN Track", "CREATE INDEX IF NOT EXISTS \"Track_Composer_idx\"")
        try tmux.sendKeys("q")
        try command(tmux, "history")
        try await tmux.waitForAll("filter Composer = 'AC/DC'", "open Track")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
