import Amigo
import Foundation
import Testing

/// `json(column).key…` in a filter on every engine: SQLite reads it with `json_extract`,
/// PostgreSQL with `jsonb_extract_path_text`, the path bound either way; the same rows come back.
@Suite("JSON paths in filters on SQLite and PostgreSQL")
struct JSONPathFilterScenarios {
    private func withNotes(_ kind: TestStore.Kind, _ body: (Session) throws -> Void) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        try store.connect().executeScript(#"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note (id, body) VALUES (1, '{"name": "Ann", "address": {"city": "Oslo", "zip": "0150"}, "age": 34, "tags": ["a", "b"]}');
            INSERT INTO note (id, body) VALUES (2, '{"name": "Bob", "address": {"city": "Bergen"}, "age": 28, "tags": ["b"]}');
            INSERT INTO note (id, body) VALUES (3, '{"name": "Cy", "address": {"city": "oslo"}, "age": "41", "tags": []}');
            INSERT INTO note (id, body) VALUES (4, NULL);
            """#)
        try body(try store.reflect().openSession())
    }

    private func ids(_ session: Session, _ filter: String) throws -> [Int64] {
        try session.query("note").filter(filter).orderBy("id").all().compactMap { $0.value(at: 0).integerValue }
    }

    @Test(arguments: TestStore.Kind.available)
    func theSameRowsOnEveryEngine(_ kind: TestStore.Kind) throws {
        try withNotes(kind) { session throws in
            #expect(try ids(session, "json(body).address.city = 'Oslo'") == [1])
            #expect(try ids(session, "json(body).address.city ==[c] 'oslo'") == [1, 3])
            #expect(try ids(session, "json(body).address.city BEGINSWITH 'B'") == [2])
            #expect(try ids(session, "json(body).age > 30") == [1])
            #expect(try ids(session, "json(body).age >= 28 AND json(body).age < 34") == [2])
            #expect(try ids(session, "json(body).tags[0] = 'b'") == [2])
            #expect(try ids(session, "json(body).name IN {'Ann', 'Cy'}") == [1, 3])
            #expect(try ids(session, "json(body).address.zip = nil") == [2, 3, 4])
        }
    }

    @Test(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
    func postgreSQLBindsEachKeyOfThePath() throws {
        try withNotes(.postgres) { session throws in
            let (sql, arguments) = try session.query("note").filter("json(body).address.city = 'Oslo'").sql()
            #expect(sql.hasSuffix(#"WHERE jsonb_extract_path_text(("note"."body")::jsonb, ?::text, ?::text) = ?"#), "\(sql)")
            #expect(arguments == [.text("address"), .text("city"), .text("Oslo")])
        }
    }
}
