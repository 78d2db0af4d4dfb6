import Amigo
import Foundation
import Testing

/// `replaceDeletingConflicts` deletes every row the object conflicts with — by primary key and
/// by a UNIQUE column — with their cascades, then inserts it: SQLite's `INSERT OR REPLACE`, and
/// a DELETE per unique key then an INSERT, in one savepoint, on PostgreSQL (never `INSERT OR`).
@Suite("The destructive replace on SQLite and PostgreSQL")
struct ReplaceDeletingConflictsScenarios {
    @Test(arguments: TestStore.Kind.available)
    func theConflictingRowsAndTheirCascadesAreDeletedThenTheObjectInserted(_ kind: TestStore.Kind) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        try store.connect().executeScript("""
            CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT UNIQUE, note TEXT);
            CREATE TABLE tagging (id INTEGER PRIMARY KEY, tag_id INTEGER REFERENCES tag (id) ON DELETE CASCADE);
            INSERT INTO tag (id, name, note) VALUES (1, 'red', 'a'), (2, 'blue', 'b'), (3, 'green', 'c');
            INSERT INTO tagging (id, tag_id) VALUES (10, 1), (11, 2), (12, 3);
            """)
        let amigo = try store.reflect()
        let log = StatementLog(amigo.engine.echo)
        let session = try amigo.openSession()
        let red = try #require(try session.get("tag", 1))
        try red.set("name", "blue")           // the key of row 1, the name of row 2
        try red.set("note", "replaced")
        try session.replaceDeletingConflicts(red)
        let tags = try session.fetch("SELECT id, name, note FROM tag ORDER BY id").map { $0.values }
        #expect(tags == [[.integer(1), .text("blue"), .text("replaced")], [.integer(3), .text("green"), .text("c")]])
        #expect(try session.fetch("SELECT id FROM tagging ORDER BY id").map { $0.values } == [[.integer(12)]])
        #expect(!log.statements.contains { $0.contains("INSERT OR") } == (kind == .postgres))
        try session.commit()
    }
}
