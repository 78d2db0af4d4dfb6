import Testing
@testable import Amigo

/// A record read from a statement keeps its values and its rowid (eight slots at most) inside
/// itself, in an object of one of four sizes, and builds an array only when `values` is asked for; wider rows
/// keep an array. Every width behaves the same, and a change that no longer fits moves the values
/// out of the object.
@Suite struct RecordStorageSpec {
    /// A table of `columns` columns (`id` then `c1`, `c2`, …) with two rows, reflected.
    private func database(columns: Int) throws -> (SQLiteEngine, AmigoDatabase) {
        let engine = try SQLiteEngine(path: ":memory:")
        let names = (1..<columns).map { "c\($0)" }
        try engine.executeScript("""
            CREATE TABLE t (\((["id INTEGER PRIMARY KEY"] + names.map { "\($0) TEXT" }).joined(separator: ", ")));
            INSERT INTO t VALUES (\((["1"] + names.map { "'\($0)-1'" }).joined(separator: ", ")));
            INSERT INTO t VALUES (\((["2"] + names.map { _ in "NULL" }).joined(separator: ", ")));
            """)
        return (engine, try AmigoDatabase(reflecting: engine))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 12])
    func valuesReadAndWrittenByIndexByNameAndAsAnArray(columns: Int) throws {
        let (engine, amigo) = try database(columns: columns)
        let session = try amigo.openSession()
        let rows = try session.query("t").orderBy("id").all()
        let first = rows[0], second = rows[1]
        #expect(first.valueCount == columns)
        #expect(first.values == [.integer(1)] + (1..<columns).map { .text("c\($0)-1") })
        #expect(second.values == [.integer(2)] + Array(repeating: .null, count: columns - 1))
        guard columns > 1 else {
            first.values = [.integer(5)]
            #expect(first.values == [.integer(5)] && first.valueCount == 1)
            return
        }
        #expect(first.value(at: columns - 1) == .text("c\(columns - 1)-1"))
        #expect(first["C1"] == .text("c1-1"))
        #expect(try first.value("c1") == .text("c1-1"))

        first["c1"] = .text("by name")
        #expect(first.values[1] == .text("by name"))
        first.setValue(.text("by index"), at: columns - 1)
        #expect(first.value(at: columns - 1) == .text("by index"))
        try session.add(first)
        let stored = try engine.fetchAll("SELECT * FROM t WHERE id = 1").rows[0]
        #expect(stored == first.values)
        #expect(stored[columns - 1] == .text("by index") && stored[1] == (columns == 2 ? .text("by index") : .text("by name")))

        // Replacing the whole array, then reading by index again.
        var values = second.values
        values[1] = .text("whole")
        second.values = values
        #expect(second.value(at: 1) == .text("whole") && second.valueCount == columns)
        try session.add(second)
        #expect(try engine.fetchScalar("SELECT c1 FROM t WHERE id = 2") == .text("whole"))
    }

    @Test(arguments: [3, 10])
    func changingTheKeyByIndexMovesTheRowItWasLoadedFrom(columns: Int) throws {
        let (engine, amigo) = try database(columns: columns)
        let session = try amigo.openSession()
        let row = try #require(try session.query("t").get(1))
        row.setValue(.integer(7), at: 0)
        try session.add(row)
        #expect(try engine.fetchAll("SELECT id FROM t ORDER BY id").rows == [[2], [7]])
        #expect(try engine.fetchScalar("SELECT c1 FROM t WHERE id = 7") == .text("c1-1"))
    }

    @Test func relatedRowsOfSelectRelatedAreRecordsToo() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artist(id));
            INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept');
            INSERT INTO album VALUES (1, 'For Those About To Rock', 1), (2, 'Balls to the Wall', 2), (3, 'Let There Be Rock', 1);
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        let albums = try amigo.openSession().query("album").selectRelated("artist").orderBy("id").all()
        #expect(albums.map { $0.relatedRecord("artist")?["name"] } == [.text("AC/DC"), .text("Accept"), .text("AC/DC")])
        #expect(albums[0].relatedRecord("artist") === albums[2].relatedRecord("artist"))
    }

    /// A table keyed by its rowid: the rowid takes the slot after the values while there is one
    /// (up to seven columns), and moves beside an array with them when a change needs more room —
    /// a `values` longer than the object holds, or a rowid set on a full object.
    @Test(arguments: [1, 2, 5, 6, 7, 8, 9])
    func aRowidLivesBesideTheValuesThroughEveryChange(columns: Int) throws {
        let engine = try SQLiteEngine(path: ":memory:")
        let names = (0..<columns).map { "c\($0)" }
        try engine.executeScript("""
            CREATE TABLE r (\(names.joined(separator: ", ")));
            INSERT INTO r (rowid, \(names.joined(separator: ", "))) VALUES (41, \(names.map { "'\($0)'" }.joined(separator: ", ")));
            INSERT INTO r (rowid, \(names.joined(separator: ", "))) VALUES (42, \(names.map { _ in "NULL" }.joined(separator: ", ")));
            """)
        let session = try AmigoDatabase(reflecting: engine).openSession()
        let rows = try session.query("r").orderBy("c0").all()
        let (empty, full) = (rows[0], rows[1])
        #expect(full.rowID == 41 && empty.rowID == 42 && full.primaryKey == [.integer(41)])
        #expect(full.values == names.map { .text($0) } && empty.values == Array(repeating: .null, count: columns))

        // A value changed in place, then the whole row replaced by a longer one and back.
        full.setValue(.text("changed"), at: columns - 1)
        #expect(full.value(at: columns - 1) == .text("changed") && full.rowID == 41)
        let longer = names.map { DatabaseValue.text($0 + "!") } + Array(repeating: .integer(9), count: 8)
        full.values = longer
        #expect(full.values == longer && full.rowID == 41 && full.valueCount == columns + 8)
        full.values = names.map { .text($0 + "?") }
        #expect(full.values == names.map { .text($0 + "?") } && full.rowID == 41)
        try session.add(full)
        #expect(try engine.fetchAll("SELECT \(names.joined(separator: ", ")) FROM r WHERE rowid = 41").rows == [names.map { .text($0 + "?") }])

        // The rowid set, cleared and set again, whether or not the object has a free slot.
        empty.rowID = nil
        #expect(empty.rowID == nil && empty.primaryKey == [])
        empty.rowID = 42
        #expect(empty.rowID == 42 && empty.values == Array(repeating: .null, count: columns))
        empty.values = Array(repeating: .integer(1), count: columns)
        try session.add(empty)
        #expect(try engine.fetchScalar("SELECT c0 FROM r WHERE rowid = 42") == .integer(1))
    }

    /// The slots' edges: a `values` of another length that still fits keeps the rowid after it; a
    /// rowid set on an object whose slots are full moves the values out; and the values own what
    /// they hold through both moves (a BLOB stays shared with the record until the record goes).
    @Test func changesAtTheEdgeOfTheSlotsKeepTheRowidAndTheValues() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE r (a, b);
            INSERT INTO r (rowid, a, b) VALUES (41, 'x', 'y');
            CREATE TABLE k (id INTEGER PRIMARY KEY, a, b, c);
            INSERT INTO k VALUES (1, 'a', 'b', 'c');
            """)
        let session = try AmigoDatabase(reflecting: engine).openSession()
        // BLOBs read back out of the records; each must be released with its record.
        var replaced: [UInt8] = [], movedOut: [UInt8] = [], beside: [UInt8] = []

        do {
            // Two values and the rowid in four slots: three values still fit, then one.
            let row = try #require(try session.query("r").first())
            var given: [UInt8] = [1, 2, 3]
            row.values = [.blob(given), .integer(2), .integer(3)]
            #expect(row.rowID == 41 && row.values == [.blob([1, 2, 3]), .integer(2), .integer(3)])
            #expect(!isUnique(&given))   // the record holds it
            row.values = [.text("one")]
            #expect(row.rowID == 41 && row.values == [.text("one")] && row.valueCount == 1)
            row.values = [.blob([4, 4]), .null, .null]
            if case .blob(let bytes) = row.value(at: 0) { replaced = bytes }

            // Longer than the slots: the values and the rowid move to the array.
            row.values = [.blob([9, 9, 9])] + Array(repeating: .null, count: 5)
            #expect(row.rowID == 41 && row.value(at: 0) == .blob([9, 9, 9]) && row.valueCount == 6)
            if case .blob(let bytes) = row.value(at: 0) { movedOut = bytes }
        }

        do {
            // Four values in four slots, no rowid: setting one moves the values out.
            let full = try #require(try session.query("k").first())
            full.setValue(.blob([7]), at: 3)
            full.rowID = 7
            #expect(full.rowID == 7 && full.values == [.integer(1), .text("a"), .text("b"), .blob([7])])
            full.rowID = nil
            #expect(full.rowID == nil && full.valueCount == 4)
            if case .blob(let bytes) = full.value(at: 3) { beside = bytes }
        }

        #expect(replaced == [4, 4] && movedOut == [9, 9, 9] && beside == [7])
        // Each is ours alone now: the records released what they held, after every move.
        #expect(isUnique(&replaced) && isUnique(&movedOut) && isUnique(&beside))
    }

    /// A fetched record takes no more memory than its row needs: the smallest of the four sizes
    /// that holds its values and rowid, and an array past eight slots. Six columns take
    /// 64 + 102 = 166 bytes (an allocation of 176), where every record took 224 (240).
    @Test func aFetchedRecordIsSizedToItsRow() throws {
        let expected: [(columns: Int, type: Record.Type)] = [
            (1, InlineRecord<34>.self), (2, InlineRecord<34>.self), (3, InlineRecord<68>.self), (4, InlineRecord<68>.self),
            (6, InlineRecord<102>.self), (8, InlineRecord<136>.self), (9, Record.self), (12, Record.self),
        ]
        for (columns, type) in expected {
            let (_, amigo) = try database(columns: columns)
            let record = try #require(try amigo.openSession().query("t").orderBy("id").first())
            #expect(Swift.type(of: record) == type, "\(columns) columns")
            #expect(record.valueCount == columns)
        }
        // The slots are the object's last bytes, right after Record's own.
        #expect(InlineRecordLayout.slotsOffset == 64)
    }

    /// Whether `bytes` is the only reference to its storage: asking for it mutably then leaves
    /// the storage where it was (another owner would make it copy).
    private func isUnique(_ bytes: inout [UInt8]) -> Bool {
        let before = bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return bytes.withUnsafeMutableBufferPointer { UnsafeRawPointer($0.baseAddress) } == before
    }

    /// The values in the object own what they hold: a value read out stays valid after the record
    /// goes, and the record releases the value a `setValue` replaces and, when it goes, the rest.
    @Test func inlineValuesHoldTheirOwnReferencesAndReleaseThem() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE b (id INTEGER PRIMARY KEY, data BLOB, note TEXT, r REAL);
            INSERT INTO b VALUES (1, x'0102030405', 'a note longer than fifteen bytes', 2.5);
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        var read: [UInt8] = []
        var note = ""
        do {
            let record = try #require(try amigo.openSession().query("b").get(1))
            guard case .blob(let bytes) = record.value(at: 1), case .text(let text) = record.value(at: 2) else {
                Issue.record("not a blob and a text: \(record.values)"); return
            }
            read = bytes
            note = text
            #expect(!isUnique(&read))   // the record holds it too (and `read` is a copy of its own now)
            read = bytes
            var replaced: [UInt8] = [9, 9]
            record.setValue(.blob(replaced), at: 2)
            #expect(record.values == [.integer(1), .blob([1, 2, 3, 4, 5]), .blob([9, 9]), .real(2.5)])
            #expect(!isUnique(&replaced))
            replaced = [8]
            record.setValue(.blob(replaced), at: 2)
            record.setValue(.null, at: 2)
            #expect(record.value(at: 2) == .null)
            #expect(isUnique(&replaced))   // released by the second setValue
        }
        #expect(read == [1, 2, 3, 4, 5] && note == "a note longer than fifteen bytes")
        #expect(isUnique(&read))   // released with the record
    }

    /// `get` by a one-column key binds the key without an array (``Engine/fetch(_:argument:_:)``);
    /// with echo on, the statement is still reported with its argument.
    @Test func getByOneKeyBindsTheKeyAndEchoesIt() throws {
        let (engine, amigo) = try database(columns: 3)
        let session = try amigo.openSession()
        #expect(try session.query("t").get(2)?.values == [.integer(2), .null, .null])
        #expect(try session.query("t").get(3) == nil)
        let echoed = LockedBox<[(sql: String, arguments: [DatabaseValue])]>([])
        let subscription = engine.echo.subscribe { event in echoed.value.append((event.sql, event.arguments)) }
        engine.echo.isEnabled = true
        #expect(try session.query("t").get(1)?["c2"] == .text("c2-1"))
        engine.echo.isEnabled = false
        subscription.cancel()
        #expect(echoed.value.map(\.arguments) == [[.integer(1)]])
        #expect(echoed.value.first?.sql.contains("WHERE") == true)
    }
}
