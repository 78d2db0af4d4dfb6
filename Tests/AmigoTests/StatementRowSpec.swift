import Testing
@testable import Amigo

/// A row reads the same whether SQLite's running statement or values already read stand behind it.
@Suite struct StatementRowSpec {
    @Test func aRowOfValuesReadsLikeASQLiteRow() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let sql = "SELECT 42 AS i, 2.5 AS r, 'text' AS t, X'0102' AS b, NULL AS n"
        var fromSQLite: [DatabaseValue] = [], names: [String] = []
        try engine.fetch(sql, []) { row in
            fromSQLite = row.values
            names = (0..<row.count).map(row.name(at:))
            return false
        }
        let row = StatementRow(columns: names, values: fromSQLite)
        #expect(row.count == 5)
        #expect((0..<5).map(row.name(at:)) == ["i", "r", "t", "b", "n"])
        #expect(row.values == fromSQLite)
        #expect(row.int64(at: 0) == 42 && row.double(at: 1) == 2.5 && row.string(at: 2) == "text")
        #expect(row.bytes(at: 3) == [1, 2])
        #expect(row.isNull(at: 4) && row.optionalString(at: 4) == nil && row.optionalInt64(at: 4) == nil)
        #expect(row.type(at: 0) == .integer && row.type(at: 1) == .real && row.type(at: 4) == .null)
        #expect(row.optionalDouble(at: 0) == 42)
    }
}
