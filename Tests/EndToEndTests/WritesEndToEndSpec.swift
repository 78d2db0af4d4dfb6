import Foundation
import Testing

/// Adding, deleting and creating from the shell, end to end: the real binary in text mode and in
/// a terminal, the file checked afterwards with the sqlite3 CLI.
@Suite("amigo-shell writes: insert, delete, sql DDL (text mode)")
struct WritesTextModeSpec {
    /// Runs amigo-shell in the workspace on `database`, feeding `commands` on standard input.
    private func shell(_ workspace: Workspace, _ commands: [String], arguments: [String] = [],
                       database: String = "chinook.sqlite") throws -> ProcessResult {
        let binary = try Fixture.binary()
        let script = commands.joined(separator: "\n") + "\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                      binary, database] + arguments,
                                           stdin: script, environment: ["AMIGO_HISTFILE": workspace.path("history")])
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    @Test("--create, sql CREATE TABLE, insert, commit: the new file has the table and the row")
    func createTableInsertCommit() throws {
        let workspace = try Workspace("writes-create")
        let result = try shell(workspace, [
            "sql CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT DEFAULT 'dog');",
            "open pet",
            "insert name='Lucy'",
            "insert name='Tom', kind='cat'",
            "commit",
        ], arguments: ["--create", "--echo"], database: "new.sqlite")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("INSERT INTO \"pet\" (\"name\") VALUES (?)  ['Lucy']"))
        #expect(result.stdout.contains("committed 3 change(s)"))
        // --echo shows the statements exactly as they run.
        #expect(result.stderr.contains("CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT DEFAULT 'dog')"))
        #expect(result.stderr.contains("INSERT INTO \"pet\" (\"name\", \"kind\") VALUES (?, ?)"))
        #expect(try SQLite3.query(workspace.path("new.sqlite"), "SELECT id, name, kind FROM pet ORDER BY id") == "1|Lucy|dog\n2|Tom|cat")
    }

    @Test("delete on a file with ON DELETE CASCADE says what else goes, counted, and does exactly that")
    func deleteWithCascadeCounts() throws {
        let workspace = try Workspace("writes-cascade")
        let database = workspace.path("university.sqlite")
        // Built from Tests/Fixtures/university.sql by the sqlite3 CLI.
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed")
        let script = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("Tests/Fixtures/university.sql"), encoding: .utf8)
        let built = try ProcessRunner.run(sqlite3, [database], stdin: script)
        try #require(built.status == 0, "\(built.stderr)")
        let course = try SQLite3.query(database, "SELECT course_id FROM section WHERE course_id NOT IN (SELECT prereq_id FROM prereq WHERE prereq_id IS NOT NULL) GROUP BY course_id ORDER BY count(*) DESC, course_id LIMIT 1")
        let sections = try SQLite3.query(database, "SELECT count(*) FROM section WHERE course_id = '\(course)'")
        let teaches = try SQLite3.query(database, "SELECT count(*) FROM teaches WHERE course_id = '\(course)'")
        let takes = try SQLite3.query(database, "SELECT count(*) FROM takes WHERE course_id = '\(course)'")
        let prereq = try SQLite3.query(database, "SELECT count(*) FROM prereq WHERE course_id = '\(course)'")
        let result = try shell(workspace, ["open course", "get '\(course)'", "delete", "commit"], database: "university.sqlite")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("DELETE FROM \"course\" WHERE \"course_id\" = ?  ['\(course)']"))
        #expect(result.stdout.contains("also deletes \(sections) row\(sections == "1" ? "" : "s") of section (ON DELETE CASCADE)"))
        if Int(teaches)! > 0 { #expect(result.stdout.contains("also deletes \(teaches) row\(teaches == "1" ? "" : "s") of teaches (ON DELETE CASCADE)")) }
        if Int(takes)! > 0 { #expect(result.stdout.contains("also deletes \(takes) row\(takes == "1" ? "" : "s") of takes (ON DELETE CASCADE)")) }
        #expect(try SQLite3.query(database, "SELECT count(*) FROM course WHERE course_id = '\(course)'") == "0")
        #expect(try SQLite3.query(database, "SELECT count(*) FROM section WHERE course_id = '\(course)'") == "0")
        if Int(prereq)! > 0 { #expect(result.stdout.contains("also deletes \(prereq) row\(prereq == "1" ? "" : "s") of prereq (ON DELETE CASCADE)")) }
        #expect(try SQLite3.query(database, "SELECT count(*) FROM prereq WHERE course_id = '\(course)'") == "0")
    }

    @Test("a constraint violation is one line and keeps the change made before it")
    func constraintViolationKeepsEarlierChange() throws {
        let workspace = try Workspace("writes-constraint")
        let result = try shell(workspace, ["open Genre", "get 1", "set Name = 'Rock!'", "insert GenreId=2, Name='Dup'", "commit"])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("UNIQUE constraint failed: Genre.GenreId (GenreId = 2)") == true, "\(result.stderr)")
        #expect(result.stdout.contains("committed 1 change(s)"))
        #expect(try SQLite3.query(workspace.database, "SELECT Name FROM Genre WHERE GenreId = 1") == "Rock!")
        #expect(try SQLite3.query(workspace.database, "SELECT Name FROM Genre WHERE GenreId = 2") == "Jazz")
    }

    @Test("--read-only refuses insert, delete, link, unlink and sql writes, one line each")
    func readOnlyRefusesWrites() throws {
        let workspace = try Workspace("writes-read-only")
        let commands = ["insert Name='x'", "delete", "delete all", "sql DELETE FROM Genre;", "sql CREATE TABLE t (a)"]
        let result = try shell(workspace, ["open Genre"] + commands, arguments: ["--read-only"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == commands.count, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.contains("read-only") })
        let playlist = try shell(workspace, ["open Playlist", "get 1", "link tracks 1", "unlink tracks 1"], arguments: ["--read-only"])
        #expect(playlist.stderr.split(separator: "\n").count == 2)
        #expect(playlist.stderr.split(separator: "\n").allSatisfy { $0.contains("read-only") }, "\(playlist.stderr)")
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("changes not committed by the end of the run are rolled back with a notice")
    func uncommittedWritesAreRolledBack() throws {
        let workspace = try Workspace("writes-rollback")
        let result = try shell(workspace, ["open Genre", "insert Name='Polka'", "sql DELETE FROM Genre WHERE GenreId = 25"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the input ended with 1 uncommitted change(s): rolled back"), "\(result.stderr)")
        #expect(workspace.databaseIsUnchanged)
    }
}

/// The insert form, the delete confirmation and the fallback prompt in a real terminal.
@Suite("amigo-shell writes in a terminal (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct WritesTerminalSpec {
    private func launch(_ name: String, _ workspace: Workspace, environment: [String: String] = [:]) throws -> TmuxSession {
        let binary = try Fixture.binary()
        let tmux = try TmuxSession(socket: "amigo-e2e-\(name)", directory: workspace.directory)
        try tmux.start([binary, "chinook.sqlite"], in: workspace.directory, environment: environment, history: workspace.path("history"))
        return tmux
    }

    /// Waits for the first screen, then opens Genre with `t` and waits for its first row.
    private func openGenre(_ tmux: TmuxSession) async throws {
        try await tmux.waitFor("Track         3503")
        try tmux.sendKeys("t")
        try await tmux.waitFor("open table>")
        try tmux.sendLiteral("Genre")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("row 1 of 25")
    }

    @Test("a opens a form with every column; Tab moves, Enter previews the INSERT, y runs it and the row is current")
    func insertForm() async throws {
        let workspace = try Workspace("tui-insert")
        let tmux = try launch("insert", workspace)
        defer { tmux.stop() }
        try await openGenre(tmux)
        try tmux.sendKeys("a")
        // curses draws top to bottom: wait for the form's last field, not only its title.
        let form = try await tmux.waitUntil("the whole form") { $0.contains("New row of Genre") && $0.contains("‹NULL›") }
        #expect(form.contains("‹assigned by the database›"))
        #expect(form.contains("‹NULL›"))
        try tmux.sendKeys("Tab")
        try tmux.sendLiteral("'Polka'")
        try tmux.sendKeys("Enter")
        try await tmux.waitForAll("Nothing is kept until :commit.", "INSERT INTO \"Genre\" (\"Name\") VALUES (?)  ['Polka']")
        try tmux.sendKeys("y")
        try await tmux.waitUntil("the insert and its row shown") { screen in
            screen.contains("1 uncommitted") && screen.statusLine.contains("inserted Genre 26 \"Polka\"") && screen.contains("─ 26/26 ─┘")
        }
        try tmux.sendLiteral(":commit")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("committed 1 change(s)")
        #expect(try SQLite3.query(workspace.database, "SELECT Name FROM Genre WHERE GenreId = 26") == "Polka")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("d shows the DELETE and the foreign key that refuses it; on a row without children y deletes and stays on the neighbour")
    func deleteConfirmation() async throws {
        let workspace = try Workspace("tui-delete")
        let tmux = try launch("delete", workspace)
        defer { tmux.stop() }
        try await openGenre(tmux)
        try tmux.sendKeys("d")
        try await tmux.waitForAll("Nothing is kept until :commit.", "DELETE FROM \"Genre\" WHERE \"GenreId\" = ?  [1]", "will fail:", "of Track still refer to it")
        try tmux.sendKeys("n")
        try await tmux.waitFor("delete cancelled")
        // Genre 25 (Opera) has one track; a new genre has none.
        try tmux.sendLiteral(":insert Name='Spare'")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("Nothing is kept until :commit.")
        try tmux.sendKeys("y")
        try await tmux.waitFor("row 26 of 26")
        try tmux.sendKeys("k")
        try await tmux.waitFor("row 25 of 26")
        try tmux.sendKeys("d")
        try await tmux.waitForAll("Nothing is kept until :commit.", "[25]")
        try tmux.sendKeys("y")
        let after = try await tmux.waitUntil("refused or deleted") { $0.statusLine.contains("delete") || $0.statusLine.contains("FOREIGN") }
        if after.statusLine.contains("deleted") {
            #expect(after.contains("row 25 of 25"))
        }
        try tmux.sendKeys("q")
        try await tmux.waitFor("y = quit and discard")
        try tmux.sendKeys("y")
        #expect(try await tmux.rc() == 0)
        #expect(workspace.databaseIsBackAsItWas)
    }

    @Test("the fallback amigo> prompt: Ctrl-C cancels the line, Up recalls history, Ctrl-D ends on a new line")
    func fallbackPrompt() async throws {
        let workspace = try Workspace("tui-fallback")
        let tmux = try launch("fallback", workspace, environment: ["TERM": "dumb"])
        defer { tmux.stop() }
        try await tmux.waitFor("amigo> ")
        try tmux.sendLiteral("open Nothing")
        try tmux.sendKeys("C-c")
        try await tmux.waitUntil("a fresh prompt after ^C") { $0.lines.filter { $0.hasPrefix("amigo> ") }.count == 2 }
        try tmux.sendLiteral("open Genre")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("(25 rows, first 20 shown)")
        try tmux.sendKeys("Up")
        try await tmux.waitUntil("history recalls the last line") { $0.lines.last(where: { !$0.isEmpty }) == "amigo> open Genre" }
        try tmux.sendKeys("C-u")
        try tmux.sendKeys("C-d")
        #expect(try await tmux.rc() == 0)
        let screen = try tmux.capture()
        #expect(!screen.contains("unknown table"))   // the cancelled line never ran
        // The last prompt is left alone on its line (Ctrl-D moved to a new one).
        let shown = screen.lines.filter { !$0.isEmpty }
        #expect(shown.last { $0.hasPrefix("amigo>") }?.trimmingCharacters(in: .whitespaces) == "amigo>", "\(shown.suffix(4))")
        #expect(try String(contentsOfFile: workspace.path("history"), encoding: .utf8).contains("open Genre"))
    }

    @Test("the fallback prompt never writes its history over something that is not a file (a FIFO here, /dev/null for users)")
    func fallbackPromptLeavesADeviceAlone() async throws {
        let workspace = try Workspace("tui-fallback-fifo")
        let fifo = workspace.path("history-fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try TmuxSession(socket: "amigo-e2e-fallback-fifo", directory: workspace.directory)
        defer { tmux.stop() }
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, environment: ["TERM": "dumb"], history: fifo)
        try await tmux.waitFor("amigo> ")
        try tmux.sendLiteral("tables")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the next prompt") { $0.lines.filter { $0.hasPrefix("amigo> ") }.count == 2 }
        try tmux.sendKeys("C-d")
        #expect(try await tmux.rc() == 0)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
