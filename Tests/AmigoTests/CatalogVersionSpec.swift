import Foundation
import Testing
@testable import Amigo

/// `session.catalogVersion()`: SQLite's `PRAGMA schema_version`, or, where the engine keeps no
/// such number, the session's own count of the DDL it ran and undid. The whole scenario (DDL,
/// commits, rollbacks, savepoints) runs on SQLite and PostgreSQL in AmigoPostgresTests'
/// CatalogVersionScenarios.
@Suite struct CatalogVersionSpec {
    @Test func onSQLiteItIsTheSchemaVersionPragma() throws {
        let amigo = try AmigoDatabase([], factory: SQLiteEngineFactory(":memory:"))
        let session = try amigo.openSession()
        let start = try session.catalogVersion()
        try session.execute("CREATE TABLE t (x INTEGER)")
        #expect(try session.catalogVersion() != start)
        #expect(try session.catalogVersion() == amigo.engine.fetchScalar("PRAGMA schema_version").integerValue)
    }

    /// Where the engine keeps no number, the session counts: a rollback that undid no DDL
    /// leaves it, one that undid DDL moves it; a handed-over session keeps counting from it.
    @Test func theSessionsCounterMovesOnDDLAndOnItsRollbackOnly() throws {
        let base = try SQLiteEngine(path: ":memory:")
        let amigo = try AmigoDatabase([], engine: DialectSwappingEngine(base, dialect: CounterDialect()))
        let session = try amigo.openSession()
        let start = try session.catalogVersion()
        _ = try session.fetch("SELECT 1")
        try session.execute("CREATE TABLE t (x INTEGER)")
        let created = try session.catalogVersion()
        #expect(created != start)
        try session.commit()
        try session.execute("INSERT INTO t (x) VALUES (1)")
        try session.rollback()
        #expect(try session.catalogVersion() == created)      // nothing of the schema undone
        try session.execute("CREATE INDEX t_x ON t (x)")
        let indexed = try session.catalogVersion()
        try session.rollback()
        let undone = try session.catalogVersion()
        #expect(undone != indexed && undone != created)    // a new number, never an old one again
        try session.execute("SAVEPOINT mine")                 // the caller's own savepoint
        try session.execute("CREATE TABLE mine (x INTEGER)")
        let withMine = try session.catalogVersion()
        try session.execute("ROLLBACK TO mine")
        #expect(try session.catalogVersion() != withMine)
        try session.execute("RELEASE mine")
        try session.execute("CREATE TABLE handed (x INTEGER)")
        let moved = try session.catalogVersion()
        let next = try session.handOver(to: amigo)
        #expect(try next.catalogVersion() == moved)
        try next.close()
    }
}

/// SQLite's dialect without a schema cookie, as PostgreSQL's is.
private struct CounterDialect: SQLDialect {
    let sqlite = SQLiteDialect()
    var catalogVersionQuery: String? { nil }
    func quote(_ identifier: String) -> String { sqlite.quote(identifier) }
    var placeholder: String { sqlite.placeholder }
    var upsertPrefix: String { sqlite.upsertPrefix }
    func insertVerb(onConflict: ConflictResolution) -> String { sqlite.insertVerb(onConflict: onConflict) }
    func insertSuffix(onConflict: ConflictResolution) -> String { sqlite.insertSuffix(onConflict: onConflict) }
    var rowIdentifier: String? { sqlite.rowIdentifier }
    var asciiCaseInsensitiveCollation: String { sqlite.asciiCaseInsensitiveCollation }
    func folded(_ sql: String, flags: Int) -> String { sqlite.folded(sql, flags: flags) }
    func asciiCaseInsensitiveLike(_ lhs: String) -> String { sqlite.asciiCaseInsensitiveLike(lhs) }
    func caseSensitiveGlob(_ lhs: String) -> String { sqlite.caseSensitiveGlob(lhs) }
    func regularExpressionMatch(_ lhs: String) -> String { sqlite.regularExpressionMatch(lhs) }
    func typeName(for kind: ColumnKind) -> String { sqlite.typeName(for: kind) }
}

/// The counter behind ``Session/catalogVersion()`` where the catalog keeps none: undoing DDL is
/// a change, undoing nothing still in effect is none.
@Suite struct CatalogMarksSpec {
    @Test("a savepoint's rollback that undid the DDL leaves nothing for the transaction's rollback to change")
    func undoneDDLIsNotUndoneTwice() {
        var marks = CatalogMarks()
        let beforeCreate = marks.version
        marks.ranDDL()
        let created = marks.version
        #expect(created != beforeCreate)
        marks.rolledBack(since: beforeCreate)
        let undone = marks.version
        #expect(undone != created)
        marks.transactionEnded(rolledBack: true)
        #expect(marks.version == undone, "nothing left to undo: no change")
    }

    @Test("a rollback to a savepoint after the first DDL undoes only the later one; the transaction's rollback undoes the first")
    func onlyWhatCameAfterTheSavepoint() {
        var marks = CatalogMarks()
        marks.ranDDL()
        let savepoint = marks.version
        marks.ranDDL()
        marks.rolledBack(since: savepoint)
        let afterSavepoint = marks.version
        marks.rolledBack(since: savepoint)
        #expect(marks.version == afterSavepoint, "undoing the same savepoint again changes nothing")
        marks.transactionEnded(rolledBack: true)
        #expect(marks.version != afterSavepoint)
    }

    @Test("a commit keeps the DDL: no change, and a later rollback has nothing to undo")
    func commitKeepsIt() {
        var marks = CatalogMarks()
        marks.ranDDL()
        let created = marks.version
        marks.transactionEnded(rolledBack: false)
        #expect(marks.version == created)
        marks.transactionEnded(rolledBack: true)
        #expect(marks.version == created)
    }

    @Test("a ROLLBACK TO of an unknown savepoint is a change while DDL is in effect, and keeps the transaction's rollback a change")
    func anUnknownSavepoint() {
        var marks = CatalogMarks()
        let start = marks.version
        marks.rolledBackToAnUnknownSavepoint()
        #expect(marks.version == start)
        marks.ranDDL()
        let created = marks.version
        marks.rolledBackToAnUnknownSavepoint()
        #expect(marks.version != created)
        let after = marks.version
        marks.transactionEnded(rolledBack: true)
        #expect(marks.version != after)
    }
}
