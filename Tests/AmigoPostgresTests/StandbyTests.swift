import Amigo
import AmigoPostgres
import Foundation
import Testing

/// The hot standby beside the test server (scripts/pg-test-server makes it with pg_basebackup).
enum TestStandbyServer {
    /// The test server's URL on the standby (port 5433 in the same socket folder), when it runs.
    static let url: String? = {
        guard let server = TestServer.url, let folder = TestServer.socketFolder,
              FileManager.default.fileExists(atPath: folder + "/.s.PGSQL.5433") else { return nil }
        return server + "&port=5433"
    }()
}

@Suite("PostgreSQL on a hot standby",
       .enabled(if: TestStandbyServer.url != nil, "no standby beside the test server (scripts/pg-test-server starts one on port 5433)"))
struct StandbyTests {
    @Test("an engine on a standby is read-only on its own and says why; one on the primary is not")
    func aStandbyIsReadOnlyWithItsReason() throws {
        let standby = try PostgresEngine(try #require(TestStandbyServer.url))
        #expect(standby.isReadOnly)
        #expect(standby.readOnlyReason?.contains("hot standby") == true)
        #expect(try standby.fetchScalar("SELECT pg_is_in_recovery()") == .integer(1))
        let primary = try PostgresEngine(try #require(TestServer.url))
        #expect(!primary.isReadOnly)
        #expect(primary.readOnlyReason == nil)
        let askedFor = try PostgresEngine(try #require(TestServer.url), readOnly: true)
        #expect(askedFor.isReadOnly)
        #expect(askedFor.readOnlyReason == nil, "read-only because it was asked for: no reason to give")
    }

    @Test("a write the server refuses on the standby is a typed read-only error")
    func aWriteOnTheStandbyIsTypedReadOnly() throws {
        let standby = try PostgresEngine(try #require(TestStandbyServer.url))
        #expect {
            try standby.execute("CREATE TABLE standby_refuses (id integer)", [])
        } throws: { error in
            guard case .database(let failure) = error as? AmigoError else { return false }
            return failure.isReadOnly
        }
    }
}
