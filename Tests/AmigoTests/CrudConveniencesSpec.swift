import Foundation
import Testing
@testable import Amigo

/// The CRUD conveniences of issue 5: `replace`, `update`, `get`, `all(where:)`, `first(where:)`
/// on the session, and bulk `update(set:where:)` / `delete(where:)` on a query — bound parameters
/// throughout, counted in the session's pending changes; on compiled and reflected models.
@Suite struct CrudConveniencesSpec {
    /// Dogs lucy(1), rex(2), ace(3); people ann→lucy, bob→rex, cy→rex, dee (no dog).
    private func seeded() throws -> (SeedDatabase, Session) {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        var dogs: [String: Dog] = [:]
        for label in ["lucy", "rex", "ace"] {
            let d = Dog(); d.label = label
            try session.add(d)
            dogs[label] = d
        }
        for (label, dog) in [("ann", "lucy"), ("bob", "rex"), ("cy", "rex"), ("dee", nil)] as [(String, String?)] {
            let p = People(); p.label = label; p.dog = dog.flatMap { dogs[$0] }
            try session.add(p)
        }
        try session.commit()
        db.trace.clear()
        return (db, session)
    }

    /// The statements (not transaction control) recorded so far.
    private func statementEvents(_ db: SeedDatabase) -> [EchoEvent] {
        db.trace.events.filter { $0.kind == .statement }
    }

    private func labels(_ session: Session) throws -> [String?] {
        try session.query(Dog.self).orderBy("id").all().map(\.label)
    }

    // MARK: replace

    @Test func replaceInsertsWithTheExplicitKey() throws {
        let (db, session) = try seeded()
        let d = Dog(); d.id = 40; d.label = "forty"
        try session.upsert(d)
        #expect(db.trace.statements == [#"SELECT 1 FROM "dog" WHERE "id" = ?"#, #"INSERT INTO "dog" ("id", "label") VALUES (?, ?)"#])
        #expect(statementEvents(db).map(\.arguments) == [[40], [40, "forty"]])
        #expect(d.isPersisted)
        #expect(try session.get(Dog.self, 40)?.label == "forty")
        #expect(try session.query(Dog.self).count() == 4)
        #expect(session.pendingChangeCount == 1)
    }

    @Test func replaceOverwritesTheRowWithTheSameKey() throws {
        let (db, session) = try seeded()
        let d = Dog(); d.id = 2; d.label = "rex II"          // never fetched
        try session.upsert(d)
        #expect(db.trace.statements == [#"SELECT 1 FROM "dog" WHERE "id" = ?"#, #"UPDATE "dog" SET "label" = ? WHERE "id" = ?"#])
        #expect(session.pendingChangeCount == 1)
        #expect(try labels(session) == ["lucy", "rex II", "ace"])
        #expect(try session.query(Dog.self).count() == 3)
        // Rows that reference the replaced row still do.
        #expect(try session.query(People.self).filter("dog.label = %@", "rex II").count() == 2)
    }

    @Test func replaceWithoutAKeyInsertsAndWritesTheKeyBack() throws {
        let (_, session) = try seeded()
        let d = Dog(); d.label = "new"
        try session.upsert(d)
        #expect(d.id == 4)
        #expect(try session.get(Dog.self, 4)?.label == "new")
    }

    @Test func replacingARowKeepsTheManyToManyLinksThatReferenceIt() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let parent = Parent(); parent.label = "p"
        let child = Child(); child.label = "c"
        try session.add(parent, child)
        try session.using(parent).relationship("children").add(child)
        #expect(try session.query(Child.self).using(parent).relationship("children").count() == 1)
        let again = Parent(); again.id = parent.id; again.label = "p2"
        try session.upsert(again)
        #expect(try session.get(Parent.self, parent.id!)?.label == "p2")
        #expect(try session.query(Child.self).using(again).relationship("children").count() == 1)
    }

    @Test func replaceDeletingConflictsDeletesTheOldRowFirstAndItsCascadedLinksGoWithIt() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let parent = Parent(); parent.label = "p"
        let child = Child(); child.label = "c"
        try session.add(parent, child)
        try session.using(parent).relationship("children").add(child)
        let again = Parent(); again.id = parent.id; again.label = "p2"
        try session.replaceDeletingConflicts(again)
        #expect(db.trace.statements.last?.hasPrefix(#"INSERT OR REPLACE INTO "parent""#) == true)
        #expect(try session.get(Parent.self, parent.id!)?.label == "p2")
        #expect(try session.query(Child.self).using(again).relationship("children").count() == 0)
    }

    // MARK: update

    @Test func updateWritesEveryColumnOfAnObjectThatWasNeverFetched() throws {
        let (db, session) = try seeded()
        let d = Dog(); d.id = 2; d.label = "renamed"
        try session.update(d)
        #expect(db.trace.statements == [#"UPDATE "dog" SET "label" = ? WHERE "id" = ?"#])
        #expect(statementEvents(db).first?.arguments == ["renamed", 2])
        #expect(try labels(session) == ["lucy", "renamed", "ace"])
        #expect(d.isPersisted)
        #expect(session.pendingChangeCount == 1)
        // "Every column": a to-one left nil is written as NULL.
        let p = People(); p.id = 1; p.label = "ann"
        try session.update(p)
        #expect(try session.query(People.self).filter("dog = nil").all().compactMap(\.label).sorted() == ["ann", "dee"])
    }

    @Test func updateOfAMissingRowOrAnObjectWithoutKeyThrowsAndChangesNothing() throws {
        let (_, session) = try seeded()
        let ghost = Dog(); ghost.id = 99; ghost.label = "ghost"
        let error = try #require(throws: AmigoError.self) { try session.update(ghost) }
        guard case .noRowToUpdate(model: "Dog", key: [.integer(99)]) = error else { Issue.record("\(error)"); return }
        #expect(!ghost.isPersisted)
        let keyless = Dog(); keyless.label = "x"
        let missing = try #require(throws: AmigoError.self) { try session.update(keyless) }
        guard case .missingPrimaryKey = missing else { Issue.record("\(missing)"); return }
        #expect(try labels(session) == ["lucy", "rex", "ace"])
        #expect(session.pendingChangeCount == 0)
    }

    @Test func updatingSeveralObjectsIsAllOrNothing() throws {
        let (_, session) = try seeded()
        let first = Dog(); first.id = 1; first.label = "changed"
        let ghost = Dog(); ghost.id = 99; ghost.label = "ghost"
        #expect(throws: AmigoError.self) { try session.update(first, ghost) }
        #expect(try labels(session) == ["lucy", "rex", "ace"])
        #expect(session.pendingChangeCount == 0)
    }

    // MARK: get, all(where:), first(where:)

    @Test func getReturnsTheObjectOrNil() throws {
        let (db, session) = try seeded()
        #expect(try session.get(Dog.self, 2)?.label == "rex")
        #expect(try session.get(Dog.self, 99) == nil)
        #expect(db.trace.events.last?.arguments == [99])
    }

    @Test func allAndFirstWhereTakeTheFilterLanguageWithBoundArguments() throws {
        let (db, session) = try seeded()
        #expect(try session.all(Dog.self).count == 3)
        #expect(try session.all(Dog.self, where: "label BEGINSWITH %@ OR id = %@", "r", 3).compactMap(\.label).sorted() == ["ace", "rex"])
        #expect(db.trace.statements.last?.contains("?") == true)
        #expect(db.trace.statements.last?.contains("'r") == false)
        #expect(try session.all(People.self, where: "dog.label = %@", "rex").compactMap(\.label).sorted() == ["bob", "cy"])
        #expect(try session.first(Dog.self, where: "label = %@", "ace")?.id == 3)
        #expect(try session.first(Dog.self, where: "label = %@", "nobody") == nil)
        #expect(try session.first(Dog.self)?.id != nil)
        // A quote in an argument is data.
        #expect(try session.all(Dog.self, where: "label = %@", "x' OR '1'='1").isEmpty)
        // The wrong number of arguments is an error, not a query.
        let error = try #require(throws: AmigoError.self) { try session.all(Dog.self, where: "label = %@") }
        guard case .argumentCountMismatch = error else { Issue.record("\(error)"); return }
    }

    @Test func theConveniencesWorkOnReflectedModels() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try file.reflect()
        let session = try amigo.openSession()
        #expect(try session.get("Artist", 1)?["Name"] == "AC/DC")
        #expect(try session.get("Artist", -1) == nil)
        let acdc = try session.all("Album", where: "artist.Name = %@", "AC/DC")
        #expect(acdc.map { $0["AlbumId"] } == [1, 4])
        #expect(try session.first("Album", where: "Title BEGINSWITH %@", "Let There")?["AlbumId"] == 4)
        #expect(try session.first("Album", where: "Title = %@", "nope") == nil)
        #expect(try session.all("Genre").count == 25)
        // replace and update with records.
        let genre = try Record(try amigo.model(named: "Genre"), ["GenreId": 100, "Name": "Polka"])
        try session.upsert(genre)
        genre["Name"] = "Polka!"
        let copy = try Record(try amigo.model(named: "Genre"), ["GenreId": 100, "Name": "Polka!!"])
        try session.update(copy)
        #expect(try session.get("Genre", 100)?["Name"] == "Polka!!")
        #expect(session.pendingChangeCount == 2)
        try session.commit()
        #expect(try file.connect().allRows("SELECT Name FROM Genre WHERE GenreId = 100") == [["Polka!!"]])
    }

    // MARK: Bulk update and delete

    @Test func bulkUpdateBindsItsValuesAndFilterAndReturnsTheCount() throws {
        let (db, session) = try seeded()
        let changed = try session.query(Dog.self).update(set: ["label": "x'); DROP TABLE dog; --"], where: "label != %@", "lucy")
        #expect(changed == 2)
        #expect(db.trace.statements == [
            #"UPDATE "dog" SET "label" = ? WHERE "id" IN (SELECT "dog"."id" FROM "dog" WHERE "dog"."label" <> ?)"#,
        ])
        #expect(db.trace.events.first?.arguments == ["x'); DROP TABLE dog; --", "lucy"])
        #expect(db.trace.events.first?.rowCount == 2)
        #expect(try labels(session) == ["lucy", "x'); DROP TABLE dog; --", "x'); DROP TABLE dog; --"])
        #expect(session.pendingChangeCount == 2)
        #expect(try session.query(Dog.self).filter("id = 1").update(set: ["label": nil]) == 1)
        #expect(try labels(session).first == .some(nil))
        #expect(session.pendingChangeCount == 3)
        try session.rollback()
        #expect(session.pendingChangeCount == 0)
        #expect(try labels(session) == ["lucy", "rex", "ace"])
    }

    @Test func bulkUpdateAndDeleteThroughADottedPathJoinInTheKeySubquery() throws {
        let (db, session) = try seeded()
        #expect(try session.query(People.self).update(set: ["label": "rex's"], where: "dog.label = %@", "rex") == 2)
        let update = try #require(db.trace.statements.last)
        #expect(update.hasPrefix(#"UPDATE "people" SET "label" = ? WHERE "id" IN (SELECT "people"."id" FROM "people" LEFT JOIN "dog""#))
        #expect(!update.contains("'rex'"))
        #expect(db.trace.events.last?.arguments == ["rex's", "rex"])
        #expect(try session.query(People.self).orderBy("id").all().map(\.label) == ["ann", "rex's", "rex's", "dee"])
        let deleted = try session.query(People.self).delete(where: "dog.label = %@ OR dog = nil", "lucy")
        #expect(deleted == 2)
        #expect(db.trace.events.last?.arguments == ["lucy"])
        #expect(try session.query(People.self).orderBy("id").all().map(\.id) == [2, 3])
        #expect(session.pendingChangeCount == 4)
        try session.commit()
        #expect(session.pendingChangeCount == 0)
    }

    @Test func bulkWritesRespectTheRelationshipScopeAndTheLimit() throws {
        let (_, session) = try seeded()
        let rex = try #require(try session.get(Dog.self, 2))
        #expect(try session.query(People.self).using(rex).relationship("people").update(set: ["label": "owner"]) == 2)
        #expect(try session.query(People.self).filter("label = %@", "owner").all().map(\.id) == [2, 3])
        // Only the rows the query returns: the two highest keys.
        #expect(try session.query(Dog.self).orderBy("id", ascending: false).limit(1).update(set: ["label": "last"]) == 1)
        #expect(try labels(session) == ["lucy", "rex", "last"])
        #expect(try session.query(People.self).orderBy("id", ascending: false).limit(2).delete() == 2)
        #expect(try session.query(People.self).orderBy("id").all().map(\.id) == [1, 2])
        // Many-to-many scope.
        let parent = Parent(); parent.label = "p"
        let kids = ["a", "b", "c"].map { l -> Child in let c = Child(); c.label = l; return c }
        try session.add(parent, kids[0], kids[1], kids[2])
        try session.using(parent).relationship("children").add(kids[0], kids[1])
        #expect(try session.query(Child.self).using(parent).relationship("children").update(set: ["label": "linked"]) == 2)
        #expect(try session.query(Child.self).orderBy("id").all().map(\.label) == ["linked", "linked", "c"])
    }

    @Test func bulkWritesWithABadColumnOrFilterThrowAndChangeNothing() throws {
        let (_, session) = try seeded()
        let unknown = try #require(throws: AmigoError.self) { try session.query(Dog.self).update(set: ["nope": 1]) }
        guard case .unknownColumn = unknown else { Issue.record("\(unknown)"); return }
        #expect(throws: AmigoError.self) { try session.query(Dog.self).delete(where: "nope = %@", 1) }
        #expect(throws: AmigoError.self) { try session.query(Dog.self).delete(where: "label = %@") }
        #expect(try session.query(Dog.self).update(set: [:]) == 0)
        #expect(try labels(session) == ["lucy", "rex", "ace"])
        #expect(session.pendingChangeCount == 0)
        // Deleting rows other rows reference is refused by the foreign key, and nothing is deleted.
        #expect(throws: AmigoError.self) { try session.query(Dog.self).delete() }
        #expect(try session.query(Dog.self).count() == 3)
        #expect(session.pendingChangeCount == 0)
    }

    @Test func bulkWritesOnReflectedChinookMatchSQL() throws {
        let file = try SeedFile(copying: .chinook)
        let amigo = try file.reflect()
        let session = try amigo.openSession()
        let jazz = try amigo.engine.scalarInt("SELECT COUNT(*) FROM Track t JOIN Genre g USING (GenreId) WHERE g.Name = 'Jazz'")
        #expect(try session.query("Track").update(set: ["UnitPrice": 1.49], where: "genre.Name = %@", "Jazz") == jazz)
        #expect(try session.query("Track").filter("UnitPrice = %@", 1.49).count() == jazz)
        #expect(try session.query("PlaylistTrack").delete(where: "playlist.Name = %@", "Music Videos") == 1)
        #expect(session.pendingChangeCount == jazz! + 1)
        // Other connections see nothing until commit.
        #expect(try file.connect().scalarInt("SELECT COUNT(*) FROM Track WHERE UnitPrice = 1.49") == 0)
        try session.commit()
        #expect(try file.connect().scalarInt("SELECT COUNT(*) FROM Track WHERE UnitPrice = 1.49") == jazz)
    }

    @Test func writesOnAReadOnlyDatabaseAreRefused() throws {
        let file = try SeedFile(copying: .chinook)
        let before = file.bytes
        let amigo = try file.reflect(OpenOptions(readOnly: true))
        let session = try amigo.openSession()
        let artist = try #require(try session.get("Artist", 1))
        for attempt in [
            { try session.query("Artist").update(set: ["Name": "x"]) },
            { try session.query("Artist").delete(where: "ArtistId = %@", 1) },
            { try session.upsert(artist); return 0 },
            { try session.update(artist); return 0 },
        ] as [() throws -> Int] {
            let error = try #require(throws: AmigoError.self) { _ = try attempt() }
            guard case .readOnly = error else { Issue.record("\(error)"); continue }
        }
        #expect(session.pendingChangeCount == 0)
        #expect(file.bytes == before)
    }

    // MARK: Documentation example (docs/FEATURES-SEED-LIBRARIES.md)

    @Test func documentationExampleCompilesAndRuns() throws {
        let db = try SeedDatabase()
        let amigo = db.amigo
        // --- example
        let session = try amigo.openSession()
        let rex = Dog(); rex.id = 7; rex.label = "Rex"
        try session.upsert(rex)                             // inserted with id 7, or row 7 overwritten
        let renamed = Dog(); renamed.id = 7; renamed.label = "Rex II"
        try session.update(renamed)                         // every column, by key; no fetch needed
        let seven = try session.get(Dog.self, 7)            // Dog? — nil when there is no such row
        let rs = try session.all(Dog.self, where: "label BEGINSWITH %@", "R")
        let first = try session.first(Dog.self, where: "id > %@", 5)
        let changed = try session.query(Dog.self).update(set: ["label": "Max"], where: "label = %@", "Rex II")
        let deleted = try session.query(People.self).delete(where: "dog.label = %@", "Max")  // joins dog
        try session.commit()
        // --- end
        #expect(seven?.label == "Rex II" && rs.count == 1 && first?.id == 7 && changed == 1 && deleted == 0)
    }
}
