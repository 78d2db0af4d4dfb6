import Foundation
import Testing

/// amigo-shell through PgBouncer in transaction pooling mode (issue 25: the way PostgreSQL users
/// scale out), which scripts/pg-test-server starts beside the cluster: no session state may be
/// assumed — a named prepared statement is gone when the pooler hands the next transaction
/// another server connection — so the engine sees that and sends its statements unnamed.
/// The pooler beside the test server.
enum TestPooler {
    /// Whether the pooler's socket is in the test server's folder.
    static var isAvailable: Bool {
        guard let folder = PostgresDatabase.socketFolder else { return false }
        return FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.6432")
    }
}

@Suite("amigo-shell through PgBouncer in transaction pooling mode (text mode)",
       .enabled(if: TestPooler.isAvailable, "no PgBouncer beside the test server (scripts/pg-test-server starts it when Debian's pgbouncer is installed)"))
struct PostgresPoolerSpec {
    /// `db`'s URL through the pooler.
    static func pooledURL(_ db: PostgresDatabase) -> String { db.url + "&port=6432" }

    /// Gives the pooler several server connections to `db` (three clients at once), which it
    /// then hands out round robin: each transaction of one client lands on another connection.
    static func warmUp(_ db: PostgresDatabase) throws {
        let clients = try (0..<3).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: db.bin + "/psql")
            process.arguments = [pooledURL(db), "-X", "-q", "-c", "SELECT pg_sleep(2)"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for client in clients { client.waitUntilExit() }
    }


    @Test("the core scenarios through the pooler: tables, open, filter through a path, follow, sql, export, an insert committed")
    func theCoreScenariosRunThroughThePooler() throws {
        let db = try PostgresDatabase(PostgresShellSpec.schema)
        try Self.warmUp(db)
        let url = Self.pooledURL(db)
        let result = try PostgresDatabase.shell(url, ["tables", "open artist", "get 1", "relations", "follow albums", "show",
                                          "open album", "filter artist.name BEGINSWITH[c] 'ab' OR genres.name = 'Pop'", "show",
                                          "sql SELECT count(*) AS n FROM album_genre WHERE weight > 1",
                                          "open genre", "insert name='Jazz'", "commit", "count",
                                          "open artist", "export csv -"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            name         kind   rows
            -----------  -----  ----
            album        table  3
            album_genre  table  3
            artist       table  3
            audit.note   table  1
            genre        table  2

            """))
        #expect(result.stdout.contains("Highway to Hell"))
        #expect(result.stdout.contains("3   Arrival  2 → ABBA\n(1 row; filter: artist.name BEGINSWITH[c] 'ab' OR genres.name = 'Pop')"))
        #expect(result.stdout.contains("n\n-\n2\n"))
        #expect(result.stdout.contains("\n3\n"))
        #expect(result.stdout.hasSuffix("id,name\r\n1,AC/DC\r\n2,ABBA\r\n3,Aerosmith\r\n"))
        // Committed on the server.
        #expect(try db.psql("SELECT name FROM genre ORDER BY id") == "Rock\nPop\nJazz\n")
    }
}
