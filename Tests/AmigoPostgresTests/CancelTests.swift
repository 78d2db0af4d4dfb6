import Amigo
import AmigoPostgres
import Foundation
import Testing

/// Cancelling a running statement from the interrupt check (amigo-shell's Esc and Ctrl-C).
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct CancelTests {
    /// A check that says stop once `seconds` have passed since it was made.
    private func stopping(after seconds: TimeInterval) -> () -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return { Date() > deadline }
    }

    @Test func aSlowStatementIsCancelledWhenTheCheckSaysSo() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        engine.setInterruptCheck(stopping(after: 0.3))
        let started = Date()
        let error = try #require(throws: AmigoError.self) { try engine.fetchScalar("SELECT pg_sleep(10)") }
        #expect(Date().timeIntervalSince(started) < 5)
        guard case .database(let cancelled) = error else { Issue.record("not a database error: \(error)"); return }
        #expect(cancelled.sqlState == "57014")
        #expect(cancelled.code == 9)   // interrupted, as SQLite reports it
        // The connection goes on; with the check removed, nothing is cancelled.
        engine.setInterruptCheck(nil)
        #expect(try engine.fetchScalar("SELECT 1") == .integer(1))
    }

    @Test func aCancelledStatementLeavesARecoveringTransactionUsable() throws {
        let (store, engine) = try TestStore.recoveringTransaction()
        defer { store.drop() }
        engine.setInterruptCheck(stopping(after: 0.2))
        #expect(throws: AmigoError.self) { try engine.fetchScalar("SELECT pg_sleep(10)") }
        engine.setInterruptCheck { false }
        try engine.execute("INSERT INTO t VALUES (2)")
        try engine.execute(.commit)
        #expect(try engine.fetchScalar("SELECT sum(a) FROM t") == .integer(3))
    }
}
