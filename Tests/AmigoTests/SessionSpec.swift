import Dispatch
import Foundation
import Testing
@testable import Amigo

/// `session.add` / `delete` / upsert and the async helpers, ported from the original's
/// AmigoSessionTests, AmigoQuerySetTests (foreign-key saves) and AmigoSessionAsyncTests.
@Suite struct SessionSpec {
    // MARK: Insert

    @Test func addInsertsAndWritesTheNewPrimaryKeyBack() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(try session.query(Dog.self).get(1) == nil)
        let d = Dog(); d.label = "lucy"
        db.trace.clear()
        try session.add(d)
        #expect(d.id == 1)
        #expect(d.isPersisted)
        #expect(db.trace.statements == [#"INSERT INTO "dog" ("label") VALUES (?)"#])
        #expect(db.trace.events.first?.arguments == ["lucy"])
        let fetched = try #require(try session.query(Dog.self).get(1))
        #expect(fetched.id == 1)
        #expect(fetched.label == "lucy")
    }

    @Test func addTakesSeveralObjectsAndKeysFollowInsertionOrder() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let dogs = ["a", "b", "c"].map { label -> Dog in let d = Dog(); d.label = label; return d }
        try session.add(dogs[0], dogs[1], dogs[2])
        #expect(dogs.map(\.id) == [1, 2, 3])
        #expect(try session.query(Dog.self).orderBy("id").all().map(\.label) == ["a", "b", "c"])
    }

    @Test func anObjectWithAClientAssignedKeyIsInsertedWithThatKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.id = 42; d.label = "answer"
        db.trace.clear()
        try session.add(d)
        #expect(db.trace.statements == [#"INSERT INTO "dog" ("id", "label") VALUES (?, ?)"#])
        #expect(try session.query(Dog.self).get(42)?.label == "answer")
    }

    @Test func rowidsBeyondThirtyTwoBitsRoundTrip() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let big = Dog(); big.id = 3_000_000_000; big.label = "big"
        try session.add(big)
        let next = Dog(); next.label = "next"
        try session.add(next)
        #expect(next.id == 3_000_000_001)
        #expect(try session.query(Dog.self).get(3_000_000_001)?.label == "next")
        #expect(try session.query(Dog.self).filter("id > %@", 2_147_483_648).orderBy("id").all().map(\.id) == [3_000_000_000, 3_000_000_001])
        // A foreign key beyond 32 bits is written and read back intact too.
        let p = People(); p.label = "owner"; p.dog = next
        try session.add(p)
        #expect(try session.query(People.self).selectRelated("dog").get(p.id!)?.dog?.id == 3_000_000_001)
    }

    // MARK: Update

    @Test func changingAnAddedObjectAndAddingItAgainUpdatesIt() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        d.label = "ollie"
        db.trace.clear()
        try session.add(d)
        #expect(db.trace.statements == [#"UPDATE "dog" SET "label" = ? WHERE "id" = ?"#])
        #expect(db.trace.events.first?.arguments == ["ollie", 1])
        #expect(try session.query(Dog.self).get(1)?.label == "ollie")
        #expect(try session.query(Dog.self).count() == 1)
    }

    @Test func repeatedUpdatesReuseTheStatementAndKeepTheLastValue() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog()
        for label in ["lucy", "ollie", "gato"] {
            d.label = label
            try session.add(d)
        }
        #expect(try session.query(Dog.self).get(1)?.label == "gato")
        #expect(try session.query(Dog.self).count() == 1)
        #expect(Set(db.trace.statements.filter { $0.hasPrefix("UPDATE") }).count == 1)
    }

    @Test func aFetchedObjectIsUpdatedNotInsertedWhenAddedAgain() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        let fetched = try #require(try session.query(Dog.self).get(1))
        #expect(fetched.isPersisted)
        fetched.label = "ollie"
        try session.add(fetched)
        #expect(try session.query(Dog.self).all().map(\.label) == ["ollie"])
    }

    @Test func savingAnObjectFetchedWithoutItsRelatedObjectKeepsTheForeignKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        let fetched = try #require(try session.query(People.self).get(1))
        #expect(fetched.dog == nil)
        #expect(fetched.foreignKeyValue("dog", in: db.amigo) == .integer(1))
        fetched.label = "Bar"
        try session.add(fetched)
        let again = try #require(try session.query(People.self).selectRelated("dog").get(1))
        #expect(again.label == "Bar")
        #expect(again.dog?.label == "Lucy")
    }

    @Test func rawForeignKeysOfEveryKindSurviveAFetchAndASave() throws {
        let db = try SeedDatabase()
        let d = Dog(); d.label = "Lucy"
        let c = Cat(); c.label = "Tom"
        let both = People(); both.label = "both"; both.dog = d; both.cat = c
        let catOnly = People(); catOnly.label = "cat only"; catOnly.cat = c
        let neither = People(); neither.label = "neither"
        let setup = try db.amigo.openSession()
        try setup.add(both, catOnly, neither)
        try setup.commit()
        try setup.close()
        // A foreign key holding text, as a file made elsewhere (without enforcement) may have.
        try db.amigo.engine.executeScript(#"PRAGMA foreign_keys = OFF; UPDATE "people" SET "dog_id" = 'x-1' WHERE "label" = 'neither'"#)
        let session = try db.amigo.openSession()
        let fetched = try session.query(People.self).orderBy("id").all()
        #expect(fetched.map { $0.foreignKeyValue("dog", in: db.amigo) } == [.integer(1), .null, .text("x-1")])
        #expect(fetched.map { $0.foreignKeyValue("cat", in: db.amigo) } == [.integer(1), .integer(1), .null])
        for p in fetched { p.label = (p.label ?? "") + "!"; try session.add(p) }
        let rows = try db.amigo.engine.fetchAll(#"SELECT "label", "dog_id", "cat_id" FROM "people" ORDER BY "id""#).rows
        #expect(rows == [["both!", 1, 1], ["cat only!", .null, 1], ["neither!", "x-1", .null]])
    }

    @Test func settingALoadedRelatedObjectToNilClearsTheForeignKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.add(p)
        let fetched = try #require(try session.query(People.self).selectRelated("dog").get(1))
        fetched.dog = nil
        try session.add(fetched)
        #expect(try session.query(People.self).filter("dog = nil").count() == 1)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog == nil)
    }

    // MARK: Foreign keys

    @Test func addingAnObjectInsertsItsUnsavedRelatedObjectFirst() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        #expect(try session.query(Dog.self).get(1) == nil)
        let d = Dog(); d.label = "lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        db.trace.clear()
        try session.add(p)
        #expect(db.trace.statements == [
            #"INSERT INTO "dog" ("label") VALUES (?)"#,
            #"INSERT INTO "people" ("label", "dog_id", "cat_id") VALUES (?, ?, ?)"#,
        ])
        #expect(db.trace.events.map(\.arguments) == [["lucy"], ["Foo", 1, nil]])
        #expect(d.id == 1)
        #expect(p.id == 1)
        #expect(try session.query(Dog.self).get(1)?.label == "lucy")
    }

    @Test func multipleForeignKeysAreSavedAndLoaded() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "Lucy"
        let c = Cat(); c.label = "Ollie"
        let p = People(); p.label = "Foo"; p.dog = d; p.cat = c
        try session.add(p)
        let rows = try session.query(People.self).selectRelated("dog", "cat").all()
        #expect(rows.count == 1)
        #expect(rows.first?.dog?.label == "Lucy")
        #expect(rows.first?.cat?.label == "Ollie")
    }

    @Test func updatingAnObjectWithoutAForeignKeyToANewObjectInsertsThatObject() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let p = People(); p.label = "Foo"
        let d = Dog(); d.label = "lucy"
        try session.add(p)
        #expect(p.id == 1)
        #expect(d.id == nil)
        p.dog = d
        try session.add(p)
        #expect(d.id == 1)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog?.label == "lucy")
    }

    @Test func pointingAnObjectAtAnotherRelatedObjectUpdatesTheForeignKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d1 = Dog(); d1.label = "one"
        let d2 = Dog(); d2.label = "two"
        let p = People(); p.label = "Foo"; p.dog = d1
        try session.add(p, d1, d2)
        let fetched = try #require(try session.query(People.self).selectRelated("dog").get(1))
        #expect(fetched.dog?.id == d1.id)
        fetched.dog = d2
        try session.add(fetched)
        #expect(try session.query(People.self).selectRelated("dog").get(1)?.dog?.id == d2.id)
    }

    // MARK: Upsert

    @Test func upsertInsertsANewObjectThenReplacesIt() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        db.trace.clear()
        try session.replaceDeletingConflicts(d)
        #expect(d.id == 1)
        d.label = "ollie"
        try session.replaceDeletingConflicts(d)
        #expect(db.trace.statements == Array(repeating: #"INSERT OR REPLACE INTO "dog" ("id", "label") VALUES (?, ?)"#, count: 2))
        #expect(db.trace.events.map(\.arguments) == [[nil, "lucy"], [1, "ollie"]])
        #expect(try session.query(Dog.self).all().map(\.label) == ["ollie"])
    }

    @Test func upsertWithAForeignKeyKeepsTheRelatedRowsKey() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        let p = People(); p.label = "Foo"; p.dog = d
        try session.replaceDeletingConflicts(p)
        var first = try #require(try session.query(People.self).selectRelated("dog").all().first)
        #expect(first.id == 1)
        #expect(first.label == "Foo")
        #expect(first.dog?.label == "lucy")
        #expect(first.dog?.id == 1)
        d.label = "ollie"
        try session.replaceDeletingConflicts(d)
        first = try #require(try session.query(People.self).selectRelated("dog").all().first)
        #expect(first.dog?.label == "ollie")
        #expect(first.dog?.id == 1)
    }

    // MARK: Delete

    @Test func deleteRemovesTheRow() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        #expect(try session.query(Dog.self).get(1) != nil)
        db.trace.clear()
        try session.delete(d)
        #expect(db.trace.statements == [#"DELETE FROM "dog" WHERE "id" = ?"#])
        #expect(db.trace.events.first?.arguments == [1])
        #expect(try session.query(Dog.self).get(1) == nil)
        #expect(!d.isPersisted)
    }

    @Test func deleteTakesSeveralObjects() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let dogs = (1...3).map { n -> Dog in let d = Dog(); d.label = "dog \(n)"; return d }
        try session.add(dogs)
        #expect(try session.query(Dog.self).count() == 3)
        try session.delete(dogs)
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func deletingAnObjectThatWasNeverSavedDoesNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let kept = Dog(); kept.label = "kept"
        try session.add(kept)
        db.trace.clear()
        try session.delete(Dog())
        #expect(db.trace.events.isEmpty)
        #expect(try session.query(Dog.self).count() == 1)
    }

    @Test func pendingChangeCountCountsRowsUntilCommit() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a = Dog(), b = Dog()
        try session.add(a, b)
        a.label = "changed"
        try session.add(a)
        try session.delete(b)
        #expect(session.pendingChangeCount == 4)
        try session.commit()
        #expect(session.pendingChangeCount == 0)
    }

    // MARK: Async

    @Test func asyncRunsTheActionAndThenDeliversItsResult() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let done = DispatchSemaphore(value: 0)
        let delivered = LockedBox<Result<Dog, Error>?>(nil)
        session.async { () throws -> Dog in
            let d = Dog(); d.label = "lucy"
            try session.add(d)
            return d
        }.then { result in
            delivered.value = result
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let dog = try #require(try delivered.value?.get())
        #expect(dog.id == 1)
        #expect(try session.query(Dog.self).get(1)?.label == "lucy")
    }

    @Test func asyncOnAGivenQueueRunsThereAndReportsErrors() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let queue = DispatchQueue(label: "amigo.test.serial")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let done = DispatchSemaphore(value: 0)
        let observed = LockedBox<(Int?, String?)>((nil, nil))
        session.async(queue: queue) { () throws -> Int in
            observed.value.0 = DispatchQueue.getSpecific(key: key)
            return try session.query("nope").count()
        }.then { result in
            if case .failure(let error) = result { observed.value.1 = "\(error)" }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(observed.value.0 == 7)
        #expect(observed.value.1 == AmigoError.unknownModel("nope").description)
    }

    @Test func asyncActionsMayReturnQueryResults() async throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        let count = try await confirmation { confirmed in
            let labels = try await session.async { try session.query(Dog.self).all().map(\.label) }.value()
            confirmed()
            return labels.count
        }
        #expect(count == 1)
    }

    @Test func runExecutesTheBodyWithTheSessionUsingSwiftConcurrency() async throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let id = try await session.run { s -> Int? in
            let d = Dog(); d.label = "lucy"
            try s.add(d)
            return d.id
        }
        #expect(id == 1)
        let labels = try await session.run { s in try s.query(Dog.self).all().map(\.label) }
        #expect(labels == ["lucy"])
        await #expect(throws: AmigoError.unknownModel("nope")) {
            try await session.run { s in try s.query("nope").all() }
        }
    }
}

/// A value shared with callbacks on other threads.
final class LockedBox<V>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: V
    init(_ value: V) { stored = value }
    var value: V {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
