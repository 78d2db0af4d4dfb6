import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// `e` refuses what cannot be edited before asking for a value.
@Suite struct EditGuardSpec {
    @Test func eOnAPrimaryKeyCellIsRefusedWithoutOpeningThePrompt() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        try fixture.explorer.open("Artist")
        _ = app.handle(.tab)                       // focus the grid
        #expect(app.focus == .grid)
        #expect(app.handle(.char("e")) == .none)   // cursor on ArtistId, the key
        #expect(app.messageIsError)
        #expect(app.message == "edit: ArtistId is part of Artist's primary key and cannot be edited")
        _ = app.handle(.right)
        guard case .prompt(let request) = app.handle(.char("e")) else {
            Issue.record("expected the edit prompt on Name")
            return
        }
        #expect(request.kind == .edit(column: "Name"))
        #expect(request.initialText == "AC/DC")
    }

    @Test func eOnASQLResultSaysToOpenTheTable() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        try fixture.explorer.runSQL("SELECT Name FROM Artist")
        _ = app.handle(.tab)
        #expect(app.handle(.char("e")) == .none)
        #expect(app.message == "edit: a sql result is not a table; open the table to edit its rows")
    }
}
