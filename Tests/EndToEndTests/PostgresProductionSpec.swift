import Foundation
import Testing

/// amigo-shell kept open against a production server (issue 25): it never waits on the slowest
/// view, holds no transaction the server cannot end, and keeps to the server's own settings.
@Suite("amigo-shell against a production PostgreSQL server (text mode)",
       .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PostgresProductionSpec {
    /// Two hundred actors and a reporting view that takes `seconds` to run (its sub-select sleeps).
    static func slowViewSchema(seconds: Int = 5) -> String {
        """
        CREATE TABLE actor (actor_id integer PRIMARY KEY, name text NOT NULL DEFAULT 'someone');
        INSERT INTO actor (actor_id) SELECT generate_series(1, 200);
        CREATE VIEW slow_view AS SELECT actor_id, (SELECT 1 FROM pg_sleep(\(seconds))) s FROM actor;
        """
    }

    /// Runs amigo-shell on `target` with one `-c` per command; the result and the seconds it took.
    static func shell(_ target: String, _ commands: [String], environment: [String: String] = [:]) throws -> (ProcessResult, TimeInterval) {
        let started = Date()
        let result = try ProcessRunner.run(try Fixture.binary(), [target] + commands.flatMap { ["-c", $0] }, environment: environment)
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return (result, Date().timeIntervalSince(started))
    }

    @Test("a slow view delays neither the start nor a commit: open and count another table at once; the view shows its planner estimate")
    func aSlowViewIsNeverWaitedFor() throws {
        let db = try PostgresDatabase(Self.slowViewSchema())
        let (counted, seconds) = try Self.shell(db.url, ["open actor", "count"])
        #expect(counted.stderr == "")
        #expect(counted.stdout.hasSuffix("200\n"))
        #expect(seconds < 4, "took \(seconds) s with a 5 s view in the database")

        let (committed, afterCommit) = try Self.shell(db.url, ["open actor", "insert actor_id=201", "commit", "tables", "count"])
        #expect(committed.stderr == "")
        #expect(committed.stdout.hasSuffix("201\n"))
        #expect(afterCommit < 4, "took \(afterCommit) s with a 5 s view in the database")
        // Not counted: the planner's estimate of the view's rows meanwhile.
        #expect(committed.stdout.contains("slow_view  view   ~"))
    }

    @Test("the session keeps the server's time zone: ALTER DATABASE … SET timezone, PGTZ and options=-c TimeZone=… as psql does")
    func theServersTimeZoneWins() throws {
        let db = try PostgresDatabase("CREATE TABLE event (id integer PRIMARY KEY, at timestamptz NOT NULL); INSERT INTO event VALUES (1, '2024-01-01 00:00:00+00');")
        try db.psql("ALTER DATABASE \(db.name) SET timezone = 'Asia/Kolkata'")
        let query = "sql SELECT current_setting('TimeZone') AS zone, at FROM event"
        let (fromDatabase, _) = try Self.shell(db.url, [query])
        #expect(fromDatabase.stderr == "")
        #expect(fromDatabase.stdout.contains("Asia/Kolkata  2024-01-01 05:30:00+05:30"))

        let (fromEnvironment, _) = try Self.shell(db.url, [query], environment: ["PGTZ": "America/New_York"])
        #expect(fromEnvironment.stdout.contains("America/New_York  2023-12-31 19:00:00-05"))

        let (fromOptions, _) = try Self.shell(db.url + "&options=-c%20TimeZone%3DEurope/Paris", [query])
        #expect(fromOptions.stdout.contains("Europe/Paris  2024-01-01 01:00:00+01"))
        // psql agrees.
        #expect(try db.psql("SELECT at FROM event") == "2024-01-01 05:30:00+05:30\n")
    }
}

/// The same, in a real terminal (tmux).
@Suite("amigo-shell against a production PostgreSQL server (tmux)", .serialized,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed; the terminal scenarios need it"),
       .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PostgresProductionTerminalSpec {
    /// Starts amigo-shell on `db` in tmux (its own socket).
    private func launch(_ name: String, on db: PostgresDatabase) throws -> (TmuxSession, Workspace) {
        let workspace = try Workspace(name)
        let tmux = try TmuxSession(socket: "amigo-e2e-" + name, directory: workspace.directory)
        try tmux.start([try Fixture.binary(), db.url], in: workspace.directory, history: workspace.path("history"))
        return (tmux, workspace)
    }

    /// Types `text` at the `:` prompt and runs it.
    private func command(_ text: String, in tmux: TmuxSession) async throws {
        try tmux.sendKeys(":")
        try await tmux.waitUntil("the command prompt") { $0.promptLine.hasPrefix(":") }
        try tmux.sendLiteral(text)
        try tmux.sendKeys("Enter")
    }

    /// Reads of rows (not counts) by amigo-shell's connections that are running now and mention `text`.
    private func activeReads(_ text: String, in db: PostgresDatabase) throws -> Int {
        Int(try db.psql("""
            SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND state = 'active' AND query LIKE '%\(text)%' AND query NOT LIKE 'SELECT COUNT(*)%'
            """).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("the first frame comes at once with a slow view, which shows its estimate while it is counted")
    func theFirstFrameDoesNotWaitForAView() async throws {
        // A view slower than any test run (dropdb --force ends it): the first frame can only show
        // an estimate, however long a loaded machine takes to look at the screen.
        let db = try PostgresDatabase(PostgresProductionSpec.slowViewSchema(seconds: 600))
        let started = Date()
        let (tmux, workspace) = try launch("pg-slow-start", on: db)
        defer { withExtendedLifetime(workspace) {} }
        try await tmux.waitUntil("the tables with the slow view's estimate", timeout: .seconds(60)) { screen in
            screen.contains("actor") && screen.tablesPane.contains { $0.hasPrefix("◦ slow_view") && $0.contains("~") }
        }
        #expect(Date().timeIntervalSince(started) < 120, "the first frame waited for a 600 s view")
        // A key stops the count running while idle at once.
        try tmux.sendKeys("q")
        #expect(try await tmux.rc(timeout: .seconds(5)) == 0)
    }

    /// Another session holding `LOCK TABLE table IN ACCESS EXCLUSIVE MODE` (its transaction left
    /// open) until the returned process is ended.
    private func lock(_ table: String, in db: PostgresDatabase) async throws -> Process {
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: db.bin + "/psql")
        locker.arguments = [db.url, "-X", "-q", "-c", "BEGIN; LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(600);"]
        locker.standardOutput = FileHandle.nullDevice
        locker.standardError = FileHandle.nullDevice
        try locker.run()
        for _ in 0..<300 {
            let held = try db.psql("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = '\(table)' AND l.mode = 'AccessExclusiveLock' AND l.granted")
            if held.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return locker }
            try await Task.sleep(for: .milliseconds(100))
        }
        locker.terminate()
        throw CancellationError()
    }

    /// Ends a ``lock(_:in:)``: its server process (asleep in the transaction, it would not notice
    /// its client going) and the client.
    private func unlock(_ locker: Process, in db: PostgresDatabase) throws {
        _ = try db.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'BEGIN; LOCK TABLE%' AND pid <> pg_backend_pid()")
        locker.terminate()
    }

    @Test("a table another session has locked: the start says it waits (Ctrl-C cancels) and goes on when the lock goes; opening it shows the working notice and Esc cancels")
    func aLockHeldElsewhereIsWorkYouCanSeeAndCancel() async throws {
        let db = try PostgresDatabase("""
            CREATE TABLE artist (id integer PRIMARY KEY, name text);
            INSERT INTO artist SELECT g, 'artist ' || g FROM generate_series(1, 30) AS g;
            CREATE TABLE album (id integer PRIMARY KEY, artist_id integer, title text);
            INSERT INTO album VALUES (1, 1, 'first');
            CREATE TABLE genre (id integer PRIMARY KEY, name text);
            INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz');
            """)
        var locker = try await lock("artist", in: db)
        defer { try? unlock(locker, in: db) }
        let (tmux, workspace) = try launch("pg-lock-wait", on: db)
        defer { withExtendedLifetime(workspace) {} }
        try await tmux.waitFor("opening: waiting for the server")
        try unlock(locker, in: db)
        try await tmux.waitUntil("the tables once the lock is gone") { $0.tablesPane.contains { $0.hasPrefix("artist") } }
        locker = try await lock("artist", in: db)
        try await command("open artist", in: tmux)
        try await tmux.waitUntil("the working notice") { $0.statusLine.contains("Esc or Ctrl-C cancels") }
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("cancelled") { $0.statusLine.contains("57014") || $0.statusLine.contains("interrupted") }
        // The UI answers keys: a table nobody locked (nor linked to the locked one) opens.
        try await command("open genre", in: tmux)
        try await tmux.waitUntil("genre open") { $0.statusLine.hasPrefix("row 1 of 2") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("Esc on a slow open goes back to the table that was open and does not run the view's query again")
    func escapeOnASlowOpenGoesBack() async throws {
        let db = try PostgresDatabase(PostgresProductionSpec.slowViewSchema(seconds: 5))
        let (tmux, workspace) = try launch("pg-slow-open", on: db)
        defer { withExtendedLifetime(workspace) {} }
        try await tmux.waitUntil("the view counted", timeout: .seconds(15)) { $0.tablesPane.contains("◦ slow_view    200") }
        try await command("open actor", in: tmux)
        try await tmux.waitUntil("actor open") { $0.statusLine.hasPrefix("row 1 of 200") }
        try await command("open slow_view", in: tmux)
        try await tmux.waitUntil("the working notice") { $0.statusLine.contains("Esc or Ctrl-C cancels") }
        try tmux.sendKeys("Escape")
        let screen = try await tmux.waitUntil("back on actor") { $0.statusLine.contains("interrupted") || $0.statusLine.contains("57014") }
        #expect(screen.titleRow.hasSuffix("›  actor"))
        try await Task.sleep(for: .milliseconds(600))
        #expect(try activeReads("slow_view", in: db) == 0, "the view's query runs again")
        // The UI answers keys: another table opens.
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the cursor moved") { $0.statusLine.hasPrefix("row 2 of 200") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }

    @Test("pending changes hold no transaction the server cannot end: idle_in_transaction_session_timeout ends it, and the UI says the change went with it")
    func theServersIdleTimeoutEndsAPendingTransaction() async throws {
        let db = try PostgresDatabase(PostgresShellSpec.schema)
        try db.psql("ALTER DATABASE \(db.name) SET idle_in_transaction_session_timeout = '3s'")
        let (tmux, workspace) = try launch("pg-idle-timeout", on: db)
        defer { withExtendedLifetime(workspace) {} }
        try await tmux.waitFor("genre            2")
        try await command("open genre", in: tmux)
        try await tmux.waitUntil("row 1 of 2") { $0.statusLine.hasPrefix("row 1 of 2") }
        try await command("insert name='Pending'", in: tmux)
        try await tmux.waitFor("Nothing is kept until :commit.")
        try tmux.sendKeys("y")
        try await tmux.waitUntil("the insert to apply") { $0.statusLine.hasSuffix("tx: 1 change, 1 row") }
        try await tmux.waitForAll("Connection lost", "The 1 uncommitted change went with the old connection.", timeout: .seconds(15))
        #expect(try db.psql("""
            SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'
            """) == "0\n")
        try tmux.sendKeys("y")
        try await tmux.waitUntil("the reconnection") { $0.statusLine.contains("reconnected to") }
        try tmux.sendKeys("q")
        #expect(try await tmux.rc() == 0)
    }
}
