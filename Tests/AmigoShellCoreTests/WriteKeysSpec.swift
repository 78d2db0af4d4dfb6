import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// The keys that write: `a` opens the form of a new row, `d`/`D` ask before deleting, and a
/// write typed at the `:` prompt is shown before it runs.
@Suite struct WriteKeysSpec {
    private func app(_ table: String) throws -> (ShellApp, ChinookFixture) {
        let f = try ChinookFixture()
        try f.explorer.open(table)
        return (ShellApp(explorer: f.explorer), f)
    }

    @Test func aOpensAFormWithEveryColumnAndEnterShowsTheInsertBeforeItRuns() throws {
        let (app, f) = try app("Genre")
        _ = app.handle(.char("a"))
        guard case .insertForm(let form) = app.overlay else { Issue.record("no form"); return }
        #expect(form.fields.map(\.column) == ["GenreId", "Name"])
        #expect(form.fields[0].placeholder == "assigned by the database")
        #expect(form.fields[1].placeholder == "NULL")
        _ = app.handle(.tab)
        for ch in "'Polka'" { _ = app.handle(.char(ch)) }
        _ = app.handle(.backTab)
        _ = app.handle(.tab)
        _ = app.handle(.enter)
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation"); return }
        #expect(write.statements == ["INSERT INTO \"Genre\" (\"Name\") VALUES (?)  ['Polka']"])
        #expect(f.explorer.pendingChanges == 0)
        _ = app.handle(.char("y"))
        #expect(f.explorer.pendingChanges == 1)
        #expect(try f.explorer.currentRecord()?["Name"] == .text("Polka"))
        #expect(app.message.hasPrefix("inserted Genre 26 \"Polka\""))
    }

    @Test func aBadValueKeepsTheFormOpenWithWhatWasTyped() throws {
        let (app, f) = try app("Genre")
        _ = app.handle(.char("a"))
        for ch in "abc" { _ = app.handle(.char(ch)) }
        _ = app.handle(.enter)
        guard case .insertForm(let form) = app.overlay else { Issue.record("the form closed"); return }
        #expect(form.fields[0].text == "abc")
        #expect(app.messageIsError)
        _ = app.handle(.escape)
        #expect(app.message == "add cancelled")
        #expect(f.explorer.pendingChanges == 0)
    }

    @Test func dAsksWithTheDeleteAndWhatRefusesItAndAnyOtherKeyCancels() throws {
        let (app, f) = try app("Genre")
        _ = app.handle(.char("d"))
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation"); return }
        #expect(write.statements == ["DELETE FROM \"Genre\" WHERE \"GenreId\" = ?  [1]"])
        let tracks = try #require(try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 1"))
        #expect(write.cascade?.restrictions == [.init(table: "Track", columns: ["GenreId"], parent: "Genre", action: "NO ACTION", count: tracks)])
        _ = app.handle(.char("n"))
        #expect(app.message == "delete cancelled")
        #expect(try f.scalar("SELECT count(*) FROM Genre") == 25)
    }

    @Test func aWriteTypedAtTheCommandPromptIsShownFirst() throws {
        let (app, f) = try app("Genre")
        _ = app.submit(.command, text: "sql UPDATE Genre SET Name = 'x' WHERE GenreId = 1")
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation"); return }
        #expect(write.statements == ["UPDATE Genre SET Name = 'x' WHERE GenreId = 1"])
        #expect(f.explorer.pendingChanges == 0)
        _ = app.handle(.enter)
        #expect(f.explorer.pendingChanges == 1)
    }

    @Test func completionOffersColumnsForInsertAndManyToManyRelationshipsForLink() throws {
        let (app, f) = try app("Playlist")
        _ = app
        #expect(Completion.candidates(line: "insert Na", wordStart: 7, word: "Na", kind: .command, explorer: f.explorer) == ["Name"])
        let links = Completion.candidates(line: "link ", wordStart: 5, word: "", kind: .command, explorer: f.explorer)
        #expect(!links.isEmpty)
        #expect(Completion.candidates(line: "delete a", wordStart: 7, word: "a", kind: .command, explorer: f.explorer) == ["all"])
    }
}
