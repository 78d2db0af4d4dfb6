import Amigo
import Foundation
import Testing

/// Value profiles on every engine: values along a path, buckets of related counts (parents
/// without children first), ranges of a numeric column — the same lines from SQLite and PostgreSQL.
@Suite("Value profiles on SQLite and PostgreSQL")
struct ProfileScenarios {
    /// Three authors (Cy without books); forty books of 10, 20 … 400 pages: thirty by Ann, nine
    /// by Bob, one by nobody.
    private func withBooks(_ kind: TestStore.Kind, _ body: (Session) throws -> Void) throws {
        let store = try TestStore(kind)
        defer { store.drop() }
        let books = (1...40).map { i in
            "(\(i), 'book \(i)', \(i <= 30 ? "1" : i < 40 ? "2" : "NULL"), \(i * 10), '\(2021 + (i - 1) / 12)-\(String(format: "%02d", (i - 1) % 12 + 1))-15')"
        }.joined(separator: ", ")
        try store.connect().executeScript("""
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER REFERENCES author (id), pages INTEGER, published DATE);
            INSERT INTO author (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
            INSERT INTO book (id, title, author_id, pages, published) VALUES \(books);
            """)
        let amigo = try store.reflect()
        try body(try amigo.openSession())
    }

    @Test(arguments: TestStore.Kind.available)
    func valuesAlongAPathBucketsOfRelatedCountsAndRanges(_ kind: TestStore.Kind) throws {
        try withBooks(kind) { session in
            let toAuthor = try #require(try session.amigo.model(named: "book").relationships.first { $0.target.name == "author" }).name
            let names = try session.query("book").valueProfile(of: "\(toAuthor).name")
            #expect(names.values == [ValueCount(value: "Ann", count: 30), ValueCount(value: "Bob", count: 9), ValueCount(value: .null, count: 1)])
            #expect(names.rowCount == 40 && names.distinctCount == 3)
            let toBooks = try #require(try session.amigo.model(named: "author").relationships.first { $0.target.name == "book" }).name
            let counts = try session.query("author").valueProfile(of: "\(toBooks).@count")
            #expect(counts.values.map(\.count) == [1, 0, 0, 1, 0, 1])
            #expect(counts.values.first?.group == .relatedCount(low: 0, high: 0))
            let pages = try session.query("book").valueProfile(of: "pages")
            #expect(pages.grouping == .ranges)
            #expect(pages.values.map(\.count) == [4, 5, 5, 5, 5, 5, 5, 5, 1])
            #expect(pages.values.first?.group == .range(low: 0, high: 50))
            // Over a filter, its arguments bound after the range's.
            let long = try session.query("book").filter("pages > %@", 105).valueProfile(of: "pages")
            #expect(long.values.reduce(0) { $0 + $1.count } == 30)
            // Dates (a DATE column: text in SQLite, a date in PostgreSQL) by years.
            let years = try session.query("book").valueProfile(of: "published")
            #expect(years.values == [ValueCount(group: .range(low: "2021-01-01", high: "2022-01-01"), count: 12),
                                     ValueCount(group: .range(low: "2022-01-01", high: "2023-01-01"), count: 12),
                                     ValueCount(group: .range(low: "2023-01-01", high: "2024-01-01"), count: 12),
                                     ValueCount(group: .range(low: "2024-01-01", high: "2025-01-01"), count: 4)])
        }
    }
}
