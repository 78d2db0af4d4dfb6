import Amigo
import AmigoTestSupport
import Foundation
import Testing

/// What sqlite3's shell reports about its connection, read as sqlite3 reads it: `.databases`,
/// `.indexes`, `.changes`, `.parameter`'s table and `.eqp`'s plans.
@Suite struct SQLiteShellListingsSpec {
    private func engine() throws -> SQLiteEngine {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT UNIQUE); CREATE INDEX t_b ON t (b, a); CREATE TABLE u (x)")
        return engine
    }

    @Test("databases: main in memory has the empty path; a write transaction is named")
    func databases() throws {
        let engine = try engine()
        #expect(try engine.databaseListings().map(\.sqlite3Line) == [#"main: "" r/w"#])
        try engine.executeScript("BEGIN; INSERT INTO u VALUES (1)")
        #expect(try engine.databaseListings().first?.sqlite3Line == #"main: "" r/w write-txn"#)
        try engine.executeScript("ROLLBACK")
    }

    @Test("indexes: SQLite's own too, sorted by bytes, by a LIKE pattern on the table's name")
    func indexes() throws {
        let engine = try engine()
        #expect(try engine.indexNames(tablesLike: nil) == ["sqlite_autoindex_t_1", "t_b"])
        #expect(try engine.indexNames(tablesLike: "T") == ["sqlite_autoindex_t_1", "t_b"])
        #expect(try engine.indexNames(tablesLike: "u%") == [])
    }

    @Test("change counts: the last statement's rows and the connection's total")
    func changeCounts() throws {
        let engine = try engine()
        try engine.execute("INSERT INTO u VALUES (1), (2), (3)")
        try engine.execute("DELETE FROM u WHERE x > 1")
        #expect(engine.changeCounts().last == 2)
        #expect(engine.changeCounts().total == 5)
    }

    @Test("the parameter table binds by name, NULL for a name it lacks; without it, such a statement is an error")
    func parameterTable() throws {
        let engine = try engine()
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT :x") }
        engine.setParameterTable([":x": .integer(5), "@who": .text("me")])
        #expect(try engine.fetchAll("SELECT :x + 1, @who, $missing, ?4").rows == [[6, "me", .null, .null]])
        // Arguments given still bind by position, the table aside.
        #expect(try engine.fetchScalar("SELECT ?", [.integer(9)]) == .integer(9))
        engine.setParameterTable(nil)
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT :x") }
    }

    @Test("query plan rows: a statement explained, never run")
    func queryPlanRows() throws {
        let engine = try engine()
        let rows = try engine.queryPlanRows(of: "SELECT * FROM t WHERE a = 1")
        #expect(rows.map(\.detail) == ["SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"])
        #expect(rows.first?.parent == 0)
        try engine.execute("INSERT INTO u VALUES (1)")
        _ = try engine.queryPlanRows(of: "DELETE FROM u")
        #expect(try engine.fetchScalar("SELECT count(*) FROM u") == .integer(1))
        #expect(throws: AmigoError.self) { try engine.queryPlanRows(of: "SELECT * FROM nosuch") }
    }
}
