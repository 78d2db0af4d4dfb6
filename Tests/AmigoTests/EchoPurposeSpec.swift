import Foundation
import Testing
@testable import Amigo

/// Each echoed statement says why it ran, so that a program showing the echo can set the
/// statement asked for apart from the bookkeeping around it without reading SQL; and a statement
/// can be shown with its values in place, as SQL to copy and run elsewhere.
@Suite struct EchoPurposeSpec {
    @Test func rowsReadAreTheStatementCountsAndProbesAreBookkeeping() throws {
        let db = try SyntheticDatabase("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
            INSERT INTO artist VALUES (1, 'A'); INSERT INTO album VALUES (1, 'x', 1), (2, 'y', 1);
            """)
        let amigo = try db.reflect()
        let session = try amigo.openSession()
        let recorder = EchoRecorder(amigo.engine.echo)
        let albums = try session.query("album").all()
        _ = try session.query("album").count()
        _ = try session.query("album").limit(1001).count()
        _ = try session.query("album").exists()
        _ = try session.relatedCounts(of: try #require(try session.query("artist").get(1)))
        let purposes = recorder.events.filter { $0.kind == .statement }.map(\.purpose)
        #expect(albums.count == 2)
        #expect(purposes == [.statement, .count(bounded: false), .count(bounded: true), .linkProbe, .statement, .linkProbe])
        #expect(purposes.map(\.isBookkeeping) == [false, true, true, true, false, true])
        recorder.clear()
        _ = try AmigoDatabase(reflecting: amigo.engine)
        #expect(!recorder.events.isEmpty && recorder.events.allSatisfy { $0.purpose == .catalog })
    }

    @Test func aStatementIsInlinedWithItsValuesAsLiterals() {
        let sqlite = SQLiteDialect()
        #expect(SQLText.inlined(#"SELECT * FROM "t?" WHERE "a" = ? AND b = '?' -- ?"# + "\nAND c IN (?, ?, ?) /* ? */ AND d = ?",
                                arguments: ["it's", 42, 1.5, .null, .blob([0, 255])], dialect: sqlite)
                == #"SELECT * FROM "t?" WHERE "a" = 'it''s' AND b = '?' -- ?"# + "\nAND c IN (42, 1.5, NULL) /* ? */ AND d = X'00FF'")
        #expect(SQLText.inlined("SELECT ?2, ?1, $1", arguments: [1, "b"], dialect: sqlite) == "SELECT 'b', 1, 1")
        // A placeholder without an argument is left as it is.
        #expect(SQLText.inlined("SELECT ?, ?", arguments: [7], dialect: sqlite) == "SELECT 7, ?")
        #expect(sqlite.literal(.real(.infinity)) == "9e999")
        #expect(sqlite.literal(.real(0.1)) == "0.1")
        #expect(sqlite.literal(.real(1e20)) == "1e+20")
        #expect(sqlite.literal(.integer(-3)) == "-3")
    }

    @Test func theInlinedStatementRunsAndReadsTheSameValuesBack() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let values: [DatabaseValue] = ["o'neil\n", 9_223_372_036_854_775_807, 0.1, 1e-300, .null, .blob([0, 1, 254, 255]), .real(-.infinity)]
        let sql = "SELECT " + Array(repeating: "?", count: values.count).joined(separator: ", ")
        let inlined = SQLText.inlined(sql, arguments: values, dialect: engine.dialect)
        #expect(try engine.fetchAll(inlined).rows == [values])
    }
}
