import Amigo
import AmigoPostgres
import Foundation
import Testing

/// Connection failures are one clear line, with a SQLSTATE and never the password.
@Suite struct ConnectionErrorTests {
    /// The error `connectionString` fails with, as text.
    private func failure(_ connectionString: String) throws -> (DatabaseError, String) {
        let error = try #require(throws: AmigoError.self) { _ = try PostgresEngine(connectionString) }
        guard case .database(let databaseError) = error else {
            Issue.record("not a database error: \(error)")
            return (DatabaseError(code: 1, message: ""), "\(error)")
        }
        return (databaseError, "\(error)")
    }

    @Test func aRefusedConnectionIsOneLineWithoutThePassword() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-no-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (error, text) = try failure("postgresql://someone:hunter2-secret@/amigo_test?host=\(folder)")
        #expect(error.sqlState == "08001")
        #expect(text.hasPrefix("PostgreSQL error 08001: cannot connect to host=\(folder) dbname=amigo_test user=someone"))
        #expect(text.contains("No such file or directory"))
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("\n"))
    }

    @Test func aKeywordStringWithAPasswordNeverShowsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-no-server-\(UUID().uuidString)").path
        let (_, text) = try failure("host=\(folder) dbname=x password=s3cret-keyword")
        #expect(!text.contains("s3cret-keyword"))
        #expect(!text.contains("\n"))
    }

    @Test func aMalformedURLIsOneLine() throws {
        let (error, text) = try failure("postgresql://u:pw-in-bad-url@host:notaport/db?x=1=2")
        #expect(error.sqlState == "08001")
        #expect(!text.contains("pw-in-bad-url"))
        #expect(!text.contains("\n"))
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func aMissingDatabaseIsNamedInOneLine() throws {
        let folder = try #require(TestServer.socketFolder)
        let (_, text) = try failure("postgresql:///amigo_no_such_database?host=\(folder)")
        #expect(text.contains(#"database "amigo_no_such_database" does not exist"#))
        #expect(!text.contains("\n"))
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func aWrongPasswordIsRefusedWithoutShowingIt() throws {
        let folder = try #require(TestServer.socketFolder)
        let (_, text) = try failure("postgresql://amigo_password:not-the-password@/amigo_test?host=\(folder)")
        #expect(text.contains(#"password authentication failed for user "amigo_password""#))
        #expect(!text.contains("not-the-password"))
        #expect(!text.contains("\n"))
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func aServerGoneMidSessionIsOneLine() throws {
        let url = try #require(TestServer.url)
        let engine = try PostgresEngine(url)
        let admin = try PostgresEngine(url)
        let pid = try engine.fetchScalar("SELECT pg_backend_pid()")
        #expect(try admin.fetchScalar("SELECT pg_terminate_backend(?)", [pid]) == .integer(1))
        let error = try #require(throws: AmigoError.self) { try engine.fetchScalar("SELECT 1") }
        let text = "\(error)"
        #expect(text.hasPrefix("PostgreSQL error"))
        #expect(!text.contains("\n"))
    }

    /// After the server ended the connection, the engine says it is lost; `reconnect()` opens a
    /// new one where the same statements (prepared again) and a new session work, and what the
    /// old transaction had not committed is gone — never half-applied.
    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func aLostConnectionReconnectsAndTheUncommittedChangesAreGone() throws {
        let url = try #require(TestServer.url)
        let admin = try PostgresEngine(url)
        let table = "reconnect_" + UUID().uuidString.prefix(8).lowercased()
        try admin.executeScript("CREATE TABLE \(table) (id integer PRIMARY KEY, name text)")
        defer { try? admin.executeScript("DROP TABLE \(table)") }
        let engine = try PostgresEngine(url)
        #expect(!engine.isConnectionLost)
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO \(table) (id, name) VALUES (?, ?)", [.integer(1), .text("uncommitted")])
        let pid = try engine.fetchScalar("SELECT pg_backend_pid()")
        let zone = try engine.fetchScalar("SHOW TimeZone")
        #expect(try admin.fetchScalar("SELECT pg_terminate_backend(?)", [pid]) == .integer(1))
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT pg_backend_pid()") }
        #expect(engine.isConnectionLost)
        #expect(!engine.isInTransaction)

        try engine.reconnect()
        #expect(!engine.isConnectionLost)
        #expect(try engine.fetchScalar("SELECT pg_backend_pid()") != pid)
        #expect(try engine.fetchScalar("SELECT count(*) FROM \(table)") == .integer(0))
        // The connection is set up as the first was (the server's time zone, ISO dates).
        #expect(try engine.fetchScalar("SHOW TimeZone") == zone)
        #expect(try engine.fetchScalar("SHOW DateStyle").textValue?.hasPrefix("ISO") == true)
        try engine.execute("INSERT INTO \(table) (id, name) VALUES (?, ?)", [.integer(2), .text("after")])
        #expect(try admin.fetchScalar("SELECT name FROM \(table)") == .text("after"))
    }

    /// A server that cannot be reached fails `reconnect()` in one line; the engine stays lost.
    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func reconnectingToAServerThatIsGoneFailsInOneLine() throws {
        let url = try #require(TestServer.url)
        let admin = try PostgresEngine(url)
        let name = "amigo_gone_" + UUID().uuidString.prefix(8).lowercased()
        try admin.executeScript("CREATE DATABASE \(name)")
        defer { try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let folder = try #require(TestServer.socketFolder)
        let engine = try PostgresEngine("postgresql:///\(name)?host=\(folder)")
        try admin.executeScript("DROP DATABASE \(name) WITH (FORCE)")
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT 1") }
        #expect(engine.isConnectionLost)
        let error = try #require(throws: AmigoError.self) { try engine.reconnect() }
        #expect("\(error)".contains("cannot reconnect to host=\(folder) dbname=\(name)"))
        #expect("\(error)".contains("does not exist"))
        #expect(!"\(error)".contains("\n"))
        #expect(engine.isConnectionLost)
    }
}

/// The engine's own behaviour: statements, values, transactions, echo.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct PostgresEngineTests {
    @Test func valuesComeBackByColumnType() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let (columns, rows) = try engine.fetchAll("""
            SELECT 1::int2 AS a, 2::int8 AS b, 1.5::float8 AS c, true AS d, '\\x00ff'::bytea AS e, 'x' AS f, NULL AS g,
                   12.25::numeric AS h, 10::numeric AS i, 0.1000000000000000000001::numeric AS j,
                   '00112233-4455-6677-8899-aabbccddeeff'::uuid AS k, '2024-01-31 12:00:00.5+00'::timestamptz AS l
            """)
        #expect(columns == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"])
        #expect(rows == [[.integer(1), .integer(2), .real(1.5), .integer(1), .blob([0, 255]), .text("x"), .null,
                          .text("12.25"), .text("10"), .text("0.1000000000000000000001"),
                          .text("00112233-4455-6677-8899-aabbccddeeff"),
                          .text("2024-01-31 12:00:00.5+00")]])
    }

    @Test func parametersAreConvertedToTheTypesTheServerInferred() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let uuid: [UInt8] = Array(0..<16)
        let row = try engine.fetchAll("SELECT ?::bool, ?::bytea, ?::uuid, ? || 'x', ?::float8",
                                      [.integer(1), .blob([1, 2]), .blob(uuid), .text("it's ?"), .real(0.1)]).rows
        #expect(row == [[.integer(1), .blob([1, 2]), .text("00010203-0405-0607-0809-0a0b0c0d0e0f"), .text("it's ?x"), .real(0.1)]])
    }

    @Test func statementsArePreparedOncePerText() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        for i in 0..<3 { #expect(try engine.fetchScalar("SELECT ? + 1", [.integer(Int64(i))]) == .integer(Int64(i + 1))) }
        #expect(try engine.fetchScalar("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1 + 1%'") == .integer(1))
    }

    @Test func transactionsAreTrackedAndEchoed() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let recorded = Recorded()
        engine.echo.isEnabled = true
        engine.echo.subscribe { event in recorded.append(event) }
        #expect(!engine.isInTransaction)
        try engine.execute(.begin(.immediate))
        #expect(engine.isInTransaction)
        try engine.execute(.savepoint("s"))
        _ = try? engine.execute("SELECT no_such_column")
        try engine.execute(.rollbackToSavepoint("s"))
        #expect(try engine.fetchScalar("SELECT 'still usable'") == .text("still usable"))
        try engine.execute(.rollback)
        #expect(!engine.isInTransaction)
        let seen = recorded.events
        // Written by PostgreSQL's dialect: no IMMEDIATE there, savepoint names quoted.
        #expect(seen.map(\.sql) == ["BEGIN", #"SAVEPOINT "s""#, "SELECT no_such_column", #"ROLLBACK TO SAVEPOINT "s""#, "SELECT 'still usable'", "ROLLBACK"])
        #expect(seen[2].error?.contains("PostgreSQL error 42703") == true)
    }
}

/// The dialect's texts (no server needed).
@Suite struct PostgresDialectTests {
    let dialect = PostgresDialect()

    @Test func markersAreNumberedOutsideQuotesAndComments() {
        #expect(PostgresDialect.numberedPlaceholders(#"SELECT "a?" FROM t WHERE x = ? AND y = '?''?' -- ?"# + "\n AND z IN (?, ?) /* ? */")
                == #"SELECT "a?" FROM t WHERE x = $1 AND y = '?''?' -- ?"# + "\n AND z IN ($2, $3) /* ? */")
        #expect(PostgresDialect.numberedPlaceholders("SELECT $$ ? $$, E'\\' ?', ?") == "SELECT $$ ? $$, E'\\' ?', $1")
        #expect(PostgresDialect.numberedPlaceholders("SELECT $1, ?") == "SELECT $1, ?")
        #expect(PostgresDialect.numberedPlaceholders("SELECT 1") == "SELECT 1")
    }

    @Test func insertsReturnKeysAndResolveConflicts() {
        #expect(dialect.insert(into: "dog", columns: ["label"]) + (dialect.returning("id") ?? "")
                == #"INSERT INTO "dog" ("label") VALUES (?) RETURNING "id""#)
        #expect(dialect.insert(into: "link", columns: ["a", "b"], onConflict: .ignore)
                == #"INSERT INTO "link" ("a", "b") VALUES (?, ?) ON CONFLICT DO NOTHING"#)
        #expect(dialect.insert(into: "dog", columns: ["id", "label"], onConflict: .replace, key: ["id"])
                == #"INSERT INTO "dog" ("id", "label") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "label" = EXCLUDED."label""#)
    }

    @Test func globPatternsBecomeAnchoredRegularExpressions() {
        #expect(dialect.globArgument("B*") == "^B.*$")
        #expect(dialect.globArgument("a?c.d") == "^a.c\\.d$")
        #expect(dialect.globArgument("[*]x") == "^[*]x$")
        #expect(dialect.globArgument("*[^\u{01}-\u{7f}]*") == "^.*[^\u{01}-\u{7f}].*$")
    }

    @Test func tablesUseIdentityKeysAndPostgresTypes() {
        let table = ScenarioModels().owner.table
        let ddl = SchemaCompiler(dialect: dialect).createTable(table)
        #expect(ddl.contains(#""id" BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY NOT NULL"#))
        #expect(ddl.contains(#""name" TEXT NULL"#))
        #expect(ddl.contains(#""age" BIGINT NULL"#))
    }
}

/// Echo events collected from any thread.
final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [EchoEvent] = []
    func append(_ event: EchoEvent) { lock.withLock { stored.append(event) } }
    var events: [EchoEvent] { lock.withLock { stored } }
}

/// A COMMIT that fails (here a deferred foreign key) never leaves a change half-applied, and the
/// session never goes on outside a transaction: SQLite keeps the transaction open (roll back or
/// fix and commit again); PostgreSQL ends it, so the session says the changes are lost and
/// begins the next one.
@Suite("A failed commit")
struct FailedCommitTests {
    @Test(arguments: TestStore.Kind.available)
    func aFailedCommitLosesNothingHalfWayAndTheSessionStaysInATransaction(_ kind: TestStore.Kind) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        try store.connect().executeScript("""
            CREATE TABLE node (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES node (id) DEFERRABLE INITIALLY DEFERRED)
            """)
        let amigo = try store.reflect()
        let session = try amigo.openSession()
        defer { try? session.close() }
        try session.execute("INSERT INTO node (id, parent) VALUES (1, NULL)")
        try session.execute("INSERT INTO node (id, parent) VALUES (2, 999)")
        let error = try #require(throws: AmigoError.self) { try session.commit() }
        switch (kind, error) {
        case (.postgres, .commitRolledBack(let lost, let cause)):
            #expect(lost == 2)
            #expect(cause.sqlState == "23503")
            #expect("\(error)".hasPrefix("commit refused, 2 changes lost (the transaction was rolled back): PostgreSQL error 23503"))
        case (.sqlite, .database(let cause)):
            #expect(cause.isConstraintViolation)
            // SQLite kept the transaction: the rows are still there, uncommitted; roll them back.
            #expect(session.pendingChangeCount == 2)
            try session.rollback()
        default:
            Issue.record("unexpected error on \(kind): \(error)")
        }
        #expect(try store.connect().fetchScalar("SELECT count(*) FROM node") == .integer(0))
        // The next write runs inside the session's new transaction: rollback undoes it.
        try session.execute("INSERT INTO node (id, parent) VALUES (3, NULL)")
        #expect(session.pendingChangeCount == 1)
        try session.rollback()
        #expect(try store.connect().fetchScalar("SELECT count(*) FROM node") == .integer(0))
        try session.execute("INSERT INTO node (id, parent) VALUES (4, NULL)")
        try session.commit()
        #expect(try store.connect().fetchScalar("SELECT count(*) FROM node") == .integer(1))
    }

    /// PostgreSQL answers the COMMIT of a transaction whose statement failed with ROLLBACK and no
    /// error: the session says so (the changes are lost) instead of reporting a commit.
    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func committingATransactionWithAFailedStatementSaysItWasRolledBack() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        try store.connect().executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let amigo = try store.reflect()
        let session = try amigo.openSession()
        defer { try? session.close() }
        try session.execute("INSERT INTO item (id, name) VALUES (1, 'kept?')")
        #expect(throws: AmigoError.self) { try session.execute("INSERT INTO item (id, name) VALUES (2, NULL)") }
        let error = try #require(throws: AmigoError.self) { try session.commit() }
        guard case .commitRolledBack(let lost, let cause) = error else { Issue.record("not commitRolledBack: \(error)"); return }
        #expect(lost == 1 && cause.sqlState == "25P02")
        #expect(try store.connect().fetchScalar("SELECT count(*) FROM item") == .integer(0))
        try session.execute("INSERT INTO item (id, name) VALUES (3, 'after')")
        try session.commit()
        #expect(try store.connect().fetchScalar("SELECT count(*) FROM item") == .integer(1))
    }
}

/// A session that is not doing anything leaves its connection idle — not "idle in
/// transaction", which monitoring flags and `idle_in_transaction_session_timeout` ends: BEGIN
/// goes to the server with the transaction's first statement.
@Suite("PostgreSQL sessions at rest", .enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct IdleSessionTests {
    @Test func aSessionWithNothingToDoLeavesItsConnectionIdle() throws {
        let url = try #require(TestServer.url)
        let engine = try PostgresEngine(url)
        let admin = try PostgresEngine(url)
        let pid = try engine.fetchScalar("SELECT pg_backend_pid()")
        func state() throws -> DatabaseValue { try admin.fetchScalar("SELECT state FROM pg_stat_activity WHERE pid = ?", [pid]) }
        let session = try AmigoDatabase([], engine: engine).openSession()
        defer { try? session.close() }
        #expect(engine.isInTransaction)
        #expect(try state() == .text("idle"))
        #expect(try session.fetch("SELECT 1").count == 1)
        #expect(try state() == .text("idle in transaction"))
        try session.refresh()      // what amigo-shell does between keys when nothing is pending
        #expect(try state() == .text("idle"))
        // A commit or rollback of a transaction the server never saw sends nothing, and works.
        try session.commit()
        try session.rollback()
        #expect(try state() == .text("idle"))
        // What ends or starts a transaction behind the session's back is refused.
        for statement in ["ABORT", "START TRANSACTION", "PREPARE TRANSACTION 'x'", "COMMIT AND CHAIN", "END"] {
            #expect(throws: AmigoError.self, "\(statement)") { try session.execute(statement) }
        }
        #expect(session.isActive && engine.isInTransaction)
    }

    /// Savepoint names are quoted by the dialect, so any name works (spaces, quotes, keywords),
    /// and a savepoint sends the held-back BEGIN first.
    @Test func savepointNamesAreQuotedSoAnyNameWorks() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let recorded = Recorded()
        engine.echo.isEnabled = true
        engine.echo.subscribe { event in recorded.append(event) }
        let name = #"my "odd" select"#
        try engine.execute(.begin(.deferred))
        try engine.execute(.savepoint(name))
        #expect(try engine.fetchScalar("SELECT 1") == .integer(1))
        try engine.execute(.rollbackToSavepoint(name))
        try engine.execute(.releaseSavepoint(name))
        try engine.execute(.rollback)
        #expect(!engine.isInTransaction)
        #expect(recorded.events.map(\.sql) == ["BEGIN", #"SAVEPOINT "my ""odd"" select""#, "SELECT 1",
                                                #"ROLLBACK TO SAVEPOINT "my ""odd"" select""#, #"RELEASE SAVEPOINT "my ""odd"" select""#, "ROLLBACK"])
    }
}
