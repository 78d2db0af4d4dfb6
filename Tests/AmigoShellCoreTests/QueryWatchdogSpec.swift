import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Any query the UI runs can be cancelled, and housekeeping never holds up the keyboard.
@Suite struct QueryWatchdogSpec {
    /// A watchdog over a fake clock and a queue of typed keys.
    final class Harness {
        var clock: UInt64 = 0
        var typed: [Key] = []
        var announcements = 0
        var endRequested = false
        lazy var watchdog = QueryWatchdog(now: { [unowned self] in clock },
                                          pollKey: { [unowned self] in typed.isEmpty ? nil : typed.removeFirst() },
                                          showWorking: { [unowned self] in announcements += 1 },
                                          endRequested: { [unowned self] in endRequested })
    }

    @Test func aProgramAskedToEndStopsItsQueryAtOnceWithoutReadingKeys() {
        let h = Harness()
        h.watchdog.begin(.key)
        h.typed = [.char("j")]
        h.clock = 10_000_000           // well before the 150 ms a key's work runs unwatched
        #expect(!h.watchdog.shouldInterrupt())
        h.endRequested = true          // SIGHUP or SIGTERM: the terminal is already given back
        #expect(h.watchdog.shouldInterrupt())
        #expect(h.watchdog.cancelled)
        #expect(h.typed == [.char("j")])
        #expect(h.announcements == 0)   // nothing is drawn on a terminal given back
    }

    @Test func keyWorkSaysItIsWorkingAfter150msAndEscapeCancelsIt() {
        let h = Harness()
        h.watchdog.begin(.key)
        h.typed = [.char("j")]
        h.clock = 100_000_000
        #expect(!h.watchdog.shouldInterrupt())
        #expect(h.announcements == 0)
        #expect(h.typed == [.char("j")])     // not polled yet: fast work never reads keys
        h.clock = 160_000_000
        #expect(!h.watchdog.shouldInterrupt())
        #expect(h.announcements == 1)
        h.typed = [.escape]
        h.clock = 200_000_000
        #expect(h.watchdog.shouldInterrupt())
        #expect(h.watchdog.cancelled)
        #expect(h.watchdog.takeKeys() == [.char("j")])
        #expect(h.watchdog.takeKeys() == [])
        h.watchdog.end()
        #expect(!h.watchdog.shouldInterrupt())
    }

    @Test func idleWorkStopsAtTheFirstKeyAndKeepsIt() {
        let h = Harness()
        h.watchdog.begin(.idle)
        #expect(!h.watchdog.shouldInterrupt())
        h.typed = [.char("q")]
        h.clock = 30_000_000
        #expect(h.watchdog.shouldInterrupt())
        #expect(h.announcements == 0)
        #expect(h.watchdog.takeKeys() == [.char("q")])
    }

    /// Esc during other idle work (row links, the check for changes made elsewhere) is a key
    /// like any other: kept, so that it goes back a view as the key map says.
    @Test func escDuringIdleWorkOtherThanACountIsKeptAsAKey() {
        let h = Harness()
        h.watchdog.begin(.idle)
        h.typed = [.escape]
        h.clock = 30_000_000
        #expect(h.watchdog.shouldInterrupt())
        #expect(!h.watchdog.stoppedIdleWorkWithEscape)
        #expect(h.watchdog.takeKeys() == [.escape])
    }

    @Test func meteredIdleWorkShowsItsProgressAfter150msAndEscOnlyStopsIt() {
        let h = Harness()
        h.watchdog.refreshes = { true }
        h.watchdog.begin(.idle, escapeOnlyStops: true)
        h.clock = 100_000_000
        #expect(!h.watchdog.shouldInterrupt())
        #expect(h.announcements == 0)
        h.clock = 160_000_000
        #expect(!h.watchdog.shouldInterrupt())
        #expect(h.announcements == 1)
        h.clock = 450_000_000
        #expect(!h.watchdog.shouldInterrupt())
        #expect(h.announcements == 2)            // shown again: its progress moves
        h.typed = [.escape]
        h.clock = 500_000_000
        #expect(h.watchdog.shouldInterrupt())
        #expect(h.watchdog.stoppedIdleWorkWithEscape)
        #expect(h.watchdog.takeKeys() == [])     // Esc stopped the count; it does not also go back
        h.watchdog.begin(.idle)
        #expect(!h.watchdog.stoppedIdleWorkWithEscape)
    }

    @Test func anInterruptedQueryFailsChangesNothingAndTheSessionGoesOn() throws {
        let f = try ChinookFixture()
        var calls = 0
        f.amigo.engine.setInterruptCheck { calls += 1; return calls > 3 }
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        #expect(throws: AmigoError.self) { try f.explorer.run("sql \(endless)") }
        f.amigo.engine.setInterruptCheck(nil)
        _ = try f.explorer.run("open Genre")
        #expect(try f.explorer.run("count").output == "25")
    }

    @Test func aDeferredCountInterruptedByAKeyStaysDeferred() throws {
        let path = TemporaryFile.path("deferred")
        defer { TemporaryFile.remove(path) }
        do {
            let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
            try engine.executeScript("CREATE TABLE big (id INTEGER PRIMARY KEY); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 30000) INSERT INTO big SELECT x FROM c;")
        }
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "deferred", tableCountLimit: 100)
        #expect(explorer.tables.first?.isLowerBound == true)
        explorer.amigo.engine.setInterruptCheck { true }
        #expect(explorer.completeDeferredCounts() == false)
        #expect(explorer.tables.first?.isLowerBound == true)
        explorer.amigo.engine.setInterruptCheck(nil)
        #expect(explorer.completeDeferredCounts() == true)
        #expect(explorer.tables.first?.rowCount == 30000)
        try? explorer.session.close()
    }
}

/// A cancelled step leaves the view as it was.
@Suite struct CancelledStepsSpec {
    @Test func aCancelledSortLeavesTheViewUnsortedWithItsRows() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        f.explorer.moveCursor(to: 5)
        f.amigo.engine.setInterruptCheck { true }
        #expect(throws: AmigoError.self) { try f.explorer.setOrder(column: "album.Title", descending: true) }
        f.amigo.engine.setInterruptCheck(nil)
        #expect(f.explorer.current?.order == nil)
        #expect(f.explorer.current?.cursorRow == 5)
        #expect(try f.explorer.currentRecord()?["TrackId"] == .integer(6))
    }

    @Test func aCancelledJumpLeavesTheCursorWhereItWas() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Track")
        try f.explorer.setOrder(column: "album.Title", descending: false)
        f.amigo.engine.setInterruptCheck { true }
        f.explorer.moveCursor(to: 3000)
        f.amigo.engine.setInterruptCheck(nil)
        #expect(f.explorer.current?.cursorRow == 0)
        f.explorer.moveCursor(to: 3000)
        #expect(f.explorer.current?.cursorRow == 3000)
    }
}
