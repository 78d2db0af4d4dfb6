import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// What the current row is connected to, in as few keys as possible: the numbered links under
/// the panes and the digit keys that follow them (also in the relations menu), and the table
/// prompt's `Table:key` and `Table/text`.
@Suite struct RowLinksSpec {
    private func app() throws -> (ShellApp, ChinookFixture) {
        let f = try ChinookFixture()
        return (ShellApp(explorer: f.explorer), f)
    }

    private func press(_ app: ShellApp, _ keys: Key...) {
        for key in keys { _ = app.handle(key) }
    }

    // MARK: The links of the current row

    @Test func theLinksAreTheModelsRelationshipsInOrderWithLabelsAndCountsOnceRead() throws {
        let (app, f) = try app()
        _ = app.submit(.table, text: "Album:4")           // "Let There Be Rock", the grid focused
        let names = try #require(f.explorer.rowLinkNames())
        #expect(names.links.map(\.name) == ["artist", "tracks"])
        #expect(!names.isComplete && names.links.allSatisfy { $0.count == nil && $0.label == nil })
        let read = try #require(try f.explorer.rowLinks())
        let tracks = try #require(try f.scalar("SELECT count(*) FROM Track WHERE AlbumId = 4"))
        #expect(read.links == [RowLinks.Link(name: "artist", isToOne: true, count: nil, label: "AC/DC"),
                               RowLinks.Link(name: "tracks", isToOne: false, count: tracks, label: nil)])
        #expect(read.anchor.key == "4")
        // The UI reads them once per row, and again after the cursor moves.
        #expect(app.completeRowLinks())
        #expect(!app.completeRowLinks())
        press(app, .down)
        #expect(app.currentRowLinks()?.isComplete == false)
        #expect(app.completeRowLinks())
        #expect(app.currentRowLinks()?.anchor.key == "5")
    }

    @Test func aDigitFollowsThatRelationshipFromAnyPane() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        f.explorer.moveCursor(to: 3)
        press(app, .char("2"))
        #expect(f.explorer.current?.title == "tracks")
        #expect(f.explorer.current?.totalCount == 8)
        #expect(app.message == "tracks: 8 rows")
        press(app, .backspace, .char("1"))
        #expect(f.explorer.current?.title == "artist")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(1)])
        // The same key with the tables pane focused.
        press(app, .backspace, .backTab)
        #expect(app.focus == .tables)
        press(app, .char("2"))
        #expect(f.explorer.current?.title == "tracks" && app.focus == .grid)
    }

    @Test func aDigitPastTheLastRelationshipSaysHowManyThereAre() throws {
        let (app, f) = try app()
        // Before a table is open a digit opens the table with that number (FirstScreenNumbersSpec).
        press(app, .char("1"))
        #expect(f.explorer.current?.title == "Album")
        press(app, .char("3"))
        #expect(app.message == "no relationship 3: Album has 2 relationships (r lists them)")
        #expect(f.explorer.current?.title == "Album")
    }

    @Test func aNumberInTheRelationsMenuFollowsThatLine() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        press(app, .char("r"))
        guard case .relations = app.overlay else { Issue.record("no relations menu"); return }
        press(app, .char("7"))                                // playlists
        guard case .none = app.overlay else { Issue.record("menu still open"); return }
        #expect(f.explorer.current?.title == "playlists")
        #expect(f.explorer.current?.totalCount == 3)
    }

    @Test func aKeyThatChangesDataForgetsTheLinksReadSoTheyAreReadAgain() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        #expect(app.completeRowLinks())
        press(app, .char("v"))                                // not a move: read again next time
        #expect(app.currentRowLinks()?.isComplete == false)
    }

    @Test func aTableWithoutRelationshipsSaysSoUnderThePanes() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE lonely (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO lonely VALUES (1, 'x');")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "mem")
        let app = ShellApp(explorer: explorer)
        try explorer.open("lonely")
        #expect(app.render(width: 100, height: 30).line(27) == " no relationships: no foreign key leads from or to lonely")
    }

    // MARK: The table prompt's targets

    private func summaries(_ names: [String], views: Set<String> = []) -> [TableSummary] {
        names.map { TableSummary(name: $0, isView: views.contains($0), rowCount: 0) }
    }

    @Test func aTableTargetIsANameAndOptionallyAKeyOrATextToFind() {
        let tables = summaries(["Album", "Playlist", "PlaylistTrack", "Track", "a:b"])
        #expect(TableTarget.parse("Al", in: tables) == TableTarget(table: "Album", position: .top))
        #expect(TableTarget.parse("Al:4", in: tables) == TableTarget(table: "Album", position: .key("4")))
        #expect(TableTarget.parse("PlaylistT: 1,3402 ", in: tables) == TableTarget(table: "PlaylistTrack", position: .key("1,3402")))
        #expect(TableTarget.parse("Tr/AC/DC", in: tables) == TableTarget(table: "Track", position: .find("AC/DC")))
        #expect(TableTarget.parse("Pl/", in: tables) == TableTarget(table: "Playlist", position: .top))
        // A name with a colon is still found typed whole.
        #expect(TableTarget.parse("a:b", in: tables) == TableTarget(table: "a:b", position: .top))
        #expect(TableTarget.parse("zz:4", in: tables) == nil)
        #expect(TableTarget.parse(":4", in: tables) == nil)
        #expect(TableTarget.parse("  ", in: tables) == nil)
    }

    @Test func tableColonKeyOpensTheTableAtThatRow() throws {
        let (app, f) = try app()
        _ = app.submit(.table, text: "Al:4")
        #expect(f.explorer.current?.title == "Album")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(4)])
        #expect(app.focus == .grid)
        _ = app.submit(.table, text: "PlaylistT:1,3402")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(1), .integer(3402)])
        _ = app.submit(.table, text: "Al:99999")
        #expect(app.messageIsError)
    }

    @Test func tableSlashTextIsPreviewedAsTypedAndEnterKeepsIt() throws {
        let (app, f) = try app()
        #expect(app.changesAsYouType(.table))
        app.typed(.table, text: "Tr")                         // a name alone: nothing opens yet
        #expect(f.explorer.current == nil)
        app.typed(.table, text: "Tr/Sn")
        #expect(f.explorer.current?.title == "Track")
        let snowballed = try #require(try f.scalar("SELECT min(TrackId) FROM Track WHERE Name LIKE '%sn%'"))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(snowballed))])
        _ = app.submit(.table, text: "Tr/Sn")
        #expect(f.explorer.current?.title == "Track" && f.explorer.stack.count == 1)
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(snowballed))])
        // n goes on with the same text.
        press(app, .char("n"))
        let next = try #require(try f.scalar("SELECT min(TrackId) FROM Track WHERE Name LIKE '%sn%' AND TrackId > ?", [.integer(Int64(snowballed))]))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(next))])
    }

    @Test func escAfterAPreviewPutsBackTheViewRowAndFocus() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        f.explorer.moveCursor(to: 5)
        press(app, .backTab)                                  // focus on the tables pane
        let focus = app.focus
        app.typed(.table, text: "Tr/Love")
        #expect(f.explorer.current?.title == "Track")
        app.typed(.table, text: "Ar/Love")                    // another table replaces the preview
        #expect(f.explorer.current?.title == "Artist")
        _ = app.submit(.table, text: nil)
        #expect(f.explorer.current?.title == "Album")
        #expect(f.explorer.current?.cursorRow == 5)
        #expect(app.focus == focus)
        #expect(throws: ShellError.nothingToGoBack) { try f.explorer.back() }   // no trace of the previews
    }
}
