import Amigo
import AmigoPostgres
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

    @Test(arguments: TestStore.Kind.available)
    func textThatIsNotJSONMatchesNothingOrIsNamedWithItsRow(_ kind: TestStore.Kind) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let engine = try store.connect()
        try engine.executeScript(#"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note (id, body) VALUES (1, '{"age": 34}');
            INSERT INTO note (id, body) VALUES (2, 'not json at all');
            INSERT INTO note (id, body) VALUES (3, '{"age": 28}');
            """#)
        let amigo = try store.reflect()
        // A failed statement is undone alone, as amigo-shell has it (else it aborts the transaction).
        (amigo.engine as? PostgresEngine)?.recoversFromFailedStatements = true
        let session = try amigo.openSession()
        // A grid's JSON column reads no value there, on every engine.
        #expect(try session.query("note").havingKey([.integer(2)]).value(at: "json(body).age") == .null)
        #expect(try session.query("note").havingKey([.integer(1)]).value(at: "json(body).age").description.contains("34"))
        let serverVersion = (engine as? PostgresEngine)?.serverVersion ?? 0
        if kind == .sqlite || serverVersion >= 160_000 {
            // SQLite, and PostgreSQL from 16 on (IS JSON): the row simply does not match.
            #expect(try ids(session, "json(body).age > 30") == [1])
            #expect(try ids(session, "json(body).age = nil") == [2])
            return
        }
        // An older server cannot read it: the error names the table, the column and the row.
        do {
            _ = try ids(session, "json(body).age > 30")
            Issue.record("a filter over text that is not JSON ran on PostgreSQL \(serverVersion)")
        } catch AmigoError.invalidJSON(let model, let column, let row, let detail) {
            #expect(model == "note")
            #expect(column == "body")
            #expect(row == "id 2")
            #expect(detail.contains("invalid input syntax for type json"), "\(detail)")
            let message = AmigoError.invalidJSON(model: model, column: column, row: row, detail: detail).description
            #expect(message.hasPrefix("note.body holds text that is not JSON (first at id 2): json(body) cannot read it on this server"), "\(message)")
        }
        #expect(throws: AmigoError.self) { try session.query("note").filter("json(body).age > 30").count() }
        // The session goes on.
        #expect(try ids(session, "id = 3") == [3])
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
