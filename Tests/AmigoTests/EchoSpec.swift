import Foundation
import Testing
@testable import Amigo

/// Echo: every statement, with its `?` placeholders, bound values, duration and row count, on an
/// observable stream.
@Suite struct EchoSpec {
    @Test func everyStatementIsReportedWithPlaceholdersAndBoundValues() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        db.trace.clear()
        let d = Dog(); d.label = "Lucy"
        try session.add(d)
        let event = try #require(db.trace.events.first)
        #expect(db.trace.events.count == 1)
        #expect(event.kind == .statement)
        #expect(event.sql == #"INSERT INTO "dog" ("label") VALUES (?)"#)
        #expect(event.arguments == ["Lucy"])
        #expect(event.rowCount == 1)
        #expect(event.error == nil)
        #expect(event.duration >= 0)
        let lines = event.formatted.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == #"[SQL] INSERT INTO "dog" ("label") VALUES (?)"#)
        #expect(lines.last?.hasPrefix("[PARAMS] ['Lucy']  ") == true)
        #expect(lines.last?.hasSuffix(" ms, 1 row") == true)
    }

    @Test func queriesReportTheirArgumentsAndRowCount() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        for label in ["Lucy", "Lulu", "Rex"] {
            let d = Dog(); d.label = label
            try session.add(d)
        }
        db.trace.clear()
        _ = try session.query(Dog.self).filter("label BEGINSWITH %@ AND id IN %@", "Lu", [1, 2, 3]).all()
        let event = try #require(db.trace.events.first)
        #expect(event.sql == #"SELECT "dog"."id", "dog"."label" FROM "dog" WHERE "dog"."label" GLOB ? AND "dog"."id" IN (?, ?, ?)"#)
        #expect(event.arguments == ["Lu*", 1, 2, 3])
        #expect(event.rowCount == 2)
        #expect(event.formatted.contains("[PARAMS] ['Lu*', 1, 2, 3]"))
        #expect(event.formatted.hasSuffix(" ms, 2 rows"))
    }

    @Test func nullsBlobsAndQuotesAreShownAsSQLLiterals() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        db.trace.clear()
        let m = UUIDModel(); m.objId = UUIDFieldSpec.text
        try session.add(m)
        let p = People(); p.label = "it's"
        try session.add(p)
        #expect(db.trace.events.map { $0.arguments.map(\.description) } == [
            ["x'6ba7b8109dad11d180b400c04fd430c8'"],
            ["'it''s'", "NULL", "NULL"],
        ])
        #expect(DatabaseValue.real(2).description == "2.0")
        #expect(DatabaseValue.real(1.5).description == "1.5")
        #expect(DatabaseValue.integer(-42).description == "-42")
    }

    @Test func transactionControlIsReportedAsSuch() throws {
        let db = try SeedDatabase()
        db.trace.clear()
        let session = try db.amigo.openSession()
        try session.commit()
        #expect(db.trace.events.map(\.kind) == [.transaction, .transaction, .transaction])
        #expect(db.trace.events.map(\.sql) == ["BEGIN", "COMMIT", "BEGIN"])
        #expect(db.trace.events.allSatisfy { $0.arguments.isEmpty })
    }

    @Test func failuresAreReportedWithTheirError() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let a = UUIDModel(); a.objId = UUIDFieldSpec.text
        let b = UUIDModel(); b.objId = UUIDFieldSpec.text
        try session.add(a)
        db.trace.clear()
        #expect(throws: AmigoError.self) { try session.add(b) }
        let failed = try #require(db.trace.events.first)
        #expect(failed.sql == #"INSERT INTO "uuidmodel" ("objId") VALUES (?)"#)
        #expect(failed.arguments == [.blob(UUIDFieldSpec.bytes)])
        #expect(failed.error?.hasPrefix("SQLite error 19: UNIQUE constraint failed: uuidmodel.objId") == true)
        #expect(failed.formatted.contains("ERROR: SQLite error 19: UNIQUE constraint failed: uuidmodel.objId"))
        db.trace.clear()
        #expect(throws: AmigoError.self) { try db.amigo.engine.execute("SELECT * FROM nope", []) }
        let raw = try #require(db.trace.events.first)
        #expect(raw.sql == "SELECT * FROM nope")
        #expect(raw.error?.hasPrefix(#"SQLite error 1: no such table: nope - while executing "SELECT * FROM nope""#) == true)
    }

    @Test func theSchemaScriptIsReportedOnce() throws {
        let dog = ORMModel(Dog.self, Column("id", \Dog.id, primaryKey: true), Column("label", \Dog.label))
        let amigo = try AmigoDatabase([dog], factory: SQLiteEngineFactory(":memory:"))
        let trace = EchoRecorder(amigo.engine.echo)
        try amigo.createAll()
        #expect(trace.events.map(\.sql) == [
            "BEGIN",
            "CREATE TABLE IF NOT EXISTS \"dog\" (\n\t\"id\" INTEGER PRIMARY KEY NOT NULL,\n\t\"label\" TEXT NULL\n);",
            "COMMIT",
        ])
    }

    @Test func aDisabledStreamOrACancelledSubscriptionReceivesNothing() throws {
        let db = try SeedDatabase()
        let session = try db.amigo.openSession()
        let extra = LockedBox<[String]>([])
        let subscription = db.amigo.engine.echo.subscribe { event in extra.value.append(event.sql) }
        db.trace.clear()
        db.amigo.engine.echo.isEnabled = false
        try session.add(Dog())
        #expect(db.trace.events.isEmpty)
        #expect(extra.value.isEmpty)
        db.amigo.engine.echo.isEnabled = true
        try session.add(Dog())
        #expect(db.trace.statements.count == 1)
        #expect(extra.value.count == 1)
        subscription.cancel()
        try session.add(Dog())
        #expect(db.trace.statements.count == 2)
        #expect(extra.value.count == 1)
    }

    @Test func theFactoryTurnsEchoOnOnlyWhenAskedTo() throws {
        #expect(try SQLiteEngineFactory(":memory:", echo: true).connect().echo.isEnabled)
        #expect(try !SQLiteEngineFactory(":memory:").connect().echo.isEnabled)
        #expect(try !SQLiteEngineFactory(":memory:", echo: false).connect().echo.isEnabled)
    }
}

/// ``Engine/unechoed(_:)``: a program's bookkeeping is not echoed, and the user's statements
/// still are, on other threads meanwhile and after it.
@Suite struct UnechoedSpec {
    @Test func statementsInsideUnechoedAreNotReportedAndEchoStaysOn() throws {
        let db = try SeedDatabase()
        let engine = db.amigo.engine
        db.trace.clear()
        let count = try engine.unechoed { try engine.fetchScalar(#"SELECT count(*) FROM "dog""#, []) }
        #expect(count == .integer(0))
        #expect(db.trace.events.isEmpty)
        #expect(engine.echo.isEnabled)
        _ = try engine.fetchScalar(#"SELECT count(*) FROM "dog""#, [])
        #expect(db.trace.events.map(\.sql) == [#"SELECT count(*) FROM "dog""#])
    }

    @Test func anotherThreadsStatementsAreReportedMeanwhile() throws {
        let db = try SeedDatabase()
        let engine = db.amigo.engine
        db.trace.clear()
        try engine.unechoed {
            _ = try engine.fetchScalar("SELECT 1", [])
            let done = DispatchSemaphore(value: 0)
            Thread { _ = try? engine.fetchScalar("SELECT 2", []); done.signal() }.start()
            done.wait()
        }
        #expect(db.trace.events.map(\.sql) == ["SELECT 2"])
    }
}
