import Amigo
import AmigoPostgres
import Foundation
import Testing

/// Telling reads from writes on PostgreSQL, running reads where writes are refused, and keeping
/// a transaction usable after a failed statement.
@Suite struct ReadOnlyClassificationTests {
    /// The words decide: reads are SELECT, VALUES, TABLE, SHOW, EXPLAIN without ANALYZE, and a WITH
    /// without a data-modifying statement; quoted text and comments do not count.
    @Test(arguments: [
        ("SELECT 1", true), ("  select * from t -- DELETE\n", true), ("VALUES (1)", true), ("TABLE album", true),
        ("SHOW search_path", true), ("EXPLAIN SELECT 1", true), ("EXPLAIN ANALYZE DELETE FROM t", false),
        ("WITH a AS (SELECT 1) SELECT * FROM a", true), ("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", false),
        ("SELECT 'delete' AS \"update\"", true), ("SELECT * INTO copy FROM t", false), ("INSERT INTO t VALUES (1)", false),
        ("UPDATE t SET a = 1", false), ("CREATE TABLE t (a int)", false), ("/* SELECT */ DROP TABLE t", false),
    ])
    func statementsAreToldApartByTheirWords(sql: String, reads: Bool) throws {
        #expect(PostgresEngine.isReadOnlyText(sql) == reads, "\(sql)")
    }
}

@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct ReadOnlyServerTests {
    /// Inside `readingOnly`, a statement that writes (here a SELECT calling `nextval`) is refused
    /// with SQLSTATE 25006, and the session's transaction goes on, writable, with its changes.
    @Test func readsRunWhereTheServerRefusesWrites() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let engine = try #require(try store.connect() as? PostgresEngine)
        try engine.executeScript("CREATE TABLE t (id serial PRIMARY KEY, a int)")
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO t (a) VALUES (1)")
        let error = try #require(throws: AmigoError.self) {
            try engine.readingOnly { try engine.fetchScalar("SELECT nextval('t_id_seq')") }
        }
        guard case .database(let refusal) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(refusal.sqlState == "25006")
        #expect(try engine.readingOnly { try engine.fetchScalar("SELECT count(*) FROM t") } == .integer(1))
        try engine.execute("INSERT INTO t (a) VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))
        // Outside a transaction too; afterwards none is open.
        #expect(throws: AmigoError.self) { try engine.readingOnly { try engine.execute("INSERT INTO t (a) VALUES (3)") } }
        #expect(!engine.isInTransaction)
        #expect(try engine.fetchScalar("SELECT count(*) FROM t") == .integer(2))
    }

    /// With `recoversFromFailedStatements`, a failed statement is undone alone: the transaction
    /// keeps its earlier changes and takes more. Without it, PostgreSQL aborts the transaction.
    @Test func aFailedStatementCanLeaveTheTransactionUsable() throws {
        let (store, engine) = try TestStore.recoveringTransaction()
        defer { store.drop() }
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT no_such_column FROM t") }
        try engine.execute("INSERT INTO t VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))

        engine.recoversFromFailedStatements = false
        try engine.execute(.begin(.deferred))
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT no_such_column FROM t") }
        let aborted = try #require(throws: AmigoError.self) { try engine.execute("INSERT INTO t VALUES (4)") }
        #expect("\(aborted)".contains("25P02"))
        try engine.execute(.rollback)
    }

    /// A read-only connection: every transaction is READ ONLY, and the engine says so.
    @Test func aReadOnlyConnectionRefusesWrites() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        try store.connect().executeScript("CREATE TABLE t (a int)")
        let engine = try PostgresEngine(store.location, readOnly: true)
        #expect(engine.isReadOnly)
        let error = try #require(throws: AmigoError.self) { try engine.execute("INSERT INTO t VALUES (1)") }
        guard case .database(let refusal) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(refusal.sqlState == "25006")
        #expect(try engine.fetchScalar("SELECT count(*) FROM t") == .integer(0))
    }
}
