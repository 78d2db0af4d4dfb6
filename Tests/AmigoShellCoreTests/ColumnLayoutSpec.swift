import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Columns: hidden with `-`, shown again with `~`, pinned with `!`, resized with `<` and `>`,
/// each remembered for the table for the rest of the session; and a sort of several keys.
@Suite struct ColumnLayoutSpec {
    /// A UI over chinook with Track open and the grid focused.
    func trackApp() throws -> (ChinookFixture, ShellApp) {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        return (f, app)
    }

    /// The header line of the grid (the line under the grid's top border).
    func header(_ app: ShellApp, width: Int = 120) -> String {
        let lines = app.render(width: width, height: 30).text().split(separator: "\n").map(String.init)
        return lines.first { $0.contains("TrackId") || $0.contains("Name") } ?? ""
    }

    @Test func minusHidesTheCurrentColumnAndTheCursorMovesToTheNext() throws {
        let (f, app) = try trackApp()
        _ = app.handle(.char("l"))
        _ = app.handle(.char("-"))
        #expect(app.message == "Name hidden · 1 column of Track hidden (~ shows them again)")
        #expect(!header(app).contains("Name"))
        #expect(header(app).contains("TrackId*"))
        #expect(f.explorer.current?.columns[f.explorer.current!.cursorColumn] == "AlbumId")
        #expect(app.render(width: 120, height: 30).text().contains("columns: 1 hidden (~ shows)"))
        // ← passes over the hidden column.
        _ = app.handle(.char("h"))
        #expect(f.explorer.current?.cursorColumn == 0)
    }

    @Test func aHiddenColumnStaysHiddenInEveryViewOfItsTableUntilTildeShowsIt() throws {
        let (f, app) = try trackApp()
        _ = app.submit(.command, text: "hide Composer")
        _ = app.submit(.command, text: "open Album")
        #expect(app.render(width: 120, height: 30).text().contains("Title"))
        _ = app.submit(.command, text: "open Track")
        _ = app.submit(.filter, text: "GenreId = 1")
        #expect(!header(app, width: 300).contains("Composer"))
        _ = app.handle(.char("~"))
        #expect(app.message == "shown again: Composer")
        #expect(header(app, width: 300).contains("Composer"))
        _ = f
    }

    @Test func aViewOpenedOnAHiddenColumnStartsOnTheFirstShown() throws {
        let (f, app) = try trackApp()
        _ = app.handle(.char("-"))                       // TrackId, the first column
        _ = app.submit(.command, text: "open Album")
        _ = app.submit(.command, text: "open Track")
        _ = app.render(width: 120, height: 30)
        #expect(f.explorer.current?.columns[f.explorer.current!.cursorColumn] == "Name")
        _ = app.handle(.char("s"))
        #expect(app.message == "sorted by Name")
    }

    @Test func theLastColumnShownCannotBeHiddenAndAnUnknownNameIsSaid() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Genre")
        _ = app.handle(.char("-"))
        _ = app.handle(.char("-"))
        #expect(app.messageIsError)
        #expect(app.message == "hide: Name is the only column shown")
        _ = app.submit(.command, text: "hide Nope")
        #expect(app.message == "hide: no column 'Nope' in this view (its columns: GenreId, Name)")
    }

    @Test func bangPinsAColumnAtTheLeftWhereItStaysWhileTheGridScrolls() throws {
        let (f, app) = try trackApp()
        for _ in 0..<5 { _ = app.handle(.char("l")) }
        _ = app.handle(.char("!"))
        #expect(app.message.hasPrefix("Composer pinned at the left"))
        #expect(header(app).contains("││Composer "))
        // Far right: Composer is still the first column shown.
        _ = app.handle(.end)
        for _ in 0..<8 { _ = app.handle(.char("l")) }
        #expect(f.explorer.current?.columns[f.explorer.current!.cursorColumn] == "UnitPrice")
        let scrolled = header(app, width: 80)
        #expect(scrolled.contains("││Composer "))
        #expect(scrolled.contains("UnitPrice"))
        #expect(app.render(width: 80, height: 30).text().contains("1 pinned"))
        // ! again unpins it.
        _ = app.submit(.command, text: "pin Composer")
        #expect(app.message == "Composer unpinned")
    }

    @Test func lessAndGreaterNarrowAndWidenTheCurrentColumn() throws {
        let (f, app) = try trackApp()
        _ = app.handle(.char("l"))
        let wide = app.render(width: 200, height: 30).text()
        #expect(wide.contains("For Those About To Rock (We Salute You)"))
        for _ in 0..<7 { _ = app.handle(.char("<")) }
        // Drawn 39 wide (its longest value), 4 narrower at each <.
        #expect(app.message.hasPrefix("Name: 11 columns wide"))
        let narrow = app.render(width: 200, height: 30).text()
        #expect(narrow.contains("  For Those …  1 → "))
        _ = app.handle(.char(">"))
        #expect(app.message.hasPrefix("Name: 15 columns wide"))
        _ = app.submit(.command, text: "width Name auto")
        #expect(app.message == "Name: width as its values ask")
        #expect(app.render(width: 200, height: 30).text().contains("For Those About To Rock (We Salute You)"))
        _ = f
    }

    @Test func textModeShowLeavesHiddenColumnsOutAndPutsPinnedOnesFirst() throws {
        let f = try ChinookFixture()
        for line in ["limit 2", "open Track", "hide Composer", "hide Bytes", "hide AlbumId", "hide MediaTypeId", "pin Name"] { _ = try f.explorer.run(line) }
        #expect(try f.explorer.run("show").output == """
            Track
            Name                                     TrackId  GenreId   Milliseconds  UnitPrice
            ---------------------------------------  -------  --------  ------------  ---------
            For Those About To Rock (We Salute You)  1        1 → Rock  343719        0.99
            Balls to the Wall                        2        1 → Rock  342562        0.99
            (3503 rows, first 2 shown; 4 columns hidden)
            """)
    }

    /// The rows are those of sqlite3's `ORDER BY GenreId DESC, Milliseconds DESC LIMIT 3`.
    @Test func aSortOfTwoKeysInTextModeOrdersByTheSecondWithinTheFirst() throws {
        let f = try ChinookFixture()
        for line in ["limit 3", "open Track", "hide Composer", "hide Bytes", "hide AlbumId", "hide MediaTypeId", "hide UnitPrice"] { _ = try f.explorer.run(line) }
        #expect(try f.explorer.run("order GenreId desc, -Milliseconds").output == """
            Track
            TrackId  Name                                                          GenreId         Milliseconds
            -------  ------------------------------------------------------------  --------------  ------------
            3451     Die Zauberflöte, K.620: "Der Hölle Rache Kocht in Meinem He…  25 → Opera      174813
            3425     Adagio for Strings from the String Quartet, Op. 11            24 → Classical  596519
            3410     The Messiah: Behold, I Tell You a Mystery... The Trumpet Sh…  24 → Classical  582029
            (3503 rows, first 3 shown; order: GenreId desc, Milliseconds desc; 5 columns hidden)
            """)
    }

    @Test func plusAddsTheCurrentColumnToTheSortAndAgainTurnsItAround() throws {
        let (f, app) = try trackApp()
        for _ in 0..<4 { _ = app.handle(.char("l")) }
        _ = app.handle(.char("s"))          // GenreId
        _ = app.handle(.char("l"))
        _ = app.handle(.char("l"))
        _ = app.handle(.char("+"))          // then Milliseconds
        #expect(app.message == "sorted by GenreId, Milliseconds")
        _ = app.handle(.char("+"))
        #expect(app.message == "sorted by GenreId, Milliseconds desc")
        #expect(app.render(width: 120, height: 30).line(1).contains("order: GenreId, Milliseconds desc"))
        let first = try f.explorer.values(in: 0..<1)[0]
        let longestRock = try f.scalar("SELECT TrackId FROM Track WHERE GenreId = 1 ORDER BY Milliseconds DESC LIMIT 1")
        #expect(first[0] == .integer(Int64(longestRock!)))
        // Back pops the second key only.
        _ = app.handle(.char("b"))
        #expect(f.explorer.current?.orderText == "GenreId, Milliseconds")
    }

    @Test func theColumnCommandsParse() throws {
        #expect(try CommandParser.parse("hide") == .hide(nil))
        #expect(try CommandParser.parse("hide \"Unit Price\"") == .hide("Unit Price"))
        #expect(try CommandParser.parse("unhide all") == .unhide(nil))
        #expect(try CommandParser.parse("unhide Name") == .unhide("Name"))
        #expect(try CommandParser.parse("pin Name") == .pin("Name"))
        #expect(try CommandParser.parse("width Name 12") == .columnWidth("Name", 12))
        #expect(try CommandParser.parse("width Name auto") == .columnWidth("Name", nil))
        #expect(try CommandParser.parse("width 5 -3") == .width([5, -3]))
        #expect(try CommandParser.parse("order A, -B") == .order(column: "A", descending: false, then: [SortKey("B", descending: true)]))
        #expect(try CommandParser.parse("order A desc, B asc") == .order(column: "A", descending: true, then: [SortKey("B")]))
        #expect(throws: ShellError.self) { try CommandParser.parse("width Name wide") }
    }

    @Test func aLayoutOrdersPinnedColumnsFirstAndLeavesHiddenOnesOut() {
        var layout = ColumnLayout()
        layout.hide("b")
        layout.togglePin("d")
        #expect(layout.sequence(of: ["a", "b", "c", "d"]) == [3, 0, 2])
        #expect(layout.setWidth("a", 1) == ColumnLayout.minimumWidth)
        #expect(layout.unhide(nil) == ["b"])
        #expect(layout.sequence(of: ["a", "b", "c", "d"]) == [3, 0, 1, 2])
    }
}

/// `v` shows a BLOB as a hex dump with its size: offsets, 16 bytes a line, their ASCII.
@Suite struct HexDumpSpec {
    @Test func aBlobReadsAsOffsetHexAndASCIIUnderItsSize() {
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x01, 0x00]
        #expect(HexDump.text(png) == """
            ⟨20 bytes⟩
            00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  .PNG........IHDR
            00000010  00 00 01 00                                       ....
            """)
    }

    @Test func aLongBlobStopsAfterTheLineLimitAndSaysWhatIsLeft() {
        let text = HexDump.text(Array(repeating: 0x41, count: 40), lineLimit: 2)
        #expect(text.split(separator: "\n").last == "… 8 more bytes")
        #expect(text.split(separator: "\n").count == 4)
    }
}
