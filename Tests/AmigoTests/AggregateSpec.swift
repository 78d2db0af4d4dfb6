import Foundation
import Testing
@testable import Amigo

/// Aggregates on a query (issue 5): each function on empty and non-empty sets and with NULLs,
/// typed results, and respect for the query's filters, relationship scope and limit — on compiled
/// models (the seed schema) and on reflected run-time models (a copy of chinook, compared with
/// SQLite's own answer to hand-written SQL).
@Suite struct AggregateSpec {
    /// A compiled model with nullable numbers.
    final class Lap: AmigoModel {
        var id: Int?
        var duration: Int?
        var position: Int?
    }

    /// `lap` and the seed models (for joins) in one in-memory database, with a statement trace.
    struct LapDatabase {
        let amigo: AmigoDatabase
        let trace: EchoRecorder
    }

    /// An empty database of laps, dogs and people.
    private func database() throws -> (LapDatabase, Session) {
        let lap = ORMModel(Lap.self, Column("id", \Lap.id, primaryKey: true), Column("duration", \Lap.duration),
                           Column("position", \Lap.position))
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let people = ORMModel(People.self, Column("id", \People.id, primaryKey: true), Column("label", \People.label),
                              Column("dog", ForeignKey(dog), \People.dog))
        let amigo = try AmigoDatabase([lap, dog, people], factory: SQLiteEngineFactory(":memory:"))
        try amigo.createAll()
        return (LapDatabase(amigo: amigo, trace: EchoRecorder(amigo.engine.echo)), try amigo.openSession())
    }

    /// Laps whose durations are 10, 20, NULL, 30 (positions 1…4).
    private func metas() throws -> (LapDatabase, Session) {
        let (db, session) = try database()
        for (duration, position) in [(10, 1), (20, 2), (nil, 3), (30, 4)] as [(Int?, Int)] {
            let m = Lap(); m.duration = duration; m.position = position
            try session.add(m)
        }
        return (db, session)
    }

    // MARK: Compiled models

    @Test func everyAggregateOnAnEmptyTableFollowsSQLite() throws {
        let (_, session) = try database()
        let q = session.query(Lap.self)
        #expect(try q.count() == 0)
        #expect(try q.count("duration") == 0)
        #expect(try q.avg("duration") == nil)
        #expect(try q.sum("duration") == nil)
        #expect(try q.min("duration") == nil)
        #expect(try q.max("duration") == nil)
        #expect(try q.total("duration") == 0.0)
        #expect(try session.query(Dog.self).groupConcat("label") == nil)
        #expect(try session.query(Dog.self).groupConcat("label", separator: "; ") == nil)
        let all = try q.aggregate([.count, .countValues("duration"), .countDistinct("duration"), .nulls("duration"),
                                   .avg("duration"), .sum("duration"), .total("duration"), .min("duration"), .max("duration"),
                                   .groupConcat("duration", separator: nil)])
        #expect(all == [.integer(0), .integer(0), .integer(0), .integer(0), .null, .null, .real(0), .null, .null, .null])
    }

    @Test func everyAggregateOnRowsWithANullIgnoresTheNull() throws {
        let (_, session) = try metas()
        let q = session.query(Lap.self)
        #expect(try q.count() == 4)
        #expect(try q.count("duration") == 3)
        #expect(try q.avg("duration") == 20.0)
        #expect(try q.sum("duration") == .integer(60))      // an integer when every value is one
        #expect(try q.total("duration") == 60.0)            // always a real
        #expect(try q.min("duration") == .integer(10))
        #expect(try q.max("duration") == .integer(30))
        #expect(try q.groupConcat("duration")?.split(separator: ",").sorted() == ["10", "20", "30"])
        #expect(try q.groupConcat("duration", separator: " | ")?.components(separatedBy: " | ").sorted() == ["10", "20", "30"])
        let all = try q.aggregate([.count, .countValues("duration"), .countDistinct("position"), .nulls("duration")])
        #expect(all == [.integer(4), .integer(3), .integer(4), .integer(1)])
    }

    @Test func aColumnOfOnlyNullsHasNoSumMinMaxOrAverageButATotalOfZero() throws {
        let (_, session) = try database()
        for _ in 0..<3 { try session.add(Lap()) }
        let q = session.query(Lap.self)
        #expect(try q.count() == 3)
        #expect(try q.count("duration") == 0)
        #expect(try q.aggregate([.nulls("duration"), .countDistinct("duration")]) == [.integer(3), .integer(0)])
        #expect(try q.avg("duration") == nil)
        #expect(try q.sum("duration") == nil)
        #expect(try q.min("duration") == nil)
        #expect(try q.max("duration") == nil)
        #expect(try q.total("duration") == 0.0)
        #expect(try q.groupConcat("duration") == nil)
    }

    @Test func realValuesGiveARealSumAndTextMinMaxCompareAsText() throws {
        let (_, session) = try metas()
        try session.execute(#"UPDATE "lap" SET "duration" = 2.5 WHERE "position" = 1"#)
        #expect(try session.query(Lap.self).sum("duration") == .real(52.5))
        for label in ["b", "a", "c"] { let d = Dog(); d.label = label; try session.add(d) }
        #expect(try session.query(Dog.self).min("label") == .text("a"))
        #expect(try session.query(Dog.self).max("label") == .text("c"))
    }

    @Test func aggregatesRespectTheFilterAndBindItsArgumentsAfterTheSeparator() throws {
        let (db, session) = try metas()
        let q = session.query(Lap.self).filter("duration > %@", 10)
        #expect(try q.count("duration") == 2)
        #expect(try q.sum("duration") == .integer(50))
        #expect(try q.avg("duration") == 25.0)
        #expect(try q.min("duration") == .integer(20))
        #expect(try session.query(Lap.self).filter("duration > %@", 100).total("duration") == 0.0)
        #expect(try session.query(Lap.self).filter("duration > %@", 100).max("duration") == nil)
        // The separator is a bound argument placed before the filter's.
        db.trace.clear()
        let text = try session.query(Lap.self).filter("position >= %@", 2).orderBy("position").groupConcat("position", separator: "+")
        #expect(text?.split(separator: "+").sorted() == ["2", "3", "4"])
        #expect(db.trace.statements == [#"SELECT GROUP_CONCAT("lap"."position", ?) FROM "lap" WHERE "lap"."position" >= ?"#])
        #expect(db.trace.events.last?.arguments == ["+", 2])
    }

    @Test func aggregatesRespectARelationshipScope() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a = Author(); a.firstName = "A"
        let b = Author(); b.firstName = "B"
        try session.add(a, b)
        for (title, author) in [("one", a), ("two", a), ("three", b), (nil, a)] as [(String?, Author)] {
            let p = Post(); p.title = title; p.author = author
            try session.add(p)
        }
        let posts = session.query(Post.self).using(a).relationship("posts")
        #expect(try posts.count() == 3)
        #expect(try posts.count("title") == 2)
        #expect(try posts.groupConcat("title")?.split(separator: ",").sorted() == ["one", "two"])
        #expect(try posts.max("title") == .text("two"))
        #expect(try session.query(Post.self).using(b).relationship("posts").min("title") == .text("three"))
        // Many-to-many through the junction table.
        let parent = Parent(); parent.label = "p"
        try session.add(parent)
        let kids = ["x", "y", "z"].map { label -> Child in let c = Child(); c.label = label; return c }
        try session.add(kids[0], kids[1], kids[2])
        try session.using(parent).relationship("children").add(kids[0], kids[2])
        let children = session.query(Child.self).using(parent).relationship("children")
        #expect(try children.count("label") == 2)
        #expect(try children.groupConcat("label", separator: "")?.sorted() == ["x", "z"])
        #expect(try children.sum("id") == .integer(Int64(kids[0].id! + kids[2].id!)))
        // An owner with no rows yet has nothing to aggregate.
        #expect(try session.query(Post.self).using(Author()).relationship("posts").sum("id") == nil)
    }

    @Test func aPathThroughAToOneRelationshipIsJoined() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let rex = Dog(); rex.label = "rex"
        let ace = Dog(); ace.label = "ace"
        try session.add(rex, ace)
        for (label, dog) in [("p1", rex), ("p2", ace), ("p3", nil)] as [(String, Dog?)] {
            let p = People(); p.label = label; p.dog = dog
            try session.add(p)
        }
        #expect(try session.query(People.self).max("dog.label") == .text("rex"))
        #expect(try session.query(People.self).count("dog.label") == 2)
        #expect(try session.query(People.self).filter("dog.label = %@", "ace").groupConcat("label") == "p2")
        #expect(try session.query(People.self).aggregate([.count, .countValues("dog.id"), .min("dog.label")])
                == [.integer(3), .integer(2), .text("ace")])
    }

    @Test func aLimitedQueryAggregatesOnlyTheRowsItReturns() throws {
        let (_, session) = try metas()
        let firstTwo = session.query(Lap.self).orderBy("position").limit(2)
        #expect(try firstTwo.count() == 2)
        #expect(try firstTwo.sum("duration") == .integer(30))
        #expect(try firstTwo.max("position") == .integer(2))
        let lastTwo = session.query(Lap.self).orderBy("position", ascending: false).limit(2)
        #expect(try lastTwo.aggregate([.count, .countValues("duration"), .avg("duration")]) == [.integer(2), .integer(1), .real(30)])
        #expect(try session.query(Lap.self).orderBy("position").offset(3).total("duration") == 30.0)
        // A limited query with a join and a separator argument.
        let rex = Dog(); rex.label = "rex"
        try session.add(rex)
        for label in ["a", "b", "c"] { let p = People(); p.label = label; p.dog = rex; try session.add(p) }
        let q = session.query(People.self).filter("dog.label = %@", "rex").orderBy("label").limit(2)
        #expect(try q.groupConcat("label", separator: "/") == "a/b" || q.groupConcat("label", separator: "/") == "b/a")
        #expect(try q.max("dog.label") == .text("rex"))
    }

    @Test func anUnknownColumnIsAnErrorNotANull() throws {
        let (_, session) = try metas()
        #expect(throws: AmigoError.self) { try session.query(Lap.self).avg("nope") }
        #expect(throws: AmigoError.self) { try session.query(Lap.self).aggregate([.count, .max("position.nope")]) }
        #expect(throws: AmigoError.self) { try session.query(Lap.self).filter("nope = 1").count("duration") }
    }

    // MARK: Reflected run-time models (chinook)

    @Test func chinookAggregatesEqualSQLitesAnswers() throws {
        let file = try SeedFile(copying: .chinook)
        let db = try file.reflect()
        let session = try db.openSession()
        let rock = session.query("Track").filter("GenreId = 1")
        func scalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> DatabaseValue {
            try db.engine.fetchScalar(sql, arguments)
        }
        let avg = try #require(try rock.avg("Milliseconds"))
        #expect(avg == (try scalar("SELECT AVG(Milliseconds) FROM Track WHERE GenreId = 1").doubleValue))
        #expect(try rock.sum("Milliseconds") == (try scalar("SELECT SUM(Milliseconds) FROM Track WHERE GenreId = 1")))
        #expect(try rock.total("Milliseconds") == (try scalar("SELECT TOTAL(Milliseconds) FROM Track WHERE GenreId = 1").doubleValue))
        #expect(try rock.min("Name") == (try scalar("SELECT MIN(Name) FROM Track WHERE GenreId = 1")))
        #expect(try rock.max("Milliseconds") == (try scalar("SELECT MAX(Milliseconds) FROM Track WHERE GenreId = 1")))
        #expect(try rock.count("Composer") == (try db.engine.scalarInt("SELECT COUNT(Composer) FROM Track WHERE GenreId = 1")))
        #expect(try rock.count() == (try db.engine.scalarInt("SELECT COUNT(*) FROM Track WHERE GenreId = 1")))
        #expect(try rock.aggregate([.countDistinct("AlbumId"), .nulls("Composer")])
                == [try scalar("SELECT COUNT(DISTINCT AlbumId) FROM Track WHERE GenreId = 1"),
                    try scalar("SELECT COUNT(*) - COUNT(Composer) FROM Track WHERE GenreId = 1")])
        #expect(try rock.filter("AlbumId = 1").groupConcat("TrackId", separator: " ")
                == (try scalar("SELECT GROUP_CONCAT(TrackId, ' ') FROM Track WHERE GenreId = 1 AND AlbumId = 1").textValue))
        // UnitPrice is NUMERIC: the sums are reals.
        #expect(try session.query("InvoiceLine").sum("UnitPrice") == (try scalar("SELECT SUM(UnitPrice) FROM InvoiceLine")))
        // Nothing matches: typed empties.
        let none = session.query("Track").filter("GenreId = %@", -1)
        #expect(try none.avg("Milliseconds") == nil)
        #expect(try none.sum("Milliseconds") == nil)
        #expect(try none.min("Name") == nil)
        #expect(try none.max("Name") == nil)
        #expect(try none.total("Milliseconds") == 0.0)
        #expect(try none.count("Name") == 0)
        #expect(try none.groupConcat("Name") == nil)
    }

    @Test func chinookAggregatesRespectPathsAndRelationshipScopes() throws {
        let file = try SeedFile(copying: .chinook)
        let db = try file.reflect()
        let session = try db.openSession()
        // A filter through a to-one relationship.
        let jazz = session.query("Track").filter("genre.Name = %@", "Jazz")
        #expect(try jazz.sum("Milliseconds") == (try db.engine.fetchScalar(
            "SELECT SUM(t.Milliseconds) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz'")))
        // An aggregated path through two to-one relationships.
        #expect(try session.query("Track").filter("AlbumId = 1").max("album.artist.Name") == .text("AC/DC"))
        // One-to-many scope.
        let album1 = try #require(try session.get("Album", 1))
        #expect(try session.query("Track").using(album1).relationship("tracks").total("Milliseconds")
                == (try db.engine.fetchScalar("SELECT TOTAL(Milliseconds) FROM Track WHERE AlbumId = 1").doubleValue))
        // Many-to-many scope through PlaylistTrack.
        let playlist = try #require(try session.get("Playlist", 5))
        let tracks = session.query("Track").using(playlist).relationship("tracks")
        #expect(try tracks.count("TrackId") == (try db.engine.scalarInt("SELECT COUNT(*) FROM PlaylistTrack WHERE PlaylistId = 5")))
        #expect(try tracks.avg("Milliseconds") == (try db.engine.fetchScalar(
            "SELECT AVG(t.Milliseconds) FROM Track t JOIN PlaylistTrack pt ON pt.TrackId = t.TrackId WHERE pt.PlaylistId = 5").doubleValue))
        // The aggregate statement binds the filter value.
        let trace = EchoRecorder(db.engine.echo)
        _ = try session.query("Track").filter("Composer = %@", "AC/DC").count("Composer")
        #expect(trace.statements == [#"SELECT COUNT("Track"."Composer") FROM "Track" WHERE "Track"."Composer" = ?"#])
        #expect(trace.events.first?.arguments == ["AC/DC"])
    }

    // MARK: Documentation example (docs/FEATURES-SEED-LIBRARIES.md)

    @Test func documentationExampleCompilesAndRuns() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try file.reflect()
        // --- example
        let session = try amigo.openSession()
        let rock = session.query("Track").filter("GenreId = %@", 1)
        let average = try rock.avg("Milliseconds")          // Double?  (nil on no rows)
        let longest = try rock.max("Milliseconds")          // DatabaseValue?
        let total = try rock.total("Bytes")                 // Double   (0.0 on no rows)
        let composers = try rock.count("Composer")          // non-null values
        let names = try rock.filter("AlbumId = %@", 1).groupConcat("Name", separator: " / ")
        let stats = try rock.aggregate([.count, .countDistinct("AlbumId"), .nulls("Composer"), .min("Name")])
        // --- end
        #expect(average != nil && longest != nil && total > 0 && composers > 0 && names != nil)
        #expect(stats.count == 4)
    }
}
