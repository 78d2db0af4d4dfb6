import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// `json(column).key.key[N]` in the filter language: a value inside a JSON column, compared as
/// any column is; the path is bound as a parameter, never spliced into the SQL.
@Suite struct JSONPathFilterSpec {
    /// A SQLite file with `note(id, body)`: three JSON bodies, one NULL, one that is not JSON.
    private func notes() throws -> (String, Session) {
        let path = TemporaryFile.path("amigo-json")
        let engine = try SQLiteEngineFactory(path).connect()
        try engine.executeScript(#"""
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note VALUES (1, '{"name": "Ann", "address": {"city": "Oslo", "zip": "0150"}, "age": 34, "tags": ["a", "b"]}');
            INSERT INTO note VALUES (2, '{"name": "Bob", "address": {"city": "Bergen"}, "age": 28, "tags": ["b"]}');
            INSERT INTO note VALUES (3, '{"name": "Cy", "address": {"city": "oslo"}, "age": "41", "tags": []}');
            INSERT INTO note VALUES (4, NULL);
            INSERT INTO note VALUES (5, 'not json');
            """#)
        return (path, try AmigoDatabase(reflecting: engine).openSession())
    }

    private func ids(_ session: Session, _ filter: String) throws -> [Int64] {
        try session.query("note").filter(filter).orderBy("id").all().compactMap { $0.value(at: 0).integerValue }
    }

    @Test func aPathParsesToTheColumnAndItsSteps() throws {
        let expression = try FilterParser.parse("json(body).address.'first name'[2] = 'x'")
        guard case .comparison(let c) = expression else { Issue.record("not a comparison"); return }
        #expect(c.lhs == .jsonPath(column: ["body"], steps: [.key("address"), .key("first name"), .index(2)], position: 0))
    }

    @Test func theSQLReadsThePathWithJSONExtractAndBindsIt() throws {
        let (path, session) = try notes()
        defer { TemporaryFile.remove(path) }
        let (sql, arguments) = try session.query("note").filter("json(body).address.city = 'Oslo'").sql()
        #expect(sql == #"SELECT "note"."id", "note"."body" FROM "note" WHERE CASE WHEN json_valid("note"."body") THEN json_extract("note"."body", ?) END = ?"#)
        #expect(arguments == [.text(#"$."address"."city""#), .text("Oslo")])
    }

    @Test func comparisonsOnJSONValuesFindTheRightRows() throws {
        let (path, session) = try notes()
        defer { TemporaryFile.remove(path) }
        #expect(try ids(session, "json(body).address.city = 'Oslo'") == [1])
        #expect(try ids(session, "'Oslo' = json(body).address.city") == [1])
        #expect(try ids(session, "json(body).address.city ==[c] 'oslo'") == [1, 3])
        #expect(try ids(session, "json(body).address.city BEGINSWITH 'B'") == [2])
        #expect(try ids(session, "json(body).address.city CONTAINS[c] 'SL'") == [1, 3])
        // A JSON number compares as a number; the string "41" is not one.
        #expect(try ids(session, "json(body).age > 30") == [1])
        #expect(try ids(session, "json(body).age BETWEEN {20, 30}") == [2])
        #expect(try ids(session, "json(body).tags[0] = 'b'") == [2])
        #expect(try ids(session, "json(body).name IN {'Ann', 'Cy'}") == [1, 3])
        // No such key, a NULL column and text that is not JSON: all NULL.
        #expect(try ids(session, "json(body).address.zip = nil") == [2, 3, 4, 5])
        #expect(try ids(session, "json(body).address.city = 'Oslo' OR id = 5") == [1, 5])
    }

    @Test(arguments: [
        ("json(body) = 1", "json(body) needs a path after it, as in json(body).address.city"),
        ("json(body). = 1", "expected a key after '.' in a JSON path"),
        ("json(body)[x] = 1", "expected an array index (0, 1, …) inside [ ] in a JSON path"),
        ("json().a = 1", "expected a column inside json( ), as in json(body).address.city"),
        ("json(body.a = 1", "expected ')' after json(body.a"),
        ("json(body).'a\"b' = 1", "a JSON key cannot hold a double quote or a control character"),
    ])
    func anInvalidPathIsAFilterErrorWithItsPosition(_ input: String, _ message: String) throws {
        do {
            _ = try FilterParser.parse(input)
            Issue.record("\(input) parsed")
        } catch let error as FilterError {
            #expect(error.message == message)
            #expect(error.input == input)
        }
    }

    @Test func aPathThroughAnUnknownColumnIsRefusedWithTheModel() throws {
        let (path, session) = try notes()
        defer { TemporaryFile.remove(path) }
        #expect(throws: AmigoError.self) { try session.query("note").filter("json(nope).a = 1").all() }
    }
}
