import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Keys in, effects out: the terminal UI's behaviour without a terminal.
@Suite struct ShellAppKeysSpec {
    /// An app over a private copy of chinook (the fixture keeps the copy alive).
    private func app(options: OpenOptions = OpenOptions()) throws -> (ShellApp, ChinookFixture) {
        let f = try ChinookFixture(options: options)
        return (ShellApp(explorer: f.explorer), f)
    }

    /// Presses each key in turn and returns the last effect.
    @discardableResult
    private func press(_ app: ShellApp, _ keys: Key...) -> ShellApp.ShellEffect {
        var effect = ShellApp.ShellEffect.none
        for key in keys { effect = app.handle(key) }
        return effect
    }

    private func type(_ app: ShellApp, _ text: String) {
        for ch in text { _ = app.handle(.char(ch)) }
    }

    private var isNoOverlay: (ShellApp) -> Bool = { app in if case .none = app.overlay { return true } else { return false } }

    @Test func theTablesListHasFocusUntilATableIsOpen() throws {
        let (app, _) = try app()
        #expect(app.focus == .tables)
        #expect(app.message == "11 tables and views — Enter opens, ? lists every key")
        #expect(!app.messageIsError)
    }

    @Test func tabCyclesFocusThroughTheVisiblePanes() throws {
        let (app, f) = try app()
        // No view yet: tables and echo only.
        press(app, .tab)
        #expect(app.focus == .echo)
        press(app, .tab)
        #expect(app.focus == .tables)
        try f.explorer.open("Artist")
        press(app, .tab)
        #expect(app.focus == .grid)
        press(app, .tab)
        #expect(app.focus == .echo)
        press(app, .tab)
        #expect(app.focus == .tables)
        press(app, .backTab)
        #expect(app.focus == .echo)
        // With the echo pane hidden (E), Tab skips it.
        press(app, .char("E"))
        #expect(!app.echoVisible)
        #expect(app.focus == .grid)
        press(app, .tab, .tab)
        #expect(app.focus == .grid)
    }

    @Test func tabSkipsTheEchoPaneWhenTheTerminalHasNoRoomForIt() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .tab, .tab)
        #expect(app.focus == .echo)
        let short = FrameLayout(app, width: 60, height: 16)    // too short for the echo pane below the grid
        #expect(short.focus == .grid && app.focus == .echo)     // drawn on the grid; the first key moves it there
        _ = app.handle(.tab, in: short)
        #expect(app.focus == .tables)
        _ = app.handle(.tab, in: FrameLayout(app, width: 60, height: 16))
        #expect(app.focus == .grid)
        _ = app.handle(.tab, in: FrameLayout(app, width: 120, height: 40))    // room again
        #expect(app.focus == .echo)
    }

    @Test func enterInTheTablesListOpensTheTableUnderTheCursor() throws {
        let (app, f) = try app()
        press(app, .down)
        #expect(app.tableCursor == 1)
        #expect(press(app, .enter) == .none)
        #expect(f.explorer.current?.title == "Artist")
        #expect(app.focus == .grid)
        #expect(app.message == "row 1 of 275")
    }

    @Test func lettersInTheTablesListNeverJumpButSayWhatToPress() throws {
        let (app, f) = try app()
        type(app, "w")
        #expect(app.tableCursor == 0)
        #expect(app.message == "'w' does nothing here — t opens a table by name, f finds, # jumps to a key, ? lists every key")
        // Movement keys move in the tables list as in the grid.
        press(app, .char("j"), .char("j"))
        #expect(app.tableCursor == 2)
        press(app, .char("G"))
        #expect(f.explorer.tables[app.tableCursor].name == "Track")
        press(app, .char("g"))
        #expect(app.tableCursor == 0)
        // q quits from the tables pane, whatever the tables are called.
        #expect(press(app, .char("q")) == .quit)
    }

    @Test func tOpensATableByNameWithPrefixSubstringAndFuzzyMatching() throws {
        let (app, f) = try app()
        #expect(press(app, .char("t")) == .prompt(ShellApp.PromptRequest(kind: .table, prompt: "open table> ", initialText: "")))
        _ = app.submit(.table, text: "playlist t")      // a space can be typed; letters in order
        #expect(f.explorer.current?.title == "PlaylistTrack")
        _ = app.submit(.table, text: "Artist")
        _ = app.submit(.table, text: "pltr")            // letters in order: PlaylistTrack
        #expect(f.explorer.current?.title == "PlaylistTrack")
        #expect(app.focus == .grid)
        #expect(f.explorer.tables[app.tableCursor].name == "PlaylistTrack")
        _ = app.submit(.table, text: "inv")             // a prefix: the first in the list
        #expect(f.explorer.current?.title == "Invoice")
        _ = app.submit(.table, text: "voiceline")       // a part
        #expect(f.explorer.current?.title == "InvoiceLine")
        _ = app.submit(.table, text: "zzz")
        #expect(app.messageIsError)
        #expect(app.message == "no table or view matches 'zzz'")
        #expect(f.explorer.current?.title == "InvoiceLine")
        // Completion offers tables whose names start with the text, else those with its letters in order.
        #expect(Completion.candidates(line: "Pl", wordStart: 0, word: "Pl", kind: .table, explorer: f.explorer) == ["Playlist", "PlaylistTrack"])
        #expect(Completion.candidates(line: "ivl", wordStart: 0, word: "ivl", kind: .table, explorer: f.explorer) == ["InvoiceLine"])
    }

    @Test func rListsTheRelationsOfTheCurrentRowAndEnterFollowsOne() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .tab)                                        // tables → grid
        #expect(app.focus == .grid)
        press(app, .char("r"))
        guard case .relations(let rows, let cursor) = app.overlay else { Issue.record("no relations overlay"); return }
        #expect(rows.map(\.relationship.name) == ["artist", "tracks"])
        #expect(rows.map(\.count) == [1, 10])
        #expect(cursor == 0)
        press(app, .char("t"))                                  // type-ahead in the menu
        guard case .relations(_, let moved) = app.overlay else { Issue.record("the menu closed"); return }
        #expect(moved == 1)
        press(app, .enter)
        #expect(isNoOverlay(app))
        #expect(f.explorer.current?.title == "tracks")
        #expect(f.explorer.current?.totalCount == 10)
        #expect(app.message == "tracks: 10 rows")
    }

    @Test func escapeClosesTheRelationsMenuWithoutFollowing() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .tab, .char("r"), .escape)
        #expect(isNoOverlay(app))
        #expect(f.explorer.stack.count == 1)
    }

    @Test func enterOnAForeignKeyCellJumpsAndOnAnyOtherCellListsRelations() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .tab, .right, .right)                        // ArtistId
        press(app, .enter)
        #expect(f.explorer.current?.title == "artist")
        #expect(try f.explorer.currentRecord()?["Name"] == .text("AC/DC"))
        #expect(app.message == "followed artist")
        press(app, .backspace)
        press(app, .left)                                       // Title
        press(app, .enter)
        guard case .relations = app.overlay else { Issue.record("no relations overlay"); return }
    }

    @Test func backspaceGoesBackToThePreviousViewWithItsCursor() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .tab, .char("j"), .char("j"))
        #expect(f.explorer.current?.cursorRow == 2)
        press(app, .char("r"), .enter)
        #expect(f.explorer.current?.title == "albums")
        press(app, .backspace)
        #expect(f.explorer.current?.title == "Artist")
        #expect(f.explorer.current?.cursorRow == 2)
        #expect(app.message == "row 3 of 275")
        press(app, .backspace)
        #expect(app.messageIsError)
        #expect(app.message == "nothing to go back to")
    }

    @Test func slashAsksForAFilterAndSubmittingAppliesIt() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        let effect = press(app, .char("/"))
        #expect(effect == .prompt(ShellApp.PromptRequest(kind: .filter, prompt: "filter> ", initialText: "")))
        #expect(app.submit(.filter, text: "Milliseconds > 300000 AND Composer CONTAINS[c] 'page'") == .none)
        let expected = try #require(try f.scalar("SELECT count(*) FROM Track WHERE Milliseconds > 300000 AND lower(Composer) LIKE '%page%'"))
        #expect(f.explorer.current?.totalCount == expected)
        #expect(app.message == "row 1 of \(expected) · filter: Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
        #expect(!app.messageIsError)
        // The next `/` starts empty: a new filter replaces this one, which stays one Backspace away.
        #expect(press(app, .char("/")) == .prompt(ShellApp.PromptRequest(kind: .filter, prompt: "filter> ", initialText: "")))
        // A cancelled prompt changes nothing.
        #expect(app.submit(.filter, text: nil) == .none)
        #expect(app.message == "cancelled")
        #expect(f.explorer.current?.totalCount == expected)
    }

    @Test func aMalformedFilterShowsAnErrorInTheStatusLineAndTheAppKeepsWorking() throws {
        let (app, f) = try app()
        try f.explorer.open("Track")
        press(app, .tab)
        _ = app.submit(.filter, text: "Milliseconds >> 3")
        #expect(app.messageIsError)
        #expect(app.message.hasPrefix("filter error at column"))
        #expect(!app.message.contains("\n"))
        #expect(f.explorer.current?.filter == nil)
        #expect(f.explorer.current?.totalCount == 3503)
        let screen = app.render(width: 120, height: 40)
        #expect(screen.line(38).contains(app.message))
        // Keys still work, and the next successful action clears the error.
        press(app, .char("j"))
        #expect(f.explorer.current?.cursorRow == 1)
        _ = app.submit(.filter, text: "GenreId = 1")
        #expect(!app.messageIsError)
        #expect(f.explorer.current?.totalCount == (try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1")))
    }

    @Test func sAndCapitalSSortByTheCurrentColumn() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .tab, .char("l"), .char("S"))
        #expect(f.explorer.current?.order?.column == "Name")
        #expect(f.explorer.current?.order?.descending == true)
        #expect(app.message == "sorted by Name descending")
        #expect(try f.explorer.currentRecord()?["Name"] == f.amigo.engine.fetchScalar("SELECT Name FROM Artist ORDER BY Name DESC LIMIT 1"))
        press(app, .char("s"))
        #expect(f.explorer.current?.order?.descending == false)
        #expect(app.message == "sorted by Name")
    }

    @Test func equalsNarrowsToTheCurrentCellsValue() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .tab, .char("l"), .char("l"), .char("="))
        #expect(f.explorer.current?.filter == "ArtistId = 1")
        #expect(f.explorer.current?.totalCount == 2)
        #expect(app.message == "row 1 of 2 · filter: ArtistId = 1")
    }

    @Test func movementKeysMoveTheCursorAndStayInsideTheRows() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .tab)
        app.explorer.viewportRows = 10
        press(app, .pageDown)
        #expect(f.explorer.current?.cursorRow == 9)
        press(app, .char("G"))
        #expect(f.explorer.current?.cursorRow == 274)
        press(app, .down)
        #expect(f.explorer.current?.cursorRow == 274)
        press(app, .pageUp)
        #expect(f.explorer.current?.cursorRow == 265)
        press(app, .char("g"))
        #expect(f.explorer.current?.cursorRow == 0)
        press(app, .up, .left)
        #expect(f.explorer.current?.cursorRow == 0)
        #expect(f.explorer.current?.cursorColumn == 0)
        press(app, .right, .right, .right)
        #expect(f.explorer.current?.cursorColumn == 1)
    }

    @Test func qQuitsAtOnceWhenNothingIsUncommitted() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        #expect(press(app, .tab, .char("q")) == .quit)
    }

    @Test func qWithUncommittedChangesAsksAndYQuits() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        _ = try f.explorer.run("set Name = changed")
        #expect(press(app, .tab, .char("q")) == .none)
        guard case .confirmQuit = app.overlay else { Issue.record("no confirmation"); return }
        #expect(press(app, .char("n")) == .none)
        #expect(isNoOverlay(app))
        #expect(app.message == "not quitting — :commit or :rollback the 1 change(s)")
        press(app, .char("q"))
        #expect(press(app, .char("y")) == .quit)
    }

    @Test func eAsksForTheValueThenShowsTheUpdateAndYAppliesIt() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        let effect = press(app, .tab, .char("l"), .char("e"))
        #expect(effect == .prompt(ShellApp.PromptRequest(kind: .edit(column: "Name"), prompt: "Name = ", initialText: "AC/DC")))
        #expect(app.submit(.edit(column: "Name"), text: "AC/DC (live)") == .none)
        guard case .confirmEdit(let edit) = app.overlay else { Issue.record("no confirmation"); return }
        #expect(edit.preview == "UPDATE \"Artist\" SET \"Name\" = ? WHERE \"ArtistId\" = ?  ['AC/DC (live)', 1]")
        #expect(f.explorer.pendingChanges == 0)
        press(app, .char("y"))
        #expect(isNoOverlay(app))
        #expect(f.explorer.pendingChanges == 1)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("AC/DC (live)"))
        #expect(app.message == "updated Name — 1 uncommitted (:commit keeps, :rollback undoes) · UPDATE \"Artist\" SET \"Name\" = ? WHERE \"ArtistId\" = ?")
    }

    @Test func anyOtherKeyThanYCancelsTheEdit() throws {
        let (app, f) = try app()
        try f.explorer.open("Artist")
        press(app, .tab, .char("l"), .char("e"))
        _ = app.submit(.edit(column: "Name"), text: "nope")
        press(app, .escape)
        #expect(app.message == "edit cancelled")
        #expect(f.explorer.pendingChanges == 0)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("AC/DC"))
    }

    @Test func eOnAReadOnlyDatabaseSaysSoInsteadOfAsking() throws {
        let (app, f) = try app(options: OpenOptions(readOnly: true))
        try f.explorer.open("Artist")
        #expect(press(app, .tab, .char("l"), .char("e")) == .none)
        #expect(app.messageIsError)
        #expect(app.message == "cannot edit rows: \(f.amigo.engine.path) is open read-only")
    }

    @Test func vShowsTheRowVerticallyWithForeignKeyLabelsAndAnyOtherKeyClosesIt() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .tab, .char("v"))
        guard case .detail(let text, _) = app.overlay else { Issue.record("no detail"); return }
        #expect(text == """
            Album 1 "For Those About To Rock…"
            AlbumId   1
            Title     For Those About To Rock We Salute You
            ArtistId  1 → AC/DC
            """)
        press(app, .char("x"))
        #expect(isNoOverlay(app))
    }

    @Test func vOnARawSelectShowsThatResultsRow() throws {
        let (app, f) = try app()
        _ = app.submit(.command, text: "sql SELECT ArtistId, Name, x'00ff' AS raw FROM Artist WHERE ArtistId IN (1, 2) ORDER BY ArtistId")
        #expect(!app.messageIsError)
        press(app, .down, .char("v"))
        guard case .detail(let text, _) = app.overlay else { Issue.record("no detail: \(app.message)"); return }
        #expect(text == """
            sql row 2 of 2
            ArtistId  2
            Name      Accept
            raw       ⟨2 bytes⟩
                      00000000  00 ff                                             ..
            """)
        #expect(f.explorer.current?.isModelView == false)
    }

    @Test func questionMarkOpensHelpListingEveryKey() throws {
        let (app, f) = try app()
        try f.explorer.open("Album")
        press(app, .char("?"))
        guard case .help = app.overlay else { Issue.record("no help"); return }
        let screen = app.render(width: 120, height: 80).text()
        for binding in KeyMap.bindings { #expect(screen.contains(binding.summary), "\(binding.label)") }
        press(app, .escape)
        #expect(isNoOverlay(app))
    }

    @Test func colonRunsACommandAndErrorsGoToTheStatusLine() throws {
        let (app, f) = try app()
        #expect(press(app, .char(":")) == .prompt(ShellApp.PromptRequest(kind: .command, prompt: ":", initialText: "")))
        _ = app.submit(.command, text: "open Genre")
        #expect(f.explorer.current?.title == "Genre")
        #expect(app.focus == .grid)
        #expect(app.message == "row 1 of 25")
        _ = app.submit(.command, text: "fliter Name = 'Rock'")
        #expect(app.messageIsError)
        #expect(app.message == "unknown command 'fliter' (did you mean 'filter'?); type help for the list")
        _ = app.submit(.command, text: "schema Genre")
        guard case .output(let title, let text, _) = app.overlay else { Issue.record("no output"); return }
        #expect(title == "schema Genre")
        #expect(text.hasPrefix("CREATE TABLE [Genre]"))
        press(app, .escape)
        #expect(app.submit(.command, text: "quit") == .quit)
    }

    @Test func aResizeAsksForARedraw() throws {
        let (app, _) = try app()
        #expect(press(app, .resize(width: 100, height: 30)) == .redraw)
        #expect(press(app, .control("l")) == .redraw)
    }
}
