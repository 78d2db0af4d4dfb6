import Foundation
import Testing
@testable import Amigo

/// More than one SQLite file on one connection: a file attached under a name is reflected
/// through the same path as the main file, its tables named `name.table`, its foreign keys
/// within itself, and its rows read and written through the session's one transaction.
@Suite struct AttachSpec {
    /// A main file with an `artist` table (with a dotted name beside it), and an archive file
    /// whose own `artist` and `album` tables are linked by a declared foreign key and whose
    /// `track.album_id` is linked by nothing but its name and data.
    static func files() throws -> (main: SyntheticDatabase, archive: SyntheticDatabase) {
        let main = try SyntheticDatabase("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "sales 2024.Q1" (id INTEGER PRIMARY KEY, total REAL);
            INSERT INTO artist VALUES (1, 'Main Artist');
            INSERT INTO "sales 2024.Q1" VALUES (1, 9.5);
            """)
        let archive = try SyntheticDatabase("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
            CREATE INDEX album_artist ON album(artist_id);
            CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT, album_id INTEGER);
            INSERT INTO artist VALUES (1, 'Old Artist'), (2, 'Older Artist');
            INSERT INTO album VALUES (10, 'First', 1), (11, 'Second', 1), (12, 'Third', 2);
            INSERT INTO track VALUES (100, 'Intro', 10), (101, 'Outro', 12);
            """)
        return (main, archive)
    }

    @Test func anAttachedFilesTablesAreReflectedQualifiedWithTheirKeysAndIndexes() throws {
        let (main, archive) = try Self.files()
        let engine = try SQLiteEngine(path: main.path)
        let session = try AmigoDatabase([], engine: engine).openSession()
        try session.attach(archive.path, as: "archive")
        try session.close()
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect(amigo.models.map(\.name) == ["artist", "sales 2024.Q1", "archive.album", "archive.artist", "archive.track"])
        let album = try amigo.model(named: "archive.album").table
        #expect(album.schema == "archive")
        #expect(album.localName == "album")
        #expect(album.foreignKeys.map(\.referencedTable) == ["archive.artist"])
        #expect(album.indexes.map(\.label) == ["album_artist"])
        #expect(try amigo.model(named: "artist").table.schema == nil)
        // The declared key leads within the attached file; the inferred one too.
        #expect(try amigo.model(named: "archive.album").relationship(named: "artist")?.target.name == "archive.artist")
        #expect(try amigo.model(named: "archive.artist").relationship(named: "albums")?.target.name == "archive.album")
        #expect(try amigo.model(named: "archive.track").relationship(named: "album")?.target.name == "archive.album")
        #expect(try amigo.model(named: "artist").relationships.isEmpty)
    }

    @Test func queriesAndWritesOnAnAttachedTableQuoteTheFileAndTheTableApart() throws {
        let (main, archive) = try Self.files()
        let engine = try SQLiteEngine(path: main.path)
        try AmigoDatabase([], engine: engine).openSession().attach(archive.path, as: "archive")
        let amigo = try AmigoDatabase(reflecting: engine)
        let session = try amigo.openSession()
        let recorder = EchoRecorder(engine.echo)
        let albums = try session.query("archive.album").filter("artist.name = %@", "Old Artist").orderBy("id").all()
        #expect(albums.map { $0["title"] } == ["First", "Second"])
        #expect(recorder.statements.last?.contains(#"FROM "archive"."album" AS "archive.album""#) == true)
        #expect(recorder.statements.last?.contains(#"JOIN "archive"."artist""#) == true)
        // The main file's dotted name is still one table.
        #expect(try session.query("sales 2024.Q1").count() == 1)
        let album = try #require(albums.first)
        album["title"] = "First (remastered)"
        try session.add(album)
        #expect(recorder.statements.last?.hasPrefix(#"UPDATE "archive"."album" SET "title" = ?"#) == true)
        // One transaction over both files: rolled back, neither keeps its change.
        let artist = try #require(try session.query("artist").get(1))
        artist["name"] = "Renamed"
        try session.add(artist)
        try session.rollback()
        #expect(try archive.secondConnection().fetchScalar("SELECT title FROM album WHERE id = 10").textValue == "First")
        album["title"] = "First (remastered)"
        try session.add(album)
        try session.commit()
        #expect(try archive.secondConnection().fetchScalar("SELECT title FROM album WHERE id = 10").textValue == "First (remastered)")
    }

    @Test func attachingIsRefusedWithPendingChangesAMissingFileOrATakenName() throws {
        let (main, archive) = try Self.files()
        let amigo = try main.reflect()
        let session = try amigo.openSession()
        let missing = #expect(throws: AmigoError.self) { try session.attach("/nonexistent/x.sqlite", as: "x") }
        #expect(missing?.description == "cannot attach /nonexistent/x.sqlite as x: no such file")
        for name in ["", "main", "TEMP", "a.b"] {
            #expect(throws: AmigoError.self) { try session.attach(archive.path, as: name) }
        }
        try session.attach(archive.path, as: "archive")
        let twice = #expect(throws: AmigoError.self) { try session.attach(archive.path, as: "ARCHIVE") }
        #expect(twice?.description == "cannot attach \(archive.path) as ARCHIVE: a file is attached as ARCHIVE already")
        #expect(try session.attachedNames() == ["archive"])
        let row = try #require(try session.query("artist").get(1))
        row["name"] = "Pending"
        try session.add(row)
        let pending = #expect(throws: AmigoError.self) { try session.detach("archive") }
        if case .changesPending? = pending {} else { Issue.record("expected changesPending, got \(String(describing: pending))") }
        try session.rollback()
        try session.detach("archive")
        #expect(try session.attachedNames().isEmpty)
        let gone = #expect(throws: AmigoError.self) { try session.detach("archive") }
        #expect(gone?.description == "no file is attached as archive (none is attached)")
        #expect(SQLiteDialect(attached: (amigo.engine.dialect as! SQLiteDialect).attached).quoteTable("archive.album") == #""archive.album""#)
    }
}
