import Testing
@testable import Amigo

/// A model with a property of every type that is read and written in place (see `StoredField`).
final class Gauge: AmigoModel {
    var id: Int = 0          // a non-optional key: 0 means "not assigned yet"
    var name: String = "unnamed"
    var note: String?
    var count: Int = 7
    var maybeCount: Int?
    var big: Int64 = 7
    var maybeBig: Int64?
    var ratio: Double = 7.5
    var maybeRatio: Double?
    var on: Bool = false
    var maybeOn: Bool?
}

/// Inserting and fetching compiled objects by binding and assigning their stored properties in
/// place: the same rows, values, errors and echo as the general path, with echo on or off.
@Suite struct DirectInsertSpec {
    static func gauge() -> ORMModel {
        ORMModel(Gauge.self, Column("id", \Gauge.id, primaryKey: true), Column("name", \Gauge.name, unique: true),
                 Column("note", \Gauge.note), Column("count", \Gauge.count), Column("maybeCount", \Gauge.maybeCount),
                 Column("big", \Gauge.big), Column("maybeBig", \Gauge.maybeBig), Column("ratio", \Gauge.ratio),
                 Column("maybeRatio", \Gauge.maybeRatio), Column("on", \Gauge.on), Column("maybeOn", \Gauge.maybeOn))
    }

    /// An in-memory database with the gauge table, created by the ORM or by `ddl`.
    private func database(ddl: String? = nil, echo: Bool = false) throws -> AmigoDatabase {
        let amigo = try AmigoDatabase([DirectInsertSpec.gauge()], factory: SQLiteEngineFactory(":memory:", echo: false))
        amigo.engine.echo.isEnabled = echo
        if let ddl { try amigo.engine.executeScript(ddl) } else { try amigo.createAll() }
        return amigo
    }

    @Test func newCompiledObjectsAreInsertedInPlace() throws {
        let amigo = try database()
        #expect(amigo.models[0].insertsDirectly)
    }

    @Test(arguments: [false, true])
    func everyInlineTypeRoundTripsWithValuesAndNils(echo: Bool) throws {
        let amigo = try database(echo: echo)
        let session = try amigo.openSession()
        let full = Gauge()
        full.name = "full é ✓"; full.note = "a note"; full.count = -3; full.maybeCount = 4; full.big = 1 << 40
        full.maybeBig = -(1 << 41); full.ratio = 0.25; full.maybeRatio = -2.5; full.on = true; full.maybeOn = false
        let empty = Gauge()
        empty.name = ""
        try session.add(full, empty)
        #expect(full.id == 1 && empty.id == 2)     // keys assigned by SQLite and written back

        let rows = try amigo.engine.fetchAll("SELECT * FROM gauge ORDER BY id").rows
        #expect(rows[0] == [1, "full é ✓", "a note", -3, 4, .integer(1 << 40), .integer(-(1 << 41)), 0.25, -2.5, 1, 0])
        #expect(rows[1] == [2, "", .null, 7, .null, 7, .null, 7.5, .null, 0, .null])

        let fetched = try session.query(Gauge.self).orderBy("id").all()
        let a = fetched[0], b = fetched[1]
        #expect(a.id == 1 && a.name == "full é ✓" && a.note == "a note" && a.count == -3 && a.maybeCount == 4)
        #expect(a.big == 1 << 40 && a.maybeBig == -(1 << 41) && a.ratio == 0.25 && a.maybeRatio == -2.5)
        #expect(a.on && a.maybeOn == false)
        #expect(b.id == 2 && b.name == "" && b.note == nil && b.maybeCount == nil && b.maybeBig == nil)
        #expect(b.maybeRatio == nil && !b.on && b.maybeOn == nil && a.isPersisted && b.isPersisted)
    }

    @Test func anExplicitKeyIsInserted() throws {
        let amigo = try database()
        let session = try amigo.openSession()
        let g = Gauge(); g.id = 42; g.name = "forty-two"
        try session.add(g)
        #expect(try amigo.engine.fetchScalar("SELECT name FROM gauge WHERE id = 42") == "forty-two")
    }

    @Test func nullInANonOptionalColumnLeavesThePropertyAsItWas() throws {
        // A table made elsewhere, without the NOT NULL constraints the ORM would have declared.
        let amigo = try database(ddl: """
            CREATE TABLE gauge (id INTEGER PRIMARY KEY, name TEXT, note TEXT, count INTEGER, maybeCount INTEGER, big INTEGER,
                                maybeBig INTEGER, ratio REAL, maybeRatio REAL, "on" INTEGER, maybeOn INTEGER);
            INSERT INTO gauge (id) VALUES (1);
            INSERT INTO gauge VALUES (2, x'', x'', 0, 0, 0, 0, 0.0, 0.0, 0, 0);
            """)
        let session = try amigo.openSession()
        let g = try #require(try session.query(Gauge.self).get(1))
        #expect(g.name == "unnamed" && g.count == 7 && g.big == 7 && g.ratio == 7.5 && !g.on)
        #expect(g.note == nil && g.maybeCount == nil && g.maybeOn == nil)
        // Zeros and empty values are values, not NULLs.
        let zeros = try #require(try session.query(Gauge.self).get(2))
        #expect(zeros.name == "" && zeros.note == "" && zeros.count == 0 && zeros.big == 0 && zeros.ratio == 0)
        #expect(zeros.maybeCount == 0 && zeros.maybeBig == 0 && zeros.maybeRatio == 0 && zeros.maybeOn == false)
    }

    @Test func booleansStoredAsTextAreRead() throws {
        let amigo = try database()
        try amigo.engine.executeScript("""
            INSERT INTO gauge (id, name, count, big, ratio, "on", maybeOn) VALUES (1, 'a', 0, 0, 0, 'yes', 'false');
            INSERT INTO gauge (id, name, count, big, ratio, "on", maybeOn) VALUES (2, 'b', 0, 0, 0, 'no', 'true');
            """)
        let rows = try amigo.openSession().query(Gauge.self).orderBy("id").all()
        #expect(rows.map(\.on) == [true, false])
        #expect(rows.map(\.maybeOn) == [false, true])
    }

    @Test(arguments: [false, true])
    func aConstraintViolationNamesTheStatementAndItsValues(echo: Bool) throws {
        let amigo = try database(echo: echo)
        let session = try amigo.openSession()
        let first = Gauge(); first.name = "twin"
        try session.add(first)
        let second = Gauge(); second.name = "twin"; second.note = "again"
        do {
            try session.add(second)
            Issue.record("a duplicate name was inserted")
        } catch AmigoError.database(let error) {
            #expect(error.message.contains("UNIQUE"))
            #expect(error.sql?.hasPrefix(#"INSERT INTO "gauge" ("name", "note""#) == true)
            #expect(error.arguments.prefix(2) == ["twin", "again"])
        }
        #expect(!second.isPersisted && second.id == 0)
        #expect(try session.query(Gauge.self).count() == 1)
    }

    @Test func aBatchReadsTheValuesWhenItRuns() throws {
        let amigo = try database()
        let session = try amigo.openSession()
        let g = Gauge(); g.name = "queued"
        try session.batch { batch in
            try batch.add(g)
            g.name = "changed before the batch ran"
        }
        #expect(try amigo.engine.fetchScalar("SELECT name FROM gauge") == "changed before the batch ran")
        #expect(g.id == 0 && !g.isPersisted)    // a batch writes no keys back
    }

    @Test func oneNewObjectQueuedTwiceInABatchIsRefused() throws {
        let amigo = try database()
        let session = try amigo.openSession()
        let template = Gauge()
        #expect(throws: AmigoError.self) {
            try session.batch { batch in
                for name in ["a", "b"] { template.name = name; try batch.add(template) }
            }
        }
        #expect(try session.query(Gauge.self).count() == 0)
        // A persisted object may be queued again (its UPDATE just runs twice).
        let saved = Gauge(); saved.name = "saved"
        try session.add(saved)
        try session.batch { batch in try batch.add(saved, saved) }
    }

    @Test func anEngineWithoutInPlaceBindingInsertsThroughExecute() throws {
        let engine = ForwardingEngine(try SQLiteEngine(path: ":memory:"))
        let amigo = try AmigoDatabase([DirectInsertSpec.gauge()], engine: engine)
        try amigo.createAll()
        let session = try amigo.openSession()
        let g = Gauge(); g.name = "forwarded"; g.maybeOn = true
        try session.add(g)
        try session.batch { try $0.add({ let h = Gauge(); h.name = "batched"; return h }()) }
        #expect(g.id == 1)
        #expect(engine.executed.count == 2 && engine.executed.allSatisfy { $0.hasPrefix(#"INSERT INTO "gauge""#) })
        #expect(try session.query(Gauge.self).orderBy("id").all().map(\.name) == ["forwarded", "batched"])
    }

    @Test func aColumnMappingAnotherClassIsAMappingError() throws {
        let wrong = ORMModel(Gauge.self, Column("id", \Gauge.id, primaryKey: true), Column("label", \Dog.label))
        do {
            _ = try AmigoDatabase([wrong], factory: SQLiteEngineFactory(":memory:"))
            Issue.record("a key path of Dog was accepted on Gauge")
        } catch AmigoError.mapping(let message) {
            #expect(message == "Gauge.label maps a property of another class than Gauge")
        }
    }

    @Test func aFailingBatchLeavesNothingBehind() throws {
        let amigo = try database()
        let session = try amigo.openSession()
        let gauges = (0..<5).map { i -> Gauge in let g = Gauge(); g.name = i == 3 ? "g1" : "g\(i)"; return g }
        #expect(throws: AmigoError.self) { try session.batch { try $0.add(gauges) } }
        #expect(try session.query(Gauge.self).count() == 0)
    }
}

/// An engine that forwards to SQLite but does not bind in place (the protocol's default
/// `withPreparedWrite`), and remembers the statements it executed.
final class ForwardingEngine: Engine, @unchecked Sendable {
    let base: SQLiteEngine
    private(set) var executed: [String] = []
    init(_ base: SQLiteEngine) { self.base = base }

    var dialect: any SQLDialect { base.dialect }
    var echo: EchoStream { base.echo }
    var path: String { base.path }
    var isReadOnly: Bool { base.isReadOnly }
    var isInTransaction: Bool { base.isInTransaction }
    var transactionGate: TransactionGate { base.transactionGate }
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> ExecutionResult {
        executed.append(sql)
        return try base.execute(sql, arguments)
    }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, body)
    }
    func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try base.fetch(sql, arguments, columns: columns, body)
    }
    func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int {
        try base.executeRepeatedly(sql, argumentLists)
    }
    func executeScript(_ sql: String) throws { try base.executeScript(sql) }
    func execute(_ control: TransactionControl) throws { try base.execute(control) }
    func serialized<T>(_ body: () throws -> T) rethrows -> T { try base.serialized(body) }
    func isReadOnlyStatement(_ sql: String) throws -> Bool { try base.isReadOnlyStatement(sql) }
    func setInterruptCheck(_ check: (() -> Bool)?) { base.setInterruptCheck(check) }
}
