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
