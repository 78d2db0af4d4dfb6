import Testing
@testable import Amigo

/// What a fetch reads is what the rows hold, whatever path reads it: a reflected row's values
/// (each column's type and contents read from one `sqlite3_column_value`), a compiled boolean
/// (its integer and type read at once), and `all()`'s objects collected in order past any size.
@Suite struct FetchedValueSpec {
    /// A reflected in-memory table `t (id, v)` whose `v` holds `values`, one row each, ids from 1.
    private func reflected(_ values: [String]) throws -> AmigoDatabase {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, v);")
        for (i, value) in values.enumerated() { try engine.executeScript("INSERT INTO t VALUES (\(i + 1), \(value));") }
        return try AmigoDatabase(reflecting: engine)
    }

    @Test func reflectedRowsHoldEveryStorageClassAsStored() throws {
        let amigo = try reflected(["NULL", "0", "-9223372036854775808", "9223372036854775807", "0.0", "-2.5",
                                   "''", "'é ✓ a text longer than fifteen bytes'", "x''", "x'00ff10'", "'0'"])
        let rows = try amigo.openSession().query("t").orderBy("id").all()
        #expect(rows.map { $0.value(at: 1) } == [
            .null, .integer(0), .integer(.min), .integer(.max), .real(0), .real(-2.5),
            .text(""), .text("é ✓ a text longer than fifteen bytes"), .blob([]), .blob([0, 0xff, 0x10]), .text("0"),
        ])
    }

    @Test func allKeepsTheOrderAndTheObjectsOfAFetchLargerThanItsFirstBuffer() throws {
        let count = 1_000
        let amigo = try reflected((1...count).map { "'row \($0)'" })
        let session = try amigo.openSession()
        let rows = try session.query("t").orderBy("id").all()
        #expect(rows.count == count)
        #expect(rows.map { $0.value(at: 0) } == (1...count).map { .integer(Int64($0)) })
        #expect(rows.map { $0.value(at: 1) } == (1...count).map { .text("row \($0)") })
        #expect(try session.query("t").limit(0).all().isEmpty)
        #expect(try session.query("t").filter("id > %@", count).all().isEmpty)
    }

    @Test func aBooleanColumnReadsIntegersOfEitherSignAndTextAndLeavesNullAlone() throws {
        let amigo = try AmigoDatabase([DirectInsertSpec.gauge()], factory: SQLiteEngineFactory(":memory:", echo: false))
        try amigo.createAll()
        try amigo.engine.executeScript("""
            INSERT INTO gauge (id, name, count, big, ratio, "on", maybeOn) VALUES (1, 'a', 0, 0, 0, 2, -1);
            INSERT INTO gauge (id, name, count, big, ratio, "on", maybeOn) VALUES (2, 'b', 0, 0, 0, 0, 0);
            INSERT INTO gauge (id, name, count, big, ratio, "on", maybeOn) VALUES (3, 'c', 0, 0, 0, 'YES', NULL);
            """)
        let rows = try amigo.openSession().query(Gauge.self).orderBy("id").all()
        #expect(rows.map(\.on) == [true, false, true])
        #expect(rows.map(\.maybeOn) == [true, false, nil])
    }

    @Test func aCollectorDroppedBeforeHandingOverReleasesItsObjects() {
        weak var first: AmigoModel?
        weak var last: AmigoModel?
        do {
            var collector = ObjectCollector()
            for i in 0..<40 {
                let object = AmigoModel()
                if i == 0 { first = object }
                if i == 39 { last = object }
                collector.append(object)
            }
            #expect(first != nil && last != nil)
        }
        #expect(first == nil && last == nil)
    }

    @Test func aCollectorHandsOverTheSameObjectsInOrder() {
        let objects = (0..<40).map { _ in AmigoModel() }
        var collector = ObjectCollector()
        for object in objects { collector.append(object) }
        let handed = collector.array()
        #expect(handed.count == objects.count)
        #expect(zip(handed, objects).allSatisfy { $0 === $1 })
        let empty = ObjectCollector()
        #expect(empty.array().isEmpty)
    }
}
