import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// The UI's `sql` results are read a page at a time (`SELECT * FROM (…) LIMIT ? OFFSET ?`), so a
/// query of a million rows scrolls to its end holding a few pages; statements that cannot be a
/// subquery (`PRAGMA`) are read whole, as before.
@Suite struct SQLPagingSpec {
    /// A million rows, 1…1,000,000, with their squares.
    static let million = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
        SELECT i, i * i AS square FROM n
        """

    @Test func aMillionRowQueryScrollsToItsEndHoldingAFewPages() throws {
        let f = try ChinookFixture()
        let explorer = f.explorer
        explorer.echoLog.clear()
        try explorer.runSQL(Self.million)
        let view = try #require(explorer.current)
        let window = try #require(view.sqlWindow)
        #expect(view.totalCount == 1_000_000)
        #expect(view.columns == ["i", "square"])
        #expect(try explorer.values(in: 0..<3) == [[1, 1], [2, 4], [3, 9]])
        // Down a few screens, then to the end, then back up: never more than four pages held.
        for top in stride(from: 0, to: 1_000, by: 20) {
            #expect(try explorer.values(in: top..<top + 20).first == [.integer(Int64(top + 1)), .integer(Int64((top + 1) * (top + 1)))])
            #expect(window.rows.count <= window.capacity)
        }
        explorer.moveCursor(to: view.totalCount - 1)
        let last = try explorer.values(in: 999_980..<1_000_000)
        #expect(last.count == 20)
        #expect(last.last == [.integer(1_000_000), .integer(1_000_000_000_000)])
        #expect(try explorer.values(in: 999_990..<1_000_010).count == 10)
        for top in stride(from: 999_980, to: 999_000, by: -20) {
            #expect(try explorer.values(in: top..<top + 20).first?.first == .integer(Int64(top + 1)))
            #expect(window.rows.count <= window.capacity)
        }
        let statements = explorer.echoLog.entries.map(\.sql)
        #expect(statements.contains { $0.hasPrefix("SELECT count(*) FROM (\nWITH RECURSIVE") })
        #expect(statements.contains { $0.hasPrefix("SELECT * FROM (\nWITH RECURSIVE") && $0.hasSuffix("\n) AS result LIMIT ? OFFSET ?") })
        #expect(try explorer.currentRowDetail().contains("1000000000000"))
    }

    @Test func theUICountsAHugeResultUpToItsBoundAndWholeOnlyWhenItsEndIsNeeded() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "chinook.sqlite", tableCountLimit: 10_000)
        defer { try? explorer.session.close() }
        try explorer.runSQL(Self.million)
        let view = try #require(explorer.current)
        #expect(view.totalCount == 10_000 && !view.countIsExact)
        #expect(explorer.statusSummary.hasPrefix("row 1 of 10000+"))
        #expect(!explorer.completeDeferredCounts())        // not when idle: a result may have no end
        explorer.moveCursor(to: 9_999)                      // near the bound: the end is needed
        #expect(view.totalCount == 1_000_000 && view.countIsExact)
        #expect(try explorer.values(in: 999_999..<1_000_000).first?.first == .integer(1_000_000))
    }

    @Test func theStatementsOwnOrderAndColumnNamesAreKept() throws {
        let f = try ChinookFixture()
        try f.explorer.runSQL("SELECT TrackId, TrackId, Name FROM Track ORDER BY TrackId DESC;")
        let view = try #require(f.explorer.current)
        #expect(view.sqlWindow != nil)
        #expect(view.columns == ["TrackId", "TrackId", "Name"])
        #expect(view.totalCount == 3503)
        #expect(try f.explorer.values(in: 0..<1).first?.first == .integer(3503))
        #expect(try f.explorer.values(in: 3000..<3001).first?.first == .integer(503))
        #expect(try f.explorer.values(in: 3502..<3503).first?.first == .integer(1))
    }

    @Test func aStatementThatCannotBeASubqueryIsReadWhole() throws {
        let f = try ChinookFixture()
        try f.explorer.runSQL("PRAGMA table_info(Track)")
        let view = try #require(f.explorer.current)
        #expect(view.sqlWindow == nil)
        #expect(view.totalCount == 9)
        #expect(try f.explorer.values(in: 0..<1).first?[1] == .text("TrackId"))
    }

    @Test func aQueryEndingInACommentIsStillPaged() throws {
        let f = try ChinookFixture()
        try f.explorer.runSQL("SELECT Name FROM Genre ORDER BY GenreId -- the genres")
        let view = try #require(f.explorer.current)
        #expect(view.sqlWindow != nil && view.totalCount == 25)
        #expect(try f.explorer.values(in: 24..<25) == (try f.amigo.engine.fetchAll("SELECT Name FROM Genre WHERE GenreId = 25").rows))
    }
}
