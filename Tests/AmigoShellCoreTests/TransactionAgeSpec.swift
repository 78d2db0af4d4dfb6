@testable import AmigoShellCore
import Foundation
import Testing

/// A transaction holding changes keeps locks (and a server's old row versions): the status line
/// says how long it has been open, once that is worth a look.
struct TransactionAgeSpec {
    @Test func theAgeCountsFromTheFirstPendingChangeAndEndsWithTheTransaction() throws {
        let f = try ChinookFixture()
        let start = Date()
        #expect(f.explorer.pendingTransactionAge(now: start) == nil)
        _ = try f.explorer.run("open Artist")
        _ = try f.explorer.run("set Name = 'AC/DC!'")
        #expect(f.explorer.pendingTransactionAge(now: start) == 0)
        #expect(f.explorer.pendingTransactionAge(now: start.addingTimeInterval(125)) == 125)
        _ = try f.explorer.run("rollback")
        #expect(f.explorer.pendingTransactionAge(now: start.addingTimeInterval(130)) == nil)
    }

    @Test func theStatusLineShowsTheAgeOfAnOpenTransactionWithChanges() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Artist")
        _ = app.submit(.command, text: "set Name = 'AC/DC!'")
        // Pending for two minutes (a fresh transaction shows no age: an edit and its commit take seconds).
        _ = f.explorer.pendingTransactionAge(now: Date().addingTimeInterval(-125))
        let line = app.render(width: 100, height: 30).line(28)
        #expect(line.hasSuffix(" open 2m05s · tx: 1 change, 1 row"))
    }

    @Test func agesReadAsSecondsMinutesAndHours() {
        #expect(Explorer.ageText(45) == "45s")
        #expect(Explorer.ageText(125) == "2m05s")
        #expect(Explorer.ageText(3720) == "1h02m")
    }
}
