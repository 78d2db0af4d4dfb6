import Amigo
import Foundation
import Testing

/// The browse layer: what a browser asks of a query besides its rows — the DELETE of its rows
/// as a statement, what ON DELETE actions would also do, counts and existence checks — with the
/// exact SQL, on every engine.
@Suite("Browse operations on SQLite and PostgreSQL")
struct BrowseScenarios {
    /// Authors, their books (ON DELETE CASCADE), reviews of books (ON DELETE SET NULL) and
    /// awards of authors (NO ACTION), reflected.
    private func withLibrary(_ kind: TestStore.Kind, _ body: (AmigoDatabase, Session) throws -> Void) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        try store.connect().executeScript("""
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER REFERENCES author (id) ON DELETE CASCADE);
            CREATE TABLE review (id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES book (id) ON DELETE SET NULL);
            CREATE TABLE award (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id));
            INSERT INTO author (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
            INSERT INTO book (id, title, author_id) VALUES (1, 'A', 1), (2, 'B', 1), (3, 'C', 2);
            INSERT INTO review (id, book_id) VALUES (1, 1), (2, 1), (3, 3);
            INSERT INTO award (id, author_id) VALUES (1, 3);
            """)
        let amigo = try store.reflect()
        try body(amigo, try amigo.openSession())
    }

    @Test(arguments: TestStore.Kind.available)
    func theDeleteOfAQueryPicksItsRowsByKeyThroughASubquery(_ kind: TestStore.Kind) throws {
        try withLibrary(kind) { amigo, session in
            let statement = try session.query("book").filter("author_id = 1").deleteStatement()
            #expect(statement.sql == #"DELETE FROM "book" WHERE "id" IN (SELECT "book"."id" FROM "book" WHERE "book"."author_id" = ?)"#)
            #expect(statement.arguments == [.integer(1)])
            let keyed = try session.query("book").havingKey([.integer(2)]).deleteStatement()
            #expect(keyed.sql == #"DELETE FROM "book" WHERE "id" IN (SELECT "book"."id" FROM "book" WHERE "book"."id" = ?)"#)
            #expect(keyed.arguments == [.integer(2)])
            // A filter through a relationship joins inside the subquery.
            let toAuthor = try #require(try amigo.model(named: "book").relationships.first { $0.target.name == "author" }).name
            let joined = try session.query("book").filter("\(toAuthor).name = 'Ann'").deleteStatement()
            #expect(joined.sql.hasPrefix(#"DELETE FROM "book" WHERE "id" IN (SELECT "book"."id" FROM "book" LEFT JOIN "author""#), "\(joined.sql)")
            let changes = try session.execute(joined.sql, joined.arguments).changes
            #expect(changes == 2)
            #expect(try session.query("book").count() == 1)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func theCascadePreviewCountsWhatEachOnDeleteActionDoes(_ kind: TestStore.Kind) throws {
        try withLibrary(kind) { amigo, session in
            let ann = try session.query("author").havingKey([.integer(1)]).cascadePreview()
            #expect(ann.table == "author")
            #expect(ann.rows == 1)
            #expect(ann.cascaded == [.init(table: "book", count: 2)])
            #expect(ann.nulled == [.init(table: "review", count: 2)])
            #expect(!ann.willFail)
            #expect(ann.rowsLostByTable == ["author": 1, "book": 2])
            let cy = try session.query("author").havingKey([.integer(3)]).cascadePreview()
            #expect(cy.restrictions == [.init(table: "award", columns: ["author_id"], parent: "author", action: "NO ACTION", count: 1)])
            #expect(cy.willFail)
            // What was shown is what the database does.
            let before = try ["author", "book"].map { try amigo.rowCount(ofTable: $0) }
            try session.query("author").havingKey([.integer(1)]).delete()
            let after = try ["author", "book"].map { try amigo.rowCount(ofTable: $0) }
            #expect(zip(before, after).map { $0 - $1 } == [1, 2])
            #expect(try session.query("review").filter("book_id = nil").count() == 2)
        }
    }

    @Test(arguments: TestStore.Kind.available)
    func aForeignKeyWithoutItsParentRowIsFound(_ kind: TestStore.Kind) throws {
        try withLibrary(kind) { amigo, session in
            let book = Record(try amigo.model(named: "book"))
            let column = try #require(book.model.table.column(named: "author_id"))
            book.setValue(.integer(99), at: column.index)
            let missing = try #require(try session.foreignKeyWithoutParent(book))
            #expect(missing.foreignKey.columns == ["author_id"])
            #expect(missing.foreignKey.referencedTable == "author")
            #expect(missing.values == [.integer(99)])
            book.setValue(.integer(2), at: column.index)
            #expect(try session.foreignKeyWithoutParent(book) == nil)
            try amigo.engine.checkConnection()
        }
    }
}
