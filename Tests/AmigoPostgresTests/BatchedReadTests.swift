import Amigo
import AmigoPostgres
@testable import AmigoShellCore
import Foundation
import Testing

/// A library query's rows read through a cursor, thousands at a time (`fetchInBatches`, the
/// read `export` uses): every row in order with its bound arguments, inside the open
/// transaction or one of its own; a stop, an interrupt or an error leaves the connection (and
/// the transaction) usable. And each row's cells read in place write the same CSV and TSV as
/// its values do.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct BatchedReadTests {
    static let query = "SELECT i, 'row ' || i AS label, i * 0.5::float8 AS half, CASE WHEN i % 7 = 0 THEN NULL ELSE i END AS sparse "
        + "FROM generate_series(1, ?) AS i WHERE i % ? <> 0 ORDER BY i"

    @Test("every row arrives in order across many batches, with the statement's bound arguments; columns come first")
    func everyRowArrivesInOrder() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var columns: [ResultColumn] = []
        var expected: Int64 = 1
        var wrong = 0
        let count = try engine.fetchInBatches(Self.query, [.integer(60_000), .integer(1_000_000)], describing: { columns = $0 }) { row in
            if columns.map(\.name) != ["i", "label", "half", "sparse"] { wrong += 1 }
            if row.values != [.integer(expected), .text("row \(expected)"), .real(Double(expected) * 0.5),
                              expected % 7 == 0 ? .null : .integer(expected)] { wrong += 1 }
            expected += 1
            return true
        }
        #expect(count == 60_000)
        #expect(wrong == 0)
        #expect(columns.map(\.form) == [.plain, .plain, .floatingPoint, .plain])
        // Outside a transaction the read had one of its own, now ended.
        #expect(!engine.isInTransaction)
        // A bound argument is a value, never SQL: text that looks like SQL is compared, not run.
        let none = try engine.fetchInBatches("SELECT i FROM generate_series(1, 10) AS i WHERE i::text = ?", [.text("1; DROP TABLE x")],
                                             describing: { _ in }) { _ in true }
        #expect(none == 0)
    }

    @Test("a result without rows still tells its columns")
    func anEmptyResultTellsItsColumns() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var names: [String]?
        let count = try engine.fetchInBatches("SELECT 1 AS a, 'x' AS b WHERE false", [], describing: { names = $0.map(\.name) }) { _ in true }
        #expect(count == 0)
        #expect(names == ["a", "b"])
    }

    @Test("inside a transaction the cursor is the transaction's: a stop closes it and the transaction goes on; statements run inside the rows")
    func insideATransaction() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let engine = try #require(try store.connect() as? PostgresEngine)
        try engine.executeScript("CREATE TABLE t (a int)")
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO t SELECT generate_series(1, 25000)")
        var inner: DatabaseValue?
        // The uncommitted rows are the transaction's: the cursor sees them.
        let count = try engine.fetchInBatches("SELECT a FROM t ORDER BY a", [], describing: { _ in }) { row in
            if row.int64(at: 0) == 300 { inner = try engine.fetchScalar("SELECT count(*) FROM t") }
            return row.int64(at: 0) < 20_000
        }
        #expect(count == 20_000)
        #expect(inner == .integer(25_000))
        #expect(engine.isInTransaction)
        try engine.execute("INSERT INTO t VALUES (0)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT count(*) FROM t") == .integer(25_001))
    }

    @Test("the interrupt check stops the read between batches (57014) without ending the transaction")
    func anInterruptStopsBetweenBatches() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let engine = try #require(try store.connect() as? PostgresEngine)
        try engine.executeScript("CREATE TABLE t (a int)")
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO t VALUES (1)")
        var handed = 0
        engine.setInterruptCheck { handed >= 1000 }
        let error = try #require(throws: AmigoError.self) {
            try engine.fetchInBatches("SELECT generate_series(1, 50000000) AS i", [], describing: { _ in }) { _ in
                handed += 1
                return true
            }
        }
        engine.setInterruptCheck(nil)
        guard case .database(let cancelled) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(cancelled.sqlState == "57014")
        #expect(cancelled.isInterrupted)
        #expect(handed >= 1000 && handed <= 1000 + 10_000)
        try engine.execute("INSERT INTO t VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))
    }

    @Test("an error part-way is the statement's typed error, and the connection goes on")
    func anErrorPartWay() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var handed = 0
        let error = try #require(throws: AmigoError.self) {
            try engine.fetchInBatches("SELECT i, 1 / (50000 - i) FROM generate_series(1, 60000) AS i", [], describing: { _ in }) { _ in
                handed += 1
                return true
            }
        }
        guard case .database(let failure) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(failure.sqlState == "22012")
        #expect(failure.sql?.contains("generate_series") == true)
        #expect(handed < 50_000)
        #expect(!engine.isInTransaction)
        #expect(try engine.fetchScalar("SELECT 'next'") == .text("next"))
    }

    /// Every type whose text a cell may hand as it is, and those it may not, with NULLs.
    static let typed = """
        SELECT i, i::int2 AS small, i::int8 * 1000000007 AS big, i::oid AS o,
               (i * 1.25)::numeric(12, 2) AS price, (i * 1.25)::float8 AS f8, (i * 0.1)::float4 AS f4,
               (i::float8 / 3) AS third, (i * 1e20)::float8 AS huge, (i * 1e-7)::float8 AS tiny, i::float8 AS whole,
               CASE i % 4 WHEN 0 THEN 'NaN'::float8 WHEN 1 THEN 'Infinity' WHEN 2 THEN '-Infinity' ELSE -0.0 END AS special,
               i % 2 = 0 AS flag, CASE WHEN i % 3 = 0 THEN NULL ELSE decode(md5(i::text), 'hex') END AS bytes, '\\x'::bytea AS empty,
               'text ' || i || E'\\t,"' AS t, '' AS blank, 'ünï ' || i AS accented, ('{"k": ' || i || '}')::jsonb AS j,
               ('2024-01-01'::date + i) AS d, ('2024-01-01 12:00'::timestamptz + i * interval '1 hour') AS ts,
               md5(i::text)::uuid AS u, (i * 1.5)::money AS cash, CASE WHEN i % 5 = 0 THEN NULL ELSE i END AS sparse
          FROM generate_series(1, 600) AS i ORDER BY i
        """

    @Test("each row's cells, read in place, write the CSV and TSV its values write (every type, NULLs, specials)")
    func cellsWriteWhatValuesWrite() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        // The server's float text at each precision it may be set to (shortest, the default; 15
        // digits; fewer) is what Swift's description of the number read back writes.
        for (digits, header) in [(1, true), (0, false), (3, true), (-6, true)] {
            try engine.execute("SET extra_float_digits = \(digits)")
            var formatters: [(any RowFormatter, any RowFormatter)] = [(CSVFormatter(header: header), CSVFormatter(header: header)),
                                                                       (TSVFormatter(header: header), TSVFormatter(header: header))]
            for index in formatters.indices {
                var fromCells: [UInt8] = [], fromValues: [UInt8] = []
                try engine.fetchInBatches(Self.typed, [], describing: { columns in
                    fromCells += Array(formatters[index].0.begin(columns: columns.map(\.name), forms: columns.map(\.form)).utf8)
                    fromValues += Array(formatters[index].1.begin(columns: columns.map(\.name), forms: columns.map(\.form)).utf8)
                }) { row in
                    formatters[index].0.appendRow(row, columns: row.count, to: &fromCells)
                    formatters[index].1.appendRow(row.values, to: &fromValues)
                    return true
                }
                #expect(fromCells.count > 600 * 100)
                #expect(String(decoding: fromCells, as: UTF8.self) == String(decoding: fromValues, as: UTF8.self), "extra_float_digits \(digits)")
            }
        }
    }
}
