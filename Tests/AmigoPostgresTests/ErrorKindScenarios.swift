import Amigo
import Foundation
import Testing

/// ``DatabaseError/kind``: the same failure reads as the same kind on every engine, whatever
/// number or SQLSTATE the engine reported it with.
@Suite("Typed database errors on SQLite and PostgreSQL")
struct ErrorKindScenarios {
    /// The kind of the database error `body` throws (nil when it throws none, or another error).
    private func kind(_ body: () throws -> Void) -> DatabaseError.Kind? {
        do { try body() } catch AmigoError.database(let error) { return error.kind } catch { return nil }
        return nil
    }

    /// A parent and a child table with every kind of constraint, one row in each.
    private func withTables(_ kind: TestStore.Kind, _ body: (any Engine) throws -> Void) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let engine = try store.connect()
        try engine.executeScript("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id),
                                name TEXT NOT NULL UNIQUE, n INTEGER CHECK (n > 0));
            INSERT INTO parent (id) VALUES (1);
            INSERT INTO child (id, parent_id, name, n) VALUES (1, 1, 'a', 1);
            """)
        try body(engine)
    }

    @Test(arguments: TestStore.Kind.available)
    func eachConstraintFailureHasItsKind(_ store: TestStore.Kind) throws {
        try withTables(store) { engine in
            #expect(kind { try engine.execute("INSERT INTO child (id, parent_id, name) VALUES (2, 99, 'b')", []) } == .constraint(.foreignKey))
            #expect(kind { try engine.execute("INSERT INTO child (id, name) VALUES (2, 'a')", []) } == .constraint(.unique))
            #expect(kind { try engine.execute("INSERT INTO child (id, name) VALUES (2, NULL)", []) } == .constraint(.notNull))
            #expect(kind { try engine.execute("INSERT INTO child (id, name, n) VALUES (2, 'b', 0)", []) } == .constraint(.check))
            #expect(kind { try engine.execute("INSERT INTO child (id, name) VALUES (1, 'b')", []) }
                    == (store == .sqlite ? .constraint(.primaryKey) : .constraint(.unique)))   // PostgreSQL's key is a unique index
            #expect(kind { try engine.execute("DELETE FROM parent", []) } == .constraint(.foreignKey))
            #expect(kind { try engine.execute("SELECT * FROM nowhere", []) } == .other)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func aStatementStoppedByTheInterruptCheckIsInterrupted(_ store: TestStore.Kind) throws {
        try withTables(store) { engine in
            let deadline = Date().addingTimeInterval(0.2)
            engine.setInterruptCheck { Date() > deadline }
            defer { engine.setInterruptCheck(nil) }
            let counting = "WITH RECURSIVE c (x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c"
            var error: DatabaseError?
            do { _ = try engine.fetchScalar(counting, []) } catch AmigoError.database(let e) { error = e }
            #expect(error?.kind == .interrupted)
            #expect(error?.isInterrupted == true)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func aConstraintErrorSaysWhetherItNamesTheForeignKey(_ store: TestStore.Kind) throws {
        try withTables(store) { engine in
            var error: DatabaseError?
            do { try engine.execute("INSERT INTO child (id, parent_id, name) VALUES (2, 99, 'b')", []) } catch AmigoError.database(let e) { error = e }
            // SQLite says only `FOREIGN KEY constraint failed`; PostgreSQL names the key and its values.
            #expect(error?.namesFailedForeignKey == (store == .postgres))
            do { try engine.execute("INSERT INTO child (id, name) VALUES (2, 'a')", []) } catch AmigoError.database(let e) { error = e }
            #expect(error?.constraintColumns == (store == .sqlite ? ["child.name"] : []))
        }
    }
}
