import Amigo
import Foundation
import Testing

/// `session.catalogVersion()` on every engine: SQLite's `PRAGMA schema_version`, PostgreSQL's
/// count of the DDL the session ran and undid.
@Suite("The catalog version on SQLite and PostgreSQL")
struct CatalogVersionScenarios {
    @Test(arguments: TestStore.Kind.available)
    func ddlAndItsUndoingChangeTheVersionAndNothingElseDoes(_ kind: TestStore.Kind) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let amigo = try store.amigo([])
        let session = try amigo.openSession()
        defer { try? session.close() }
        try CatalogVersionScenario.run(session)
    }
}

/// DDL moves the catalog version, so does undoing it (a transaction's rollback, a savepoint's,
/// a kept savepoint's); reads, data changes, commits and rollbacks that undo no DDL do not.
/// Versions are compared for equality only (SQLite puts its number back on a rollback).
enum CatalogVersionScenario {
    struct Oops: Error {}

    static func run(_ session: Session, table prefix: String = "cv") throws {
        let a = "\(prefix)_a", b = "\(prefix)_b", c = "\(prefix)_c"
        let start = try session.catalogVersion()
        _ = try session.fetch("SELECT 1")
        #expect(try session.catalogVersion() == start)
        try session.execute("CREATE TABLE \(a) (x INTEGER)")
        let created = try session.catalogVersion()
        #expect(created != start)
        try session.commit()
        #expect(try session.catalogVersion() == created)
        try session.execute("INSERT INTO \(a) (x) VALUES (1)")
        try session.rollback()
        #expect(try session.catalogVersion() == created)          // no DDL undone

        try session.execute("ALTER TABLE \(a) ADD COLUMN y INTEGER")
        let altered = try session.catalogVersion()
        #expect(altered != created)
        try session.rollback()
        #expect(try session.catalogVersion() != altered)          // the ALTER was undone

        var inside: Int64 = 0
        #expect(throws: Oops.self) {
            try session.savepoint {
                try session.execute("CREATE TABLE \(b) (x INTEGER)")
                inside = try session.catalogVersion()
                throw Oops()
            }
        }
        #expect(try session.catalogVersion() != inside)

        let (_, kept) = try session.keepingSavepoint { try session.execute("CREATE TABLE \(c) (x INTEGER)") }
        let withC = try session.catalogVersion()
        try session.rollBack(to: kept)
        #expect(try session.catalogVersion() != withC)
        try session.execute("DROP TABLE \(a)")
        try session.commit()
    }
}
