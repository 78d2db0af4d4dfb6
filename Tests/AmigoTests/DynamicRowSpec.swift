import Foundation
import Testing
@testable import Amigo

/// Rows of reflected models (``Record``s): values by column, keys, the query API, and editing
/// through the session with commit and rollback observed from a second connection.
@Suite struct ReflectionDynamicRowSpec {
    @Test func aRecordExposesItsValuesByColumnAndItsKey() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let album = try #require(try session.query("Album").get(1))
        #expect(album.model === (try db.model("Album")))
        #expect(album.values == [1, "For Those About To Rock We Salute You", 1])
        #expect(album["Title"] == "For Those About To Rock We Salute You")
        #expect(album["title"] == album["Title"])          // case-insensitive, as SQLite
        #expect(album["Nope"] == .null)
        #expect(throws: AmigoError.unknownColumn(column: "Nope", model: "Album")) { try album.value("Nope") }
        #expect(throws: AmigoError.unknownColumn(column: "Nope", model: "Album")) { try album.set("Nope", 1) }
        #expect(try album.value("ArtistId") == 1)
        #expect(album.primaryKey == [1])
        #expect(album.rowID == nil)
        #expect(album.isPersisted)
        #expect(album.description == "Album(AlbumId: 1, Title: 'For Those About To Rock We Salute You', ArtistId: 1)")
        let fresh = Record(try db.model("Album"))
        #expect(fresh.values == [nil, nil, nil])
        #expect(!fresh.isPersisted)
        try fresh.set("Title", "x")
        try fresh.set("ArtistId", nil)
        #expect(fresh.values == [nil, "x", nil])
        #expect(try db.amigo.model(named: "album") === (try db.model("Album")))   // model names are case-insensitive
        #expect(throws: AmigoError.unknownModel("Albums")) { try db.amigo.model(named: "Albums") }
        #expect(throws: AmigoError.unknownModel("Albums")) { try session.query("Albums").count() }
    }

    @Test func theQueryAPIWorksOnReflectedModels() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let tracks = session.query("Track")
        #expect(try tracks.filter("AlbumId IN %@", [1, 2]).count() == 11)
        #expect(try tracks.filter("Milliseconds BETWEEN {200000, 210000} AND genre.Name = %@", "Jazz").count() == db.int("""
            SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE t.Milliseconds BETWEEN 200000 AND 210000 AND g.Name = 'Jazz'
            """))
        #expect(try tracks.filter("Name LIKE[c] 'balls*'").count() == 1)
        #expect(try tracks.filter("Name MATCHES 'Balls.*Wall'").count() == 1)
        let page = try tracks.filter("AlbumId = 1").orderBy("Milliseconds", ascending: false).limit(3).offset(2).all()
        #expect(try page.map(\.primaryKey) == db.engine.fetchAll("SELECT TrackId FROM Track WHERE AlbumId = 1 ORDER BY Milliseconds DESC LIMIT 3 OFFSET 2").rows)
        #expect(try tracks.filter("AlbumId = 1").limit(3).count() == 3)
        #expect(try tracks.orderBy("-TrackId").first()?.primaryKey == [3503])
        #expect(try tracks.get(99999) == nil)
        #expect(try tracks.filter("AlbumId = 2").get(1) == nil)           // filters still apply to get
        #expect(try tracks.filter("AlbumId = 1").get(1)?["Name"] == "For Those About To Rock (We Salute You)")
        #expect(try tracks.filter("genre.Name = 'Rock'").exists())
        #expect(try tracks.sum("Milliseconds") == db.engine.fetchScalar("SELECT SUM(Milliseconds) FROM Track"))
        // Mistakes are typed errors that name the model.
        let unknown = #expect(throws: AmigoError.self) { try tracks.filter("nope = 1").count() }
        guard case .invalidFilter(let message, _, _, _)? = unknown else { Issue.record("\(String(describing: unknown))"); return }
        #expect(message.hasPrefix("unknown column 'nope' in Track"))
        let related = try #require(try session.query("Artist").get(1))
        #expect(throws: AmigoError.unknownRelationship(relationship: "songs", model: "Artist", available: ["albums"])) {
            try session.query("Album").using(related).relationship("songs").count()
        }
        #expect(throws: AmigoError.typeMismatch(expected: "Album", actual: "Track")) {
            try session.query("Track").using(related).relationship("albums").count()
        }
    }

    @Test func editsAreVisibleToOtherConnectionsOnlyAfterCommit() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let other = try SQLiteEngine(path: db.path)
        func name(_ id: Int) throws -> DatabaseValue { try other.fetchScalar("SELECT Name FROM Artist WHERE ArtistId = ?", [.integer(Int64(id))]) }

        // Update a column.
        let acdc = try #require(try session.query("Artist").get(1))
        acdc["Name"] = "AC⚡DC"
        try session.add(acdc)
        #expect(try session.query("Artist").get(1)?["Name"] == "AC⚡DC")    // the session sees its own change
        #expect(try name(1) == "AC/DC")                                       // others do not, yet
        // Insert: the INTEGER PRIMARY KEY is assigned and written back.
        let added = try Record(db.model("Artist"), ["Name": "Nouvelle Vague"])
        try session.add(added)
        #expect(added["ArtistId"] == 276)
        #expect(added.primaryKey == [276])
        #expect(added.isPersisted)
        // Delete (an artist without albums).
        let lonely = try #require(try session.query("Artist").filter("albums = nil").orderBy("ArtistId").first())
        let lonelyID = try #require(lonely["ArtistId"].integerValue)
        try session.delete(lonely)
        #expect(!lonely.isPersisted)
        #expect(session.pendingChangeCount == 3)
        #expect(try other.int("SELECT COUNT(*) FROM Artist") == 275)
        try session.commit()
        #expect(try name(1) == "AC⚡DC")
        #expect(try name(276) == "Nouvelle Vague")
        #expect(try other.int("SELECT COUNT(*) FROM Artist WHERE ArtistId = ?", [.integer(lonelyID)]) == 0)
        #expect(try other.int("SELECT COUNT(*) FROM Artist") == 275)

        // The same kinds of edits, rolled back.
        acdc["Name"] = "changed again"
        try session.update(acdc, columns: ["Name"])
        try session.add(try Record(db.model("Artist"), ["Name": "Temporary"]))
        try session.delete(added)
        #expect(try session.query("Artist").count() == 275)
        try session.rollback()
        #expect(session.pendingChangeCount == 0)
        #expect(try session.query("Artist").get(1)?["Name"] == "AC⚡DC")
        #expect(try session.query("Artist").get(276)?["Name"] == "Nouvelle Vague")
        #expect(try session.query("Artist").count() == 275)
        #expect(try other.fetchAll("SELECT ArtistId, Name FROM Artist WHERE ArtistId IN (1, 276, 277) ORDER BY ArtistId").rows == [
            [1, "AC⚡DC"], [276, "Nouvelle Vague"],
        ])
        // Closing a session rolls back what was not committed.
        acdc["Name"] = "never"
        try session.add(acdc)
        try session.close()
        #expect(try name(1) == "AC⚡DC")
    }

    @Test func foreignKeysAreEnforcedAndAFailedEditChangesNothing() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let acdc = try #require(try session.query("Artist").get(1))
        let error = #expect(throws: AmigoError.self) { try session.delete(acdc) }
        #expect(databaseError(error)?.isConstraintViolation == true)
        #expect(databaseError(error)?.message == "FOREIGN KEY constraint failed")
        #expect(databaseError(error)?.sql == #"DELETE FROM "Artist" WHERE "ArtistId" = ?"#)
        let orphan = try Record(db.model("Album"), ["Title": "Orphan", "ArtistId": 9999])
        #expect(throws: AmigoError.self) { try session.add(orphan) }
        #expect(orphan["AlbumId"] == .null)
        #expect(!orphan.isPersisted)
        try session.commit()
        #expect(try db.int("SELECT COUNT(*) FROM Artist") == 275)
        #expect(try db.int("SELECT COUNT(*) FROM Album") == 347)
    }

    @Test func relationshipsOfReflectedRowsAreEditedThroughTheSession() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        // A pure junction: link and unlink directly (INSERT OR IGNORE / DELETE on PlaylistTrack).
        let movies = try #require(try session.query("Playlist").get(2))
        let track = try #require(try session.query("Track").get(1))
        let recorder = EchoRecorder(db.engine.echo)
        try session.using(movies).relationship("tracks").add(track)
        #expect(recorder.statements.last == #"INSERT OR IGNORE INTO "PlaylistTrack" ("PlaylistId", "TrackId") VALUES (?, ?)"#)
        #expect(try session.relatedCountsByName(of: movies) == ["playlistTracks": 1, "tracks": 1])
        #expect(try session.relatedCountsByName(of: track)["playlists"] == 4)
        try session.commit()
        #expect(try SQLiteEngine(path: db.path).int("SELECT COUNT(*) FROM PlaylistTrack WHERE PlaylistId = 2") == 1)
        try session.using(movies).relationship("tracks").delete(track)
        #expect(recorder.statements.last == #"DELETE FROM "PlaylistTrack" WHERE "PlaylistId" = ? AND "TrackId" = ?"#)
        try session.commit()
        #expect(try SQLiteEngine(path: db.path).int("SELECT COUNT(*) FROM PlaylistTrack WHERE PlaylistId = 2") == 0)
        // A one-to-many: adding an album to an artist sets its ArtistId and inserts it.
        let artist = try #require(try session.query("Artist").filter("albums = nil").orderBy("ArtistId").first())
        let album = try Record(db.model("Album"), ["Title": "Debut"])
        try session.using(artist).relationship("albums").add(album)
        #expect(album["ArtistId"] == artist["ArtistId"])
        #expect(album["AlbumId"] == 348)
        #expect(try session.relatedCountsByName(of: artist) == ["albums": 1])
        // A to-one: pointing a track at that album.
        let newTrack = try Record(db.model("Track"), ["Name": "Intro", "MediaTypeId": 1, "Milliseconds": 1000, "UnitPrice": 0.99])
        try session.add(newTrack)
        try session.using(newTrack).relationship("album").add(album)
        #expect(newTrack["AlbumId"] == 348)
        #expect(try session.query("Track").filter("album.artist.ArtistId = %@", artist["ArtistId"]).all().map { $0["Name"] } == ["Intro"])
        try session.rollback()
        #expect(try session.query("Album").count() == 347)
        #expect(try session.query("Track").count() == 3503)
    }
}
