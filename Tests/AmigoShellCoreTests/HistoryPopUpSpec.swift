import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `H` shows what ran this session — when, how long, rows, failure — with the cursor on the
/// newest; Enter runs an entry again, `e` puts it in the `:` prompt to edit.
@Suite struct HistoryPopUpSpec {
    @Test func theListSaysWhenHowLongRowsAndFailureAndKeysMoveRunAndEdit() {
        let start = Date(timeIntervalSince1970: 3600)
        var browser = HistoryBrowser(entries: [
            HistoryEntry(line: "open Track", started: start, duration: 0.0123, rows: 3503, failure: nil),
            HistoryEntry(line: "filter x >", started: start.addingTimeInterval(5), duration: 0, rows: nil, failure: "expected a value"),
        ])
        #expect(browser.lines(timeZone: TimeZone(identifier: "UTC")!) == [
            "01:00:00   0.012s   3503 rows  open Track  — ok",
            "01:00:05   0.000s              filter x >  — failed: expected a value",
        ])
        #expect(browser.cursor == 1)
        #expect(browser.handle(.up) == .stay)
        #expect(browser.cursor == 0)
        #expect(browser.handle(.enter) == .run("open Track"))
        #expect(browser.handle(.char("e")) == .prompt(PromptRequest(kind: .command, prompt: ":", initialText: "open Track")))
        #expect(browser.handle(.char("G")) == .stay)
        #expect(browser.cursor == 1)
        #expect(browser.handle(.escape) == .close)
        var empty = HistoryBrowser(entries: [])
        #expect(empty.handle(.enter) == .close)
    }

    @Test func hOpensThePopUpEnterRunsTheEntryAgainAndEEditsIt() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        _ = app.submit(.command, text: "open Genre")
        _ = app.submit(.command, text: "open Artist")
        _ = app.handle(.char("H"))
        guard case .history(let browser) = app.overlay else { Issue.record("no history pop-up"); return }
        #expect(browser.entries.map(\.line) == ["open Genre", "open Artist"])
        let screen = app.render(width: 120, height: 30).text()
        #expect(screen.contains("History — 2 commands this session"))
        #expect(screen.contains("open Genre") && screen.contains("25 rows"))
        _ = app.handle(.up)
        _ = app.handle(.enter)
        #expect(fixture.explorer.current?.model?.name == "Genre")
        #expect(fixture.explorer.history.entries.last?.line == "open Genre")
        _ = app.handle(.char("H"))
        #expect(app.handle(.char("e")) == .prompt(PromptRequest(kind: .command, prompt: ":", initialText: "open Genre")))
    }
}

extension HistoryPopUpSpec {
    @Test func sInThePopUpAsksANameAndSavesTheEntryAsASavedQuery() throws {
        let fixture = try ChinookFixture()
        let dir = TemporaryFile.path("saved-from-history", ext: "d")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        fixture.explorer.savedQueries = SavedQueries(database: fixture.path, environment: ["XDG_DATA_HOME": dir, "HOME": "/nonexistent"])
        let app = ShellApp(explorer: fixture.explorer)
        _ = app.submit(.command, text: "open Genre")
        _ = app.submit(.command, text: "filter Name BEGINSWITH 'R'")
        _ = app.handle(.char("H"))
        #expect(app.render(width: 120, height: 30).text().contains("s saves as…"))
        _ = app.handle(.up)
        #expect(app.handle(.char("s")) == .prompt(PromptRequest(kind: .saveName(line: "open Genre"), prompt: "save as> ", initialText: "")))
        if case .none = app.overlay {} else { Issue.record("the pop-up stayed open") }
        _ = app.submit(.saveName(line: "open Genre"), text: "genres")
        #expect(app.message == "saved genres: open Genre (run genres runs it)")
        #expect(try fixture.explorer.savedQueries.command(named: "genres") == "open Genre")
        #expect(Completion.candidates(line: "ge", wordStart: 0, word: "ge", kind: .saveName(line: "x"), explorer: fixture.explorer) == ["genres"])
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "run genres")
        #expect(fixture.explorer.current?.model?.name == "Genre")
        // A bad name is said, and nothing is saved.
        _ = app.submit(.saveName(line: "open Track"), text: "no spaces allowed")
        #expect(app.message.contains("save NAME [COMMAND]"))
        #expect(try fixture.explorer.savedQueries.load().map(\.name) == ["genres"])
        var browser = HistoryBrowser(entries: [HistoryEntry(line: "tables", started: Date(), duration: 0, rows: nil, failure: nil)])
        #expect(browser.handle(.char("s")) == .prompt(PromptRequest(kind: .saveName(line: "tables"), prompt: "save as> ", initialText: "")))
    }
}
