import Amigo
import AmigoPostgres
import Foundation
import Testing

/// The engine through PgBouncer in transaction pooling mode (beside the test server, from
/// scripts/pg-test-server): its named statements cannot be relied on, and it sees that.
/// The pooler beside the test server.
enum TestPooler {
    /// The test server's URL through the pooler (port 6432 in the same socket folder), when it runs.
    static let url: String? = {
        guard let server = TestServer.url, let components = URLComponents(string: server),
              let folder = components.queryItems?.first(where: { $0.name == "host" })?.value,
              FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.6432") else { return nil }
        return server + "&port=6432"
    }()
}

@Suite("PostgreSQL through PgBouncer in transaction mode",
       .enabled(if: TestPooler.url != nil, "no PgBouncer beside the test server (scripts/pg-test-server starts it when Debian's pgbouncer is installed)"))
struct PoolerTests {
    @Test("queries, typed parameters and a transaction work whatever server connection each transaction lands on; named statements give way to unnamed ones")
    func statementsSurviveTransactionPooling() throws {
        let url = try #require(TestPooler.url)
        // Several server connections in the pool (three clients at once), handed out round robin.
        let clients = try (0..<3).map { _ in try PostgresEngine(url) }
        let group = DispatchGroup()
        for client in clients {
            DispatchQueue.global().async(group: group) { _ = try? client.fetchScalar("SELECT pg_sleep(1)") }
        }
        group.wait()

        let engine = try PostgresEngine(url)
        let table = "pooled_" + UUID().uuidString.prefix(8).lowercased()
        try engine.executeScript("CREATE TABLE \(table) (id integer PRIMARY KEY, ok boolean, at timestamptz, key uuid)")
        defer { try? engine.executeScript("DROP TABLE \(table)") }
        for id in 1...6 {
            // Typed as the server inferred them: 1 and 0 for a boolean, 16 bytes for a uuid, a Date's text.
            try engine.execute("INSERT INTO \(table) VALUES (?, ?, ?, ?)",
                               [.integer(Int64(id)), .integer(id % 2 == 0 ? 1 : 0), .text("2024-01-31 12:00:00.000"),
                                .blob(Array(repeating: UInt8(id), count: 16))])
        }
        for _ in 1...6 {
            #expect(try engine.fetchScalar("SELECT count(*) FROM \(table) WHERE ok = ?", [.integer(1)]) == .integer(3))
        }
        try engine.execute(.begin(.deferred))
        try engine.execute("UPDATE \(table) SET ok = ? WHERE id = ?", [.integer(1), .integer(1)])
        #expect(try engine.fetchScalar("SELECT count(*) FROM \(table) WHERE ok", []) == .integer(4))
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT count(*) FROM \(table) WHERE ok", []) == .integer(4))
        #expect(try engine.fetchScalar("SELECT key::text FROM \(table) WHERE id = 2", [])
                == .text("02020202-0202-0202-0202-020202020202"))
        #expect(engine.sendsUnnamedStatements)
    }
}
