import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Keyset paging on a generated table of 5,000 rows: the shell never loads a whole table, and
/// the end of it is as quick to reach as the start (no OFFSET scan through the rows).
///
/// 5,000 rows are 50 of the explorer's pages of 100 (``RowWindow`` keeps at most 4 pages): every
/// path of the window is crossed — a jump read from the start, one read backwards from the end,
/// one landing by OFFSET in the middle, and keyset steps both ways with ties of the sort value
/// (about 50 rows share each `grp`) across page boundaries. (The table had 50,000 rows; walking
/// it whole, sorted by an unindexed column, took a minute for no path more.)
@Suite struct PagingSpec {
    static let total = 5_000

    /// A temporary database with `big` (integer key) and `loose` (no declared key: rowid) tables:
    /// `grp` repeats and is NULL on every 7th row, `label` is unique text.
    final class BigTable {
        let path = TemporaryFile.path("paging")
        let explorer: Explorer

        init() throws {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("""
                CREATE TABLE big (id INTEGER PRIMARY KEY, grp INTEGER, label TEXT NOT NULL);
                CREATE TABLE loose (grp INTEGER, label TEXT NOT NULL);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(PagingSpec.total))
                INSERT INTO big SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 100 END, 'row ' || i FROM n;
                INSERT INTO loose SELECT grp, label FROM big ORDER BY id DESC;
                """)
            explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "paging.sqlite")
        }

        var engine: any Engine { explorer.amigo.engine }

        /// One column of a plain SQL query, for comparison.
        func column(_ sql: String) throws -> [DatabaseValue] { try engine.fetchAll(sql).rows.map { $0[0] } }

        deinit { TemporaryFile.remove(path) }
    }

    /// The `label`s of the current view's rows `range`.
    private func labels(_ explorer: Explorer, _ range: Range<Int>) throws -> [DatabaseValue] {
        let index = try #require(explorer.current?.columns.firstIndex(of: "label"))
        return try explorer.values(in: range).map { $0[index] }
    }

    /// Walks the whole view in pages of `page` rows, forward or from the end backward, and
    /// returns the labels in view order.
    private func walk(_ explorer: Explorer, page: Int, backward: Bool) throws -> [DatabaseValue] {
        let total = try #require(explorer.current?.totalCount)
        var pages: [[DatabaseValue]] = []
        var start = backward ? max(0, total - page) : 0
        var end = backward ? total : min(total, page)
        while start < end {
            explorer.moveCursor(to: backward ? start : end - 1)
            pages.append(try labels(explorer, start..<end))
            if backward { end = start; start = max(0, start - page) } else { start = end; end = min(total, end + page) }
        }
        return backward ? pages.reversed().flatMap { $0 } : pages.flatMap { $0 }
    }

    @Test func theGeneratedTableHasFiveThousandRowsOfManyPages() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        #expect(db.explorer.current?.totalCount == Self.total)
        #expect(db.explorer.tables.map(\.rowCount) == [Self.total, Self.total])
        // Many pages, and more than the window keeps.
        #expect(Self.total >= 40 * max(100, db.explorer.viewportRows * 2))
    }

    @Test func movingToTheLastRowReadsItFromTheEndWithoutOffset() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        db.explorer.echoLog.clear()
        db.explorer.moveCursor(to: Self.total - 1)
        #expect(db.explorer.current?.cursorRow == Self.total - 1)
        let last = try #require(try db.explorer.currentRecord())
        #expect(last["id"] == .integer(Int64(Self.total)))
        #expect(last["label"] == .text("row \(Self.total)"))
        let selects = db.explorer.echoLog.entries.filter { $0.kind == .statement }.map(\.sql)
        #expect(selects.count == 1)
        #expect(selects.allSatisfy { !$0.contains("OFFSET") })
        #expect(selects.first?.contains("ORDER BY \"big\".\"id\" DESC") == true)
    }

    @Test func movingPastTheEndStopsAtTheLastRow() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        db.explorer.moveCursor(to: Self.total + 500)
        #expect(db.explorer.current?.cursorRow == Self.total - 1)
        db.explorer.moveCursor(to: -3)
        #expect(db.explorer.current?.cursorRow == 0)
    }

    @Test func pagingUpFromTheEndReturnsTheSameRowsAsOffsetQueries() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        db.explorer.moveCursor(to: Self.total - 1)
        db.explorer.echoLog.clear()
        var end = Self.total
        for _ in 0..<25 {
            let start = end - 37
            db.explorer.moveCursor(to: start)
            let expected = try db.column("SELECT label FROM big ORDER BY id LIMIT 37 OFFSET \(start)")
            #expect(try labels(db.explorer, start..<end) == expected, "rows \(start)..<\(end)")
            end = start
        }
        // (The comparison queries above go through the same echo stream; only the shell's own reads count.)
        let shells = db.explorer.echoLog.entries.filter { $0.kind == .statement && $0.sql.contains("FROM \"big\"") }
        #expect(!shells.isEmpty)
        #expect(shells.allSatisfy { !$0.sql.contains("OFFSET") })
    }

    @Test func pagingDownFromTheTopReturnsTheSameRowsAsOffsetQueries() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        for start in stride(from: 0, to: 3_000, by: 150) {
            db.explorer.moveCursor(to: start + 149)
            let expected = try db.column("SELECT label FROM big ORDER BY id LIMIT 150 OFFSET \(start)")
            #expect(try labels(db.explorer, start..<start + 150) == expected, "rows from \(start)")
        }
    }

    @Test func aJumpIntoTheMiddleReturnsTheRightRow() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        try db.explorer.setOrder(column: "grp", descending: false)
        for index in [2_500, 1_234, 3_777, 4_990, 3] {   // the middle (OFFSET), the end (backwards), the start
            db.explorer.moveCursor(to: index)
            let expected = try db.column("SELECT label FROM big ORDER BY grp, id LIMIT 1 OFFSET \(index)")
            #expect(try db.explorer.currentRecord()?["label"] == expected.first, "row \(index)")
        }
    }

    @Test(arguments: [false, true])
    func walkingAWholeTableSortedByANullableRepeatingColumnMatchesOrderBy(descending: Bool) throws {
        let db = try BigTable()
        try db.explorer.open("big")
        try db.explorer.setOrder(column: "grp", descending: descending)
        let expected = try db.column("SELECT label FROM big ORDER BY grp \(descending ? "DESC" : "ASC"), id")
        #expect(expected.count == Self.total)
        #expect(try walk(db.explorer, page: 500, backward: false) == expected)
        try db.explorer.setOrder(column: "grp", descending: descending)   // a fresh window, read from the end
        #expect(try walk(db.explorer, page: 500, backward: true) == expected)
    }

    @Test(arguments: [false, true])
    func aTableWithoutADeclaredKeyIsPagedByRowid(descending: Bool) throws {
        let db = try BigTable()
        try db.explorer.open("loose")
        try db.explorer.setOrder(column: "grp", descending: descending)
        let expected = try db.column("SELECT label FROM loose ORDER BY grp \(descending ? "DESC" : "ASC"), rowid")
        #expect(try walk(db.explorer, page: 700, backward: false) == expected)
        try db.explorer.setOrder(column: "grp", descending: descending)
        #expect(try walk(db.explorer, page: 700, backward: true) == expected)
    }

    @Test func aFilteredSortedViewPagesOverItsOwnRowsOnly() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        try db.explorer.setFilter("grp < 10 OR grp = nil")
        try db.explorer.setOrder(column: "grp", descending: true)
        let expected = try db.column("SELECT label FROM big WHERE grp < 10 OR grp IS NULL ORDER BY grp DESC, id")
        #expect(db.explorer.current?.totalCount == expected.count)
        #expect(try walk(db.explorer, page: 300, backward: true) == expected)
    }

    @Test(arguments: [false, true])
    func getFindsARowWhoseSortValueIsNull(descending: Bool) throws {
        let db = try BigTable()
        try db.explorer.open("big")
        try db.explorer.setOrder(column: "grp", descending: descending)
        try db.explorer.get("700")            // 700 % 7 == 0: grp is NULL
        let expected = try db.column("SELECT id FROM big ORDER BY grp \(descending ? "DESC" : "ASC"), id")
        #expect(db.explorer.current?.cursorRow == expected.firstIndex(of: .integer(700)))
        #expect(try db.explorer.currentRecord()?["grp"] == .null)
    }

    @Test func getFindsARowDeepInASortedView() throws {
        let db = try BigTable()
        try db.explorer.open("big")
        try db.explorer.setOrder(column: "grp", descending: true)
        try db.explorer.get("3137")
        let position = try #require(try db.engine.fetchScalar("""
            SELECT count(*) FROM big WHERE grp > (SELECT grp FROM big WHERE id = 3137)
            OR (grp = (SELECT grp FROM big WHERE id = 3137) AND id < 3137)
            """).integerValue)
        #expect(position > 400)    // deeper than the window's first pages
        #expect(db.explorer.current?.cursorRow == Int(position))
        #expect(try db.explorer.currentRecord()?["id"] == .integer(3137))
    }

    @Test func theEndOfAnUnsortedViewWithoutAKeyIsReadForwardsInItsOwnOrder() throws {
        let t = try BigTable()
        _ = try t.explorer.run("sql CREATE VIEW labels AS SELECT id, label FROM big WHERE id <= 300")
        try t.explorer.open("labels")
        #expect(try t.explorer.values(in: 299..<300) == [[.integer(300), .text("row 300")]])
        #expect(try t.explorer.values(in: 270..<272) == [[.integer(271), .text("row 271")], [.integer(272), .text("row 272")]])
    }
}

/// Views sorted by a computed value (a related value, a count) have no stored value to seek
/// from; their last pages are read with the order reversed, so that few rows are skipped.
@Suite struct ComputedOrderPagingSpec {
    @Test func theLastRowsOfAViewSortedByARelatedValueAreReadBackwardsAndAreTheRightRows() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        _ = try f.explorer.run("order album.Title desc")
        let expected = try f.amigo.engine.fetchAll("""
            SELECT t.TrackId FROM Track t LEFT JOIN Album a ON a.AlbumId = t.AlbumId ORDER BY a.Title DESC, t.TrackId ASC
            """).rows.compactMap { $0.first?.integerValue }
        #expect(expected.count == 3503)
        f.explorer.echoLog.clear()
        f.explorer.moveCursor(to: 3502)
        #expect(try f.explorer.currentRecord()?["TrackId"].integerValue == expected[3502])
        let selects = f.explorer.echoLog.entries.filter { $0.kind == .statement }.map(\.sql)
        // Reversed: ascending titles, the key descending, a small offset (none for the last page).
        #expect(selects.contains { $0.contains(#"ORDER BY "album"."Title" ASC"#) && $0.contains("DESC") && !$0.contains("OFFSET 3") })
        for index in [3400, 3000, 1800, 1700, 10, 0] {
            f.explorer.moveCursor(to: index)
            #expect(try f.explorer.currentRecord()?["TrackId"].integerValue == expected[index], "row \(index)")
        }
    }
}
