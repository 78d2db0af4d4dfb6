import Amigo
import AmigoTestSupport
import Testing

/// A column's value profile: the most frequent values with their counts, over a query's rows
/// and along to-one paths, counted by SQLite itself.
@Suite struct ValueProfileSpec {
    let path: String
    let amigo: AmigoDatabase

    init() throws {
        path = try SampleDatabase.chinook.copy()
        amigo = try AmigoDatabase(reflecting: path)
    }

    func scalar(_ sql: String) throws -> Int { Int(try amigo.engine.fetchScalar(sql).integerValue ?? -1) }

    @Test func theMostFrequentValuesOfAColumnWithRowsAndDistinctCounts() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let profile = try session.query("Track").valueProfile(of: "GenreId", limit: 3)
        #expect(profile.values.map(\.value) == [1, 7, 3])
        #expect(profile.values.map(\.count) == [1297, 579, 374])
        #expect(profile.rowCount == 3503)
        #expect(profile.distinctCount == (try scalar("SELECT count(DISTINCT GenreId) FROM Track")))
    }

    @Test func aToOnePathAndAFilterAndNullsAsAValueOfTheirOwn() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let byName = try session.query("Track").filter("Milliseconds > 300000").valueProfile(of: "genre.Name", limit: 2)
        #expect(byName.values.first?.value == "Rock")
        #expect(byName.values.first?.count == (try scalar("SELECT count(*) FROM Track WHERE Milliseconds > 300000 AND GenreId = 1")))
        #expect(byName.rowCount == (try scalar("SELECT count(*) FROM Track WHERE Milliseconds > 300000")))
        let composers = try session.query("Track").valueProfile(of: "Composer", limit: 1)
        #expect(composers.values.first == ValueCount(value: .null, count: try scalar("SELECT count(*) FROM Track WHERE Composer IS NULL")))
    }

    @Test func aColumnThatIsNotThereIsAnError() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        #expect(throws: AmigoError.self) { try session.query("Track").valueProfile(of: "Nope") }
        #expect(throws: AmigoError.self) { try session.query("Track").valueProfile(of: "genre.Nope") }
    }
}
