import Foundation
import Testing
@testable import Amigo

/// `relationship.@count` in filters and orderings: how many rows a to-many relationship leads
/// to, compiled to a correlated `(SELECT COUNT(*) …)` and checked against plain GROUP BY SQL.
@Suite struct CollectionCountSpec {
    @Test func aOneToManyCountFiltersAndOrders() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let prolific = try session.query("Artist").filter("albums.@count > 5").orderBy("ArtistId").all().map { $0["ArtistId"] }
        let expected = try db.engine.column("SELECT ArtistId FROM Album GROUP BY ArtistId HAVING COUNT(*) > 5 ORDER BY ArtistId")
        #expect(prolific == expected)
        #expect(prolific.count == 6)
        #expect(try session.query("Artist").filter("albums.@count = 0").count() == 71)
        #expect(try session.query("Artist").filter("albums.@count BETWEEN {2, 3}").count()
                == db.int("SELECT COUNT(*) FROM (SELECT ArtistId FROM Album GROUP BY ArtistId HAVING COUNT(*) BETWEEN 2 AND 3)"))
        // The artist with the most albums, and the order of a count with its ties broken by key.
        let top = try session.query("Artist").orderBy("albums.@count", ascending: false).orderBy("ArtistId").limit(3).all().map { $0["Name"] }
        #expect(top == ["Iron Maiden", "Led Zeppelin", "Deep Purple"])
        #expect(try db.engine.column("SELECT a.Name FROM Artist a JOIN Album b USING (ArtistId) GROUP BY a.ArtistId ORDER BY COUNT(*) DESC, a.ArtistId LIMIT 3")
                == top.map { $0 })
        // Through a to-one hop first: tracks whose album's artist has ten albums or more.
        #expect(try session.query("Track").filter("album.artist.albums.@count >= 10").count()
                == db.int("SELECT COUNT(*) FROM Track t JOIN Album b USING (AlbumId) WHERE (SELECT COUNT(*) FROM Album c WHERE c.ArtistId = b.ArtistId) >= 10"))
    }

    @Test func aManyToManyCountCountsEachRelatedRowOnce() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        #expect(try session.query("Playlist").filter("tracks.@count = 0").count() == 4)
        #expect(try session.query("Track").filter("playlists.@count >= 5").count()
                == db.int("SELECT COUNT(*) FROM (SELECT TrackId FROM PlaylistTrack GROUP BY TrackId HAVING COUNT(*) >= 5)"))
        // A junction that links a pair twice (no key over the pair) still counts the pair once.
        let synthetic = try SyntheticDatabase("""
            CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE post_tag (id INTEGER PRIMARY KEY, post_id INTEGER NOT NULL REFERENCES post (id), tag_id INTEGER NOT NULL REFERENCES tag (id));
            INSERT INTO post VALUES (1, 'a'), (2, 'b');
            INSERT INTO tag VALUES (1, 'x'), (2, 'y');
            INSERT INTO post_tag (post_id, tag_id) VALUES (1, 1), (1, 1), (1, 2), (2, 2);
            """)
        let amigo = try synthetic.reflect()
        let posts = try amigo.openSession()
        #expect(try posts.query("post").filter("tags.@count = 2").all().map { $0["title"] } == ["a"])
        #expect(try posts.query("post").filter("post_tags.@count = 3").all().map { $0["title"] } == ["a"])
        #expect(try posts.query("tag").orderBy("posts.@count", ascending: false).all().map { $0["name"] } == ["y", "x"])
    }

    @Test func countsThatCannotBeTakenAreFilterErrors() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        func message(_ filter: String, on model: String = "Artist") -> String {
            do { _ = try session.query(model).filter(filter).count(); return "no error" } catch { return "\(error)" }
        }
        #expect(message("albums.@sum > 3").contains("unknown collection operator '@sum' (only @count is supported)"))
        #expect(message("artist.@count > 3", on: "Album").contains("@count follows a to-many relationship"))
        #expect(message("albums.tracks.@count > 3").contains("a count across several (albums.tracks.@count) is not supported"))
        #expect(message("albums.@count > 'x'").contains("albums.@count is a number: compare it with numbers"))
        #expect(message("albums.@count = nil").contains("albums.@count is a number: compare it with numbers"))
        #expect(message("albums.@count IN {1, 2.5}") == "no error")
        #expect(message("@count > 3").contains("unknown column '@count'"))
        #expect(message("albums.@ > 3").contains("'@' must start a collection operator"))
        // The count is an integer: its comparison value is bound, never spliced.
        let recorder = EchoRecorder(db.engine.echo)
        _ = try session.query("Artist").filter("albums.@count > 5").count()
        #expect(recorder.statements.last?.contains("> ?") == true)
        #expect(recorder.events.last?.arguments == [5])
    }
}
