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

    /// `albums.@count`: how many artists have 0, 1, 2–5, 6–10 … albums; the 0 bucket is the
    /// artists without any (orphans), every bucket up to the largest count is listed.
    @Test func relatedCountsInBucketsWithTheParentsWithoutChildrenFirst() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let profile = try session.query("Artist").valueProfile(of: "albums.@count")
        #expect(profile.grouping == .relatedCounts)
        #expect(profile.values.map(\.group) == [.relatedCount(low: 0, high: 0), .relatedCount(low: 1, high: 1), .relatedCount(low: 2, high: 5),
                                               .relatedCount(low: 6, high: 10), .relatedCount(low: 11, high: 20), .relatedCount(low: 21, high: 50)])
        let perArtist = "(SELECT count(*) FROM Album WHERE Album.ArtistId = Artist.ArtistId)"
        #expect(profile.values.map(\.count) == [
            try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) = 0"), try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) = 1"),
            try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) BETWEEN 2 AND 5"), try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) BETWEEN 6 AND 10"),
            try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) BETWEEN 11 AND 20"), try scalar("SELECT count(*) FROM Artist WHERE \(perArtist) BETWEEN 21 AND 50"),
        ])
        #expect(profile.values.first?.count == 71)
        #expect(profile.rowCount == 275)
        #expect(ValueProfile.countBuckets(upTo: 1200).map { "\($0.lowerBound)-\($0.upperBound)" }
                == ["0-0", "1-1", "2-5", "6-10", "11-20", "21-50", "51-100", "101-200", "201-500", "501-1000", "1001-2000"])
    }

    /// A numeric column with many distinct values: about ten ranges of one round width, in
    /// order, empty ones included, each counted as SQLite counts it.
    @Test func aNumericColumnWithManyDistinctValuesIsProfiledByRanges() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let profile = try session.query("Track").valueProfile(of: "Milliseconds")
        #expect(profile.grouping == .ranges)
        #expect(profile.values.count == 6)
        #expect(profile.values.first?.group == .range(low: 0, high: 1_000_000))
        #expect(profile.values.last?.group == .range(low: 5_000_000, high: 6_000_000))
        for line in profile.values {
            guard case .range(let low, let high) = line.group else { Issue.record("not a range: \(line)"); continue }
            #expect(line.count == (try scalar("SELECT count(*) FROM Track WHERE Milliseconds >= \(low) AND Milliseconds < \(high)")))
        }
        #expect(profile.values.reduce(0) { $0 + $1.count } == 3503)
        // Reals, over a filter: the ranges' bounds are round.
        let totals = try session.query("Invoice").filter("Total > 5").valueProfile(of: "Total")
        #expect(totals.grouping == .values)       // 17 distinct totals: listed one by one
        let bytes = try session.query("Track").filter("Milliseconds < 300000").valueProfile(of: "Bytes")
        #expect(bytes.grouping == .ranges)
        #expect(bytes.values.reduce(0) { $0 + $1.count } == (try scalar("SELECT count(*) FROM Track WHERE Milliseconds < 300000")))
    }

    /// Keys that point at no row are a line of their own: taken out of the key's values, and
    /// out of the NULLs a path through the key reads.
    @Test func danglingKeysAreALineOfTheirOwn() throws {
        _ = try amigo.engine.execute("PRAGMA foreign_keys = OFF", [])
        _ = try amigo.engine.execute("UPDATE Track SET GenreId = 999 WHERE TrackId IN (1, 2, 3)", [])
        _ = try amigo.engine.execute("UPDATE Track SET GenreId = NULL WHERE TrackId = 4", [])
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let keys = try session.query("Track").valueProfile(of: "GenreId")
        #expect(keys.labelledBy == "genre")
        #expect(keys.values.last == ValueCount(group: .dangling(via: "genre"), count: 3))
        #expect(!keys.values.contains { $0.group == .value(999) })
        #expect(keys.values.contains(ValueCount(value: .null, count: 1)))
        let names = try session.query("Track").valueProfile(of: "genre.Name")
        #expect(names.values.last == ValueCount(group: .dangling(via: "genre"), count: 3))
        #expect(names.values.contains(ValueCount(value: .null, count: 1)))
        #expect(names.values.reduce(0) { $0 + $1.count } == 3503)
    }

    /// A date column with many distinct values: years when its dates span two years or more,
    /// else months (else days), each the rows from its first day to the next period's.
    @Test func aDateColumnWithManyDistinctValuesIsProfiledByYearsOrMonths() throws {
        let session = try amigo.openSession()
        defer { try? session.close(); TemporaryFile.remove(path) }
        let years = try session.query("Invoice").valueProfile(of: "InvoiceDate")
        #expect(years.grouping == .ranges)
        #expect(years.values.first == ValueCount(group: .range(low: "2021-01-01", high: "2022-01-01"), count: 83))
        #expect(years.values.map(\.count) == [83, 83, 83, 83, 80])
        let months = try session.query("Invoice").filter("InvoiceDate >= '2022-01-01' AND InvoiceDate < '2023-01-01'").valueProfile(of: "InvoiceDate")
        #expect(months.values.count == 12)
        #expect(months.values.first == ValueCount(group: .range(low: "2022-01-01", high: "2022-02-01"), count: 7))
        #expect(months.values.last?.group == .range(low: "2022-12-01", high: "2023-01-01"))
        #expect(ValueProfile.periodBounds("2024-02-28")! == ("2024-02-28", "2024-02-29"))
    }
}
