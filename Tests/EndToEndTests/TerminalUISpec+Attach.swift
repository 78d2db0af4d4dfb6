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
}
