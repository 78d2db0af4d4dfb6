import Amigo
import CSQLiteBench
import Foundation
import GRDB

/// The ORM workloads of issue 6, each for Amigo, the raw C API and GRDB.
struct Workloads {
    let rows: Int          // 100,000 by default
    let runs: Int
    let inMemory: Bool
    var results: [Measurement] = []

    var suffix: String { inMemory ? " (:memory:)" : "" }

    func path(_ name: String) -> String { inMemory ? ":memory:" : freshPath(name) }

    static func item(_ i: Int) -> (name: String, value: Int, price: Double, note: String?, flag: Bool) {
        ("item \(i)", i % 1000, Double(i % 997) * 1.25, i % 3 == 0 ? nil : "note number \(i)", i % 2 == 0)
    }

    /// Whether `--only` leaves any workload whose number starts with one of `numbers` to run
    /// (so that profiling one workload does not also profile another's fixture).
    func wanted(_ numbers: [String]) -> Bool {
        guard let onlyPrefix else { return true }
        return numbers.contains { onlyPrefix.hasPrefix($0) || $0.hasPrefix(onlyPrefix) }
    }

    // MARK: 1–2. Inserts

    mutating func inserts() throws {
        guard wanted(["1", "2"]) else { return }
        let n = rows
        var amigoPath = ""
        results.append(try measure("1. insert \(n) rows, keys written back" + suffix, "Amigo", operations: n, runs: runs, setup: { amigoPath = path("insert-amigo") }) {
            let amigo = try AmigoDatabase([AmigoSchema.item()], factory: SQLiteEngineFactory(amigoPath))
            try amigo.createAll()
            let session = try amigo.openSession()
            var last: Item?
            for i in 0..<n {
                let f = Workloads.item(i)
                let item = Item()
                item.name = f.name; item.value = f.value; item.price = f.price; item.note = f.note; item.flag = f.flag
                try session.add(item)
                last = item
            }
            try session.commit()
            check(last?.id == n, "Amigo insert wrote keys back")
        })
        var rawPath = ""
        results.append(try measure("1. insert \(n) rows, keys written back" + suffix, "raw C", operations: n, runs: runs, setup: { rawPath = path("insert-raw") }) {
            let raw = RawDatabase(rawPath)
            raw.exec(AmigoSchema.itemDDL)
            raw.exec("BEGIN")
            let stmt = raw.prepare("INSERT INTO item (name, value, price, note, flag) VALUES (?, ?, ?, ?, ?)")
            var ids: [Int64] = []
            ids.reserveCapacity(n)
            for i in 0..<n {
                raw.bindItem(stmt, i)
                sqlite3_step(stmt)
                sqlite3_reset(stmt)
                ids.append(sqlite3_last_insert_rowid(raw.db))
            }
            sqlite3_finalize(stmt)
            raw.exec("COMMIT")
            check(ids.last == Int64(n), "raw insert")
        })
        var grdbPath = ""
        results.append(try measure("1. insert \(n) rows, keys written back" + suffix, "GRDB", operations: n, runs: runs, setup: { grdbPath = path("insert-grdb") }) {
            let queue = try DatabaseQueue(path: grdbPath)
            try queue.write { db in
                try db.execute(sql: AmigoSchema.itemDDL)
                var last: Int64?
                for i in 0..<n {
                    let f = Workloads.item(i)
                    var item = GItem(id: nil, name: f.name, value: f.value, price: f.price, note: f.note, flag: f.flag)
                    try item.insert(db)
                    last = item.id
                }
                check(last == Int64(n), "GRDB insert")
            }
        })
        var batchPath = ""
        results.append(try measure("2. insert \(n) rows with session.batch" + suffix, "Amigo", operations: n, runs: runs, setup: { batchPath = path("batch-amigo") }) {
            let amigo = try AmigoDatabase([AmigoSchema.item()], factory: SQLiteEngineFactory(batchPath))
            try amigo.createAll()
            let session = try amigo.openSession()
            try session.batch { batch in
                for i in 0..<n {
                    let f = Workloads.item(i)
                    let item = Item()
                    item.name = f.name; item.value = f.value; item.price = f.price; item.note = f.note; item.flag = f.flag
                    try batch.add(item)
                }
            }
            try session.commit()
            check(try session.query(Item.self).count() == n, "batch count")
        })
        results.append(try measure("2. insert \(n) rows with session.batch" + suffix, "raw C", operations: n, runs: runs, setup: { rawPath = path("batch-raw") }) {
            let raw = RawDatabase(rawPath)
            raw.exec(AmigoSchema.itemDDL)
            raw.exec("BEGIN")
            let stmt = raw.prepare("INSERT INTO item (name, value, price, note, flag) VALUES (?, ?, ?, ?, ?)")
            for i in 0..<n {
                raw.bindItem(stmt, i)
                sqlite3_step(stmt)
                sqlite3_reset(stmt)
            }
            sqlite3_finalize(stmt)
            raw.exec("COMMIT")
        })
    }

    // MARK: Shared fixture for the read workloads

    /// A database with `rows` items, `rows/10` parents with 10 children each, and 1,000 owners
    /// with 10 of 500 tags each, created by Amigo's DDL and filled with raw inserts.
    static func fixture(rows: Int, path: String) throws -> AmigoDatabase {
        let amigo = try AmigoDatabase(AmigoSchema.models(), factory: SQLiteEngineFactory(path))
        try amigo.createAll()
        try amigo.engine.executeScript("BEGIN")
        let e = amigo.engine
        for i in 0..<rows {
            let f = item(i)
            try e.execute("INSERT INTO item (name, value, price, note, flag) VALUES (?, ?, ?, ?, ?)",
                          [.text(f.name), .integer(Int64(f.value)), .real(f.price), f.note.map { .text($0) } ?? .null, .integer(f.flag ? 1 : 0)])
        }
        let parents = rows / 10
        for p in 1...parents {
            try e.execute("INSERT INTO parent (id, name) VALUES (?, ?)", [.integer(Int64(p)), .text("parent \(p)")])
            for c in 0..<10 {
                try e.execute("INSERT INTO child (name, value, parent_id) VALUES (?, ?, ?)", [.text("child \(p).\(c)"), .integer(Int64(c)), .integer(Int64(p))])
            }
        }
        for t in 1...500 { try e.execute("INSERT INTO tag (id, name) VALUES (?, ?)", [.integer(Int64(t)), .text("tag \(t)")]) }
        for o in 1...1000 {
            try e.execute("INSERT INTO owner (id, name) VALUES (?, ?)", [.integer(Int64(o)), .text("owner \(o)")])
            for k in 0..<10 {
                try e.execute("INSERT INTO owner_tag (owner_id, tag_id) VALUES (?, ?)", [.integer(Int64(o)), .integer(Int64((o * 7 + k * 31) % 500 + 1))])
            }
        }
        try amigo.engine.executeScript("COMMIT")
        return amigo
    }

    // MARK: 3–7. Reads

    mutating func reads() throws {
        guard wanted(["3", "4", "5", "6", "7"]) else { return }
        let n = rows
        // In memory, three connections share one database through a shared-cache URI.
        let dbPath = inMemory ? "file:amigo-bench-\(getpid())?mode=memory&cache=shared" : freshPath("reads")
        let amigo = try Workloads.fixture(rows: n, path: dbPath)
        let session = try amigo.openSession()
        let reflected = try AmigoDatabase(reflecting: dbPath, options: OpenOptions(create: inMemory))
        let reflectedSession = try reflected.openSession()
        let raw = RawDatabase(dbPath)
        raw.exec("BEGIN")    // one read transaction, as AmigoDatabase's session and GRDB's read {} have
        defer { raw.exec("COMMIT") }
        let queue = try DatabaseQueue(path: dbPath)

        // 3. Fetch all.
        results.append(try measure("3. fetch \(n) rows as compiled models" + suffix, "Amigo", operations: n, runs: runs) {
            let items = try session.query(Item.self).all()
            check(items.count == n && items[1].name == "item 1", "Amigo fetch")
        })
        results.append(try measure("3. fetch \(n) rows as reflected rows" + suffix, "Amigo", operations: n, runs: runs) {
            let items = try reflectedSession.query("item").all()
            check(items.count == n, "Amigo reflected fetch")
        })
        let fetchAll = raw.prepare("SELECT id, name, value, price, note, flag FROM item")
        let fetchRaw: () -> Void = {
            var items: [RawItem] = []
            while sqlite3_step(fetchAll) == SQLITE_ROW {
                items.append(raw.item(fetchAll))
            }
            sqlite3_reset(fetchAll)
            check(items.count == n, "raw fetch")
        }
        results.append(try measure("3. fetch \(n) rows as compiled models" + suffix, "raw C", operations: n, runs: runs, fetchRaw))
        results.append(try measure("3. fetch \(n) rows as reflected rows" + suffix, "raw C", operations: n, runs: runs, fetchRaw))
        results.append(try measure("3. fetch \(n) rows as compiled models" + suffix, "GRDB", operations: n, runs: runs) {
            let items = try queue.read { db in try GItem.fetchAll(db) }
            check(items.count == n, "GRDB fetch")
        })
        results.append(try measure("3. fetch \(n) rows as reflected rows" + suffix, "GRDB", operations: n, runs: runs) {
            let rows = try queue.read { db in try GRDB.Row.fetchAll(db, sql: "SELECT * FROM item") }
            check(rows.count == n, "GRDB rows")
        })

        // 3s. The same rows streamed with forEach: each object freed before the next is built, so
        // the heap never grows (FINDINGS: what the reflected row's last 0.3× is). Each reads every
        // column: the record and the raw struct are built whole, GRDB's row is read value by value.
        results.append(try measure("3s. stream \(n) rows as reflected rows with forEach" + suffix, "Amigo", operations: n, runs: runs) {
            var seen = 0
            try reflectedSession.query("item").forEach { row in
                if row.value(at: 0) != .null { seen += 1 }
                return true
            }
            check(seen == n, "Amigo reflected stream")
        })
        results.append(try measure("3s. stream \(n) rows as reflected rows with forEach" + suffix, "raw C", operations: n, runs: runs) {
            var seen = 0
            while sqlite3_step(fetchAll) == SQLITE_ROW {
                if raw.item(fetchAll).id != 0 { seen += 1 }
            }
            sqlite3_reset(fetchAll)
            check(seen == n, "raw stream")
        })
        results.append(try measure("3s. stream \(n) rows as reflected rows with forEach" + suffix, "GRDB", operations: n, runs: runs) {
            let seen = try queue.read { db in
                var seen = 0
                let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT * FROM item")
                // Every column read, as the record and the raw struct hold every column.
                while let row = try rows.next() {
                    var values = 0
                    for value in row.databaseValues where !value.isNull { values += 1 }
                    if values > 0 { seen += 1 }
                }
                return seen
            }
            check(seen == n, "GRDB row cursor")
        })

        // 4. get(id).
        let gets = 10_000
        results.append(try measure("4. \(gets) get(id)" + suffix, "Amigo", operations: gets, runs: runs) {
            for i in 1...gets { check(try session.query(Item.self).get((i * 7) % n + 1) != nil, "get") }
        })
        let byID = raw.prepare("SELECT id, name, value, price, note, flag FROM item WHERE id = ?")
        results.append(try measure("4. \(gets) get(id)" + suffix, "raw C", operations: gets, runs: runs) {
            for i in 1...gets {
                sqlite3_bind_int64(byID, 1, Int64((i * 7) % n + 1))
                var found: RawItem?
                if sqlite3_step(byID) == SQLITE_ROW {
                    found = raw.item(byID)
                }
                sqlite3_reset(byID)
                check(found != nil, "raw get")
            }
        })
        results.append(try measure("4. \(gets) get(id)" + suffix, "GRDB", operations: gets, runs: runs) {
            try queue.read { db in
                for i in 1...gets { check(try GItem.fetchOne(db, key: Int64((i * 7) % n + 1)) != nil, "GRDB get") }
            }
        })

        if inMemory {
            for stmt in [fetchAll, byID] { sqlite3_finalize(stmt) }
            return
        }

        // 5. Filter string + order + limit.
        let queries = 1_000
        results.append(try measure("5. \(queries) filter+order+limit queries (parse included)" + suffix, "Amigo", operations: queries, runs: runs) {
            for i in 0..<queries {
                let lo = i % 900
                let found = try session.query(Item.self).filter("value >= %@ AND value < %@ AND flag = %@", lo, lo + 5, true)
                    .orderBy("price", ascending: false).limit(20).all()
                check(found.count == 20, "Amigo filter \(found.count)")
            }
        })
        let filtered = raw.prepare("SELECT id, name, value, price, note, flag FROM item WHERE value >= ? AND value < ? AND flag = ? ORDER BY price DESC LIMIT 20")
        results.append(try measure("5. \(queries) filter+order+limit queries (parse included)" + suffix, "raw C", operations: queries, runs: runs) {
            for i in 0..<queries {
                let lo = i % 900
                sqlite3_bind_int64(filtered, 1, Int64(lo)); sqlite3_bind_int64(filtered, 2, Int64(lo + 5)); sqlite3_bind_int64(filtered, 3, 1)
                var items: [RawItem] = []
                while sqlite3_step(filtered) == SQLITE_ROW {
                    items.append(raw.item(filtered))
                }
                sqlite3_reset(filtered)
                check(items.count == 20, "raw filter")
            }
        })
        results.append(try measure("5. \(queries) filter+order+limit queries (parse included)" + suffix, "GRDB", operations: queries, runs: runs) {
            try queue.read { db in
                for i in 0..<queries {
                    let lo = i % 900
                    let found = try GItem.filter(GRDB.Column("value") >= lo && GRDB.Column("value") < lo + 5 && GRDB.Column("flag") == true)
                        .order(GRDB.Column("price").desc).limit(20).fetchAll(db)
                    check(found.count == 20, "GRDB filter")
                }
            }
        })

        // 6. One-to-many.
        let owners = 1_000
        results.append(try measure("6a. children of \(owners) parents, one at a time" + suffix, "Amigo", operations: owners, runs: runs) {
            for p in 1...owners {
                let parent = Parent(); parent.id = p
                check(try session.query(Child.self).using(parent).relationship("children").all().count == 10, "Amigo children")
            }
        })
        let children = raw.prepare("SELECT id, name, value, parent_id FROM child WHERE parent_id = ?")
        results.append(try measure("6a. children of \(owners) parents, one at a time" + suffix, "raw C", operations: owners, runs: runs) {
            for p in 1...owners {
                sqlite3_bind_int64(children, 1, Int64(p))
                var list: [RawChild] = []
                while sqlite3_step(children) == SQLITE_ROW {
                    list.append(RawChild(id: sqlite3_column_int64(children, 0), parentID: sqlite3_column_int64(children, 3),
                                         name: raw.text(children, 1)!, value: sqlite3_column_int64(children, 2)))
                }
                sqlite3_reset(children)
                check(list.count == 10, "raw children")
            }
        })
        results.append(try measure("6a. children of \(owners) parents, one at a time" + suffix, "GRDB", operations: owners, runs: runs) {
            try queue.read { db in
                for p in 1...owners {
                    check(try GParent(id: Int64(p), name: "").request(for: GParent.children).fetchAll(db).count == 10, "GRDB children")
                }
            }
        })
        let childCount = n
        results.append(try measure("6b. \(childCount) children with selectRelated(parent)" + suffix, "Amigo", operations: childCount, runs: runs) {
            let list = try session.query(Child.self).selectRelated("parent").all()
            check(list.count == childCount && list[0].parent != nil, "Amigo selectRelated")
        })
        let joined = raw.prepare("SELECT c.id, c.name, c.value, c.parent_id, p.id, p.name FROM child c LEFT JOIN parent p ON p.id = c.parent_id")
        results.append(try measure("6b. \(childCount) children with selectRelated(parent)" + suffix, "raw C", operations: childCount, runs: runs) {
            var list: [(RawChild, RawParent)] = []
            while sqlite3_step(joined) == SQLITE_ROW {
                list.append((RawChild(id: sqlite3_column_int64(joined, 0), parentID: sqlite3_column_int64(joined, 3), name: raw.text(joined, 1)!, value: sqlite3_column_int64(joined, 2)),
                             RawParent(id: sqlite3_column_int64(joined, 4), name: raw.text(joined, 5)!)))
            }
            sqlite3_reset(joined)
            check(list.count == childCount, "raw join")
        })
        results.append(try measure("6b. \(childCount) children with selectRelated(parent)" + suffix, "GRDB", operations: childCount, runs: runs) {
            let list = try queue.read { db in try GChild.including(required: GChild.parent).asRequest(of: GChildInfo.self).fetchAll(db) }
            check(list.count == childCount, "GRDB including")
        })

        // 7. Many-to-many.
        results.append(try measure("7. tags of \(owners) owners through a junction, one at a time" + suffix, "Amigo", operations: owners, runs: runs) {
            for o in 1...owners {
                let owner = Owner(); owner.id = o
                check(try session.query(Tag.self).using(owner).relationship("tags").all().count == 10, "Amigo tags")
            }
        })
        let tags = raw.prepare("SELECT t.id, t.name FROM tag t JOIN owner_tag j ON j.tag_id = t.id WHERE j.owner_id = ?")
        results.append(try measure("7. tags of \(owners) owners through a junction, one at a time" + suffix, "raw C", operations: owners, runs: runs) {
            for o in 1...owners {
                sqlite3_bind_int64(tags, 1, Int64(o))
                var list: [RawTag] = []
                while sqlite3_step(tags) == SQLITE_ROW { list.append(RawTag(id: sqlite3_column_int64(tags, 0), name: raw.text(tags, 1)!)) }
                sqlite3_reset(tags)
                check(list.count == 10, "raw tags")
            }
        })
        results.append(try measure("7. tags of \(owners) owners through a junction, one at a time" + suffix, "GRDB", operations: owners, runs: runs) {
            try queue.read { db in
                for o in 1...owners {
                    check(try GOwner(id: Int64(o), name: "").request(for: GOwner.tags).fetchAll(db).count == 10, "GRDB tags")
                }
            }
        })
        for stmt in [fetchAll, byID, filtered, children, joined, tags] { sqlite3_finalize(stmt) }
        try? session.close()
        try? reflectedSession.close()
        for suffix in ["", "-journal"] { try? FileManager.default.removeItem(atPath: dbPath + suffix) }
    }
}
