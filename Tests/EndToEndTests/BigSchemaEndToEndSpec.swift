import Foundation
import Testing

/// Opening a file of ten thousand tables: the terminal says how far reading the schema has
/// come while it reads, and Ctrl-C cancels it, leaving the terminal as it was.
@Suite("reliability: big schemas", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"))
struct BigSchemaEndToEndSpec {
    @Test("reading 10,000 tables shows progress on the terminal, and Ctrl-C cancels it")
    func readingABigSchemaShowsProgressAndCanBeCancelled() async throws {
        let workspace = try Workspace("big-schema")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let big = workspace.path("big.sqlite")
        let script = "BEGIN;\n" + (0..<10_000).map { "CREATE TABLE item\($0) (id INTEGER PRIMARY KEY, name TEXT, item\($0 + 1)_id INTEGER);" }
            .joined(separator: "\n") + "\nCOMMIT;\n"
        let created = try ProcessRunner.run(sqlite3, [big], stdin: script, timeout: 120)
        #expect(created.status == 0, "\(created.stderr)")

        let tmux = try TmuxSession(socket: "amigo-big-schema", directory: workspace.directory)
        try tmux.start([try Fixture.binary(), "big.sqlite"], in: workspace.directory, history: workspace.path("history"))
        let screen = try await tmux.waitUntil("the progress line") { $0.contains("reading the schema:") }
        #expect(screen.contains("of 10000 tables… Ctrl-C cancels"))
        let pid = try #require(try tmux.descendantPID(named: "amigo-shell"), "no amigo-shell process in the pane")
        // Ctrl-C interrupts the pane's whole foreground group (the wrapping sh too, so no status
        // is written): the program is gone, and the terminal was never switched.
        try tmux.sendKeys("C-c")
        let deadline = ContinuousClock.now + .seconds(5)
        while kill(pid, 0) == 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(kill(pid, 0) != 0, "amigo-shell still runs after Ctrl-C")
        #expect(try tmux.alternateScreenOn() == false)
    }
}
