import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Enter on any line of a value profile (`F`) narrows the view to the rows it counts — a value,
/// NULL, a bucket of related counts, a range, dangling keys — as a step Backspace takes back.
@Suite struct FrequencyNarrowingSpec {
    /// Opens `table`, profiles `column` with `F`, moves to the line `where` picks and presses
    /// Enter: the view then holds exactly that line's rows; Backspace gives back every row.
    private func enter(_ f: ChinookFixture, _ table: String, _ column: String, where pick: (ValueCount) -> Bool) throws -> (ValueCount, String?) {
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open(table)
        let all = f.explorer.current?.totalCount
        let profile = try f.explorer.valueProfile(of: column)
        app.overlay = .frequencies(profile, cursor: 0)
        guard let index = profile.values.firstIndex(where: pick) else { throw ShellError.cannotNarrow(reason: "no such line in \(profile.values)") }
        for _ in 0..<index { _ = app.handle(.down) }
        _ = app.handle(.enter)
        #expect(!app.messageIsError, "\(app.message)")
        let line = profile.values[index]
        #expect(f.explorer.current?.totalCount == line.count, "\(line) → \(f.explorer.current?.filter ?? "no filter")")
        let filter = f.explorer.current?.filter
        _ = app.handle(.backspace)
        #expect(f.explorer.current?.filter == nil && f.explorer.current?.totalCount == all)
        return (line, filter)
    }

    @Test func aValueOfAForeignKeyShownWithItsLabel() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        let genres = try f.explorer.valueProfile(of: "GenreId")
        #expect(FrequencyText.lines(genres).first?.hasPrefix("1 → Rock   ") == true)
        let (_, filter) = try enter(f, "Track", "GenreId") { $0.group == .value(7) }
        #expect(filter == "GenreId = 7")
    }

    @Test func aBucketOfRelatedCountsAndTheParentsWithoutChildren() throws {
        let f = try ChinookFixture()
        #expect(try enter(f, "Album", "tracks.@count") { $0.group == .relatedCount(low: 11, high: 20) }.1 == "tracks.@count BETWEEN {11, 20}")
        #expect(try enter(f, "Artist", "albums.@count") { $0.group == .relatedCount(low: 0, high: 0) }.1 == "albums.@count = 0")
    }

    @Test func aRangeOfNumbers() throws {
        let f = try ChinookFixture()
        let (line, filter) = try enter(f, "Track", "Milliseconds") { if case .range = $0.group { $0.count > 100 } else { false } }
        #expect(line.group == .range(low: 0, high: 1_000_000))
        #expect(filter == "Milliseconds >= 0 AND Milliseconds < 1000000")
    }

    @Test func danglingKeysAndTheNullsBesideThem() throws {
        let f = try ChinookFixture()
        // Written by another program, which checks no foreign key.
        f.explorer.releaseIdleLocks()
        let other = try SQLiteEngine(path: f.path)
        _ = try other.execute("PRAGMA foreign_keys = OFF", [])
        _ = try other.execute("UPDATE Track SET GenreId = 999 WHERE TrackId IN (1, 2, 3)", [])
        _ = try other.execute("UPDATE Track SET GenreId = NULL WHERE TrackId = 4", [])
        #expect(try enter(f, "Track", "GenreId") { $0.group == .dangling(via: "genre") }.1 == "GenreId != nil AND genre.GenreId = nil")
        #expect(try enter(f, "Track", "genre.Name") { $0.group == .dangling(via: "genre") }.0.count == 3)
        #expect(try enter(f, "Track", "genre.Name") { $0.group == .value(.null) }.1 == "genre.Name = nil AND (GenreId = nil OR genre.GenreId != nil)")
        #expect(try enter(f, "Track", "Composer") { $0.group == .value(.null) }.1 == "Composer = nil")
    }

    @Test func aYearOfDates() throws {
        let f = try ChinookFixture()
        let (line, filter) = try enter(f, "Invoice", "InvoiceDate") { $0.group == .range(low: "2022-01-01", high: "2023-01-01") }
        #expect(line.count == 83)
        #expect(filter == "InvoiceDate >= '2022-01-01' AND InvoiceDate < '2023-01-01'")
        try f.explorer.open("Invoice")
        #expect(FrequencyText.lines(try f.explorer.valueProfile(of: "InvoiceDate")).first?.hasPrefix("2021      83   20.1%") == true)
    }
}
