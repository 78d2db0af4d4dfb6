import Amigo
import AmigoTestSupport
import Testing

/// Savepoints kept open after their work: the last write among several pending ones is undone
/// alone, and a savepoint whose transaction ended is said to be gone, changing nothing.
@Suite struct KeptSavepointSpec {
    let path: String
    let amigo: AmigoDatabase

    init() throws {
        path = try SampleDatabase.chinook.copy()
        amigo = try AmigoDatabase(reflecting: path)
    }

    func name(ofGenre id: Int) throws -> String? { try amigo.engine.fetchScalar("SELECT Name FROM Genre WHERE GenreId = ?", [.integer(Int64(id))]).textValue }

    @Test func rollingBackToTheLastKeptSavepointUndoesOnlyItsWrite() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let (_, first) = try session.keepingSavepoint { try session.execute("UPDATE Genre SET Name = 'one' WHERE GenreId = 1") }
        let (_, second) = try session.keepingSavepoint { try session.execute("UPDATE Genre SET Name = 'two' WHERE GenreId = 2") }
        #expect(session.keptSavepoints == [first, second])
        #expect(session.pendingChangeCount == 2)
        #expect(second.changesBefore == 1)
        try session.rollBack(to: second)
        #expect(session.pendingChangeCount == 1)
        #expect(session.keptSavepoints == [first])
        #expect(try name(ofGenre: 1) == "one")
        #expect(try name(ofGenre: 2) == "Jazz")
        try session.commit()
        let fresh = try AmigoDatabase(reflecting: path)
        #expect(try fresh.engine.fetchScalar("SELECT Name FROM Genre WHERE GenreId = 1").textValue == "one")
        #expect(try fresh.engine.fetchScalar("SELECT Name FROM Genre WHERE GenreId = 2").textValue == "Jazz")
    }

    @Test func aFailedBodyKeepsNoSavepointAndUndoesItself() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        #expect(throws: AmigoError.self) {
            try session.keepingSavepoint {
                try session.execute("UPDATE Genre SET Name = 'x' WHERE GenreId = 3")
                try session.execute("INSERT INTO Genre (GenreId, Name) VALUES (1, 'dup')")
            }
        }
        #expect(session.keptSavepoints.isEmpty)
        #expect(session.pendingChangeCount == 0)
        #expect(try name(ofGenre: 3) == "Metal")
    }

    @Test func aSavepointWhoseTransactionWasCommittedIsGoneAndNothingChanges() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let (_, kept) = try session.keepingSavepoint { try session.execute("UPDATE Genre SET Name = 'kept' WHERE GenreId = 1") }
        try session.commit()
        #expect(session.keptSavepoints.isEmpty)
        try session.execute("UPDATE Genre SET Name = 'later' WHERE GenreId = 2")
        #expect {
            try session.rollBack(to: kept)
        } throws: { error in
            guard case AmigoError.savepointGone(let name, _) = error else { return false }
            return name == kept.name
        }
        #expect(session.pendingChangeCount == 1)
        #expect(try name(ofGenre: 1) == "kept")
        #expect(try name(ofGenre: 2) == "later")
    }

    @Test func aSavepointRolledBackToAlreadyIsGone() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let (_, kept) = try session.keepingSavepoint { try session.execute("UPDATE Genre SET Name = 'x' WHERE GenreId = 1") }
        try session.rollBack(to: kept)
        #expect(throws: AmigoError.self) { try session.rollBack(to: kept) }
        #expect(session.pendingChangeCount == 0)
    }
}
