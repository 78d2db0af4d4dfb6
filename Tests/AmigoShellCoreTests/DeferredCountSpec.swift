import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Huge views are counted up to a bound first, so the first screen comes at once; the exact count
/// follows when the UI is idle, or at once when the end of the view is needed.
@Suite struct DeferredCountSpec {
    func explorer(rows: Int, bound: Int) throws -> (Explorer, String) {
        let path = TemporaryFile.path("deferred")
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) INSERT INTO item SELECT i, 'item ' || i FROM n;
            """)
        return (try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path, tableCountLimit: bound), path)
    }

    @Test func aHugeTableOpensWithABoundedCountThatIdleTimeMakesExact() throws {
        let (explorer, path) = try explorer(rows: 1000, bound: 100)
        defer { TemporaryFile.remove(path) }
        #expect(explorer.tables.first?.countText == "100+")
        try explorer.open("item")
        let view = try #require(explorer.current)
        #expect(!view.countIsExact)
        #expect(explorer.statusSummary == "row 1 of 100+")
        #expect(explorer.completeDeferredCounts())
        #expect(view.countIsExact)
        #expect(explorer.statusSummary == "row 1 of 1000")
        #expect(explorer.tables.first?.countText == "1000")
        #expect(!explorer.completeDeferredCounts())
    }

    @Test func theTablesCommandShowsABoundedCountAsSuchAndKeepsExactOnes() throws {
        let (explorer, path) = try explorer(rows: 1000, bound: 100)
        defer { TemporaryFile.remove(path) }
        #expect(try explorer.run("tables").output.split(separator: "\n").last == "item  table  100+")
        #expect(explorer.completeDeferredCounts())
        #expect(try explorer.run("tables").output.split(separator: "\n").last == "item  table  1000")
    }

    @Test func jumpingToTheEndCountsExactlyFirst() throws {
        let (explorer, path) = try explorer(rows: 1000, bound: 100)
        defer { TemporaryFile.remove(path) }
        try explorer.open("item")
        explorer.moveCursor(to: Int.max / 2)
        let view = try #require(explorer.current)
        #expect(view.countIsExact)
        #expect(view.cursorRow == 999)
        #expect(try explorer.currentRecord()?["name"] == "item 1000")
    }

    @Test func aSmallTableIsCountedExactlyAtOnce() throws {
        let (explorer, path) = try explorer(rows: 50, bound: 100)
        defer { TemporaryFile.remove(path) }
        try explorer.open("item")
        #expect(explorer.current?.countIsExact == true)
        #expect(explorer.statusSummary == "row 1 of 50")
    }
}
