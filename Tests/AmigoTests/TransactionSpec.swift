import Dispatch
import Testing
@testable import Amigo

/// Sessions as transactions: BEGIN on creation, COMMIT + BEGIN, ROLLBACK + BEGIN, no implicit
/// nesting (a second session on the thread is refused), `savepoint { }` blocks as the only
/// SAVEPOINTs; commit versus rollback seen from a second connection. Sessions on several threads:
/// SessionIsolationSpec.
@Suite struct TransactionSpec {
    private struct Oops: Error {}

    private func transactionSQL(_ db: SeedDatabase) -> [String] {
        db.trace.events.filter { $0.kind == .transaction }.map(\.sql)
    }

    @Test func aSessionBeginsATransactionWhenCreated() throws {
        let db = try SeedDatabase()
        #expect(!db.amigo.engine.isInTransaction)
        db.trace.clear()
        let session = try db.amigo.openSession()
        #expect(transactionSQL(db) == ["BEGIN"])
        #expect(db.amigo.engine.isInTransaction)
        #expect(session.isActive)
        #expect(db.amigo.engine.transactionGate.isHeld)
    }

    @Test func commitPersistsAndBeginsTheNextTransaction() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        db.trace.clear()
        try session.commit()
        #expect(transactionSQL(db) == ["COMMIT", "BEGIN"])
        #expect(db.amigo.engine.isInTransaction)
    }

    @Test func rollbackUndoesAndBeginsTheNextTransaction() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
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
        let session = try writer.amigo.openSession()

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
        let reading = try first.amigo.openSession()
        #expect(try reading.query(Dog.self).count() == 0)
        try reading.refresh()
        let writing = try second.amigo.openSession()
        let d = Dog(); d.label = "lucy"
        try writing.add(d)
        try writing.commit()
        #expect(try reading.query(Dog.self).count() == 1)
    }

    @Test func aSecondSessionOnTheSameThreadIsRefusedAndNothingNests() throws {
        let db = try SeedDatabase()
        let outer = try db.amigo.openSession()
        let lucy = Dog(); lucy.label = "lucy"
        try outer.add(lucy)
        db.trace.clear()
        #expect(throws: AmigoError.sessionAlreadyOpen(path: db.amigo.engine.path)) { try db.amigo.openSession() }
        #expect(transactionSQL(db).isEmpty)        // no SAVEPOINT, no BEGIN
        #expect(outer.isActive)
        try outer.commit()
        #expect(try db.amigo.query(Dog.self).all().map(\.label) == ["lucy"])
        // Once the first is closed, the thread may open another.
        try outer.close()
        let next = try db.amigo.openSession()
        #expect(try next.query(Dog.self).count() == 1)
    }

    @Test func aSavepointBlocksChangesAreUndoneByTheSessionsRollback() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        try session.savepoint {
            let d = Dog(); d.label = "lucy"
            try session.add(d)
        }
        #expect(try session.query(Dog.self).count() == 1)
        try session.rollback()
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func transactionControlThroughRawSQLIsRefusedButSavepointsAreNot() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        for sql in ["COMMIT", "rollback", "BEGIN IMMEDIATE", "  end transaction"] {
            #expect(throws: AmigoError.self, "\(sql)") { try session.execute(sql) }
            #expect(throws: AmigoError.self, "\(sql)") { try session.fetch(sql) }
        }
        #expect(db.amigo.engine.isInTransaction)
        try session.execute("SAVEPOINT mine")
        try session.execute("INSERT INTO dog (label) VALUES ('x')")
        try session.execute("ROLLBACK TO mine")
        try session.execute("RELEASE mine")
        #expect(try session.query(Dog.self).count() == 0)
    }

    @Test func aSavepointBlockRollsBackWhenItThrows() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
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
        #expect(name.hasPrefix("\"amigo_") && name.hasSuffix("\""))     // quoted by the dialect
        #expect(tx == ["SAVEPOINT \(name)", "ROLLBACK TO SAVEPOINT \(name)", "RELEASE SAVEPOINT \(name)"])
        #expect(try session.query(Dog.self).all().map(\.label) == ["lucy"])
        #expect(session.pendingChangeCount == 1)
        #expect(session.isActive)
    }

    @Test func aSavepointBlockKeepsItsChangesAndReturnsItsValue() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
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
        let session = try db.amigo.openSession()
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
            let session = try db.amigo.openSession()
            let d = Dog(); d.label = "lucy"
            try session.add(d)
            #expect(try db.amigo.query(Dog.self).count() == 1)
            withExtendedLifetime(session) {}
        }
        #expect(!db.amigo.engine.isInTransaction)
        #expect(try db.amigo.query(Dog.self).count() == 0)
    }
}
