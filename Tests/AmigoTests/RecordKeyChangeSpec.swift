import Testing
@testable import Amigo

/// Changing the primary key of a row that is in the database updates that row.
@Suite struct RecordKeyChangeSpec {
    @Test func savingARecordWhoseKeyChangedUpdatesTheRowItWasLoadedFrom() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE tag (code TEXT PRIMARY KEY, label TEXT); INSERT INTO tag VALUES ('a', 'first'), ('b', 'second');")
        let amigo = try AmigoDatabase(reflecting: engine)
        let session = try amigo.openSession()
        let row = try #require(try session.query("tag").get("a"))
        try row.set("code", "z")
        try session.add(row)
        #expect(try engine.fetchAll("SELECT code, label FROM tag ORDER BY code").rows == [[.text("b"), .text("second")], [.text("z"), .text("first")]])
        // Saved: the new key is now the row's key.
        try row.set("label", "renamed")
        try session.add(row)
        #expect(try engine.fetchScalar("SELECT label FROM tag WHERE code = 'z'") == .text("renamed"))
    }
}
