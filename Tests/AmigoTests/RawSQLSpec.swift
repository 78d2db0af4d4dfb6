import CSQLite
import Foundation
import Testing
@testable import Amigo

/// Raw SQL through a session (issue 5): `execute(sql, arguments)` and `fetch(sql, arguments)`
/// returning rows, through the session's transaction, echo and typed errors.
@Suite struct RawSQLSpec {
    @Test func executeBindsArgumentsRunsInTheSessionAndCountsChanges() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let result = try session.execute(#"INSERT INTO dog (label) VALUES (?), (?)"#, ["lucy", "x'); DROP TABLE dog; --"])
        #expect(result.changes == 2)
        #expect(result.lastInsertRowID == 2)
        #expect(session.pendingChangeCount == 2)
        #expect(db.trace.events.last?.sql == #"INSERT INTO dog (label) VALUES (?), (?)"#)
        #expect(db.trace.events.last?.arguments == ["lucy", "x'); DROP TABLE dog; --"])
        #expect(try session.query(Dog.self).orderBy("id").all().map(\.label) == ["lucy", "x'); DROP TABLE dog; --"])
        #expect(try session.execute("UPDATE dog SET label = upper(label) WHERE id = ?", [1]).changes == 1)
        #expect(session.pendingChangeCount == 3)
        // A query run through execute changes nothing and counts nothing.
        try session.execute("SELECT * FROM dog")
        #expect(session.pendingChangeCount == 3)
        try session.rollback()
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func executeHandsOutTheRowsAWriteReturns() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        var names: [String] = []
        var rows: [[DatabaseValue]] = []
        let result = try session.execute("INSERT INTO dog (label) VALUES (?), (?) RETURNING id, upper(label) AS shout", ["lucy", "rex"],
                                         returning: { names = $0.map(\.name) }, { row in rows.append((0..<row.count).map(row.value(at:))) })
        #expect(names == ["id", "shout"])
        #expect(rows == [[.integer(1), .text("LUCY")], [.integer(2), .text("REX")]])
        #expect(result.changes == 2)
        #expect(session.pendingChangeCount == 2)
        // Without RETURNING, neither is called; the write is counted all the same.
        var called = false
        #expect(try session.execute("DELETE FROM dog WHERE id = ?", [1], returning: { _ in called = true }, { _ in called = true }).changes == 1)
        #expect(!called)
        #expect(session.pendingChangeCount == 3)
        try session.rollback()
    }

    @Test func executedWritesStayInTheSessionUntilCommit() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT);")
        let amigo = try file.reflect()
        let session = try amigo.openSession()
        try session.execute("INSERT INTO dog (label) VALUES (?)", ["lucy"])
        let second = try file.connect()
        #expect(try second.allRows("SELECT label FROM dog") == [])
        try session.commit()
        #expect(try second.allRows("SELECT label FROM dog") == [["lucy"]])
    }

    @Test func fetchReturnsRowsWithColumnNamesAndTypedValues() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.execute("INSERT INTO dog (id, label) VALUES (1, 'lucy'), (2, NULL)")
        let rows = try session.fetch("SELECT id, label AS Name, id * 1.5 AS half, x'00ff' AS raw FROM dog WHERE id >= ? ORDER BY id", [1])
        #expect(rows.count == 2)
        #expect(rows[0].columns == ["id", "Name", "half", "raw"])
        #expect(rows[0].values == [.integer(1), .text("lucy"), .real(1.5), .blob([0, 255])])
        #expect(rows[0]["name"] == "lucy")       // by name, case-insensitive
        #expect(rows[0]["NAME"] == rows[0][1])
        #expect(rows[1]["Name"] == .null)
        #expect(rows[1]["nope"] == .null)
        #expect(rows[1]["half"].doubleValue == 3.0)
        #expect(db.trace.events.last?.arguments == [1])
        #expect(db.trace.events.last?.rowCount == 2)
        #expect(try session.fetch("SELECT * FROM dog WHERE id > ?", [99]) == [])
    }

    @Test func fetchOnAReflectedDatabaseMatchesItsRows() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try file.reflect()
        let session = try amigo.openSession()
        let rows = try session.fetch("SELECT g.Name, count(*) AS n FROM Track t JOIN Genre g USING (GenreId) WHERE g.GenreId = ? GROUP BY 1", [1])
        #expect(rows == [Row(columns: ["Name", "n"], values: ["Rock", .integer(Int64(try session.query("Track").filter("GenreId = 1").count()))])])
        #expect(rows[0].description == "[Name: 'Rock', n: 1297]")
    }

    @Test func badSQLIsADatabaseErrorWithCodeAndMessageAndAppliesNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.execute("INSERT INTO dog (id, label) VALUES (1, 'lucy')")
        let syntax = try #require(throws: AmigoError.self) { try session.execute("UPDAT dog SET label = ?", ["x"]) }
        let e = try #require(databaseError(syntax), "\(syntax)")
        #expect(e.code == SQLITE_ERROR)
        #expect(e.message.contains("syntax error"))
        #expect(e.sql == "UPDAT dog SET label = ?")
        let missing = try #require(throws: AmigoError.self) { try session.fetch("SELECT nope FROM dog WHERE id = ?", [1]) }
        #expect(databaseError(missing)?.message.contains("no such column: nope") == true)
        #expect(databaseError(missing)?.code == SQLITE_ERROR)
        // A statement that fails half-way is undone as a whole: the first row is not inserted either.
        let constraint = try #require(throws: AmigoError.self) {
            try session.execute("INSERT INTO dog (id, label) VALUES (2, 'rex'), (1, 'dup')")
        }
        #expect(databaseError(constraint)?.code == SQLITE_CONSTRAINT)
        #expect(databaseError(constraint)?.extendedCode == 1555)     // SQLITE_CONSTRAINT_PRIMARYKEY
        // The wrong number of arguments.
        let range = try #require(throws: AmigoError.self) { try session.execute("DELETE FROM dog WHERE id = ?", []) }
        #expect(databaseError(range)?.code == SQLITE_RANGE)
        #expect(try session.fetch("SELECT id, label FROM dog").map(\.values) == [[1, "lucy"]])
        #expect(session.pendingChangeCount == 1)
        #expect(session.isActive)       // the session's transaction goes on
    }

    @Test func severalStatementsAtOnceAreRefusedBeforeAnyRuns() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(throws: AmigoError.self) {
            try session.execute("INSERT INTO dog (label) VALUES ('a'); DELETE FROM cat")
        }
        #expect(throws: AmigoError.self) {
            try session.fetch("SELECT 1; INSERT INTO dog (label) VALUES ('b')")
        }
        #expect(try session.query(Dog.self).count() == 0)
        #expect(session.pendingChangeCount == 0)
    }

    @Test func fetchOfAStatementThatWritesCountsItsChanges() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let rows = try session.fetch("INSERT INTO dog (label) VALUES (?), (?) RETURNING id, label", ["a", "b"])
        #expect(rows.map(\.values) == [[1, "a"], [2, "b"]])
        #expect(session.pendingChangeCount == 2)
    }

    @Test func writesOnAReadOnlyEngineAreRefused() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO dog VALUES (1, 'lucy');")
        let before = file.bytes
        let engine = try SQLiteEngine(path: file.path, options: OpenOptions(readOnly: true))
        #expect(engine.isReadOnly)
        let amigo = try AmigoDatabase(reflecting: engine)
        let session = try amigo.openSession()
        for sql in ["DELETE FROM dog", "INSERT INTO dog (label) VALUES ('x')", "CREATE TABLE t (x)"] {
            let error = try #require(throws: AmigoError.self) { try session.execute(sql) }
            guard case .readOnly(let path, _) = error else { Issue.record("\(sql): \(error)"); continue }
            #expect(path == file.path)
        }
        let returning = try #require(throws: AmigoError.self) { try session.fetch("DELETE FROM dog RETURNING id") }
        guard case .readOnly = returning else { Issue.record("\(returning)"); return }
        // Reading is fine.
        #expect(try session.fetch("SELECT label FROM dog WHERE id = ?", [1]).first?["label"] == "lucy")
        try session.execute("SELECT count(*) FROM dog")
        #expect(session.pendingChangeCount == 0)
        #expect(file.bytes == before)
        #expect(try file.connect().allRows("SELECT * FROM dog") == [[1, "lucy"]])
    }

    @Test func aCachedSelectStarSeesColumnsAddedByAnotherConnection() throws {
        let file = try SeedFile(script: "CREATE TABLE dog (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO dog VALUES (1, 'lucy');")
        let amigo = try file.reflect()
        var session = try amigo.openSession()
        #expect(try session.fetch("SELECT * FROM dog").map(\.columns) == [["id", "label"]])
        try session.close()
        try file.connect().execute("ALTER TABLE dog ADD COLUMN age INTEGER")
        session = try amigo.openSession()
        // SQLite re-prepares the cached statement, whose column count changes; the engine reads the
        // count and the names after the first step, so the new column shows.
        let columns = try session.fetch("SELECT * FROM dog").map(\.columns)
        #expect(columns == [["id", "label", "age"]])
    }

    @Test func aClosedSessionRunsNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.close()
        #expect(throws: AmigoError.sessionClosed) { try session.execute("INSERT INTO dog (label) VALUES ('x')") }
        #expect(throws: AmigoError.sessionClosed) { try session.fetch("SELECT 1") }
        #expect(try db.amigo.engine.fetchScalar("SELECT count(*) FROM dog") == 0)
    }

    // MARK: Documentation example (docs/FEATURES-SEED-LIBRARIES.md)

    @Test func documentationExampleCompilesAndRuns() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try AmigoDatabase(reflecting: file.path)
        // --- example
        let session = try amigo.openSession()
        try session.execute("UPDATE Track SET UnitPrice = ? WHERE GenreId = ?", [1.29, 1])
        let rows = try session.fetch("SELECT Name, count(*) AS n FROM Track WHERE GenreId = ? GROUP BY Name ORDER BY n DESC", [1])
        let top = rows.first?["n"]                           // DatabaseValue, by column name
        do {
            try session.execute("UPDATE Trak SET UnitPrice = 0")
        } catch AmigoError.database(let error) {
            print(error.code, error.message)                 // 1 no such table: Trak
        }
        try session.commit()
        // --- end
        #expect(top?.integerValue ?? 0 > 0)
    }

    @Test func aTrailingCommentIsNotASecondStatement() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        #expect(try engine.isReadOnlyStatement("SELECT 1; -- why"))
        #expect(try engine.isReadOnlyStatement("SELECT 1 /* a */ ; /* b */"))
        #expect(try engine.fetchScalar("SELECT 2; -- note") == 2)
        #expect(throws: AmigoError.self) { try engine.isReadOnlyStatement("SELECT 1; SELECT 2") }
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT 1; -- x\n SELECT 2") }
        #expect(SQLiteConnection.isBlankTail(" ; -- a\n /* b */ ;"))
        #expect(!SQLiteConnection.isBlankTail(" ; -- a\n x"))
    }
}
