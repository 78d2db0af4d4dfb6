import Foundation
import Testing

/// The echo pane, the `:` prompt's colours and the history pop-up in the real binary.
@Suite("amigo-shell: echo pane, SQL colour, history pop-up (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct EchoAndHistorySpec {
    /// amigo-shell on the workspace's chinook.sqlite, at its first screen.
    private func launch(_ socket: String, _ workspace: Workspace, environment: [String: String] = [:],
                        unsetting: [String] = []) async throws -> TmuxSession {
        let tmux = try TmuxSession(socket: socket, directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "chinook.sqlite"], in: workspace.directory, environment: environment,
                       unsetting: unsetting, history: workspace.path("history"))
        try await tmux.waitFor("Track         3503")
        return tmux
    }

    /// Types `line` at the `:` prompt and presses Enter.
    private func command(_ line: String, _ tmux: TmuxSession) async throws {
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
        try tmux.sendLiteral(line)
        try tmux.sendKeys("Enter")
    }

    @Test("y in the echo pane copies the statement that answered the key with its values inlined, and it runs in sqlite3")
    func copyTheStatementAsSQL() async throws {
        let workspace = try Workspace("echo-copy")
        let tmux = try await launch("amigo-echo-copy", workspace)
        try tmux.setOption("set-clipboard", "on")
        try await command("open Genre", tmux)
        try await tmux.waitUntil("Genre open") { $0.statusLine.hasPrefix("row 1 of 25") }
        try await command("filter Name = 'Jazz'", tmux)
        try await tmux.waitUntil("the filter") { $0.statusLine.hasPrefix("row 1 of 1") }
        try tmux.sendKeys("Tab")
        try tmux.sendKeys("y")
        try await tmux.waitUntil("the statement copied") { $0.statusLine.contains("copied the statement with its values as SQL") }
        let sql = try await tmux.waitForBuffer { $0.hasSuffix(";") }
        #expect(sql.contains("'Jazz'"), "\(sql)")
        #expect(!sql.contains("?"), "\(sql)")
        #expect(try SQLite3.query(workspace.database, sql).contains("Jazz"))
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("SQL typed at : is coloured as it is typed; NO_COLOR draws it plain")
    func sqlIsColouredAtThePrompt() async throws {
        let workspace = try Workspace("sql-colour")
        /// The colour escapes on the prompt line while `sql SELECT 'x', 42` is typed.
        func promptColours(_ environment: [String: String], unsetting: [String]) async throws -> Int {
            let tmux = try await launch("amigo-sql-colour-\(environment.isEmpty ? "on" : "off")", workspace,
                                        environment: environment, unsetting: unsetting)
            try tmux.sendKeys(":")
            try await tmux.waitUntil("the command prompt") { $0.promptLine == ":" }
            try tmux.sendLiteral("sql SELECT 'x', 42")
            try await tmux.waitUntil("the typed line") { $0.promptLine == ":sql SELECT 'x', 42" }
            let prompt = try tmux.captureWithEscapes().split(separator: "\n").last.map(String.init) ?? ""
            try tmux.sendKeys("Escape")
            try tmux.sendKeys("q")
            #expect(try await tmux.rc() == 0)
            return prompt.matches(of: /\x1b\[3[0-8][;m]/).count
        }
        #expect(try await promptColours([:], unsetting: ["NO_COLOR"]) >= 3)   // keyword, string, number
        #expect(try await promptColours(["NO_COLOR": "1"], unsetting: []) == 0)
    }

    @Test("H lists what ran; Enter runs an entry again, e puts it at the : prompt")
    func historyPopUp() async throws {
        let workspace = try Workspace("history-popup")
        let tmux = try await launch("amigo-history-popup", workspace)
        try await command("open Genre", tmux)
        try await tmux.waitUntil("Genre open") { $0.statusLine.hasPrefix("row 1 of 25") }
        try await command("open Artist", tmux)
        try await tmux.waitUntil("Artist open") { $0.statusLine.hasPrefix("row 1 of 275") }
        try tmux.sendKeys("H")
        var screen = try await tmux.waitForAll("History — 2 commands this session", "Enter runs again")
        #expect(screen.contains("25 rows  open Genre  — ok"))
        #expect(screen.contains("275 rows  open Artist  — ok"))
        try tmux.sendKeys("Up", "Enter")
        screen = try await tmux.waitUntil("Genre again") { $0.statusLine.hasPrefix("row 1 of 25") }
        #expect(screen.titleRow.hasSuffix("›  Genre"))
        try tmux.sendKeys("H")
        try await tmux.waitFor("History — 3 commands this session")
        try tmux.sendKeys("e")
        try await tmux.waitUntil("the line to edit") { $0.promptLine == ":open Genre" }
        try tmux.sendKeys("Escape")
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
