import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// The keys of "find by value, jump to a key, filters on the back stack": `f` `F` `n` `N`, `#`,
/// `t`, Backspace and Esc popping one narrowing at a time, a bare value as a filter.
@Suite struct ExplorerKeysSpec {
    private func app() throws -> (ShellApp, ChinookFixture) {
        let f = try ChinookFixture()
        return (ShellApp(explorer: f.explorer), f)
    }

    @discardableResult
    private func press(_ app: ShellApp, _ keys: Key...) -> ShellApp.ShellEffect {
        var effect = ShellApp.ShellEffect.none
        for key in keys { effect = app.handle(key) }
        return effect
    }

    private func currentName(_ f: ChinookFixture) throws -> String? {
        try f.explorer.currentRecord().map { ValueText.display($0.value(at: 1)) }
    }

    // MARK: Find

    @Test func fFindsTheNextRowWhoseColumnContainsTheTextAndNAndNRepeat() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        press(app, .char("l"))                       // the Name column
        #expect(press(app, .char("f")) == .prompt(ShellApp.PromptRequest(kind: .find(column: "Name"), prompt: "find in Name> ", initialText: "")))
        _ = app.submit(.find(column: "Name"), text: "love")
        // The first match in key order, as SQLite finds it.
        let first = try #require(try f.scalar("SELECT min(TrackId) FROM Track WHERE lower(Name) LIKE '%love%'"))
        let firstRow = try #require(try f.scalar("SELECT count(*) FROM Track WHERE TrackId < ?", [.integer(Int64(first))]))
        #expect(f.explorer.current?.cursorRow == firstRow)
        #expect(!app.messageIsError)
        #expect(app.message.hasPrefix("found 'love' in Name: row \(firstRow + 1) of 3503"))
        let second = try #require(try f.scalar("SELECT min(TrackId) FROM Track WHERE lower(Name) LIKE '%love%' AND TrackId > ?", [.integer(Int64(first))]))
        press(app, .char("n"))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(second))])
        press(app, .char("N"))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(first))])
        // Before the first match, N wraps around to the last.
        press(app, .char("N"))
        let last = try #require(try f.scalar("SELECT max(TrackId) FROM Track WHERE lower(Name) LIKE '%love%'"))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(last))])
        #expect(app.message.contains("(wrapped around)"))
    }

    @Test func findMovesAsYouTypeFromWhereThePromptOpenedAndEscGoesBack() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        f.explorer.moveCursor(to: 3)
        #expect(app.changesAsYouType(.find(column: "Name")))
        #expect(!app.changesAsYouType(.filter))
        app.typed(.find(column: "Name"), text: "P")
        let afterP = try #require(f.explorer.current?.cursorRow)
        #expect(afterP >= 3)
        app.typed(.find(column: "Name"), text: "Pu")
        // Each change searches from where the prompt opened, not from the last match.
        let pu = try #require(try f.scalar("SELECT count(*) FROM Track WHERE TrackId < (SELECT min(TrackId) FROM Track WHERE TrackId > 3 AND lower(Name) LIKE '%pu%')"))
        #expect(f.explorer.current?.cursorRow == pu)
        app.typed(.find(column: "Name"), text: "")
        #expect(f.explorer.current?.cursorRow == 3)
        app.typed(.find(column: "Name"), text: "Pu")
        _ = app.submit(.find(column: "Name"), text: nil)            // Esc
        #expect(f.explorer.current?.cursorRow == 3)
        #expect(app.message == "cancelled")
        app.typed(.find(column: "Name"), text: "Pu")
        _ = app.submit(.find(column: "Name"), text: "Pu")           // Enter: the same row
        #expect(f.explorer.current?.cursorRow == pu)
    }

    @Test func findOnANumberColumnLooksInTheColumnThatNamesTheRows() throws {
        let (app, f) = try app()
        try f.explorer.open("Employee")
        #expect(press(app, .char("f")) == .prompt(ShellApp.PromptRequest(kind: .find(column: "FirstName"), prompt: "find in FirstName> ", initialText: "")))
        _ = app.submit(.find(column: "FirstName"), text: "nancy")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(2)])
    }

    @Test func findRunsOneLimitOneQueryFromTheCursorInTheViewsOrder() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        try f.explorer.setOrder(column: "Name", descending: true)
        f.explorer.moveCursor(to: 10)
        let before = f.explorer.echoLog.entries.count
        _ = app.submit(.find(column: "Name"), text: "rock")
        let statements = f.explorer.echoLog.entries.dropFirst(before).map(\.sql)
        let search = try #require(statements.first { $0.contains("LIKE") })
        #expect(search.contains("LIMIT 1"))
        #expect(search.contains("ORDER BY \"Track\".\"Name\" DESC"))
        // The row found is the first at or after the cursor in descending name order.
        let name = try #require(try currentName(f))
        #expect(name.lowercased().contains("rock"))
        #expect((f.explorer.current?.cursorRow ?? 0) >= 10)
    }

    /// VisiData's F: the current column's values by frequency; Enter keeps the rows with one,
    /// as a step Backspace takes back.
    @Test func capitalFShowsTheColumnsFrequenciesAndEnterKeepsTheRowsWithAValue() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        f.explorer.moveColumn(to: 4)     // GenreId
        #expect(press(app, .char("F")) == .none)
        guard case .frequencies(let profile, let cursor) = app.overlay else { Issue.record("no frequencies box"); return }
        #expect(profile.column == "GenreId" && cursor == 0)
        #expect(profile.values.prefix(2) == [ValueCount(value: 1, count: 1297), ValueCount(value: 7, count: 579)])
        let screen = app.render(width: 120, height: 40)
        let text = (0..<screen.height).map(screen.line).joined(separator: "\n")
        #expect(text.contains("Frequencies of GenreId — 3503 rows · 25 distinct values"))
        #expect(text.contains("1297   37.0%  ████████████████████"))
        _ = press(app, .char("j"))
        _ = press(app, .enter)
        #expect(f.explorer.current?.filter == "GenreId = 7")
        #expect(f.explorer.current?.totalCount == 579)
        _ = press(app, .backspace)
        #expect(f.explorer.current?.filter == nil)
    }

    /// f finds in the current column, and where no row has the text there, in every column.
    @Test func findFallsBackToEveryColumnAndAMissSaysSo() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        #expect(press(app, .char("f")) == .prompt(ShellApp.PromptRequest(kind: .find(column: "Name"), prompt: "find in Name> ", initialText: "")))
        _ = app.submit(.find(column: "Name"), text: "Jimmy Page")     // in Composer, not in Name
        let composer = try #require(try f.explorer.currentRecord()).value(at: 5)
        #expect(ValueText.display(composer).contains("Jimmy Page"))
        _ = app.submit(.find(column: nil), text: "no such text anywhere")
        #expect(app.messageIsError)
        #expect(app.message == "find: no row in any column contains 'no such text anywhere'")
        // n with nothing found before says what to do.
        let (fresh, g) = try self.app()
        try g.explorer.open("Track")
        press(fresh, .char("n"))
        #expect(fresh.message == "nothing to repeat: f finds a text")
    }

    @Test func findInAnyColumnFindsANumberByItsDigits() throws {
        let (app, f) = try app()
        try f.explorer.open("PlaylistTrack")
        _ = app.submit(.find(column: nil), text: "3402")
        let rows = try f.amigo.engine.fetchAll("SELECT PlaylistId, TrackId FROM PlaylistTrack WHERE PlaylistId LIKE '%3402%' OR TrackId LIKE '%3402%' ORDER BY PlaylistId, TrackId LIMIT 1")
        #expect(!app.messageIsError)
        #expect(try f.explorer.currentRecord()?.primaryKey == rows.rows.first)
    }

    @Test func findWorksInAViewSortedByAComputedValue() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        _ = app.submit(.command, text: "order albums.@count desc")
        _ = app.submit(.find(column: "Name"), text: "the")
        #expect(!app.messageIsError, "\(app.message)")
        let view = try #require(f.explorer.current)
        let index = view.cursorRow
        #expect(index > 0)
        // The row found contains the text, and no row before it in the view's order does.
        let before = try f.explorer.values(in: 0..<(index + 1))
        #expect(ValueText.plain(before[index][1]).lowercased().contains("the"))
        #expect(before.dropLast().allSatisfy { !ValueText.plain($0[1]).lowercased().contains("the") })
        #expect(app.message.hasPrefix("found 'the' in Name: row \(index + 1) of 275"))
        // n goes on in the same order.
        press(app, .char("n"))
        let next = try #require(f.explorer.current?.cursorRow)
        #expect(next > index)
        #expect(ValueText.plain(try f.explorer.values(in: next..<(next + 1))[0][1]).lowercased().contains("the"))
        // N goes back to the one before.
        press(app, .char("N"))
        #expect(f.explorer.current?.cursorRow == index)
    }

    // MARK: Jump to a key

    @Test func hashJumpsToTheRowWithAKeyIncludingACompositeKey() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        #expect(press(app, .char("#")) == .prompt(ShellApp.PromptRequest(kind: .key, prompt: "Track TrackId = ", initialText: "")))
        _ = app.submit(.key, text: "3000")
        #expect(f.explorer.current?.cursorRow == 2999)
        #expect(app.message == "Track 3000 \"God Part II\"")
        try f.explorer.open("PlaylistTrack")
        #expect(press(app, .char("#")) == .prompt(ShellApp.PromptRequest(kind: .key, prompt: "PlaylistTrack PlaylistId,TrackId = ", initialText: "")))
        _ = app.submit(.key, text: "1,3402")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(1), .integer(3402)])
        #expect(!app.messageIsError)
    }

    @Test func getInARelationshipViewSaysWhatRestrictsIt() throws {
        let (_, f) = try app()
        try f.explorer.open("Artist")
        try f.explorer.follow("albums")
        #expect(throws: ShellError.keyLookup(command: "get", reason: "Album 5 exists but is not in this view (only the albums of Artist 1 \"AC/DC\"; filter: none)")) {
            try f.explorer.get("5")
        }
    }

    // MARK: The back stack

    @Test func everyNarrowingIsAStepThatBackspaceAndEscPopOneAtATime() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        f.explorer.moveCursor(to: 40)
        _ = app.submit(.filter, text: "Milliseconds > 300000")
        let filtered = try #require(f.explorer.current?.totalCount)
        press(app, .char("l"), .char("l"), .char("l"), .char("l"))      // GenreId
        press(app, .char("="))
        let narrowed = try #require(f.explorer.current?.totalCount)
        #expect(narrowed < filtered)
        press(app, .char("S"))
        #expect(f.explorer.stack.count == 4)
        #expect(f.explorer.breadcrumb.hasPrefix("Track › filter: Milliseconds > 300000 › filter: (Milliseconds > 300000) AND GenreId = "))
        #expect(f.explorer.breadcrumb.hasSuffix(" › order: GenreId desc"))
        press(app, .escape)                  // the sort
        #expect(f.explorer.current?.order == nil)
        #expect(f.explorer.current?.totalCount == narrowed)
        press(app, .backspace)               // the =
        #expect(f.explorer.current?.filter == "Milliseconds > 300000")
        press(app, .escape)                  // the filter: all rows, the cursor where it was
        #expect(f.explorer.current?.filter == nil)
        #expect(f.explorer.current?.totalCount == 3503)
        #expect(f.explorer.current?.cursorRow == 40)
        #expect(f.explorer.stack.count == 1)
        // Esc with nothing to pop does nothing (no error).
        press(app, .escape)
        #expect(!app.messageIsError)
        #expect(f.explorer.current?.title == "Track")
    }

    @Test func aBadFilterLeavesNoStepAndANewFilterReplacesTheCurrentOne() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        _ = app.submit(.filter, text: "Milliseconds >")
        #expect(app.messageIsError)
        #expect(f.explorer.stack.count == 1)
        _ = app.submit(.filter, text: "Milliseconds > 300000")
        _ = app.submit(.filter, text: "Bytes < 1000000")
        #expect(f.explorer.current?.filter == "Bytes < 1000000")
        #expect(f.explorer.stack.count == 3)
        press(app, .backspace)
        #expect(f.explorer.current?.filter == "Milliseconds > 300000")
    }

    @Test func textModeStillChangesTheViewInPlace() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        try f.explorer.setFilter("Milliseconds > 300000")
        try f.explorer.setOrder(column: "Name", descending: false)
        #expect(f.explorer.stack.count == 1)
    }

    // MARK: A bare value as a filter

    @Test func aFilterThatIsOnlyAValueSearchesTheCurrentColumnAndShowsTheCondition() throws {
        let (app, f) = try app()
        try f.explorer.open("Playlist")
        // On the key column (a number), the value is looked for in the column that names the rows.
        _ = app.submit(.filter, text: "grunge")
        #expect(!app.messageIsError)
        #expect(f.explorer.current?.filter == "Name CONTAINS[c] 'grunge'")
        #expect(f.explorer.current?.totalCount == 1)
        #expect(app.message.hasPrefix("searched the column: filter Name CONTAINS[c] 'grunge' · "))
        // Quoted, with a space: the same.
        try f.explorer.open("Track")
        press(app, .char("l"))
        _ = app.submit(.filter, text: "'Stairway To Heaven'")
        #expect(f.explorer.current?.filter == "Name CONTAINS[c] 'Stairway To Heaven'")
        // An operator with an unquoted text: an error that says to quote it.
        _ = app.submit(.filter, text: "Name = Love Song")
        #expect(app.messageIsError)
        #expect(app.message.hasSuffix(" — quote text ('Some Text'), or type a value alone to search this column"))
    }

    // MARK: Small frictions

    @Test func theEditConfirmationAcceptsOnlyWhatItSays() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .char("l"))
        _ = app.submit(.edit(column: "Name"), text: "AC/DC!")
        guard case .confirmEdit = app.overlay else { Issue.record("no confirmation"); return }
        press(app, .enter)                   // does nothing
        guard case .confirmEdit = app.overlay else { Issue.record("Enter closed the confirmation"); return }
        #expect(f.explorer.pendingChanges == 0)
        press(app, .char("x"))
        guard case .confirmEdit = app.overlay else { Issue.record("x closed the confirmation"); return }
        press(app, .escape)
        #expect(app.message == "edit cancelled")
        #expect(f.explorer.pendingChanges == 0)
        _ = app.submit(.edit(column: "Name"), text: "AC/DC!")
        press(app, .char("n"))
        #expect(app.message == "edit cancelled")
        _ = app.submit(.edit(column: "Name"), text: "AC/DC!")
        press(app, .char("y"))
        #expect(f.explorer.pendingChanges == 1)
    }

    @Test func helpWithATopicShowsThatTopicInTheUI() throws {
        let (app, _) = try app()
        _ = app.submit(.command, text: "help filter")
        guard case .output(_, let text, _) = app.overlay else { Issue.record("no help filter"); return }
        #expect(text.contains("CONTAINS"))
        #expect(!text.contains("next row"))
    }

    @Test func theHintLineAlwaysEndsWithHelpAndQuit() throws {
        for width in [40, 60, 78, 118, 200] {
            let line = KeyMap.hints(width: width)
            #expect(line.hasSuffix("? help · q quit"))
            #expect(DisplayWidth.of(line) <= max(width, DisplayWidth.of("? help · q quit")))
        }
        let (app, f) = try app()
        try f.explorer.open("Artist")
        let screen = app.render(width: 80, height: 24)
        #expect(screen.line(23).hasSuffix("? help · q quit"))
        #expect(screen.line(23).contains("t table · f find · # key"))
    }
}

/// The grid uses the width: labels grow into free room, hidden columns are counted, and a stale
/// summary is not shown beside the current one.
@Suite struct GridWidthSpec {
    @Test func labelsTakeTheFreeWidthInsteadOfBeingCutAt24() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Album")
        _ = app.submit(.command, text: "get 6")
        let text = app.render(width: 200, height: 30).text()
        #expect(text.contains("4 → Alanis Morissette"))
        // With no room left (Track's columns do not all fit), a label is cut as before.
        _ = app.submit(.command, text: "open Track")
        let track = app.render(width: 120, height: 40).text()
        #expect(track.contains("1 → For Those A…"))
        #expect(!track.contains("For Those About To Rock We Salute You"))
    }

    @Test func columnsOffScreenAreCountedOnTheBorder() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        #expect(app.render(width: 120, height: 40).text().contains("└─ columns: 6 more ▶ ─"))
        for _ in 0..<8 { _ = app.handle(.char("l")) }
        #expect(app.render(width: 120, height: 40).text().contains("└─ columns: ◀ "))
    }

    @Test func aSummaryFromEarlierIsNotShownBesideTheCurrentOne() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Track")
        app.setMessage(f.explorer.statusSummary)        // "row 1 of 3503"
        f.explorer.moveCursor(to: 9)                    // the summary is now "row 10 of 3503"
        let status = app.render(width: 120, height: 40).line(38)
        #expect(status.hasPrefix(" row 10 of 3503"))
        #expect(!status.contains("row 1 of 3503"))
    }
}

/// Sorting by a computed value shows the value: a count or a related value is a column while
/// the view is sorted by it.
@Suite struct ComputedOrderColumnSpec {
    @Test func sortingByACountShowsTheCountsAsAColumn() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "order albums.@count desc")
        let grid = app.render(width: 120, height: 40)
        #expect(grid.line(2).contains("ArtistId*    albums.@count  Name"))
        // Iron Maiden has the most albums (21), as SQLite counts them.
        let most = try #require(try f.scalar("SELECT count(*) FROM Album GROUP BY ArtistId ORDER BY count(*) DESC LIMIT 1"))
        #expect(most == 21)
        #expect(grid.line(4).contains("90               21  Iron Maiden"))
        // Back to key order: the column goes away.
        _ = app.handle(.backspace)
        #expect(!app.render(width: 120, height: 40).line(2).contains("albums.@count"))
    }

    @Test func sortingByARelatedValueShowsIt() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Album")
        _ = app.submit(.command, text: "order artist.Name")
        let grid = app.render(width: 140, height: 40)
        #expect(grid.line(2).contains("AlbumId*  artist.Name"))
        let first = try #require(try f.amigo.engine.fetchScalar("SELECT Artist.Name FROM Album JOIN Artist USING (ArtistId) ORDER BY Artist.Name, AlbumId LIMIT 1").textValue)
        #expect(grid.line(4).contains("        1  \(first)"))
    }
}

@Suite struct TablesPaneNamesSpec {
    @Test func twoNamesCutToTheSameTextKeepTheirEnds() throws {
        let db = try ShellTestDatabase("""
            CREATE TABLE playlist_track_history (id INTEGER PRIMARY KEY);
            CREATE TABLE playlist_track_ratings (id INTEGER PRIMARY KEY);
            """)
        let app = ShellApp(explorer: db.explorer)
        let text = app.render(width: 80, height: 24).text()
        #expect(text.contains("playl…istory"))
        #expect(text.contains("playl…atings"))
    }
}

/// A throwaway database made from `sql`, opened in an explorer.
final class ShellTestDatabase {
    let path: String
    let explorer: Explorer

    init(_ sql: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString).sqlite").path
        let amigo = try AmigoDatabase(reflecting: path, options: OpenOptions(create: true))
        try amigo.engine.executeScript(sql)
        explorer = try Explorer(amigo: try AmigoDatabase(reflecting: path), displayPath: "test.sqlite")
    }

    deinit {
        try? explorer.session.close()
        try? FileManager.default.removeItem(atPath: path)
    }
}

@Suite struct OverlayFrameSpec {
    @Test func theRelationsMenuStaysInsideTheGridsFrameWhenItFits() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.handle(.char("r"))
        var inside = 0
        for width in stride(from: 100, through: 220, by: 4) {
            let grid = app.render(width: width, height: 40)
            let layout = try #require(ShellLayout(width: width, height: 40, echoVisible: true))
            let row = try #require((0..<40).first { grid.line($0).contains("Relations of Artist 1") })
            let line = grid.line(row)
            let left = line.distance(from: line.startIndex, to: try #require(line.range(of: "┌─ Relations")).lowerBound)
            let menuWidth = line.distance(from: line.startIndex, to: try #require(line.range(of: "┐", options: .backwards, range: line.range(of: "┌─ Relations")!.upperBound..<line.endIndex)).lowerBound) - left + 1
            guard menuWidth <= layout.grid.width - 2 else { continue }     // wider than the grid: centred on the screen
            inside += 1
            // It fits: the grid's borders are whole on the menu's rows.
            for y in row...(row + 2) {
                #expect(grid[y, layout.grid.x].text == "│", "width \(width)")
                #expect(grid[y, layout.grid.maxX - 1].text == "│", "width \(width)")
            }
        }
        #expect(inside > 0)
    }
}
