import Amigo
import AmigoPostgres
import Foundation
import Testing

/// A query's rows streamed from the server (libpq's single-row mode, issue 25 point 7): handed
/// out as they arrive, in order; a stop, an error or an interrupt part-way leaves the connection
/// usable for the next statement.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct StreamingTests {
    /// Rows of `generate_series(1, n)` with an integer, a text, a numeric and a NULL every 7th.
    static func series(_ n: Int) -> String {
        "SELECT i, 'row ' || i AS label, i * 0.5::float8 AS half, CASE WHEN i % 7 = 0 THEN NULL ELSE i END AS sparse "
            + "FROM generate_series(1, \(n)) AS i ORDER BY i"
    }

    @Test("every row arrives, in order, with its values; the columns are told before the first")
    func everyRowArrivesInOrder() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var names: [String] = []
        var expected: Int64 = 1
        var wrong = 0
        let count = try engine.fetch(Self.series(100_000), [], columns: { names = $0 }) { row in
            #expect(names == ["i", "label", "half", "sparse"])
            let values = row.values
            if values != [.integer(expected), .text("row \(expected)"), .real(Double(expected) * 0.5),
                          expected % 7 == 0 ? .null : .integer(expected)] { wrong += 1 }
            expected += 1
            return true
        }
        #expect(count == 100_000)
        #expect(expected == 100_001)
        #expect(wrong == 0)
    }

    @Test("a result without rows still tells its columns")
    func anEmptyResultTellsItsColumns() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var names: [String]?
        let count = try engine.fetch("SELECT 1 AS a, 'x' AS b WHERE false", [], columns: { names = $0 }) { _ in true }
        #expect(count == 0)
        #expect(names == ["a", "b"])
    }

    @Test("the first rows are handed out while the server is still sending the rest")
    func rowsArriveBeforeTheQueryEnds() throws {
        let url = try #require(TestServer.url)
        let engine = try PostgresEngine(url), observer = try PostgresEngine(url)
        let pid = try engine.fetchScalar("SELECT pg_backend_pid()")
        var state: DatabaseValue?
        try engine.fetch("SELECT i, repeat('x', 100) FROM generate_series(1, 2000000) AS i") { _ in
            state = try observer.fetchScalar("SELECT state FROM pg_stat_activity WHERE pid = ?", [pid])
            return false
        }
        // Read whole first, the server would be done ("idle") before the first row.
        #expect(state == .text("active"))
        #expect(try engine.fetchScalar("SELECT 2") == .integer(2))
    }

    @Test("stopping early outside a transaction leaves the connection usable (the rest is cancelled, not read)")
    func stoppingEarlyLeavesTheConnectionUsable() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var seen: [Int64] = []
        let count = try engine.fetch("SELECT generate_series(1, 50000000) AS i") { row in
            seen.append(row.int64(at: 0))
            return seen.count < 10
        }
        #expect(count == 10)
        #expect(seen == Array(1...10))
        #expect(!engine.isInTransaction)
        #expect(try engine.fetchScalar("SELECT 'next'") == .text("next"))
    }

    @Test("stopping early inside a transaction keeps the transaction: the rest is read, not cancelled")
    func stoppingEarlyInsideATransactionKeepsIt() throws {
        let store = try TestStore(.postgres)
        defer { store.drop() }
        let engine = try #require(try store.connect() as? PostgresEngine)
        try engine.executeScript("CREATE TABLE t (a int)")
        try engine.execute(.begin(.deferred))
        try engine.execute("INSERT INTO t VALUES (1)")
        let count = try engine.fetch("SELECT i FROM generate_series(1, 300000) AS i") { row in row.int64(at: 0) < 5 }
        #expect(count == 5)
        try engine.execute("INSERT INTO t VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))
    }

    @Test("an error part-way through the rows is the statement's typed error, and the connection goes on")
    func anErrorMidStreamIsTyped() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var handed = 0
        let error = try #require(throws: AmigoError.self) {
            try engine.fetch("SELECT i, 1 / (5000 - i) FROM generate_series(1, 10000) AS i") { row in
                handed += 1
                #expect(row.int64(at: 0) == Int64(handed))
                return true
            }
        }
        guard case .database(let failure) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(failure.sqlState == "22012")
        #expect(failure.sql?.contains("generate_series") == true)
        #expect(handed < 5000)
        #expect(!engine.isInTransaction)
        #expect(try engine.fetchScalar("SELECT 'next'") == .text("next"))
    }

    @Test("an error part-way inside a recovering transaction undoes that statement alone")
    func anErrorMidStreamInARecoveringTransaction() throws {
        let (store, engine) = try TestStore.recoveringTransaction()
        defer { store.drop() }
        #expect(throws: AmigoError.self) {
            try engine.fetch("SELECT 1 / (3000 - i) FROM generate_series(1, 5000) AS i") { _ in true }
        }
        try engine.execute("INSERT INTO t VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))
    }

    @Test("the interrupt check cancels a streamed query: no row after it says stop, SQLSTATE 57014, the connection goes on")
    func anInterruptCancelsAStreamedQuery() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let progress = Progress()
        // Says stop once 1000 rows were handed out, noting how many had been when it first said so.
        engine.setInterruptCheck { progress.shouldStop(after: 1000) }
        let error = try #require(throws: AmigoError.self) {
            try engine.fetch("SELECT generate_series(1, 500000000) AS i") { _ in
                progress.handOut()
                return true
            }
        }
        guard case .database(let cancelled) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(cancelled.sqlState == "57014")
        #expect(progress.handed >= 1000)
        #expect(progress.handed == progress.handedWhenStopped)
        engine.setInterruptCheck(nil)
        #expect(try engine.fetchScalar("SELECT 'next'") == .text("next"))
    }

    @Test("a statement run inside the row callback works: the rest of the query is read first, and still handed out in order")
    func aStatementInsideTheCallback() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        var seen: [Int64] = []
        var inner: DatabaseValue?
        let count = try engine.fetch("SELECT i FROM generate_series(1, 20000) AS i") { row in
            seen.append(row.int64(at: 0))
            if seen.count == 10 { inner = try engine.fetchScalar("SELECT ? * 2", [.integer(21)]) }
            return true
        }
        #expect(count == 20000)
        #expect(seen == Array(1...20000))
        #expect(inner == .integer(42))
    }

    @Test("echo reports the rows a streamed query handed out")
    func echoCountsTheRows() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let recorded = Recorded()
        engine.echo.isEnabled = true
        engine.echo.subscribe { event in recorded.append(event) }
        try engine.fetch("SELECT i FROM generate_series(1, 12345) AS i") { _ in true }
        try engine.fetch("SELECT i FROM generate_series(1, 12345) AS i") { row in row.int64(at: 0) < 7 }
        #expect(recorded.events.map(\.rowCount) == [12345, 7])
    }

    @Test("read whole (streamsResults off), the rows and values are the same")
    func readWholeGivesTheSameRows() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let streamed = try engine.fetchAll(Self.series(5000))
        engine.streamsResults = false
        let whole = try engine.fetchAll(Self.series(5000))
        #expect(streamed.columns == whole.columns)
        #expect(streamed.rows == whole.rows)
    }
}

/// The rows a streamed query handed out, and how many there were when the interrupt check first said stop.
private final class Progress: @unchecked Sendable {
    private(set) var handed = 0
    private(set) var handedWhenStopped: Int?
    func handOut() { handed += 1 }
    func shouldStop(after rows: Int) -> Bool {
        guard handed >= rows else { return false }
        if handedWhenStopped == nil { handedWhenStopped = handed }
        return true
    }
}
