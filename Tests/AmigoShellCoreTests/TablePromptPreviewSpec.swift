import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// The table prompt as it is typed (`Track/snow`): the table is shown on the first row with the
/// text; Esc puts back the view, the tables cursor and the focus; Enter keeps the table.
@Suite struct TablePromptPreviewSpec {
    @Test func typingANameAndATextPreviewsTheTableAndEscPutsEverythingBack() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Genre")
        let app = ShellApp(explorer: f.explorer)
        _ = app.handle(.down)
        #expect(app.focus == .grid && f.explorer.current?.cursorRow == 1)
        app.typed(.table, text: "Track")                   // no text to find yet: nothing shown
        #expect(f.explorer.current?.model?.name == "Genre" && app.tablePreview.table == nil)
        app.typed(.table, text: "Track/snow")
        #expect(app.tablePreview.table == "Track")
        #expect(f.explorer.current?.model?.name == "Track")
        let found = f.explorer.current?.cursorRow ?? 0
        #expect(found > 0)
        app.typed(.table, text: "Track/")                  // the text taken away: Genre again
        #expect(f.explorer.current?.model?.name == "Genre" && app.tablePreview.table == nil)
        app.typed(.table, text: "Track/snow")
        #expect(f.explorer.current?.cursorRow == found)
        _ = app.submit(.table, text: nil)                  // Esc
        #expect(f.explorer.current?.model?.name == "Genre" && f.explorer.current?.cursorRow == 1)
        #expect(app.focus == .grid && app.tablePreview.table == nil)
    }

    @Test func enterKeepsThePreviewedTableOnTheRowFound() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        app.typed(.table, text: "Track/snow")
        let found = f.explorer.current?.cursorRow
        _ = app.submit(.table, text: "Track/snow")
        #expect(f.explorer.current?.model?.name == "Track" && f.explorer.current?.cursorRow == found)
        #expect(app.focus == .grid && app.tablePreview.table == nil)
        #expect(app.explorer.tables[app.tableCursor].name == "Track")
        #expect(f.explorer.stack.count == 1)
    }
}
