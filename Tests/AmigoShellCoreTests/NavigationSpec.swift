import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Opening tables and following relationships on a copy of chinook: to-one, one-to-many,
/// many-to-many through a junction, self-references, and back.
@Suite struct NavigationSpec {
    /// The values of `column` in every row of the current view, in view order.
    private func column(_ name: String, of explorer: Explorer) throws -> [DatabaseValue] {
        let view = try #require(explorer.current)
        let index = try #require(view.columns.firstIndex(of: name))
        return try explorer.values(in: 0..<view.totalCount).map { $0[index] }
    }

    @Test func tablesListsEveryTableWithItsRowCount() throws {
        let f = try ChinookFixture()
        let tables = f.explorer.tables
        #expect(tables.map(\.name) == ["Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine",
                                       "MediaType", "Playlist", "PlaylistTrack", "Track"])
        for table in tables {
            #expect(table.rowCount == (try f.scalar("SELECT count(*) FROM \"\(table.name)\"")), "\(table.name)")
            #expect(!table.isView)
        }
    }

    @Test func openingATableShowsAllItsRowsFromTheFirst() throws {
        let f = try ChinookFixture()
        try f.explorer.open("artist")     // names are case-insensitive
        let view = try #require(f.explorer.current)
        #expect(view.title == "Artist")
        #expect(view.columns == ["ArtistId", "Name"])
        #expect(view.totalCount == 275)
        #expect(view.cursorRow == 0)
        #expect(f.explorer.breadcrumb == "Artist")
        #expect(try f.explorer.currentRecord()?["Name"] == .text("AC/DC"))
    }

    @Test func openingAnUnknownTableThrowsAndKeepsTheCurrentView() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        #expect(throws: ShellError.unknownTable(command: "open", name: "Artsit", suggestion: "Artist")) { try f.explorer.open("Artsit") }
        #expect(throws: ShellError.unknownTable(command: "open", name: "Zzz", suggestion: nil)) { try f.explorer.open("Zzz") }
        #expect(f.explorer.current?.title == "Artist")
    }

    /// People type names as they say them: any case, singular or plural, with spaces for `_`;
    /// the whole name wins over a longer name it starts (`t order` is Orders, not Order Details).
    @Test func aTableIsFoundByItsWholeNameInTheSingularOrPlural() throws {
        let f = try ChinookFixture()
        try f.explorer.open("tracks")
        #expect(f.explorer.current?.title == "Track")
        try f.explorer.open("PLAYLIST")
        #expect(f.explorer.current?.title == "Playlist")
        let tables = ["Order Details", "Orders", "EmployeeTerritories", "Employees", "Categories", "Track"]
        #expect(TableNameMatch.best("order", tables: tables, views: []) == "Orders")
        #expect(TableNameMatch.best("employee", tables: tables, views: []) == "Employees")
        #expect(TableNameMatch.best("category", tables: tables, views: []) == "Categories")
        #expect(TableNameMatch.best("order_details", tables: tables, views: []) == "Order Details")
        #expect(TableNameMatch.best("emplterr", tables: tables, views: []) == "EmployeeTerritories")
        #expect(TableNameMatch.best("tra", tables: tables, views: ["track_view"]) == "Track")
    }

    /// A name is also found by the starts of its words, as an editor's "go to" reads camel case
    /// and snake case: `PT` is PlaylistTrack, not Playlist (whose letters also hold p…t); a start
    /// of the whole name still wins, and the first word must be started.
    @Test func aTableIsFoundByTheStartsOfItsWords() {
        let chinook = ["Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist", "PlaylistTrack", "Track"]
        #expect(TableNameMatch.best("PT", tables: chinook, views: []) == "PlaylistTrack")
        #expect(TableNameMatch.best("pltr", tables: chinook, views: []) == "PlaylistTrack")
        #expect(TableNameMatch.best("il", tables: chinook, views: []) == "InvoiceLine")
        #expect(TableNameMatch.best("mt", tables: chinook, views: []) == "MediaType")
        #expect(TableNameMatch.best("pl", tables: chinook, views: []) == "Playlist")
        #expect(TableNameMatch.best("cp", tables: ["child", "child_parent", "parent"], views: []) == "child_parent")
        #expect(TableNameMatch.best("ot", tables: ["order_lines", "orders_total"], views: []) == "orders_total")
        #expect(TableNameMatch.words(of: "HTTPLog_entry2Items") == ["httplog", "entry", "items"])
        #expect(!TableNameMatch.startsWords("lt", of: TableNameMatch.words(of: "PlaylistTrack")))
        #expect(!TableNameMatch.startsWords(String(repeating: "a", count: 40) + "b", of: TableNameMatch.words(of: Array(repeating: "a", count: 40).joined(separator: "_"))))
    }

    /// A key is typed by its first characters when only one key starts with them; the whole key
    /// always wins, and a prefix several keys share is refused as before.
    @Test func getTakesAUniqueKeyPrefix() throws {
        let path = try SampleDatabase.northwind.copy()
        defer { TemporaryFile.remove(path) }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "northwind")
        defer { try? explorer.session.close() }
        try explorer.open("Customers")
        try explorer.get("ALF")
        #expect(try explorer.currentRecord()?["CustomerID"] == "ALFKI")
        try explorer.get("aro")
        #expect(try explorer.currentRecord()?["CustomerID"] == "AROUT")
        #expect(throws: ShellError.noRowWithKey(command: "get", table: "Customers", key: "AN")) { try explorer.get("AN") }
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.get("350")     // 3500 … 3503 start with it too: the whole key wins
        #expect(try f.explorer.currentRecord()?["TrackId"] == 350)
    }

    @Test func getMakesTheRowWithThatKeyCurrent() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.get("90")
        #expect(f.explorer.current?.cursorRow == 89)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("Iron Maiden"))
        try f.explorer.get("1")
        #expect(f.explorer.current?.cursorRow == 0)
    }

    @Test func getFindsTheRowsPositionInASortedView() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.setOrder(column: "Name", descending: false)
        try f.explorer.get("1")
        let before = try #require(try f.scalar("SELECT count(*) FROM Artist WHERE Name < 'AC/DC'"))
        #expect(f.explorer.current?.cursorRow == before)
        #expect(try f.explorer.currentRecord()?["ArtistId"] == .integer(1))
    }

    @Test func getOfAMissingKeyOrOfARowOutsideTheFilterThrows() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        #expect(throws: ShellError.noRowWithKey(command: "get", table: "Artist", key: "9999")) { try f.explorer.get("9999") }
        try f.explorer.setFilter("Name BEGINSWITH 'B'")
        #expect(throws: ShellError.keyLookup(command: "get", reason: "Artist 1 exists but is not in this view (filter: Name BEGINSWITH 'B')")) {
            try f.explorer.get("1")
        }
    }

    @Test func getTakesACompositeKeySeparatedByACommaAndFindsItsPosition() throws {
        let f = try ChinookFixture()
        try f.explorer.open("PlaylistTrack")
        try f.explorer.get("1,3402")
        #expect(f.explorer.current?.cursorRow == (try f.scalar("""
            SELECT count(*) FROM PlaylistTrack WHERE PlaylistId < 1 OR (PlaylistId = 1 AND TrackId < 3402)
            """)))
        let record = try #require(try f.explorer.currentRecord())
        #expect(record["PlaylistId"] == .integer(1))
        #expect(record["TrackId"] == .integer(3402))
        // A junction row is named by the rows of its key: the playlist, then the track.
        #expect(f.explorer.rowCaption(record) == "PlaylistTrack 1,3402 \"Music · Band Members Di…\"")
    }

    @Test func countStatsSchemaAndHelpDescribeTheCurrentView() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        #expect(try f.explorer.run("count").output == "3503")
        let average = ValueText.display(try f.amigo.engine.fetchScalar("SELECT avg(Milliseconds) FROM Track"))
        #expect(average.hasPrefix("393599.21210391"))
        let sum = try #require(try f.scalar("SELECT sum(Milliseconds) FROM Track"))
        #expect(try f.explorer.run("stats Milliseconds").output == """
            stat      Milliseconds
            --------  \(String(repeating: "-", count: max(12, average.count)))
            rows      3503
            non-null  3503
            distinct  \(try f.scalar("SELECT count(DISTINCT Milliseconds) FROM Track")!)
            nulls     0
            min       \(try f.scalar("SELECT min(Milliseconds) FROM Track")!)
            max       \(try f.scalar("SELECT max(Milliseconds) FROM Track")!)
            sum       \(sum)
            avg       \(average)
            """)
        let composer = try f.explorer.run("stats Composer").output
        #expect(composer.contains("nulls     \(try f.scalar("SELECT count(*) FROM Track WHERE Composer IS NULL")!)"))
        #expect(composer.contains("non-null  \(try f.scalar("SELECT count(Composer) FROM Track")!)"))
        #expect(!composer.contains("sum"))
        let schema = try f.explorer.run("schema Track").output
        #expect(schema.contains("-- primary key: TrackId"))
        #expect(schema.contains("-- foreign key: (AlbumId) → Album(AlbumId)"))
        #expect(schema.contains("-- relationship: playlists: many-to-many → Playlist through PlaylistTrack"))
        let all = try f.explorer.run("schema").output
        #expect(all.hasPrefix("-- chinook.sqlite\n-- user_version: 0\n-- SQLite "))
        #expect(all.components(separatedBy: "CREATE TABLE").count == 12)
        #expect(all.contains("\n-- relationships:\n-- Album.artist: to-one → Artist (Album.ArtistId = Artist.ArtistId)\n"))
        #expect(all.contains("\n-- Track.playlists: many-to-many → Playlist through PlaylistTrack"))
        #expect(all.components(separatedBy: "\n-- ").filter { $0.contains(": to-one → ") }.count == 11)   // one per foreign key
        #expect(try f.explorer.run("help follow").output == "follow NAME  open the rows a relationship of the current row leads to")
        #expect(try f.explorer.run("help").output.components(separatedBy: "\n").count == CommandParser.help.count + 4)
    }

    @Test func commandsThatNeedARowOrATableSaySo() throws {
        let f = try ChinookFixture()
        #expect(throws: ShellError.noView(command: "relations")) { try f.explorer.run("relations") }
        #expect(throws: ShellError.noView(command: "count")) { try f.explorer.run("count") }
        #expect(ErrorText.line(ShellError.noView(command: "count")) == "count: open a table first (tables lists them)")
        _ = try f.explorer.run("open Track")
        _ = try f.explorer.run("filter Milliseconds < 0")
        #expect(f.explorer.current?.totalCount == 0)
        // An empty view still lists its relationships, without counts; following needs a row.
        let relations = try f.explorer.run("relations").output
        #expect(relations.hasPrefix("(Track view is empty: no row to count or follow from)\nrelationship"))
        #expect(relations.contains("\nplaylists       many-to-many  Playlist       —"))
        #expect(throws: ShellError.noCurrentRow(command: "follow")) { try f.explorer.run("follow album") }
        #expect(throws: ShellError.noCurrentRow(command: "set")) { try f.explorer.run("set Name = x") }
    }

    @Test func relationsListsAnArtistsAlbumsAsOneToManyWithTheirCount() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.get("1")
        let relations = try f.explorer.relations()
        #expect(relations.map(\.relationship.name) == ["albums"])
        #expect(relations.map(\.relationship.kind) == [.oneToMany])
        #expect(relations.map(\.count) == [2])
    }

    @Test func followingAlbumsThenTracksNarrowsToThoseRows() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.get("1")
        try f.explorer.follow("albums")
        #expect(f.explorer.current?.totalCount == 2)
        #expect(try column("AlbumId", of: f.explorer) == [.integer(1), .integer(4)])
        #expect(f.explorer.breadcrumb == "Artist 1 \"AC/DC\" › albums")

        try f.explorer.follow("tracks")
        #expect(f.explorer.current?.totalCount == 10)
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Track WHERE AlbumId = 1")))
        #expect(try column("AlbumId", of: f.explorer) == Array(repeating: .integer(1), count: 10))
        #expect(f.explorer.breadcrumb == "Artist 1 \"AC/DC\" › albums › Album 1 \"For Those About To Rock…\" › tracks")
        #expect(f.explorer.stack.count == 3)
    }

    @Test func followingAnUnknownRelationshipNamesTheOnesThatExist() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        #expect(throws: AmigoError.unknownRelationship(relationship: "songs", model: "Album", available: ["artist", "tracks"])) {
            try f.explorer.follow("songs")
        }
        #expect(f.explorer.stack.count == 1)
    }

    @Test func backRestoresThePreviousViewsCursorFilterAndOrder() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("Milliseconds > 300000")
        try f.explorer.setOrder(column: "Name", descending: true)
        f.explorer.moveCursor(to: 7)
        f.explorer.moveColumn(to: 2)
        let expected = try f.explorer.currentRecord()?["TrackId"]
        try f.explorer.follow("album")
        #expect(f.explorer.current?.title == "album")
        #expect(f.explorer.current?.totalCount == 1)

        try f.explorer.back()
        let view = try #require(f.explorer.current)
        #expect(view.title == "Track")
        #expect(view.filter == "Milliseconds > 300000")
        #expect(view.order?.column == "Name")
        #expect(view.order?.descending == true)
        #expect(view.cursorRow == 7)
        #expect(view.cursorColumn == 2)
        #expect(try f.explorer.currentRecord()?["TrackId"] == expected)
        #expect(f.explorer.breadcrumb == "Track")
    }

    @Test func backFromTheFirstViewIsAnError() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        #expect(throws: ShellError.nothingToGoBack) { try f.explorer.back() }
        #expect(ErrorText.line(ShellError.nothingToGoBack) == "nothing to go back to")
    }

    @Test func backTwiceReturnsToTheFirstViewAndItsBreadcrumb() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.get("1")
        try f.explorer.follow("albums")
        f.explorer.moveCursor(to: 1)
        try f.explorer.follow("tracks")
        #expect(f.explorer.breadcrumb == "Artist 1 \"AC/DC\" › albums › Album 4 \"Let There Be Rock\" › tracks")
        try f.explorer.back()
        #expect(f.explorer.current?.cursorRow == 1)
        #expect(f.explorer.breadcrumb == "Artist 1 \"AC/DC\" › albums")
        try f.explorer.back()
        #expect(f.explorer.breadcrumb == "Artist")
        #expect(f.explorer.current?.cursorRow == 0)
    }

    @Test func followingAToOneRelationshipShowsTheOneReferencedRow() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        try f.explorer.get("4")
        let relations = try f.explorer.relations()
        #expect(relations.map(\.relationship.name) == ["artist", "tracks"])
        #expect(relations.map(\.relationship.kind) == [.toOne, .oneToMany])
        #expect(relations.map(\.count) == [1, 8])
        try f.explorer.follow("artist")
        #expect(f.explorer.current?.totalCount == 1)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("AC/DC"))
        #expect(f.explorer.breadcrumb == "Album 4 \"Let There Be Rock\" › artist")
    }

    @Test func enterOnAForeignKeyCellJumpsToTheReferencedRow() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.get("2")             // Balls to the Wall: AlbumId 2, GenreId 1
        f.explorer.moveColumn(to: 2)        // AlbumId
        #expect(try f.explorer.followForeignKeyAtCursor())
        let album = try #require(try f.explorer.currentRecord())
        #expect(album.model.name == "Album")
        #expect(album["AlbumId"] == .integer(2))
        #expect(album["Title"] == .text("Balls to the Wall"))
        #expect(f.explorer.current?.totalCount == 1)
        // and from the album, its ArtistId cell leads on to the artist.
        f.explorer.moveColumn(to: 2)
        #expect(try f.explorer.followForeignKeyAtCursor())
        #expect(try f.explorer.currentRecord()?["Name"] == .text("Accept"))
        #expect(f.explorer.breadcrumb == "Track 2 \"Balls to the Wall\" › album › Album 2 \"Balls to the Wall\" › artist")
    }

    @Test func enterOnAColumnThatIsNoForeignKeyDoesNotFollow() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        f.explorer.moveColumn(to: 1)        // Name
        #expect(try f.explorer.followForeignKeyAtCursor() == false)
        #expect(f.explorer.stack.count == 1)
    }

    @Test func enterOnANullForeignKeySaysThereIsNothingToJumpTo() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Employee")
        try f.explorer.get("1")             // Andrew Adams reports to nobody
        let reportsTo = try #require(f.explorer.current?.columns.firstIndex(of: "ReportsTo"))
        f.explorer.moveColumn(to: reportsTo)
        #expect(throws: ShellError.nullLink(column: "ReportsTo", target: "Employee")) {
            try f.explorer.followForeignKeyAtCursor()
        }
        #expect(f.explorer.stack.count == 1)
    }

    @Test func aPlaylistsTracksAreFoundThroughTheJunctionTable() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Playlist")
        try f.explorer.get("1")
        let relations = try f.explorer.relations()
        let tracks = try #require(relations.first { $0.relationship.name == "tracks" })
        #expect(tracks.relationship.kind == .manyToMany)
        #expect(tracks.relationship.junction?.name == "PlaylistTrack")
        #expect(tracks.count == 3290)
        try f.explorer.follow("tracks")
        #expect(f.explorer.current?.totalCount == 3290)
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM PlaylistTrack WHERE PlaylistId = 1")))

        try f.explorer.back()
        try f.explorer.get("3")
        try f.explorer.follow("tracks")
        #expect(f.explorer.current?.totalCount == 213)
        let ids = try column("TrackId", of: f.explorer).compactMap(\.integerValue)
        let expected = try f.amigo.engine.fetchAll("SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = 3 ORDER BY TrackId")
            .rows.compactMap { $0[0].integerValue }
        #expect(ids == expected)
    }

    @Test func aTracksPlaylistsAreTheOtherSideOfTheSameJunction() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.get("1")
        let counts = Dictionary(uniqueKeysWithValues: try f.explorer.relations().map { ($0.relationship.name, $0.count) })
        #expect(counts["playlists"] == 3)
        #expect(counts["playlistTracks"] == 3)
        #expect(counts["album"] == 1)
        #expect(counts["invoiceLines"] == (try f.scalar("SELECT count(*) FROM InvoiceLine WHERE TrackId = 1")))
        try f.explorer.follow("playlists")
        #expect(try column("PlaylistId", of: f.explorer) == [.integer(1), .integer(8), .integer(17)])
    }

    @Test func anEmployeesDirectReportsAndManagerFollowTheSelfReference() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Employee")
        try f.explorer.get("1")
        let counts = Dictionary(uniqueKeysWithValues: try f.explorer.relations().map { ($0.relationship.name, $0.count) })
        #expect(counts == ["manager": 0, "customers": 0, "reports": 2])
        try f.explorer.follow("reports")
        #expect(try column("EmployeeId", of: f.explorer) == [.integer(2), .integer(6)])
        #expect(f.explorer.breadcrumb == "Employee 1 \"Andrew Adams\" › reports")

        f.explorer.moveCursor(to: 1)        // Michael Mitchell
        try f.explorer.follow("manager")
        #expect(try column("EmployeeId", of: f.explorer) == [.integer(1)])
        try f.explorer.back()
        try f.explorer.follow("reports")
        #expect(try column("EmployeeId", of: f.explorer) == [.integer(7), .integer(8)])
    }

    @Test func aCustomersSupportRepIsAnEmployee() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Customer")
        try f.explorer.get("1")
        try f.explorer.follow("supportRep")
        let rep = try #require(try f.explorer.currentRecord())
        #expect(rep.model.name == "Employee")
        #expect(rep["EmployeeId"] == .integer(3))
        #expect(rep["LastName"] == .text("Peacock"))
        #expect(f.explorer.breadcrumb == "Customer 1 \"Luís Gonçalves\" › supportRep")
        // and back the other way: the rep's customers include customer 1.
        try f.explorer.follow("customers")
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Customer WHERE SupportRepId = 3")))
        #expect(try column("CustomerId", of: f.explorer).first == .integer(1))
    }

    @Test func commandsDriveTheSameNavigationAsTheMethods() throws {
        let f = try ChinookFixture()
        let open = try f.explorer.run("open Artist")
        #expect(open.status == "row 1 of 275")
        _ = try f.explorer.run("get 1")
        let relations = try f.explorer.run("relations")
        #expect(relations.output == """
            Artist 1 "AC/DC"
            relationship  kind         to     rows
            ------------  -----------  -----  ----
            albums        one-to-many  Album  2
            """)
        #expect(relations.status == "1 relationship")
        let follow = try f.explorer.run("follow albums")
        #expect(follow.output == """
            Artist 1 "AC/DC" › albums
            AlbumId  Title                                  ArtistId
            -------  -------------------------------------  ---------
            1        For Those About To Rock We Salute You  1 → AC/DC
            4        Let There Be Rock                      1 → AC/DC
            (2 rows)
            """)
        let back = try f.explorer.run("back")
        #expect(back.status == "row 1 of 275")
    }

    @Test func aRawSelectIsShownAsAViewOnTheStack() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        _ = try f.explorer.run("sql SELECT ArtistId, Name FROM Artist WHERE ArtistId < 3 ORDER BY ArtistId")
        let view = try #require(f.explorer.current)
        #expect(!view.isModelView)
        #expect(view.columns == ["ArtistId", "Name"])
        #expect(try f.explorer.values(in: 0..<10) == [[.integer(1), .text("AC/DC")], [.integer(2), .text("Accept")]])
        #expect(f.explorer.breadcrumb == "Artist › sql")
        #expect(throws: ShellError.sqlResult(command: "filter", instead: "cannot be filtered; add a WHERE clause")) {
            try f.explorer.setFilter("Name = 'x'")
        }
        try f.explorer.back()
        #expect(f.explorer.current?.title == "Artist")
    }

    @Test func sqlThatWritesRunsInsideTheSessionAndAFailureUndoesOnlyItself() throws {
        let f = try ChinookFixture()
        // Albums refer to artists (NO ACTION): SQLite refuses, and nothing is changed.
        #expect(throws: (any Error).self) { try f.explorer.run("sql DELETE FROM Artist") }
        #expect(try f.scalar("SELECT count(*) FROM Artist") == 275)
        #expect(f.explorer.pendingChanges == 0)
    }
}
