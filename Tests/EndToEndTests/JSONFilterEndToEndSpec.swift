import Foundation
import Testing

/// Filters on a value inside a JSON column in the real binary: `/` in the UI and `filter` in
/// text mode, `json(body).address.city = 'Oslo'`.
@Suite("amigo-shell: JSON paths in filters", .serialized,
       .enabled(if: Fixture.executable(named: "sqlite3") != nil, "the sqlite3 command-line shell is not installed"))
struct JSONFilterEndToEndSpec {
    /// notes.sqlite in the workspace: three notes with JSON bodies, one without.
    private func notes(_ workspace: Workspace) throws -> String {
        let path = workspace.path("notes.sqlite")
        let made = try ProcessRunner.run(try #require(Fixture.executable(named: "sqlite3")), [path, #"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
            INSERT INTO note VALUES (1, 'Ann', '{"address": {"city": "Oslo"}, "age": 34}');
            INSERT INTO note VALUES (2, 'Bob', '{"address": {"city": "Bergen"}, "age": 28}');
            INSERT INTO note VALUES (3, 'Cy', '{"address": {"city": "oslo"}, "age": "41"}');
            INSERT INTO note VALUES (4, 'Di', NULL);
            CREATE TABLE file (id INTEGER PRIMARY KEY, name TEXT, data BLOB);
            INSERT INTO file VALUES (1, 'logo.png', x'89504E470D0A1A0A0000000D494844520000010000000100');
            """#])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test("text mode: filter json(body).address.city ==[c] 'oslo' prints the two notes in Oslo")
    func textMode() throws {
        let workspace = try Workspace("json-text")
        let path = try notes(workspace)
        let result = try ProcessRunner.run(try Fixture.binary(), [path, "-c", "open note", "-c", "filter json(body).address.city ==[c] 'oslo'", "-c", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            note
            id  title  body
            --  -----  ------------------------------------------
            1   Ann    {"address": {"city": "Oslo"}, "age": 34}
            3   Cy     {"address": {"city": "oslo"}, "age": "41"}
            (2 rows; filter: json(body).address.city ==[c] 'oslo')

            """)
        let wrong = try ProcessRunner.run(try Fixture.binary(), [path, "-c", "open note", "-c", "filter json(body) = 1"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("json(body) needs a path after it, as in json(body).address.city"), "\(wrong.stderr)")
    }

    @Test("/ with json(body).age > 30 keeps the one note whose age is a number over 30",
          .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
    func filterPrompt() async throws {
        let workspace = try Workspace("json-tmux")
        _ = try notes(workspace)
        let tmux = try TmuxSession(socket: "amigo-json", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "notes.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.hasPrefix("note") } }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open note")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("note open") { $0.statusLine.hasPrefix("row 1 of 4") }
        try tmux.sendKeys("/")
        try await tmux.waitUntil("the filter prompt") { $0.promptLine.hasPrefix("filter>") }
        try tmux.sendLiteral("json(body).age > 30")
        try tmux.sendKeys("Enter")
        let screen = try await tmux.waitUntil("the filter applied") { $0.statusLine.hasPrefix("row 1 of 1") }
        #expect(screen.gridPane.contains { $0.contains("Ann") }, "\(screen)")
        #expect(!screen.gridPane.contains { $0.contains("Cy") })
        #expect(screen.contains("filter: json(body).age > 30"))
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("v shows a BLOB as a hex dump under its size",
          .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
    func blobDetail() async throws {
        let workspace = try Workspace("json-blob")
        _ = try notes(workspace)
        let tmux = try TmuxSession(socket: "amigo-blob", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "notes.sqlite"], in: workspace.directory, history: workspace.path("history"))
        try await tmux.waitUntil("the tables listed") { $0.tablesPane.contains { $0.hasPrefix("file") } }
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral("open file")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("file open") { $0.statusLine.hasPrefix("row 1 of 1") }
        try tmux.sendKeys("v")
        try await tmux.waitForAll("data  ⟨24 bytes⟩",
                                  "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  .PNG........IHDR",
                                  "00000010  00 00 01 00 00 00 01 00                           ........")
        try tmux.sendKeys("Escape", "q")
        #expect(try await tmux.rc() == 0)
    }
}
