import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// MATCHES over many values is slow work with limits in total, not only per value; it reads the
/// whole stored text, and a pattern it cannot pass to the engine is refused where it was typed.
@Suite struct PatternMatchingSpec {
    /// An engine over `count` rows of `text(i)` in `t(id, s)`.
    private func rows(_ count: Int, _ text: (Int) -> String) throws -> SQLiteEngine {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)")
        _ = try engine.executeRepeatedly("INSERT INTO t (s) VALUES (?)", (0..<count).map { [.text(text($0))] })
        return engine
    }

    /// Rows on which `(a|aa)*b` backtracks for a few milliseconds each: far under the 250 ms cap
    /// per value, but adding up over a thousand rows.
    private func backtrackingRows() throws -> SQLiteEngine {
        try rows(1_000) { _ in String(repeating: "a", count: 26) }
    }

    @Test func aPatternSlowOverManyValuesStopsAtTheTotalBudgetWithAClearError() throws {
        let engine = try backtrackingRows()
        engine.totalMatchingBudget = .milliseconds(300)
        let started = ContinuousClock.now
        #expect {
            try engine.fetchScalar("SELECT count(*) FROM t WHERE s REGEXP '^(?:(a|aa)*b)$'")
        } throws: { error in
            guard case AmigoError.database(let db) = error else { return false }
            return db.message.hasPrefix("regular expression took longer than 0.3 s in total over ") && db.message.contains("values")
        }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func withoutATotalBudgetTheInterruptCheckStopsItEvenInsideOneValue() throws {
        let engine = try backtrackingRows()
        engine.totalMatchingBudget = nil
        var asked = 0
        engine.setWaitCheck { wait in
            asked += 1
            return wait == .working && asked >= 5
        }
        let started = ContinuousClock.now
        #expect {
            try engine.fetchScalar("SELECT count(*) FROM t WHERE s REGEXP '^(?:(a|aa)*b)$'")
        } throws: { error in
            guard case AmigoError.database(let db) = error else { return false }
            return db.isInterrupted
        }
        #expect(ContinuousClock.now - started < .seconds(3))
        engine.setWaitCheck(nil)
    }

    @Test func quickValuesStayUnderTheTotalBudget() throws {
        let engine = try rows(5_000) { "row \($0)" }
        engine.totalMatchingBudget = .milliseconds(2_000)
        #expect(try engine.fetchScalar("SELECT count(*) FROM t WHERE s REGEXP '^(?:row 4[0-9]*)$'").integerValue == 1_111)
    }

    @Test func matchesReadsStoredTextPastANul() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT); INSERT INTO t (s) VALUES ('abc' || char(0) || 'xyz'), ('abc')")
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect(try amigo.query("t").filter("s MATCHES 'abc.xyz'").count() == 1)
        #expect(try amigo.query("t").filter("s MATCHES '.*xyz'").count() == 1)
        #expect(try amigo.query("t").filter("s MATCHES 'abc'").count() == 1)
    }

    @Test func aNulInThePatternIsAnErrorWhereItWasTyped() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)")
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect {
            try amigo.query("t").filter("id > 0 AND s MATCHES 'a\u{0}b'").count()
        } throws: { error in
            guard case AmigoError.invalidFilter(let message, _, let position, let token) = error else { return false }
            return message.contains("NUL") && position == 13 && token == "MATCHES"
        }
    }
}
