import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Filters in the ORM's filter language, `=` on the current cell, and sorting, on chinook.
@Suite struct FilterAndOrderSpec {
    private func ids(_ explorer: Explorer, column: String) throws -> [DatabaseValue] {
        let view = try #require(explorer.current)
        let index = try #require(view.columns.firstIndex(of: column))
        return try explorer.values(in: 0..<view.totalCount).map { $0[index] }
    }

    private func sqlColumn(_ f: ChinookFixture, _ sql: String) throws -> [DatabaseValue] {
        try f.amigo.engine.fetchAll(sql).rows.map { $0[0] }
    }

    @Test func aFilterKeepsExactlyTheRowsSQLiteFinds() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
        let expected = try #require(try f.scalar("SELECT count(*) FROM Track WHERE Milliseconds > 300000 AND lower(Composer) LIKE '%page%'"))
        #expect(expected > 0)
        #expect(f.explorer.current?.totalCount == expected)
        #expect(try ids(f.explorer, column: "TrackId")
                == (try sqlColumn(f, "SELECT TrackId FROM Track WHERE Milliseconds > 300000 AND lower(Composer) LIKE '%page%' ORDER BY TrackId")))
        #expect(f.explorer.statusSummary == "row 1 of \(expected) · filter: Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
    }

    @Test func theFiltersSelectIsEchoedWithPlaceholdersAndItsValues() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        f.explorer.echoLog.clear()
        try f.explorer.setFilter("Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
        let statements = f.explorer.echoLog.entries.filter { $0.kind == .statement }
        let count = try #require(statements.first)
        #expect(count.sql == "SELECT COUNT(*) FROM \"Track\" WHERE \"Track\".\"Milliseconds\" > ? AND \"Track\".\"Composer\" LIKE ? ESCAPE '\\'")
        #expect(count.arguments == [.integer(300000), .text("%page%")])
        #expect(!count.sql.contains("300000") && !count.sql.contains("page"))
    }

    @Test func aBadFilterThrowsAndLeavesTheViewAsItWas() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("GenreId = 1")
        f.explorer.moveCursor(to: 5)
        let view = try #require(f.explorer.current)
        let before = (view.filter, view.totalCount, view.cursorRow, try f.explorer.currentRecord()?["TrackId"])

        #expect(throws: (any Error).self) { try f.explorer.setFilter("Milliseconds >> 3") }
        #expect(throws: (any Error).self) { try f.explorer.setFilter("NoSuchColumn = 3") }
        #expect(throws: (any Error).self) { try f.explorer.setFilter("Name CONTAINS") }

        #expect(view.filter == before.0)
        #expect(view.totalCount == before.1)
        #expect(view.cursorRow == before.2)
        #expect(try f.explorer.currentRecord()?["TrackId"] == before.3)
    }

    @Test func aBadFiltersErrorPointsAtTheMistake() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        do {
            try f.explorer.setFilter("Nope = 3")
            Issue.record("expected an error")
        } catch {
            #expect(ErrorText.describe(error) == """
                filter error at column 1 near 'Nope': unknown column 'Nope' in Album (columns: AlbumId, Title, ArtistId)
                Nope = 3
                ^
                """)
            #expect(ErrorText.line(error) == "filter error at column 1 near 'Nope': unknown column 'Nope' in Album (columns: AlbumId, Title, ArtistId)")
        }
    }

    @Test func anEmptyFilterClearsIt() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("GenreId = 1")
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1")))
        try f.explorer.setFilter("  ")
        #expect(f.explorer.current?.filter == nil)
        #expect(f.explorer.current?.totalCount == 3503)
        try f.explorer.setFilter("GenreId = 1")
        try f.explorer.setFilter(nil)
        #expect(f.explorer.current?.totalCount == 3503)
    }

    @Test func aFilterOnAFollowedViewStaysInsideTheRelationship() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Playlist")
        try f.explorer.get("1")
        try f.explorer.follow("tracks")
        try f.explorer.setFilter("Milliseconds > 300000")
        let expected = try f.scalar("""
            SELECT count(*) FROM Track JOIN PlaylistTrack USING (TrackId) WHERE PlaylistId = 1 AND Milliseconds > 300000
            """)
        #expect(f.explorer.current?.totalCount == expected)
    }

    @Test func aFilterCanFollowARelationshipPath() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        try f.explorer.setFilter("artist.Name = 'AC/DC'")
        #expect(try ids(f.explorer, column: "AlbumId") == [.integer(1), .integer(4)])
    }

    @Test func equalsKeepsTheRowsWhoseColumnEqualsTheCurrentCell() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.get("2")                 // GenreId 1, MediaTypeId 2
        f.explorer.moveColumn(to: 4)            // GenreId
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "GenreId = 1")
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1")))
        f.explorer.moveColumn(to: 3)            // MediaTypeId of the first row (TrackId 1: 1)
        let mediaType = try #require(try f.explorer.currentRecord()?["MediaTypeId"].integerValue)
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "(GenreId = 1) AND MediaTypeId = \(mediaType)")
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1 AND MediaTypeId = ?", [.integer(mediaType)])))
        // Again on the same cell: nothing more to narrow, and the filter does not grow.
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "(GenreId = 1) AND MediaTypeId = \(mediaType)")
        f.explorer.moveColumn(to: 4)
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "(GenreId = 1) AND MediaTypeId = \(mediaType)")
    }

    @Test func equalsOnTextWithAQuoteMatchesThatText() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.setFilter("Name BEGINSWITH 'Guns'")
        f.explorer.moveColumn(to: 1)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("Guns N' Roses"))
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "(Name BEGINSWITH 'Guns') AND Name = 'Guns N\\' Roses'")
        #expect(f.explorer.current?.totalCount == 1)
    }

    @Test func equalsOnANullCellKeepsTheNullRows() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("Composer = nil")
        let nulls = try #require(try f.scalar("SELECT count(*) FROM Track WHERE Composer IS NULL"))
        #expect(f.explorer.current?.totalCount == nulls)
        try f.explorer.setFilter(nil)
        try f.explorer.get("63")                // the first track without a composer
        #expect(try f.explorer.currentRecord()?["Composer"] == .null)
        f.explorer.moveColumn(to: 5)
        try f.explorer.filterEqualToCurrentCell()
        #expect(f.explorer.current?.filter == "Composer = nil")
        #expect(f.explorer.current?.totalCount == nulls)
    }

    @Test func sortingAscendingAndDescendingOrdersByThatColumnThenByKey() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setOrder(column: "Milliseconds", descending: false)
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track ORDER BY Milliseconds, TrackId")))
        #expect(f.explorer.statusSummary == "row 1 of 3503 · order: Milliseconds")
        try f.explorer.setOrder(column: "milliseconds", descending: true)
        #expect(f.explorer.current?.order?.column == "Milliseconds")
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track ORDER BY Milliseconds DESC, TrackId")))
        #expect(f.explorer.statusSummary == "row 1 of 3503 · order: Milliseconds desc")
    }

    @Test func sortingANullableColumnPutsNullsFirstAscendingAndLastDescending() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setOrder(column: "Composer", descending: false)
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track ORDER BY Composer, TrackId")))
        #expect(try f.explorer.currentRecord()?["Composer"] == .null)
        try f.explorer.setOrder(column: "Composer", descending: true)
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track ORDER BY Composer DESC, TrackId")))
        f.explorer.moveCursor(to: 3502)
        #expect(try f.explorer.currentRecord()?["Composer"] == .null)
    }

    @Test func sortingKeepsTheFilterAndClearingTheOrderReturnsToKeyOrder() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("GenreId = 1")
        try f.explorer.setOrder(column: "Name", descending: false)
        #expect(f.explorer.current?.filter == "GenreId = 1")
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track WHERE GenreId = 1 ORDER BY Name, TrackId")))
        try f.explorer.setOrder(column: nil, descending: false)
        #expect(f.explorer.current?.order == nil)
        #expect(try ids(f.explorer, column: "TrackId") == (try sqlColumn(f, "SELECT TrackId FROM Track WHERE GenreId = 1 ORDER BY TrackId")))
    }

    @Test func sortingByAnUnknownColumnThrowsAndKeepsTheOrder() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setOrder(column: "Name", descending: true)
        #expect(throws: AmigoError.unknownColumn(column: "Nmae", model: "Track")) {
            try f.explorer.setOrder(column: "Nmae", descending: false)
        }
        #expect(f.explorer.current?.order?.column == "Name")
        #expect(f.explorer.current?.order?.descending == true)
    }

    @Test func orderCommandAndFilterCommandReportTheView() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let result = try f.explorer.run("order Name desc")
        #expect(result.status == "row 1 of 25 · order: Name desc")
        let limited = try f.explorer.run("limit 3")
        #expect(limited.output == """
            Genre
            GenreId  Name
            -------  ----------
            16       World
            19       TV Shows
            10       Soundtrack
            (25 rows, first 3 shown; order: Name desc)
            """)
        let filtered = try f.explorer.run("filter Name BEGINSWITH 'R'")
        #expect(filtered.output.hasSuffix("(4 rows, first 3 shown; filter: Name BEGINSWITH 'R'; order: Name desc)"))
        #expect(try f.scalar("SELECT count(*) FROM Genre WHERE substr(Name, 1, 1) = 'R'") == 4)
    }
}

/// `order` by a related value or a count: paged by OFFSET, every row once, in SQL's order.
@Suite struct ComputedOrderSpec {
    private func column(_ f: ChinookFixture, _ sql: String) throws -> [DatabaseValue] {
        try f.amigo.engine.fetchAll(sql).rows.map { $0[0] }
    }

    @Test func orderingByACountWalksEveryRowInSQLsOrder() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        _ = try f.explorer.run("order albums.@count desc")
        let view = try #require(f.explorer.current)
        #expect(view.totalCount == 275)
        // Walked the way the grid pages (250 rows > one page of 100), each row exactly once.
        var walked: [DatabaseValue] = []
        for start in stride(from: 0, to: 275, by: 40) { walked += try f.explorer.values(in: start..<min(275, start + 40)).map { $0[0] } }
        let expected = try column(f, "SELECT a.ArtistId FROM Artist a ORDER BY (SELECT COUNT(*) FROM Album b WHERE b.ArtistId = a.ArtistId) DESC, a.ArtistId")
        #expect(walked == expected)
        // get finds a row's place in that order.
        _ = try f.explorer.run("get 58")
        #expect(view.cursorRow == expected.firstIndex(of: 58))
        #expect(f.explorer.statusSummary.contains("order: albums.@count desc"))
    }

    @Test func orderingByARelatedColumnAndExportingInThatOrder() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        _ = try f.explorer.run("order artist.Name")
        let expected = try column(f, "SELECT b.AlbumId FROM Album b JOIN Artist a USING (ArtistId) ORDER BY a.Name, b.AlbumId")
        #expect(try f.explorer.values(in: 0..<347).map { $0[0] } == expected)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-computed-order-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try f.explorer.run("export csv \(path)")
        let exported = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n").dropFirst()
            .map { DatabaseValue.integer(Int64($0.split(separator: ",")[0])!) }
        #expect(exported == expected)
        // A path that leads nowhere is refused and the order stays as it was.
        #expect(throws: AmigoError.self) { try f.explorer.run("order artist.Nmae") }
        #expect(f.explorer.current?.order?.column == "artist.Name")
    }
}
