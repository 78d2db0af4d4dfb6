import Foundation
import Synchronization
import Testing
@testable import Amigo

final class Tally: AmigoModel {
    var id: Int?
    var name: String = ""
}

/// A model the database does not map.
final class Stray: AmigoModel {
    var id: Int?
}

/// `session.query(T.self)` hands every bare query the state the session keeps for `T`
/// (``BareQueryStates``) instead of allocating one: refining a query copies that state first, so
/// no query sees another's filters, order or limit, and a query keeps its own session.
@Suite("bare queries share their session's state")
struct BareQueryStateSpec {
    static func database() throws -> (AmigoDatabase, Session) {
        let gauge = ORMModel(Tally.self, Column("id", \Tally.id, primaryKey: true), Column("name", \Tally.name))
        let meter = ORMModel(Meter.self, Column("id", \Meter.id, primaryKey: true), Column("name", \Meter.name),
                             Column("reading", \Meter.reading), Column("note", \Meter.note))
        let amigo = try AmigoDatabase([gauge, meter], engine: SQLiteEngine(path: ":memory:"))
        try amigo.createAll()
        try amigo.engine.executeScript("""
            INSERT INTO tally (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c');
            INSERT INTO meter (id, name) VALUES (1, 'm');
            """)
        return (amigo, try amigo.openSession())
    }

    @Test func bareQueriesOfOneModelShareOneStatePerSession() throws {
        let (amigo, session) = try Self.database()
        let first = session.query(Tally.self), second = session.query(Tally.self)
        #expect(first.state === second.state)
        #expect(session.query(Meter.self).state !== first.state)
        try session.close()
        let next = try amigo.openSession()
        #expect(next.query(Tally.self).state !== first.state)
        try next.close()
        #expect(amigo.query(Tally.self).state !== amigo.query(Tally.self).state)   // outside a session: one each
    }

    @Test func refiningAQueryLeavesTheSharedStateAndOtherQueriesAlone() throws {
        let (_, session) = try Self.database()
        let bare = session.query(Tally.self)
        let filtered = bare.filter("name != %@", "b").orderBy("name", ascending: false).limit(1)
        #expect(filtered.state !== bare.state)
        #expect(try filtered.all().map(\.name) == ["c"])
        #expect(try session.query(Tally.self).all().map(\.name) == ["a", "b", "c"])
        #expect(try bare.count() == 3)
        #expect(session.query(Tally.self).state === bare.state && bare.state.isPlain)
        #expect(try session.query(Tally.self).get(2)?.name == "b")
    }

    @Test func aSharedStateRunsInTheSessionOfEachQuery() throws {
        let (amigo, session) = try Self.database()
        let added = Tally()
        added.name = "d"
        try session.add(added)   // in this session's open transaction
        #expect(try session.query(Tally.self).count() == 4)
        try session.rollback()
        #expect(try session.query(Tally.self).count() == 3)
        let kept = session.query(Tally.self)
        try session.close()
        #expect(try kept.get(1)?.name == "a")   // a query of a closed session runs outside it
        let next = try amigo.openSession()
        #expect(try next.query(Tally.self).get(1)?.name == "a")
        try next.close()
    }

    @Test func everyModelQueriedKeepsItsStateAsMoreModelsAreAdded() throws {
        let (_, session) = try Self.database()
        let tally = session.query(Tally.self).state
        let meter = session.query(Meter.self).state   // a second model: a longer list is published
        #expect(session.query(Tally.self).state === tally && session.query(Meter.self).state === meter)
        #expect(tally !== meter)
    }

    @Test func threadsAskingAtOnceAllGetTheOneKeptState() throws {
        let (_, session) = try Self.database()
        let found = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let id = ObjectIdentifier(session.query(Tally.self).state)
            found.withLock { $0.append(id) }
        }
        let ids = found.withLock { $0 }
        #expect(ids.count == 8 && Set(ids).count == 1)
        #expect(ids.first == ObjectIdentifier(session.query(Tally.self).state))
    }

    @Test func anUnknownModelStillThrowsEveryTime() throws {
        let (_, session) = try Self.database()
        for _ in 0..<2 {
            #expect(throws: AmigoError.unknownModel("Stray")) { try session.query(Stray.self).all() }
        }
    }
}
