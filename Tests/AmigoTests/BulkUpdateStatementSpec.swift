import Amigo
import AmigoTestSupport
import Testing

/// The UPDATE of every row of a query as a statement value, and how many rows a writing
/// statement would change, counted by running it and undoing it.
@Suite struct BulkUpdateStatementSpec {
    let path: String
    let amigo: AmigoDatabase

    init() throws {
        path = try SampleDatabase.chinook.copy()
        amigo = try AmigoDatabase(reflecting: path)
    }

    @Test func theUpdateOfAFilteredQueryPicksItsRowsByKey() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let statement = try session.query("Track").filter("GenreId = 2").updateStatement(setting: [("Composer", .text("X"))])
        #expect(statement.sql == #"UPDATE "Track" SET "Composer" = ? WHERE "TrackId" IN (SELECT "Track"."TrackId" FROM "Track" WHERE "Track"."GenreId" = ?)"#)
        #expect(statement.arguments == [.text("X"), .integer(2)])
        #expect(session.pendingChangeCount == 0)
    }

    @Test func anUnknownColumnOrNothingToSetIsAnError() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        #expect(throws: AmigoError.unknownColumn(column: "Nope", model: "Track")) {
            try session.query("Track").updateStatement(setting: [("Nope", .null)])
        }
        #expect(throws: AmigoError.self) { try session.query("Track").updateStatement(setting: []) }
    }

    @Test func changesIfRunCountsTheRowsAndLeavesNothingChanged() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        try session.execute("UPDATE Genre SET Name = 'kept' WHERE GenreId = 1")
        let count = try session.changesIfRun("UPDATE Track SET Composer = 'X' WHERE GenreId = 2")
        #expect(count == Int(try amigo.engine.fetchScalar("SELECT count(*) FROM Track WHERE GenreId = 2").integerValue ?? -1))
        #expect(try amigo.engine.fetchScalar("SELECT count(*) FROM Track WHERE Composer = 'X'").integerValue == 0)
        #expect(session.pendingChangeCount == 1)
        #expect(try amigo.engine.fetchScalar("SELECT Name FROM Genre WHERE GenreId = 1").textValue == "kept")
        #expect(throws: AmigoError.self) { try session.changesIfRun("DROP TABLE Genre") }
    }
}
