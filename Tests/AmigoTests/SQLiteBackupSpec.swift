import Amigo
import AmigoTestSupport
import Foundation
import Testing

/// `SQLiteEngine.backup(to:schema:)`: sqlite3's `.backup`, by SQLite's online backup API.
@Suite struct SQLiteBackupSpec {
    @Test("the copy holds every committed row and replaces what the file held")
    func copiesTheDatabase() throws {
        let path = TemporaryFile.path("backup-copy")
        defer { TemporaryFile.remove(path) }
        let old = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try old.executeScript("CREATE TABLE stale (x); INSERT INTO stale VALUES (1)")
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t (b) VALUES ('x'), ('y')")
        try engine.backup(to: path)
        let copy = try SQLiteEngine(path: path)
        #expect(try copy.fetchAll("SELECT a, b FROM t ORDER BY a").rows == [[1, "x"], [2, "y"]])
        #expect(try copy.fetchScalar("SELECT count(*) FROM sqlite_schema WHERE name = 'stale'") == .integer(0))
    }

    @Test("a file that is not a database is left as it was, with SQLite's error")
    func refusesAFileThatIsNotADatabase() throws {
        let path = TemporaryFile.path("backup-text")
        defer { TemporaryFile.remove(path) }
        let text = String(repeating: "not a database\n", count: 100)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (a)")
        #expect(throws: AmigoError.self) { try engine.backup(to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("an attached database that does not exist is an error")
    func unknownSchemaIsAnError() throws {
        let path = TemporaryFile.path("backup-schema")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: ":memory:")
        #expect(throws: AmigoError.self) { try engine.backup(to: path, schema: "nosuch") }
    }
}
