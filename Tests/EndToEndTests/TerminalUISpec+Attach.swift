import Foundation
import Testing

extension TerminalUISpec {
    @Test("two files on the command line: the second's tables are listed as archive.TABLE, browsed, followed and committed with the first's")
    func twoFilesOnTheCommandLine() async throws {
        let workspace = try Workspace("attach")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed")
        let made = try ProcessRunner.run(sqlite3, [workspace.path("archive.sqlite"), """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
            INSERT INTO artist VALUES (1, 'Old Artist');
            INSERT INTO album VALUES (10, 'First', 1), (11, 'Second', 1);
            """])
        try #require(made.status == 0, "sqlite3 failed: \(made.stderr)")
        let tmux = try TmuxSession(socket: "amigo-e2e-attach", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite", "archive.sqlite"], in: workspace.directory, history: workspace.path("history"))
        var screen = try await tmux.waitForAll("archive.album", "archive.artist", "Track         3503")
        #expect(screen.tablesPane.first == "Album          347")
        // The title names both files; the second, opened as the first is, is writable.
        #expect(screen.titleRow.hasPrefix("amigo-shell · chinook.sqlite + archive.sqlite"))
        #expect(!screen.titleRow.contains("(ro)"))

        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open archive.album")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the attached table") { $0.statusLine.hasPrefix("row 1 of 2") }
        #expect(screen.titleRow.hasSuffix("›  archive.album"))
        #expect(screen.echoText.contains(#"FROM "archive"."album""#))

        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("set title = 'Renamed'")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the edit") { $0.statusLine.hasSuffix("tx: 1 change, 1 row") }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("commit")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the commit") { $0.statusLine.contains("committed 1 change(s)") }
        #expect(try SQLite3.query(workspace.path("archive.sqlite"), "SELECT title FROM album WHERE id = 10") == "Renamed")

        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("attach without rw is read-only: ⊘ in the list, (ro) in the title, a write refused saying how; H then s saves an entry by name")
    func attachedReadOnlyAndSavingFromHistory() async throws {
        let workspace = try Workspace("attach-ro")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"), "the sqlite3 command-line shell is not installed")
        let made = try ProcessRunner.run(sqlite3, [workspace.path("archive.sqlite"), """
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT);
            INSERT INTO album VALUES (10, 'First'), (11, 'Second');
            """])
        try #require(made.status == 0, "sqlite3 failed: \(made.stderr)")
        let tmux = try TmuxSession(socket: "amigo-e2e-attach-ro", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, environment: ["XDG_DATA_HOME": workspace.path("data")],
                       history: workspace.path("history"))
        _ = try await tmux.waitForAll("Track         3503")
        func command(_ line: String) async throws {
            try tmux.sendKeys(":")
            try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
            try tmux.sendLiteral(line)
            try tmux.sendKeys("Enter")
        }
        try await command("attach archive.sqlite AS old")
        var screen = try await tmux.waitForAll("⊘ old.album")
        #expect(screen.titleRow.hasPrefix("amigo-shell · chinook.sqlite + archive.sqlite (ro)"))
        try await command("open old.album")
        screen = try await tmux.waitUntil("the attached table") { $0.statusLine.hasPrefix("row 1 of 2") }
        try await command("set title = 'Renamed'")
        screen = try await tmux.waitUntil("the refusal") { $0.statusLine.contains("set: old.album is read-only (old is attached without rw); to write it: detach old, then attach") }
        #expect(try SQLite3.query(workspace.path("archive.sqlite"), "SELECT title FROM album WHERE id = 10") == "First")

        try tmux.sendKeys("H")
        screen = try await tmux.waitForAll("s saves as…", "open old.album")
        try tmux.sendKeys("Up")
        try tmux.sendKeys("s")
        try await tmux.waitUntil("the name prompt") { $0.promptLine == "save as>" }
        try tmux.sendLiteral("albums")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the save") { $0.contains("saved albums: open old.album (run albums runs it)") }
        try await command("open Genre")
        _ = try await tmux.waitUntil("Genre") { $0.statusLine.hasPrefix("row 1 of 25") }
        try await command("run albums")
        screen = try await tmux.waitUntil("the saved query run") { $0.titleRow.hasSuffix("›  old.album") }
        #expect(screen.statusLine.hasPrefix("row 1 of 2 "))

        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
