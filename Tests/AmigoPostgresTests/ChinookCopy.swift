import Amigo
import AmigoPostgres
import AmigoTestSupport
import Foundation
import Testing

/// A part of Chinook (the first 30 artists, their albums and tracks, the playlists' links to
/// those tracks, every genre, media type, playlist and employee) copied from
/// `Tests/Fixtures/chinook.sqlite` into a store row by row: the DDL from `sqlite_schema`, turned
/// into PostgreSQL's spelling where needed (`[Name]` → `"Name"`, `NVARCHAR` → `VARCHAR`,
/// `DATETIME` → `TIMESTAMP`), then every row with a bound INSERT.
enum ChinookCopy {
    /// The tables copied, parents first, with the rows kept.
    static let tables: [(name: String, rows: String)] = [
        ("Artist", #""ArtistId" <= 30"#),
        ("Genre", "1 = 1"),
        ("MediaType", "1 = 1"),
        ("Album", #""ArtistId" <= 30"#),
        ("Track", #""AlbumId" IN (SELECT "AlbumId" FROM "Album" WHERE "ArtistId" <= 30)"#),
        ("Playlist", "1 = 1"),
        ("PlaylistTrack", #""TrackId" IN (SELECT "TrackId" FROM "Track" WHERE "AlbumId" IN (SELECT "AlbumId" FROM "Album" WHERE "ArtistId" <= 30))"#),
        ("Employee", "1 = 1"),
    ]

    /// `sql` (SQLite's DDL) in PostgreSQL's spelling.
    static func postgresDDL(_ sql: String) -> String {
        sql.replacingOccurrences(of: "[", with: "\"").replacingOccurrences(of: "]", with: "\"")
            .replacingOccurrences(of: "NVARCHAR", with: "VARCHAR").replacingOccurrences(of: "DATETIME", with: "TIMESTAMP")
    }

    /// Copies the tables into `store`.
    static func copy(into store: TestStore) throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        let source = try SQLiteEngine(path: path)
        let target = try store.connect()
        let names = tables.map(\.name)
        var ddl: [String] = []
        try source.fetch("SELECT tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL", []) { row in
            if names.contains(row.string(at: 0)) { ddl.append(row.string(at: 1)) }
            return true
        }
        // Tables first, in dependency order; then their indexes.
        let creates = names.compactMap { name in ddl.first { $0.hasPrefix("CREATE TABLE [\(name)]") } }
        let indexes = ddl.filter { $0.hasPrefix("CREATE INDEX") || $0.hasPrefix("CREATE UNIQUE INDEX") }
        for statement in creates + indexes {
            try target.executeScript(store.kind == .postgres ? postgresDDL(statement) : statement)
        }
        try target.execute(.begin(.deferred))
        for (name, rows) in tables {
            let (columns, values) = try source.fetchAll("SELECT * FROM \(source.dialect.quote(name)) WHERE \(rows)")
            let insert = target.dialect.insert(into: name, columns: columns)
            for row in values { try target.execute(insert, row) }
        }
        try target.execute(.commit)
    }
}

/// Chinook's part, reflected on both engines: the same models and relationships, and the same
/// answers to queries that follow relationships and filter.
@Suite("Chinook copied to PostgreSQL", .enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct ChinookOnPostgresTests {
    /// What the queries answer on a store with Chinook's part.
    static func answers(_ amigo: AmigoDatabase) throws -> [String] {
        let session = try amigo.openSession()
        defer { try? session.close() }
        func texts(_ query: Query<Record>, _ column: String) throws -> String {
            try query.all().map { "\($0[column])" }.joined(separator: " | ")
        }
        let acdc = try #require(try session.query("Artist").filter("Name = %@", "AC/DC").first())
        let music = try #require(try session.query("Playlist").filter("Name = 'Music'").orderBy("PlaylistId").first())
        let boss = try #require(try session.query("Employee").filter("ReportsTo == nil").first())
        return [
            try texts(session.query("Album").filter("artist.Name = %@", "AC/DC").orderBy("Title"), "Title"),
            try texts(session.query("Album").using(acdc).relationship("albums").orderBy("-Title"), "Title"),
            try texts(session.query("Track").filter("album.artist.Name BEGINSWITH[c] 'aero' AND Milliseconds > 300000").orderBy("Name"), "Name"),
            try texts(session.query("Track").using(music).relationship("tracks").filter("genre.Name = 'Metal'").orderBy("Name").limit(5), "Name"),
            try texts(session.query("Employee").using(boss).relationship("reports").orderBy("LastName"), "LastName"),
            try texts(session.query("Artist").filter("albums.tracks.Composer CONTAINS[c] 'page'").orderBy("Name"), "Name"),
            "\(try session.query("Track").filter("mediaType.Name LIKE '*AAC*'").count())",
            "\(try session.query("PlaylistTrack").filter("playlist.Name = 'Grunge'").count())",
            "\(try session.query("Track").filter("UnitPrice > 0.98").count())",
        ]
    }

    @Test func reflectsAndAnswersLikeSQLite() throws {
        var stores: [TestStore] = []
        defer { stores.forEach { $0.drop() } }
        var reflected: [AmigoDatabase] = []
        for kind in TestStore.Kind.allCases {
            let store = try TestStore(kind)
            stores.append(store)
            try ChinookCopy.copy(into: store)
            reflected.append(try store.reflect())
        }
        let (sqlite, postgres) = (reflected[0], reflected[1])
        #expect(postgres.models.map(\.name) == ["Album", "Artist", "Employee", "Genre", "MediaType", "Playlist", "PlaylistTrack", "Track"])
        // The same description but for SQLite's INTEGER PRIMARY KEYs, which are its rowids (assigned by
        // SQLite); the same key in PostgreSQL is a plain integer (an identity key would be assigned).
        let sqliteDescription = ReflectionScenarios.describe(sqlite, tag: stores[0].tag)
        #expect(sqliteDescription.filter { $0.hasSuffix(" auto-key") }.count == 7)
        #expect(ReflectionScenarios.describe(postgres, tag: stores[1].tag)
                == sqliteDescription.map { $0.replacingOccurrences(of: " auto-key", with: "") })
        let expected = try Self.answers(sqlite)
        #expect(expected[0] == "'For Those About To Rock We Salute You' | 'Let There Be Rock'")
        #expect(expected[4] == "'Edwards' | 'Mitchell'")
        #expect(try Self.answers(postgres) == expected)
        #expect(try postgres.query("Track").count() == sqlite.query("Track").count())
    }
}
