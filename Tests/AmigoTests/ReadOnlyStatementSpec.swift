import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// Whether a statement only reads is SQLite's answer, not the statement's first word: comments,
/// transaction control, savepoints, ATTACH and PRAGMAs that set something cannot pass as reads.
@Suite struct ReadOnlyStatementSpec {
    static let writes = [
        "/*x*/ COMMIT", "/*x*/ ROLLBACK", "-- note\nBEGIN", "/* a */ /* b */ SAVEPOINT s", "RELEASE s",
        "/*x*/ PRAGMA foreign_keys = OFF", "PRAGMA /*x*/ writable_schema = ON", "pragma ignore_check_constraints(1)",
        "/*x*/ PRAGMA optimize", "ATTACH DATABASE ':memory:' AS other", "/*x*/ DETACH DATABASE other",
        "/*x*/ DELETE FROM Genre", "WITH x AS (SELECT 1) DELETE FROM Genre", "/*x*/ CREATE TABLE t (a)",
    ]
    static let reads = [
        "SELECT 1", "/*x*/ SELECT * FROM Genre", "-- c\nSELECT 1", "PRAGMA table_info(Track)", "/*x*/ PRAGMA foreign_keys",
        "PRAGMA main.index_list('Track')", "WITH x AS (SELECT 1) SELECT * FROM x", "EXPLAIN QUERY PLAN SELECT * FROM Track",
    ]

    @Test(arguments: writes) func writesAreRefused(_ sql: String) throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path)
        #expect(try engine.isReadOnlyStatement(sql) == false, "\(sql)")
    }

    @Test(arguments: reads) func readsAreReads(_ sql: String) throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path)
        #expect(try engine.isReadOnlyStatement(sql) == true, "\(sql)")
    }

    @Test func theLeadingKeywordSkipsComments() {
        #expect(SQLText.leadingKeyword(of: "  /* a */ -- b\n commit;") == "COMMIT")
        #expect(SQLText.leadingKeyword(of: "/* unterminated") == "")
        #expect(SQLText.leadingKeyword(of: "select 1") == "SELECT")
    }

    @Test func aCatastrophicRegexStopsWithAnErrorInsteadOfRunningForMinutes() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path)
        let started = Date()
        #expect(throws: AmigoError.self) {
            try amigo.query("Track").filter("Composer MATCHES '(.*)*X'").count()
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // A sane pattern still answers, as SQL's GLOB does.
        #expect(try amigo.query("Track").filter("Composer MATCHES 'AC/DC'").count() == 8)
    }
}

/// Patterns mean exactly what they say.
@Suite struct PatternSafetySpec {
    @Test func aNULInAPatternIsAnErrorNotATruncatedPattern() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let amigo = try AmigoDatabase(reflecting: path)
        for op in ["BEGINSWITH", "CONTAINS", "ENDSWITH", "LIKE", "BEGINSWITH[c]"] {
            #expect(throws: AmigoError.self) {
                try amigo.query("Track").filter("Name \(op) %@", "Go Down\u{0}zzz").count()
            }
        }
        #expect(try amigo.query("Track").filter("Name BEGINSWITH %@", "Go Down").count() == 1)
    }
}
