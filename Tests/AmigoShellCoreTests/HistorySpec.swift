import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `history` (what ran: when, how long, rows, failure) and saved queries (`save NAME`,
/// `run NAME`) kept per database in a plain file under the data folder.
@Suite struct HistorySpec {
    /// A folder of its own for saved-query files, removed afterwards by the caller.
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "amigo-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func eachCommandIsRecordedWithItsTimeDurationRowsAndFailure() throws {
        let f = try ChinookFixture()
        // A clock that moves 2 seconds per reading: durations are known exactly.
        var tick = 0.0
        let history = CommandHistory(now: { tick += 2; return Date(timeIntervalSince1970: tick) })
        var out = "", err = ""
        let runner = TextModeRunner(explorer: f.explorer, echo: false, output: { out += $0 }, errors: { err += $0 + "\n" })
        f.explorer.history = history
        runner.run("open Genre")
        runner.run("filter Name = 'Rock'")
        runner.run("open Nothing")
        runner.run("fliter x")
        let entries = f.explorer.history.entries
        #expect(entries.map(\.line) == ["open Genre", "filter Name = 'Rock'", "open Nothing", "fliter x"])
        #expect(entries.map(\.rows) == [25, 1, nil, nil])
        #expect(entries.map(\.failed) == [false, false, true, true])
        #expect(entries[0].duration == 2)
        #expect(entries[2].failure?.contains("no table or view 'Nothing'") == true)
        runner.run("history")
        let utc = try #require(TimeZone(identifier: "UTC"))
        let listing = f.explorer.history.listing(timeZone: utc)
        #expect(listing.contains("2.00s"))
        #expect(listing.contains("failed: "))
        #expect(out.contains("open Genre"))
        _ = err
    }

    @Test func saveKeepsTheLastCommandAndRunRunsItFromAPlainFile() throws {
        let f = try ChinookFixture()
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let saved = SavedQueries(database: f.path, environment: ["XDG_DATA_HOME": dir, "HOME": "/nonexistent"])
        #expect(saved.path.hasPrefix(dir + "/amigo-shell/saved-queries/"))
        #expect(saved.path.hasSuffix(".queries"))
        f.explorer.savedQueries = saved
        let e = f.explorer
        _ = try e.recordingHistory("open Track", .open("Track")) { try e.run("open Track") }
        _ = try e.recordingHistory("filter GenreId = 2", .filter("GenreId = 2")) { try e.run("filter GenreId = 2") }
        _ = try e.run("save jazz")
        _ = try e.run("save long sql SELECT Name FROM Track WHERE Milliseconds > 1000000")
        let text = try String(contentsOfFile: saved.path, encoding: .utf8)
        #expect(text.contains("jazz\tfilter GenreId = 2\n"))
        #expect(text.contains("long\tsql SELECT Name FROM Track WHERE Milliseconds > 1000000\n"))
        _ = try e.run("filter")
        _ = try e.run("run jazz")
        #expect(e.current?.filter == "GenreId = 2")
        #expect(Completion.candidates(line: "run ", wordStart: 4, word: "", kind: .command, explorer: e) == ["jazz", "long"])
        #expect(throws: ShellError.noSavedQuery(name: "nope", available: ["jazz", "long"])) { try e.run("run nope") }
    }

    @Test func aMalformedOrUnreadableFileIsReportedAndLeftUntouched() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/broken.queries"
        let broken = "# mine\nthis line has no tab\n"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let saved = SavedQueries(path: path, database: "x.sqlite")
        #expect(throws: ShellError.savedQueriesFile(path: path, reason: "line 2 is not NAME<tab>COMMAND")) { try saved.load() }
        #expect(throws: ShellError.self) { try saved.save("open Track", as: "t") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
        try Data([0xff, 0xfe, 0x00]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ShellError.savedQueriesFile(path: path, reason: "is not UTF-8 text")) { try saved.load() }
        #expect(saved.names.isEmpty)
    }

    @Test func theFolderFollowsXDGDataHomeOrDefaultsUnderHome() {
        #expect(SavedQueries.folder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"]) == "/data/amigo-shell/saved-queries")
        #expect(SavedQueries.folder(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/amigo-shell/saved-queries")
        #expect(SavedQueries.folder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"]) == "/home/ada/.local/share/amigo-shell/saved-queries")
    }
}
