import Dispatch
import Testing
@testable import Amigo

/// Sessions as transactions: BEGIN on creation, COMMIT + BEGIN, ROLLBACK + BEGIN, nested sessions
/// and `savepoint { }` blocks as SAVEPOINTs; commit versus rollback seen from a second connection.
@Suite struct TransactionSpec {
    private struct Oops: Error {}

    private func transactionSQL(_ db: SeedDatabase) -> [String] {
        db.trace.events.filter { $0.kind == .transaction }.map(\.sql)
    }

    @Test func aSessionBeginsATransactionWhenCreated() throws {
        let db = try SeedDatabase()
        #expect(!db.amigo.engine.isInTransaction)
        db.trace.clear()
        let session = try db.amigo.session
        #expect(transactionSQL(db) == ["BEGIN"])
        #expect(db.amigo.engine.isInTransaction)
        #expect(session.isActive)
        #expect(!session.isNested)
    }

    @Test func commitPersistsAndBeginsTheNextTransaction() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.session
        db.trace.clear()
        try session.commit()
        #expect(transactionSQL(db) == ["COMMIT", "BEGIN"])
        #expect(db.amigo.engine.isInTransaction)
    }

    @Test func rollbackUndoesAndBeginsTheNextTransaction() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.session
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        db.trace.clear()
        try session.rollback()
        #expect(transactionSQL(db) == ["ROLLBACK", "BEGIN"])
        #expect(db.amigo.engine.isInTransaction)
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func commitVersusRollbackAsSeenThroughASecondConnection() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let writer = try SeedDatabase(path: file.path)
        let reader = try SeedDatabase(path: file.path)
        let session = try writer.amigo.session

        let lucy = Dog(); lucy.label = "lucy"
        try session.add(lucy)
        #expect(try session.query(Dog.self).count() == 1)
        #expect(try reader.amigo.query(Dog.self).count() == 0)  // not committed yet
        try session.commit()
        #expect(try reader.amigo.query(Dog.self).all().map(\.label) == ["lucy"])

        let ollie = Dog(); ollie.label = "ollie"
        try session.add(ollie)
        try session.rollback()
        #expect(try session.query(Dog.self).all().map(\.label) == ["lucy"])
        #expect(try reader.amigo.query(Dog.self).all().map(\.label) == ["lucy"])

        // rollback() began a new transaction: the next write is invisible until committed.
        let rex = Dog(); rex.label = "rex"
        try session.add(rex)
        #expect(try reader.amigo.query(Dog.self).count() == 1)
        try session.commit()
        #expect(try reader.amigo.query(Dog.self).orderBy("label").all().map(\.label) == ["lucy", "rex"])
    }

    @Test func refreshReleasesTheReadLockSoAnotherConnectionCanCommit() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let first = try SeedDatabase(path: file.path)
        let second = try SeedDatabase(path: file.path)
        let reading = try first.amigo.session
        #expect(try reading.query(Dog.self).count() == 0)
        try reading.refresh()
        let writing = try second.amigo.session
        let d = Dog(); d.label = "lucy"
        try writing.add(d)
        try writing.commit()
        #expect(try reading.query(Dog.self).count() == 1)
    }

    @Test func aSessionOpenedWhileAnotherIsOpenIsASavepoint() throws {
        let db = try SeedDatabase()
        #expect(try db.amigo.query(Dog.self).get(1) == nil)
        let outer = try db.amigo.session
        let lucy = Dog(); lucy.label = "lucy"
        try outer.add(lucy)
        db.trace.clear()
        // On another queue, as in the original's testNestedTransactions: the engine is shared.
        let counts = try DispatchQueue(label: "amigo.test.nested").sync { () throws -> [Int] in
            let inner = try db.amigo.session
            #expect(inner.isNested)
            let before = try db.amigo.query(Dog.self).count()
            let ollie = Dog(); ollie.label = "ollie"
            try inner.add(ollie)
            let during = try db.amigo.query(Dog.self).count()
            try inner.rollback()
            let after = try db.amigo.query(Dog.self).count()
            try inner.close()
            return [before, during, after]
        }
        #expect(counts == [1, 2, 1])
        let tx = transactionSQL(db)
        try #require(tx.count == 6)
        let first = String(tx[0].dropFirst("SAVEPOINT ".count))
        let second = String(tx[3].dropFirst("SAVEPOINT ".count))
        #expect(first.hasPrefix("amigo_") && second.hasPrefix("amigo_") && first != second)
        #expect(tx == ["SAVEPOINT \(first)", "ROLLBACK TO \(first)", "RELEASE \(first)",
                       "SAVEPOINT \(second)", "ROLLBACK TO \(second)", "RELEASE \(second)"])
        try outer.commit()
        #expect(try db.amigo.query(Dog.self).all().map(\.label) == ["lucy"])
    }

    @Test func aNestedCommitIsAReleaseThatTheOuterRollbackStillUndoes() throws {
        let db = try SeedDatabase()
        let outer = try db.amigo.session
        let inner = try db.amigo.session
        let d = Dog(); d.label = "lucy"
        try inner.add(d)
        db.trace.clear()
        try inner.commit()
        #expect(transactionSQL(db).first?.hasPrefix("RELEASE amigo_") == true)
        try inner.close()
        #expect(try outer.query(Dog.self).count() == 1)
        try outer.rollback()
        #expect(try outer.query(Dog.self).count() == 0)
    }

    @Test func aSavepointBlockRollsBackWhenItThrows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.session
        let lucy = Dog(); lucy.label = "lucy"
        try session.add(lucy)
        db.trace.clear()
        #expect(throws: Oops.self) {
            try session.savepoint {
                let ollie = Dog(); ollie.label = "ollie"
                try session.add(ollie)
                throw Oops()
            }
        }
        let tx = transactionSQL(db)
        try #require(tx.count == 3)
        let name = String(tx[0].dropFirst("SAVEPOINT ".count))
        #expect(tx == ["SAVEPOINT \(name)", "ROLLBACK TO \(name)", "RELEASE \(name)"])
        #expect(try session.query(Dog.self).all().map(\.label) == ["lucy"])
        #expect(session.pendingChangeCount == 1)
        #expect(session.isActive)
    }

    @Test func aSavepointBlockKeepsItsChangesAndReturnsItsValue() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.session
        let id = try session.savepoint { () throws -> Int? in
            let rex = Dog(); rex.label = "rex"
            try session.add(rex)
            return rex.id
        }
        #expect(id == 1)
        #expect(try session.query(Dog.self).all().map(\.label) == ["rex"])
        try session.rollback()
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func closeRollsBackAndEndsTheSession() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.session
        let d = Dog(); d.label = "lucy"
        try session.add(d)
        db.trace.clear()
        try session.close()
        #expect(transactionSQL(db) == ["ROLLBACK"])
        #expect(!session.isActive)
        #expect(!db.amigo.engine.isInTransaction)
        #expect(try db.amigo.query(Dog.self).count() == 0)
        #expect(throws: AmigoError.sessionClosed) { try session.add(Dog()) }
    }

    @Test func aSessionReleasedWithoutCommitRollsBack() throws {
        let db = try SeedDatabase()
        do {
            let session = try db.amigo.session
            let d = Dog(); d.label = "lucy"
            try session.add(d)
            #expect(try db.amigo.query(Dog.self).count() == 1)
            withExtendedLifetime(session) {}
        }
        #expect(!db.amigo.engine.isInTransaction)
        #expect(try db.amigo.query(Dog.self).count() == 0)
    }
}
