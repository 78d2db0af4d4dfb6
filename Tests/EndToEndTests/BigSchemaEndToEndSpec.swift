import Foundation
import Testing

/// Opening a file of ten thousand tables: the terminal says how far reading the schema has
/// come while it reads, and Ctrl-C cancels it, leaving the terminal as it was.
///
/// It catches a moment (the progress line shows while reading lasts), so it runs alone, not
/// beside a thousand others on two cores: scripts/test runs it in a pass of its own
/// (`AMIGO_RUN_ALONE=1`).
@Suite("reliability: big schemas", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"),
       .enabled(if: ProcessInfo.processInfo.environment["AMIGO_RUN_ALONE"] == "1",
                "runs alone: scripts/test runs it after the parallel suite, with AMIGO_RUN_ALONE=1"))
struct BigSchemaEndToEndSpec {
    @Test("reading 10,000 tables shows progress on the terminal, and Ctrl-C cancels it")
    func readingABigSchemaShowsProgressAndCanBeCancelled() async throws {
        let workspace = try Workspace("big-schema")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let big = workspace.path("big.sqlite")
        // Ten thousand CREATE TABLEs take sqlite3 minutes on a loaded machine (each re-reads the
        // schema); entries written straight into sqlite_schema, all over one empty table's root
        // page, read the same for reflection and take no time.
        let script = """
            CREATE TABLE item0 (id INTEGER PRIMARY KEY, name TEXT, item1_id INTEGER);
            PRAGMA writable_schema = ON;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
            INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql)
            SELECT 'table', 'item' || i, 'item' || i, (SELECT rootpage FROM sqlite_schema WHERE name = 'item0'),
                   'CREATE TABLE item' || i || ' (id INTEGER PRIMARY KEY, name TEXT, item' || (i + 1) || '_id INTEGER)' FROM n;
            PRAGMA writable_schema = OFF;
            """
        let created = try ProcessRunner.run(sqlite3, [big], stdin: script, timeout: 120)
        #expect(created.status == 0, "\(created.stderr)")

        // An interactive shell in the pane, its output logged: the progress line is there for a
        // moment only (cleared when reading ends), and Ctrl-C must reach the program alone.
        let tmux = try TmuxSession(socket: "amigo-big-schema", directory: workspace.directory)
        try tmux.start(["bash", "--norc", "--noprofile", "-i"], in: workspace.directory, environment: ["PS1": "$ "],
                       history: workspace.path("history"))
        try await tmux.waitFor("$ ")
        let log = workspace.path("pane.log")
        try tmux.logOutput(to: log)
        try tmux.sendLiteral("\(try Fixture.binary().shellQuoted) big.sqlite")
        try tmux.sendKeys("Enter")
        let deadline = ContinuousClock.now + .seconds(60)
        var logged = ""
        var pid: pid_t?
        while !logged.contains("reading the schema:") && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
            if pid == nil { pid = try tmux.descendantPID(named: "amigo-shell") }
            logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        }
        // Ctrl-C is SIGINT to the program: sent straight to it, so that a loaded machine's slow
        // tmux cannot let reading finish first.
        let program = try #require(pid, "no amigo-shell process in the pane")
        #expect(kill(program, SIGINT) == 0)
        // Ctrl-C ends the program (status 130) and the shell prompts again.
        try await tmux.waitUntil("the shell prompt again", timeout: .seconds(20)) { $0.lines.filter { $0.hasPrefix("$ ") }.count >= 2 }
        try tmux.sendLiteral("echo status=$?")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("status=130")
        logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!logged.contains("Choose a table"), "the UI started before the interrupt")
        #expect(logged.contains("of 10000 tables… Ctrl-C cancels"), "\(logged.suffix(300).unicodeScalars.map { $0.value < 0x20 ? "^" : String($0) }.joined())")
        #expect(try tmux.alternateScreenOn() == false)
    }
}
