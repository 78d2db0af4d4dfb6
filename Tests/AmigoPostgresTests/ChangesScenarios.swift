import Amigo
import Foundation
import Testing

/// Kept savepoints, the bulk UPDATE of a query, counting a write by running it and undoing it,
/// and query plans, on every engine.
@Suite("Undoable writes, bulk updates and query plans on SQLite and PostgreSQL")
struct ChangesScenarios {
    /// `n` numbered items with a text column nobody indexed.
    private func withItems(_ kind: TestStore.Kind, rows n: Int = 1200, _ body: (AmigoDatabase, Session) throws -> Void) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let values = (1...n).map { "(\($0), 'item \($0 % 7)')" }.joined(separator: ", ")
        try store.connect().executeScript("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
            INSERT INTO item (id, label) VALUES \(values);
            """)
        let amigo = try store.reflect()
        try body(amigo, try amigo.openSession())
    }

    @Test(arguments: TestStore.Kind.available)
    func theLastOfSeveralKeptWritesIsUndoneAloneAndACommittedOneIsGone(_ kind: TestStore.Kind) throws {
        try withItems(kind, rows: 3) { amigo, session in
            let (_, first) = try session.keepingSavepoint { try session.execute("UPDATE item SET label = 'one' WHERE id = 1") }
            let (_, second) = try session.keepingSavepoint { try session.execute("UPDATE item SET label = 'two' WHERE id = 2") }
            try session.rollBack(to: second)
            #expect(session.pendingChangeCount == 1)
            try session.commit()
            #expect(try session.query("item").filter("label = 'one'").count() == 1)
            #expect(try session.query("item").filter("label = 'two'").count() == 0)
            #expect(throws: AmigoError.self) { try session.rollBack(to: first) }
            #expect(try session.query("item").filter("label = 'one'").count() == 1)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func theBulkUpdateAndItsDryRunCount(_ kind: TestStore.Kind) throws {
        try withItems(kind, rows: 70) { amigo, session in
            let update = try session.query("item").filter("label = 'item 3'").updateStatement(setting: [("label", .text("x"))])
            #expect(update.sql.hasPrefix(#"UPDATE "item" SET "label" = "#))
            #expect(try session.changesIfRun(update.sql, update.arguments) == 10)
            #expect(session.pendingChangeCount == 0)
            #expect(try session.query("item").filter("label = 'x'").count() == 0)
            #expect(try session.execute(update.sql, update.arguments).changes == 10)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func aFilterOnAnUnindexedColumnOfABigTableIsAFullScanWithAnIndexSuggested(_ kind: TestStore.Kind) throws {
        try withItems(kind) { amigo, session in
            let plan = try session.query("item").filter("label = 'item 3'").queryPlan()
            #expect(plan.fullScans.map(\.table) == ["item"], "\(plan.allSteps.map(\.detail))")
            #expect(plan.suggestedIndexes == [#"CREATE INDEX IF NOT EXISTS "item_label_idx" ON "item" ("label");"#])
            let seek = try session.query("item").filter("id = 5").queryPlan()
            #expect(seek.fullScans.isEmpty, "\(seek.allSteps.map(\.detail))")
        }
    }
}
