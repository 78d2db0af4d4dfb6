import Foundation
import Testing

/// In the real binary: a key of a JSON column shown as a column of its own (`J`, `:column`),
/// the row detail's JSON folded and unfolded (`v`, Enter, `-`, `+`), and a count running
/// while idle showing its progress and stopped by Esc without leaving the view.
@Suite("amigo-shell: JSON columns, folding JSON, idle counts", .serialized,
       .enabled(if: Fixture.executable(named: "sqlite3") != nil, "the sqlite3 command-line shell is not installed"),
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct JSONColumnEndToEndSpec {
    /// notes.sqlite in the workspace: three notes with JSON bodies and one that is not JSON.
    private func notes(_ workspace: Workspace, extra: String = "") throws -> String {
        let path = workspace.path("notes.sqlite")
        let made = try ProcessRunner.run(try #require(Fixture.executable(named: "sqlite3")), [path, #"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
            INSERT INTO note VALUES (1, 'Ann', '{"address": {"city": "Oslo", "zip": "0150"}, "age": 34, "tags": ["a", "b", "c"]}');
            INSERT INTO note VALUES (2, 'Bob', '{"address": {"city": "Bergen"}, "age": 28}');
            INSERT INTO note VALUES (3, 'Cy', 'not json');
            """# + extra])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    /// Opens `table` at the `:` prompt and waits for its first row.
    private func open(_ table: String, rows: Int, in tmux: TmuxSession) async throws {
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open \(table)")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("\(table) open") { $0.statusLine.hasPrefix("row 1 of \(rows)") }
    }

    @Test("J on body, then address.city: a column of cities, sorted with s, taken away with -")
    func jsonColumn() async throws {
        let workspace = try Workspace("json-column")
        _ = try notes(workspace)
        let tmux = try TmuxSession(socket: "amigo-json-column", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "notes.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.hasPrefix("note") } }
        try await open("note", rows: 3, in: tmux)
        try tmux.sendKeys("l", "l", "J")
        try await tmux.waitUntil("the prompt with the path started") { $0.promptLine == ":column json(body)." }
        try tmux.sendLiteral("address.city")
        try tmux.sendKeys("Enter")
        var screen = try await tmux.waitUntil("the column of cities") { $0.gridPane.contains { $0.contains("json(body).address.city") } }
        #expect(screen.gridPane.contains { $0.contains("Oslo") }, "\(screen)")
        #expect(screen.gridPane.contains { $0.contains("Bergen") })
        try tmux.sendKeys("s")
        screen = try await tmux.waitUntil("sorted by the city") { $0.contains("order: json(body).address.city") }
        // NULL first (the note that is not JSON), then Bergen, then Oslo.
        let bergen = try #require(screen.gridPane.firstIndex { $0.contains("Bergen") })
        let oslo = try #require(screen.gridPane.firstIndex { $0.contains("Oslo") })
        #expect(bergen < oslo, "\(screen)")
        try tmux.sendKeys("-")
        screen = try await tmux.waitUntil("the column taken away") { $0.statusLine.contains("json(body).address.city taken away") }
        // Still sorted by it: shown after the key, as any computed sort is; its own column is gone.
        #expect(screen.gridPane.filter { $0.contains("json(body).address.city") }.count == 1, "\(screen)")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("v folds the address with Enter, everything with -, and unfolds it all with +")
    func foldingDetail() async throws {
        let workspace = try Workspace("json-fold")
        _ = try notes(workspace)
        let tmux = try TmuxSession(socket: "amigo-json-fold", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "notes.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.hasPrefix("note") } }
        try await open("note", rows: 3, in: tmux)
        try tmux.sendKeys("v")
        try await tmux.waitForAll("\"zip\": \"0150\"", "Enter folds/unfolds")
        // Down to `"address": {` (the caption, id, title, then body's `{`), and fold it.
        try tmux.sendKeys("Down", "Down", "Down", "Down", "Enter")
        var screen = try await tmux.waitFor("\"address\": {…} 2 keys,")
        #expect(!screen.contains("\"zip\": \"0150\""), "\(screen)")
        #expect(screen.contains("\"tags\": ["))
        try tmux.sendKeys("-")
        screen = try await tmux.waitFor("body   {…} 3 keys")
        #expect(!screen.contains("\"age\": 34"), "\(screen)")
        try tmux.sendKeys("+")
        screen = try await tmux.waitFor("\"zip\": \"0150\"")
        #expect(screen.contains("\"c\""), "\(screen)")
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the detail closed") { !$0.contains("Enter folds/unfolds") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("a view's count running while idle says how far it has come; Esc stops it and the view stays")
    func idleCountProgress() async throws {
        let workspace = try Workspace("json-idle-count")
        // A view of fifty million numbers: counting it takes seconds.
        _ = try notes(workspace, extra: """
            CREATE VIEW numbers AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT x FROM c;
            """)
        let tmux = try TmuxSession(socket: "amigo-idle-progress", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "notes.sqlite"], in: workspace.directory, history: workspace.path("history"))
        // As soon as it is listed (the list's own count of it stops at the first key).
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.contains("numbers") } }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open numbers")
        try tmux.sendKeys("Enter")
        var screen = try await tmux.waitUntil("the count's progress") { $0.statusLine.hasPrefix("counting numbers: ") }
        #expect(screen.statusLine.contains("Esc stops"), "\(screen)")
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitUntil("the count stopped") { $0.statusLine.hasPrefix("counting stopped (Esc)") }
        // Still on the view, its count a lower bound.
        #expect(screen.contains("numbers"), "\(screen)")
        #expect(screen.contains("/10000+"), "\(screen)")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
