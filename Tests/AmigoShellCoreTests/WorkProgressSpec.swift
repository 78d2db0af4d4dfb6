import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Long work — an export, a profile, a count — says how far it has come: rows done, the
/// percentage when the total is known, a rate, the time, and how to stop it; in the status line
/// (refreshed while it works) and, in text mode, on standard error.
@Suite struct WorkProgressSpec {
    @Test func theProgressLineSaysRowsPercentRateAndHowToStop() {
        #expect(WorkMeter.line(activity: "exporting orders", rows: 1_234_567, total: 5_000_000, elapsedNanoseconds: 600_000_000)
                == "exporting orders: 1,234,567 of 5,000,000 rows (24%) · 2.1 M rows/s · 0.6 s · Esc stops")
        #expect(WorkMeter.line(activity: "profiling status", rows: 42_000, total: nil, elapsedNanoseconds: 2_000_000_000)
                == "profiling status: 42,000 rows · 21 k rows/s · 2.0 s · Esc stops")
        #expect(WorkMeter.line(activity: "counting orders", rows: nil, total: 10, elapsedNanoseconds: 50_000_000)
                == "counting orders: working · 0.1 s · Esc stops")
    }

    /// The activity names a table or a column, which are data: the status line the run loop
    /// shows while work runs (drawn straight to the terminal, past the screen grid) never carries
    /// an escape sequence from them.
    @Test func aNameWithControlCharactersReachesTheProgressLineAsText() {
        let line = WorkMeter.line(activity: "exporting evil\u{1B}]52;c;AAAA\u{07}", rows: 5, total: nil, elapsedNanoseconds: 0)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(line.hasPrefix("exporting evil"))
        #expect(line.contains("]52;c;AAAA"))
    }

    @Test func theMeterDescribesOnlyTheWorkRunningAndTheOutermost() {
        var clock: UInt64 = 0
        let meter = WorkMeter(now: { clock })
        var done = 0
        #expect(meter.status() == nil)
        meter.measure("exporting Track", total: 3503, rows: { done }) {
            clock = 1_000_000_000
            done = 1000
            meter.measure("inner work", rows: { 5 }) {
                #expect(meter.status() == "exporting Track: 1,000 of 3,503 rows (28%) · 1000 rows/s · 1.0 s · Esc stops")
            }
        }
        #expect(meter.status() == nil)
    }

    /// The status line of metered work is shown again every 250 ms while it goes on, so that its numbers move.
    @Test func theWatchdogShowsTheStatusAgainWhileWorkGoesOn() {
        var clock: UInt64 = 0
        var shown = 0
        var metered = true
        let watchdog = QueryWatchdog(now: { clock }, pollKey: { nil }, showWorking: { shown += 1 })
        watchdog.refreshes = { metered }
        watchdog.begin(.key)
        for ms in stride(from: 0, through: 1000, by: 10) {
            clock = UInt64(ms) * 1_000_000
            _ = watchdog.shouldInterrupt()
        }
        // At 150 ms, then every 250 ms: 400, 650, 900.
        #expect(shown == 4)
        // Work that is not metered is announced once.
        metered = false
        watchdog.begin(.key)
        for ms in stride(from: 0, through: 1000, by: 10) {
            clock = 2_000_000_000 + UInt64(ms) * 1_000_000
            _ = watchdog.shouldInterrupt()
        }
        #expect(shown == 5)
    }

    /// Text mode: nothing for work under 150 ms; then a line rewritten in place every 250 ms,
    /// erased when the work ends.
    @Test func textModeWritesAProgressLineOnStandardErrorAndErasesIt() {
        var clock: UInt64 = 0
        var written: [String] = []
        let meter = WorkMeter(now: { clock })
        let line = ProgressLine(meter: meter, write: { written.append($0) }, now: { clock })
        meter.measure("profiling status", total: 100, rows: { Int(clock / 10_000_000) }) {
            for ms in stride(from: 0, through: 500, by: 50) {
                clock = UInt64(ms) * 1_000_000
                line.tick()
            }
        }
        #expect(written == ["\r\u{1B}[Kprofiling status: 15 of 100 rows (15%) · 100 rows/s · 0.1 s · Ctrl-C stops",
                            "\r\u{1B}[Kprofiling status: 40 of 100 rows (40%) · 100 rows/s · 0.4 s · Ctrl-C stops",
                            "\r\u{1B}[K"])
    }

    /// A profile over every row of a table is metered with the rows SQLite has scanned.
    @Test func aProfileIsMeteredByTheRowsScanned() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        var seen: [String] = []
        f.explorer.amigo.engine.setInterruptCheck {
            if let status = f.explorer.database.meter.status() { seen.append(status) }
            return false
        }
        defer { f.explorer.amigo.engine.setInterruptCheck(nil) }
        _ = try f.explorer.valueProfile(of: "Composer")
        #expect(seen.contains { $0.hasPrefix("profiling Composer: ") && $0.contains(" of 3,503 rows (") }, "\(seen.prefix(3))")
        #expect(f.explorer.database.meter.status() == nil)
    }
}
