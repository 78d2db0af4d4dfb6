import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Before any table is open, the empty grid lists the first nine tables with their numbers and a
/// digit opens the one with that number; once a table is open, the digits follow the current
/// row's links again.
@Suite struct FirstScreenNumbersSpec {
    /// The demo database in memory, reflected (eight tables: fewer than nine).
    private func demo() throws -> ShellApp {
        let engine = try SQLiteEngine(path: ":memory:")
        try DemoDatabase.populate(engine)
        return ShellApp(explorer: try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "demo"))
    }

    @Test func theEmptyGridListsTheFirstNineTablesWithTheirNumbers() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        let screen = app.render(width: 120, height: 30)
        #expect(screen.line(3).contains("│ Choose a table and press Enter (or :open NAME)."))
        #expect(screen.line(4).contains("│ Or press its number:"))
        #expect(screen.line(5).contains("│   1  Album         347 "))
        #expect(screen.line(11).contains("│   7  InvoiceLine  2240 "))
        #expect(screen.line(13).contains("│   9  Playlist       18 "))
        // The tenth has no digit to open it; the tables pane itself is as always.
        #expect(!screen.text().contains("10  PlaylistTrack"))
        #expect(screen.line(2).hasPrefix("│Album          347│"))
    }

    @Test func aShortGridListsAsManyAsFit() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        let screen = app.render(width: 80, height: 20)
        let listed = screen.text().split(separator: "\n").filter { $0.range(of: #"│   \d  "#, options: .regularExpression) != nil }
        #expect(listed.count >= 1 && listed.count < 9)
        #expect(screen.text().contains("   1  Album"))
        // A digit opens only a table whose number is on the screen.
        let layout = FrameLayout(app, width: 80, height: 20)
        _ = app.handle(.char("9"), in: layout)
        #expect(f.explorer.current == nil)
        #expect(app.message == "no table 9: the tables listed are numbered 1–\(listed.count); t opens one by name")
        _ = app.handle(.char("1"), in: layout)
        #expect(f.explorer.current?.model?.name == "Album")
    }

    @Test func at80By24AllNineNumbersFit() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        #expect(app.render(width: 80, height: 24).text().contains("   9  Playlist"))
    }

    @Test func aDigitOpensTheTableWithThatNumber() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.handle(.char("4"))
        #expect(f.explorer.current?.model?.name == "Employee")
        #expect(app.focus == .grid)
        #expect(app.tableCursor == 3)
        #expect(!app.messageIsError)
    }

    @Test func onceATableIsOpenDigitsFollowTheRowsLinksAndTheNumbersGo() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.handle(.char("4"))       // Employee, row 1 (Andrew Adams)
        _ = app.handle(.char("j"))       // Nancy Edwards
        _ = app.handle(.char("3"))       // her third link: reports
        #expect(f.explorer.current?.title == "reports")
        #expect(f.explorer.current?.totalCount == 3)
        #expect(!app.render(width: 120, height: 30).text().contains("Or press its number"))
    }

    @Test func aDigitBeyondTheListedTablesSaysWhichAreNumbered() throws {
        let app = try demo()
        _ = app.handle(.char("9"))
        #expect(app.explorer.current == nil)
        #expect(app.message == "no table 9: the tables listed are numbered 1–8; t opens one by name")
        _ = app.handle(.char("6"))
        #expect(app.explorer.current?.model?.name == "person")
    }

    @Test func aFileWithoutTablesSaysSo() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let app = ShellApp(explorer: try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "empty"))
        _ = app.handle(.char("1"))
        #expect(app.message == "the file has no tables")
        #expect(!app.render(width: 100, height: 24).text().contains("Or press its number"))
    }
}
