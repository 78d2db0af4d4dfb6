import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// The screen as a grid of cells at several terminal sizes: title and breadcrumb, key markers in
/// the headers, foreign-key labels, NULLs, the status line, the echo pane, and wide characters.
@Suite struct RenderingSpec {
    /// Every cell's text of `row`, untrimmed: its display width must be the grid's width.
    private func fullRow(_ grid: ScreenGrid, _ row: Int) -> String {
        (0..<grid.width).map { grid[row, $0].text }.joined()
    }

    /// The text of `row` between `columns` (continuation cells of wide characters contribute nothing).
    private func region(_ grid: ScreenGrid, _ row: Int, _ columns: Range<Int>) -> String {
        columns.map { grid[row, $0].text }.joined()
    }

    /// Checks that no row of `grid` is wider or narrower than the grid.
    private func expectEveryRowFits(_ grid: ScreenGrid, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0..<grid.height {
            #expect(DisplayWidth.of(fullRow(grid, row)) == grid.width, "row \(row): \(fullRow(grid, row))", sourceLocation: sourceLocation)
        }
    }

    /// Chinook, navigated Artist 1 → albums → Album 1 → tracks, with the grid focused.
    private func tracksOfAlbumOne() throws -> (ShellApp, ChinookFixture) {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "get 1")
        _ = app.submit(.command, text: "follow albums")
        _ = app.submit(.command, text: "follow tracks")
        return (app, f)
    }

    @Test func theTitleShowsPathAndBreadcrumbWhenTheyFit() throws {
        let (app, _) = try tracksOfAlbumOne()
        let grid = app.render(width: 120, height: 40)
        #expect(grid.line(0) == " amigo-shell · chinook.sqlite  ›  Artist 1 \"AC/DC\" › albums › Album 1 \"For Those About To Rock…\" › tracks")
    }

    @Test func aNarrowTitleKeepsTheEndOfTheBreadcrumb() throws {
        let (app, _) = try tracksOfAlbumOne()
        #expect(app.render(width: 80, height: 24).line(0) == " Artist 1 \"AC/DC\" › albums › Album 1 \"For Those About To Rock…\" › tracks")
        #expect(app.render(width: 60, height: 16).line(0) == " … › albums › Album 1 \"For Those About To Rock…\" › tracks")
        // Narrower still, the last two steps do not fit whole: the cut falls inside a step.
        #expect(app.render(width: 40, height: 10).line(0) == " … 1 \"For Those About To Rock…\" › tracks")
    }

    @Test func aCutBreadcrumbNeverSplitsAWideCharacter() {
        #expect(ShellRenderer.tail(of: "ab日本語", width: 8) == "ab日本語")
        #expect(ShellRenderer.tail(of: "ab日本語", width: 7) == "…日本語")
        #expect(ShellRenderer.tail(of: "ab日本語", width: 6) == "…本語")
        #expect(ShellRenderer.tail(of: "ab日本語", width: 4) == "…語")
        #expect(ShellRenderer.tail(of: "ab日本語", width: 1) == "…")
        let crumb = "dog 12 \"ポチ\" › people › person 3 \"山田 U.\" › dog"
        #expect(DisplayWidth.of(crumb) == 49)
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 49) == crumb)
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 48) == "… › people › person 3 \"山田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 37) == "… › people › person 3 \"山田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 30) == "… › person 3 \"山田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 20) == "…n 3 \"山田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 19) == "… 3 \"山田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 14) == "…田 U.\" › dog")
        #expect(ShellRenderer.shortenedBreadcrumb(crumb, width: 12) == "… U.\" › dog")
    }

    @Test func aFrameIsPreparedThenDrawnWithoutAnyQuery() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.table, text: "Track:3000")
        _ = app.handle(.char("r"))
        let before = f.explorer.echoLog.totalCount
        let frame = ShellFrame(FrameLayout(app, width: 120, height: 40), of: app)
        #expect(f.explorer.echoLog.totalCount > before)           // the rows on screen were read
        #expect(frame.grid?.cells.count == frame.layout?.gridRows && frame.relationsCaption == "Track 3000 \"God Part II\"")
        let prepared = f.explorer.echoLog.totalCount
        let screen = ShellRenderer(app: app).draw(frame)
        #expect(f.explorer.echoLog.totalCount == prepared)        // drawing ran nothing
        #expect(screen.text().contains("Relations of Track 3000 \"God Part II\""))
        #expect(screen.text() == app.render(width: 120, height: 40).text())
    }

    @Test func theGridAt120By40ShowsHeadersRowsAndPosition() throws {
        let (app, _) = try tracksOfAlbumOne()
        let grid = app.render(width: 120, height: 40)
        #expect(grid.line(1).hasPrefix("┌─ Tables ─────────┐┌─ tracks ──"))
        #expect(region(grid, 2, 0..<90) == "│Album          347││ TrackId*  Name                                     AlbumId→        │")
        #expect(region(grid, 3, 20..<90) == "│" + String(repeating: "─", count: 68) + "│")
        // AlbumId does not fit whole: it is cut rather than left out.
        #expect(region(grid, 4, 21..<89) == "        1  For Those About To Rock (We Salute You)  1 → For Those A…")
        #expect(region(grid, 13, 21..<89) == "       14  Spellbound                               1 → For Those A…")
        #expect(region(grid, 14, 21..<89) == String(repeating: " ", count: 68))
        #expect(region(grid, 36, 20..<90) == "└─ columns: 6 more ▶ " + String(repeating: "─", count: 41) + " 1/10 ─┘")
        // Under the panes, the current row's relationships, numbered for the digit keys: names
        // at once (dimmed), then labels and counts once read (idle work in the run loop).
        #expect(grid.line(37) == " 1 album  2 genre  3 mediaType  4 invoiceLines  5 playlistTracks  6 invoices  7 playlists")
        #expect(grid[37, 1].style == ShellRenderer.headerStyle && grid[37, 3].style == ShellRenderer.dimStyle)
        #expect(grid.line(38) == " row 1 of 10" + String(repeating: " ", count: 92) + " tx: no changes")
        #expect(grid.line(39) == " Enter follow · t table · / filter · f find · : command · e edit · a add · d delete · s/S sort · ? help · q quit")
        expectEveryRowFits(grid)
        #expect(app.completeRowLinks())
        #expect(!app.completeRowLinks())    // read once per row
        let read = app.render(width: 120, height: 40)
        // The to-one labels are left out before any link is: here all seven fit without them.
        #expect(read.line(37) == " 1 album  2 genre  3 mediaType  4 invoiceLines 1  5 playlistTracks 3  6 invoices 1  7 playlists 3")
        #expect(read[37, 3].style == .plain)
        // What does not fit at all ends in `… r`.
        #expect(app.render(width: 60, height: 40).line(37) == " 1 album  2 genre  3 mediaType  4 invoiceLines 1  … r")
        // With room, a to-one names the row it points at.
        _ = app.handle(.char("1"))
        #expect(app.completeRowLinks())
        #expect(app.render(width: 120, height: 40).line(37) == " 1 artist → AC/DC  2 tracks 10")
    }

    @Test func anAlbumsArtistIdShowsTheArtistsNameBesideIt() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Album")
        _ = app.handle(.char("E"))              // hide the echo pane: the whole table fits
        let grid = app.render(width: 120, height: 40)
        #expect(grid.line(2) == "│Album          347││ AlbumId*  Title                                     ArtistId→                                    │")
        #expect(grid.line(4) == "│Customer        59││        1  For Those About To Rock We Salute You     1 → AC/DC                                    │")
        #expect(grid.line(5) == "│Employee         8││        2  Balls to the Wall                         2 → Accept                                   │")
        expectEveryRowFits(grid)
    }

    @Test func aNullIsShownAsAnEmptySetSign() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Employee")
        _ = app.submit(.command, text: "order ReportsTo")
        _ = app.handle(.char("E"))
        let grid = app.render(width: 120, height: 40)
        let header = grid.line(2)
        let column = try #require(header.range(of: "ReportsTo→")).lowerBound
        let offset = header.distance(from: header.startIndex, to: column)
        #expect(region(grid, 4, offset..<offset + 1) == "∅")
        #expect(grid.line(4).contains("1  Adams       Andrew"))
        #expect(region(grid, 5, offset..<offset + 16) == "1 → Andrew Adams")
    }

    @Test func theEchoPaneShowsTheFiltersSelectWithPlaceholdersAndValues() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        _ = app.submit(.filter, text: "Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
        let grid = app.render(width: 120, height: 40)
        let layout = try #require(ShellLayout(width: 120, height: 40, echoVisible: true))
        let echo = try #require(layout.echo).inset(by: 1)
        // The pane breaks lines at the spaces between words (the space a break falls on is not
        // drawn): its lines join with one space, runs of blanks read as one.
        let text = (echo.y..<echo.maxY).map { region(grid, $0, echo.x..<echo.maxX) }.joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        // The grid's SELECT (which reads long values in part, so it is long itself) ends the pane.
        #expect(text.contains("FROM \"Track\" WHERE \"Track\".\"Milliseconds\" > ? AND \"Track\".\"Composer\" LIKE ? ESCAPE '\\' ORDER BY"))
        #expect(text.contains("[300000, '%page%']"))
        #expect(grid.line(1).hasSuffix("┌─ SQL echo ─────────────────┐"))
    }

    @Test func at80By24TheEchoPaneGoesBelowTheGrid() throws {
        let (app, _) = try tracksOfAlbumOne()
        let grid = app.render(width: 80, height: 24)
        let layout = try #require(ShellLayout(width: 80, height: 24, echoVisible: true))
        let echo = try #require(layout.echo)
        #expect(echo.x == layout.grid.x && echo.y == layout.grid.maxY && echo.width == layout.grid.width)
        #expect(grid.line(2) == "│Album      347││ TrackId*  Name                                     AlbumId→  │")
        #expect(grid.line(4) == "│Customer    59││        1  For Those About To Rock (We Salute You)  1 → For T…│")
        #expect(grid.line(layout.grid.maxY - 1) == "│              │└─ columns: 6 more ▶ ─────────────────────────────────── 1/10 ─┘")
        #expect(grid.line(echo.y) == "│              │┌─ SQL echo ───────────────────────────────────────────────────┐")
        #expect(grid.line(22) == " row 1 of 10" + String(repeating: " ", count: 52) + " tx: no changes")
        expectEveryRowFits(grid)
    }

    @Test func at60By16TheEchoPaneIsLeftOutAndAWideColumnIsCut() throws {
        let (app, _) = try tracksOfAlbumOne()
        let grid = app.render(width: 60, height: 16)
        #expect(ShellLayout(width: 60, height: 16, echoVisible: true)?.echo == nil)
        #expect(grid.line(1) == "┌─ Tables ─────┐┌─ tracks ─────────────────────────────────┐")
        #expect(grid.line(2) == "│Album      347││ TrackId*  Name                           │")
        #expect(grid.line(4) == "│Customer    59││        1  For Those About To Rock (We Sa…│")
        #expect(grid.line(12) == "└──────────────┘└─ columns: 7 more ▶ ─────────────── 1/10 ─┘")
        #expect(grid.line(13) == " 1 album  2 genre  3 mediaType  4 invoiceLines  … r")
        #expect(grid.line(14) == " row 1 of 10" + String(repeating: " ", count: 32) + " tx: no changes")
        expectEveryRowFits(grid)
    }

    @Test func columnsScrolledAwayComeBackWhenTheTerminalGrows() throws {
        let (app, f) = try tracksOfAlbumOne()
        f.explorer.moveColumn(to: 8)                  // UnitPrice, the last column
        let narrow = app.render(width: 60, height: 16)
        // Scrolled to the last column, the key column stays at the left.
        #expect(narrow.line(2).contains("│ TrackId*  "))
        #expect(!narrow.line(2).contains("Name"))
        #expect(narrow.line(2).contains("UnitPrice"))
        let wide = app.render(width: 400, height: 40)
        #expect(f.explorer.current?.leftColumn == 0)
        #expect(wide.line(2).contains("TrackId*"))
        #expect(wide.line(2).contains("UnitPrice"))
        // Moving left inside a wide-enough grid keeps every column in view.
        f.explorer.moveColumn(to: 3)
        #expect(app.render(width: 400, height: 40).line(2).contains("TrackId*"))
    }

    @Test func theStatusLineShowsTheLastMessageAndTheUncommittedChanges() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "set Name = 'AC/DC!'")
        let grid = app.render(width: 100, height: 30)
        let right = " tx: 1 change, 1 row"
        let left = " row 1 of 275  │  updated Name — 1 uncommitted"
        #expect(grid.line(28) == left + String(repeating: " ", count: 100 - DisplayWidth.of(right) - 1 - DisplayWidth.of(left)) + right)
        #expect(grid[28, 0].style.color != .red)
        // An error is shown in red, after the summary.
        _ = app.submit(.command, text: "follow nowhere")
        let failed = app.render(width: 100, height: 30)
        #expect(failed.line(28).hasPrefix(" row 1 of 275  │  unknown relationship 'nowhere' on Artist (available: albums)"))
        #expect(failed[28, 1].style.color == .red)
    }

    @Test func theRelationsMenuListsEachRelationshipWithKindTargetAndCount() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        _ = app.handle(.char("r"))
        let grid = app.render(width: 100, height: 30)
        let layout = try #require(ShellLayout(width: 100, height: 30, echoVisible: true))
        let top = try #require((0..<30).first { grid.line($0).contains("┌─ Relations of Track 1 \"For Those About To Rock…\" ─") })
        // The keys that work in it are on its bottom border.
        #expect(grid.line(top + 8).contains("└─ Enter or 1-9 follows · Esc closes ─"))
        // Each line's number follows it; a to-one line names the row it points at (cut so that the
        // box stays inside the grid's frame); every line says what it goes through.
        #expect(grid.line(top + 1).contains("│ 1 album           to-one        → Album          For Those A…  via AlbumId"))
        #expect(grid.line(top + 4).contains("│ 4 invoiceLines    one-to-many   → InvoiceLine          1       via InvoiceLin… "))
        #expect(grid.line(top + 7).contains("│ 7 playlists       many-to-many  → Playlist             3       via PlaylistTr… "))
        // The panes' borders stay whole around it.
        for y in top...(top + 8) {
            #expect(grid[y, layout.tables.maxX - 1].text == "│" && grid[y, layout.grid.x].text == "│" && grid[y, layout.grid.maxX - 1].text == "│", "row \(y)")
        }
        // With the echo pane hidden, the labels take the room.
        _ = app.handle(.escape)
        _ = app.handle(.char("E"))
        _ = app.handle(.char("r"))
        let wide = app.render(width: 140, height: 30)
        #expect(wide.text().contains("│ 1 album           to-one        → Album          For Those About To Rock We Salu…  via AlbumId"))
        #expect(wide.text().contains("│ 7 playlists       many-to-many  → Playlist             3                           via PlaylistTrack"))
        // The highlighted entry is the cursor's.
        #expect(grid[top + 1, layout.grid.x + 4].style == TextStyle(.reverse))
        #expect(grid[top + 2, layout.grid.x + 4].style == .plain)
        expectEveryRowFits(grid)
    }

    @Test func theEditConfirmationShowsTheUpdateAndItsArguments() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.handle(.char("l"))
        _ = app.submit(.edit(column: "Name"), text: "AC/DC (live)")
        let text = app.render(width: 100, height: 30).text()
        #expect(text.contains("┌─ Edit Name ─"))
        #expect(text.contains("│ UPDATE \"Artist\" SET \"Name\" = ? WHERE \"ArtistId\" = ?"))
        #expect(text.contains("│ arguments: ['AC/DC (live)', 1]"))
        #expect(text.contains("│ Nothing is kept until :commit."))
    }

    @Test func aRawSelectIsShownWithoutKeyMarkers() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "sql SELECT ArtistId, Name, NULL AS empty FROM Artist ORDER BY ArtistId LIMIT 3")
        _ = app.handle(.char("E"))
        let grid = app.render(width: 80, height: 24)
        #expect(grid.line(1) == "┌─ Tables ─────┐┌─ sql ────────────────────────────────────────────────────────┐")
        #expect(grid.line(2) == "│Album      347││  ArtistId  Name       empty                                  │")
        #expect(grid.line(4) == "│Customer    59││         1  AC/DC      ∅                                      │")
        #expect(grid.line(6) == "│Genre       25││         3  Aerosmith  ∅                                      │")
    }

    @Test func aTooSmallTerminalShowsAShortMessageInsteadOfTheScreen() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        let wide = app.render(width: 39, height: 30)
        #expect(wide.text() == "Terminal too small (39x30); need 40x10" + String(repeating: "\n", count: 29))
        let small = app.render(width: 30, height: 8)
        #expect(small.line(0) == "Terminal too small (30x8);")
        #expect(small.line(1) == "need 40x10")
        #expect((2..<8).allSatisfy { small.line($0).isEmpty })
    }

    @Test func theSmallestUsableTerminalStillDrawsEveryPane() throws {
        let (app, _) = try tracksOfAlbumOne()
        let grid = app.render(width: 40, height: 10)
        #expect(grid.line(1).hasPrefix("┌─ Tables ─────┐┌─ tracks"))
        #expect(grid.line(8).hasPrefix(" row 1 of 10"))
        expectEveryRowFits(grid)
    }

    @Test(arguments: [(120, 40), (100, 30), (80, 24), (61, 17), (60, 16), (41, 12)])
    func wideCharactersNeverPushTheRightBorder(width: Int, height: Int) throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try DemoDatabase.populate(engine)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "demo")
        let app = ShellApp(explorer: explorer)
        for (table, row) in [("dog", 11), ("person", 14)] {      // ポチ, 山田
            _ = app.submit(.command, text: "open \(table)")
            explorer.moveCursor(to: row)
            for column in 0..<(explorer.current?.columns.count ?? 0) {
                explorer.moveColumn(to: column)
                let grid = app.render(width: width, height: height)
                expectEveryRowFits(grid)
                let layout = try #require(ShellLayout(width: width, height: height, echoVisible: true))
                for y in layout.grid.y + 1..<layout.grid.maxY - 1 {
                    #expect(grid[y, layout.grid.maxX - 1].text == "│", "\(table) \(width)x\(height) row \(y)")
                }
            }
        }
    }

    @Test func theDemosWideNamesAreAlignedInTheirColumn() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try DemoDatabase.populate(engine)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "demo")
        let app = ShellApp(explorer: explorer)
        _ = app.submit(.command, text: "open dog")
        _ = app.handle(.char("E"))
        let grid = app.render(width: 80, height: 24)
        #expect(grid.line(14) == "│              ││  11  Zoë     Poodle                                          │")
        #expect(grid.line(15) == "│              ││  12  ポチ    Terrier                                         │")
    }

    @Test func cjkTextLongerThanItsColumnIsCutOnACharacterBoundary() throws {
        let path = TemporaryFile.path("cjk")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE poem (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
            INSERT INTO poem VALUES (1, '春暁', '春眠不覚暁処処聞啼鳥夜来風雨声花落知多少春眠不覚暁処処聞啼鳥夜来風雨声花落知多少');
            INSERT INTO poem VALUES (2, 'Ascii', 'plain text that is rather long and goes on and on past the column cap');
            INSERT INTO poem VALUES (3, '한국어 제목', '😀 emoji 👨‍👩‍👧 family ❤️ heart');
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "cjk")
        let app = ShellApp(explorer: explorer)
        _ = app.submit(.command, text: "open poem")
        for (width, height) in [(120, 40), (80, 24), (60, 16), (47, 12), (46, 12), (45, 12)] {
            for column in 0..<3 {
                explorer.moveColumn(to: column)
                let grid = app.render(width: width, height: height)
                expectEveryRowFits(grid)
                #expect(!grid.text().contains("\u{FFFD}"))
            }
        }
        _ = app.handle(.char("E"))
        explorer.moveColumn(to: 0)
        let grid = app.render(width: 80, height: 24)
        #expect(grid.line(4) == "│              ││   1  春暁         春眠不覚暁処処聞啼鳥夜来風雨声花落知多…    │")
    }
}

/// Lines broken at the spaces between words (the echo pane's SQL, the row detail's long text),
/// and JSON shown indented in the row detail.
@Suite struct WordWrapAndJSONSpec {
    @Test("breaks at spaces, keeps a line's indentation, breaks a word wider than the line where it must")
    func wordWrap() {
        #expect(WordWrap.lines("SELECT count(*) FROM Track", width: 16) == ["SELECT count(*)", "FROM Track"])
        #expect(WordWrap.lines("  [] 0.25 ms · 1 row", width: 12) == ["  [] 0.25 ms", "· 1 row"])
        #expect(WordWrap.lines("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect(WordWrap.lines("", width: 10) == [""])
        #expect(WordWrap.lines("日本語 テキスト", width: 6) == ["日本語", "テキス", "ト"])
        for text in ["a b c d e f g", "SELECT \"Track\".\"Name\" FROM \"Track\" WHERE x = ?", String(repeating: "x", count: 50)] {
            for width in 1...20 {
                let lines = WordWrap.lines(text, width: width)
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(text) at \(width): \(lines)")
                #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "nothing lost")
            }
        }
    }

    @Test("a JSON object or array reads indented, keys in their stored order, numbers as written; other text is left alone")
    func jsonPretty() {
        #expect(JSONPrettyText.pretty(#"{"b":1.50,"a":[true,null,{}],"s":"x, {y}: \"z\""}"#) == """
            {
              "b": 1.50,
              "a": [
                true,
                null,
                {}
              ],
              "s": "x, {y}: \\"z\\""
            }
            """)
        #expect(JSONPrettyText.pretty("[]") == "[]")
        #expect(JSONPrettyText.pretty("{not json") == nil)
        #expect(JSONPrettyText.pretty("42") == nil)
        #expect(JSONPrettyText.pretty("AC/DC") == nil)
    }
}

@Suite struct RowDetailJSONSpec {
    @Test("v and get show a JSON column indented under its name")
    func theRowDetailIndentsJSON() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript(#"CREATE TABLE doc (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO doc VALUES (1, '{"city":"Oslo","tags":["a","b"]}');"#)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "doc")
        _ = try explorer.execute(.open("doc"))
        let detail = try explorer.currentRowDetail()
        #expect(detail.split(separator: "\n").dropFirst().map(String.init) == [
            "id    1",
            "body  {",
            "        \"city\": \"Oslo\",",
            "        \"tags\": [",
            "          \"a\",",
            "          \"b\"",
            "        ]",
            "      }",
        ])
    }
}
