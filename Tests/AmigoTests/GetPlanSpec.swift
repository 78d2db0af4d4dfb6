import Foundation
import Testing
@testable import Amigo

final class Meter: AmigoModel {
    var id: Int?
    var name: String = ""
    var reading: Double?
    var note: String?
}

/// `get(key)` on a bare query runs SQL and a row loader kept per model and dialect (``GetPlan``):
/// every call after the first only binds the key. These pin what each call still returns and
/// reports: the row's values, NULLs, types, composite and rowid keys, records beside objects,
/// and one echoed statement per call with its own key.
@Suite("get(key) through the kept plan")
struct GetPlanSpec {
    static func database() throws -> (AmigoDatabase, Session, EchoRecorder) {
        let meter = ORMModel(Meter.self, Column("id", \Meter.id, primaryKey: true), Column("name", \Meter.name),
                             Column("reading", \Meter.reading), Column("note", \Meter.note))
        let pair = ORMModel(name: "pair", Column("a", type: Int.self, primaryKey: true), Column("b", type: String.self, primaryKey: true),
                            Column("label", type: String.self))
        let amigo = try AmigoDatabase([meter, pair], engine: SQLiteEngine(path: ":memory:"))
        try amigo.createAll()
        try amigo.engine.executeScript("""
            INSERT INTO meter (id, name, reading, note) VALUES (1, 'one', 1.5, NULL), (2, 'two', NULL, 'second'), (3, 'three', 3, 'x');
            INSERT INTO pair (a, b, label) VALUES (1, 'x', 'first'), (1, 'y', 'second'), (2, 'x', 'third');
            """)
        let session = try amigo.openSession()
        return (amigo, session, EchoRecorder(amigo.engine.echo))
    }

    @Test func everyCallReadsItsOwnRowWithNullsAndTypes() throws {
        let (_, session, echo) = try Self.database()
        for _ in 0..<2 {   // the first call builds the plan, the second reuses it
            let one = try #require(try session.query(Meter.self).get(1))
            #expect(one.id == 1 && one.name == "one" && one.reading == 1.5 && one.note == nil)
            let two = try #require(try session.query(Meter.self).get(2))
            #expect(two.id == 2 && two.name == "two" && two.reading == nil && two.note == "second")
            let three = try #require(try session.query(Meter.self).get(3))
            #expect(three.reading == 3.0 && three.isPersisted)
            #expect(try session.query(Meter.self).get(4) == nil)
        }
        let select = #"SELECT "meter"."id", "meter"."name", "meter"."reading", "meter"."note" FROM "meter" WHERE "meter"."id" = ? LIMIT 1"#
        #expect(echo.statements == Array(repeating: select, count: 8))
        #expect(echo.events.map(\.arguments) == [[1], [2], [3], [4], [1], [2], [3], [4]])
    }

    @Test func anEngineFetchesByOneArgumentOnlyWhenAdmitted() throws {
        let (amigo, _, echo) = try Self.database()
        let engine = amigo.engine
        let sql = #"SELECT "name" FROM "meter" WHERE "id" = ?"#
        var names: [String] = []
        let refused = try engine.fetch(sql, argument: .integer(2), if: { false }) { row in names.append(row.string(at: 0)); return true }
        #expect(refused == nil && names.isEmpty && echo.statements.isEmpty)   // nothing ran
        let admitted = try engine.fetch(sql, argument: .integer(2), if: { true }) { row in names.append(row.string(at: 0)); return true }
        #expect(admitted == 1 && names == ["two"])
        let statements = echo.events.filter { $0.kind == .statement }
        #expect(statements.map(\.sql) == [sql] && statements.map(\.arguments) == [[2]])
        engine.echo.isEnabled = false   // the path without echo binds and steps the statement itself
        #expect(try engine.fetch(sql, argument: .integer(3), if: { false }) { _ in true } == nil)
        #expect(try engine.fetch(sql, argument: .integer(3), if: { true }) { row in names.append(row.string(at: 0)); return true } == 1)
        #expect(names == ["two", "three"])
    }

    @Test func aClosedSessionsGetRunsOutsideItAndStillFindsTheRow() throws {
        let (amigo, session, _) = try Self.database()
        let kept = session.query(Meter.self)
        #expect(try kept.get(2)?.name == "two")   // builds and keeps the plan in the session
        try session.close()
        #expect(try kept.get(3)?.name == "three" && kept.session?.isActive == false)
        let next = try amigo.openSession()   // the engine is free for the next session
        #expect(try next.query(Meter.self).get(1)?.name == "one")
        try next.close()
    }

    @Test func recordsOfTheSameModelGetTheirOwnPlan() throws {
        let (_, session, _) = try Self.database()
        #expect(try session.query(Meter.self).get(2)?.name == "two")
        let record = try #require(try session.query("Meter").get(2))
        #expect(record.values == [.integer(2), .text("two"), .null, .text("second")])
        #expect(try session.query(Meter.self).get(2)?.note == "second")
    }

    @Test func compositeKeysBindEveryColumnInKeyOrder() throws {
        let (_, session, echo) = try Self.database()
        for _ in 0..<2 {
            #expect(try session.query("pair").get([.integer(1), .text("y")])?["label"] == .text("second"))
            #expect(try session.query("pair").get([.integer(2), .text("x")])?["label"] == .text("third"))
            #expect(try session.query("pair").get([.integer(2), .text("y")]) == nil)
        }
        #expect(echo.events.map(\.arguments) == Array(repeating: [[1, "y"], [2, "x"], [2, "y"]], count: 2).flatMap { $0 })
        #expect(Set(echo.statements) == [#"SELECT "pair"."a", "pair"."b", "pair"."label" FROM "pair" WHERE "pair"."a" = ? AND "pair"."b" = ? LIMIT 1"#])
    }

    @Test func aTableKeyedByItsRowidIsFoundByRowid() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE plain (name TEXT, n INTEGER);
            INSERT INTO plain (rowid, name, n) VALUES (7, 'seven', 70), (8, NULL, 80);
            """)
        let session = try AmigoDatabase(reflecting: engine).openSession()
        for _ in 0..<2 {
            let seven = try #require(try session.query("plain").get(7))
            #expect(seven.values == [.text("seven"), .integer(70)] && seven.rowID == 7)
            let eight = try #require(try session.query("plain").get(8))
            #expect(eight.values == [.null, .integer(80)] && eight.rowID == 8)
            #expect(try session.query("plain").get(9) == nil)
        }
    }

    @Test func aFilteredQueryStillAppliesItsFilter() throws {
        let (_, session, _) = try Self.database()
        #expect(try session.query(Meter.self).get(3) != nil)
        #expect(try session.query(Meter.self).filter("name = %@", "one").get(3) == nil)
        #expect(try session.query(Meter.self).filter("name = %@", "three").get(3)?.id == 3)
    }
}
