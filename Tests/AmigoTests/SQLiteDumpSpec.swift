import Amigo
import AmigoTestSupport
import Foundation
import Testing

/// sqlite3's `.dump`: text that loads into the same database, generated columns included.
@Suite struct SQLiteDumpSpec {
    func dump(_ engine: SQLiteEngine) throws -> String {
        var text = ""
        try SQLiteDump(engine: engine).write { text += $0 }
        return text
    }

    /// Every table, row and index of Chinook comes back the same when the dump is loaded.
    @Test func chinookLoadsBackTheSame() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let text = try dump(try SQLiteEngine(path: path))
        let copy = try SQLiteEngine(path: ":memory:")
        try copy.executeScript(text)
        let original = try SQLiteEngine(path: path)
        for table in ["Track", "PlaylistTrack", "Invoice", "Employee"] {
            let rows = "SELECT * FROM \(table) ORDER BY 1, 2"
            #expect(try copy.fetchAll(rows).rows == (try original.fetchAll(rows).rows), "\(table)")
        }
        let indexes = "SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name"
        #expect(try copy.fetchAll(indexes).rows == (try original.fetchAll(indexes).rows))
    }

    /// A generated column takes no value: its table's rows name the other columns.
    @Test func generatedColumnsAreLeftOutOfTheInserts() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE box (id INTEGER PRIMARY KEY, w REAL, h REAL, area REAL GENERATED ALWAYS AS (w*h) STORED,
                              label TEXT GENERATED ALWAYS AS ('box ' || id) VIRTUAL);
            INSERT INTO box (w, h) VALUES (2, 3), (4.5, 1);
            """)
        let text = try dump(engine)
        #expect(text.contains(#"INSERT INTO box(id,w,h) VALUES(1,2.0,3.0);"#))
        let copy = try SQLiteEngine(path: ":memory:")
        try copy.executeScript(text)
        #expect(try copy.fetchAll("SELECT area, label FROM box ORDER BY id").rows == [[6.0, "box 1"], [4.5, "box 2"]])
    }
}
