import Amigo
import AmigoPostgres
import CLibPQBench
import Foundation

/// A connection through libpq used as well as we could: each statement prepared once
/// (`PQprepare`), executed with text parameters (`PQexecPrepared`), values read with
/// `PQgetvalue` and converted by hand — what Amigo's PostgreSQL engine is measured against.
final class RawPostgres {
    let connection: OpaquePointer

    init(_ url: String) {
        connection = PQconnectdb(url)
        check(PQstatus(connection) == CONNECTION_OK, "libpq: " + String(cString: PQerrorMessage(connection)))
    }

    deinit { PQfinish(connection) }

    /// Runs `sql` (one or more statements without parameters), checking that it worked.
    func exec(_ sql: String) {
        let result = PQexec(connection, sql)
        let status = PQresultStatus(result)
        check(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, "libpq exec: " + String(cString: PQerrorMessage(connection)))
        PQclear(result)
    }

    /// Prepares `sql` as the named statement `name`.
    func prepare(_ name: String, _ sql: String) {
        let result = PQprepare(connection, name, sql, 0, nil)
        check(PQresultStatus(result) == PGRES_COMMAND_OK, "libpq prepare: " + String(cString: PQerrorMessage(connection)))
        PQclear(result)
    }

    /// Runs the prepared statement `name` with text parameters (nil: NULL); the caller clears the result.
    func run(_ name: String, _ parameters: [String?]) -> OpaquePointer {
        var copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let result = copies.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { values in
                PQexecPrepared(connection, name, Int32(parameters.count), values, nil, nil, 0)
            }
        }!
        let status = PQresultStatus(result)
        check(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, "libpq run \(name): " + String(cString: PQerrorMessage(connection)))
        return result
    }

    /// The text of row `row`, column `column` of `result`; nil for NULL.
    static func text(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> String? {
        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
    }

    /// An integer value (parsed from the text format).
    static func int(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> Int64 {
        strtoll(PQgetvalue(result, row, column), nil, 10)
    }

    /// The item of row `row` of a `SELECT id, name, value, price, note, flag` result.
    static func item(_ result: OpaquePointer, _ row: Int32) -> RawItem {
        let flag = PQgetvalue(result, row, 5).pointee
        return RawItem(id: int(result, row, 0), name: text(result, row, 1) ?? "", value: int(result, row, 2),
                       price: strtod(PQgetvalue(result, row, 3), nil), note: text(result, row, 4),
                       flag: flag == UInt8(ascii: "t") || flag == UInt8(ascii: "1"))
    }
}

/// The ORM workloads on PostgreSQL: Amigo's PostgreSQL engine beside raw libpq, over the same
/// server (a Unix socket) in the same run. Each run starts from an empty schema of its own.
struct PostgresWorkloads {
    /// The server, as a libpq URL.
    let url: String
    let rows: Int
    let runs: Int
    var results: [Measurement] = []

    /// `url` with every connection's `search_path` set to `schema`.
    func url(schema: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
    }

    /// The benchmark's schema, dropped with everything in it and made again.
    func resetSchema() {
        let admin = RawPostgres(url)
        admin.exec("SET client_min_messages TO warning; DROP SCHEMA IF EXISTS amigo_bench CASCADE; CREATE SCHEMA amigo_bench")
    }

    var benchURL: String { url(schema: "amigo_bench") }

    // MARK: Inserts

    mutating func inserts() throws {
        let n = rows
        let name = "P1. insert \(n) rows, keys written back"
        results.append(try measure(name, "Amigo", operations: n, runs: runs, setup: { resetSchema() }) {
            let amigo = try AmigoDatabase([AmigoSchema.item()], factory: PostgresEngineFactory(benchURL))
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
            check(last?.id == n, "Amigo on PostgreSQL wrote keys back")
        })
        results.append(try measure(name, "raw libpq", operations: n, runs: runs, setup: { resetSchema(); try createTables([AmigoSchema.item()]) }) {
            let raw = RawPostgres(benchURL)
            raw.exec("BEGIN")
            raw.prepare("insert", "INSERT INTO item (name, value, price, note, flag) VALUES ($1, $2, $3, $4, $5) RETURNING id")
            var last: Int64 = 0
            for i in 0..<n {
                let f = Workloads.item(i)
                let result = raw.run("insert", [f.name, String(f.value), String(f.price), f.note, f.flag ? "true" : "false"])
                last = RawPostgres.int(result, 0, 0)
                PQclear(result)
            }
            raw.exec("COMMIT")
            check(last == Int64(n), "raw libpq insert")
        })
        let batch = "P2. insert \(n) rows with session.batch"
        results.append(try measure(batch, "Amigo", operations: n, runs: runs, setup: { resetSchema() }) {
            let amigo = try AmigoDatabase([AmigoSchema.item()], factory: PostgresEngineFactory(benchURL))
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
            check(try session.query(Item.self).count() == n, "Amigo batch on PostgreSQL")
        })
        results.append(try measure(batch, "raw libpq", operations: n, runs: runs, setup: { resetSchema(); try createTables([AmigoSchema.item()]) }) {
            let raw = RawPostgres(benchURL)
            raw.exec("BEGIN")
            raw.prepare("insert", "INSERT INTO item (name, value, price, note, flag) VALUES ($1, $2, $3, $4, $5)")
            for i in 0..<n {
                let f = Workloads.item(i)
                PQclear(raw.run("insert", [f.name, String(f.value), String(f.price), f.note, f.flag ? "true" : "false"]))
            }
            raw.exec("COMMIT")
        })
    }

    /// Creates `models`' tables with Amigo's DDL, so that both sides write the same tables and indexes.
    func createTables(_ models: [ORMModel]) throws {
        try AmigoDatabase(models, factory: PostgresEngineFactory(benchURL)).createAll()
    }

    // MARK: Reads

    /// `rows` items, `rows/10` parents with 10 children each, 1,000 owners with 10 of 500 tags
    /// each: Amigo's tables, filled by the server itself (`generate_series`).
    func fixture() throws -> AmigoDatabase {
        resetSchema()
        let amigo = try AmigoDatabase(AmigoSchema.models(), factory: PostgresEngineFactory(benchURL))
        try amigo.createAll()
        let raw = RawPostgres(benchURL)
        let n = rows
        raw.exec("""
            INSERT INTO item (name, value, price, note, flag)
                SELECT 'item ' || i, i % 1000, (i % 997) * 1.25, CASE WHEN i % 3 = 0 THEN NULL ELSE 'note number ' || i END, i % 2 = 0
                FROM generate_series(0, \(n - 1)) AS i;
            INSERT INTO parent (id, name) SELECT p, 'parent ' || p FROM generate_series(1, \(n / 10)) AS p;
            INSERT INTO child (name, value, parent_id) SELECT 'child ' || p || '.' || c, c, p FROM generate_series(1, \(n / 10)) AS p, generate_series(0, 9) AS c;
            INSERT INTO tag (id, name) SELECT t, 'tag ' || t FROM generate_series(1, 500) AS t;
            INSERT INTO owner (id, name) SELECT o, 'owner ' || o FROM generate_series(1, 1000) AS o;
            INSERT INTO owner_tag (owner_id, tag_id) SELECT o, (o * 7 + k * 31) % 500 + 1 FROM generate_series(1, 1000) AS o, generate_series(0, 9) AS k;
            ANALYZE;
            """)
        return amigo
    }

    mutating func reads() throws {
        let n = rows
        let amigo = try fixture()
        let session = try amigo.openSession()
        let raw = RawPostgres(benchURL)
        raw.exec("BEGIN")    // one read transaction, as Amigo's session has
        // Amigo twice: rows streamed from the server (the default) and each result read whole first.
        let engine = amigo.engine as? PostgresEngine
        func measureAmigo(_ name: String, operations: Int, _ body: () throws -> Void) throws -> [Measurement] {
            try Self.variants.map { implementation, streams in
                engine?.streamsResults = streams
                defer { engine?.streamsResults = true }
                return try measure(name, implementation, operations: operations, runs: runs, body)
            }
        }

        results += try measureAmigo("P3. fetch \(n) rows as compiled models", operations: n) {
            let items = try session.query(Item.self).all()
            check(items.count == n && items.contains { $0.name == "item 1" }, "Amigo fetch on PostgreSQL")
        }
        raw.prepare("all", "SELECT id, name, value, price, note, flag FROM item")
        results.append(try measure("P3. fetch \(n) rows as compiled models", "raw libpq", operations: n, runs: runs) {
            let result = raw.run("all", [])
            var items: [RawItem] = []
            items.reserveCapacity(n)
            for row in 0..<PQntuples(result) { items.append(RawPostgres.item(result, row)) }
            PQclear(result)
            check(items.count == n, "raw libpq fetch")
        })

        let gets = max(1, n / 10)
        results += try measureAmigo("P4. \(gets) get(id)", operations: gets) {
            for i in 1...gets { check(try session.query(Item.self).get((i * 7) % n + 1) != nil, "get on PostgreSQL") }
        }
        raw.prepare("get", "SELECT id, name, value, price, note, flag FROM item WHERE id = $1")
        results.append(try measure("P4. \(gets) get(id)", "raw libpq", operations: gets, runs: runs) {
            for i in 1...gets {
                let result = raw.run("get", [String((i * 7) % n + 1)])
                let found = PQntuples(result) == 1 ? RawPostgres.item(result, 0) : nil
                PQclear(result)
                check(found != nil, "raw libpq get")
            }
        })

        let queries = 1_000
        results += try measureAmigo("P5. \(queries) filter+order+limit queries (parse included)", operations: queries) {
            for i in 0..<queries {
                let lo = i % 900
                let found = try session.query(Item.self).filter("value >= %@ AND value < %@ AND flag = %@", lo, lo + 5, true)
                    .orderBy("price", ascending: false).limit(20).all()
                check((1...20).contains(found.count), "Amigo filter on PostgreSQL \(found.count)")
            }
        }
        raw.prepare("filter", "SELECT id, name, value, price, note, flag FROM item WHERE value >= $1 AND value < $2 AND flag = $3 ORDER BY price DESC LIMIT 20")
        results.append(try measure("P5. \(queries) filter+order+limit queries (parse included)", "raw libpq", operations: queries, runs: runs) {
            for i in 0..<queries {
                let lo = i % 900
                let result = raw.run("filter", [String(lo), String(lo + 5), "true"])
                var items: [RawItem] = []
                for row in 0..<PQntuples(result) { items.append(RawPostgres.item(result, row)) }
                PQclear(result)
                check((1...20).contains(items.count), "raw libpq filter")
            }
        })

        let owners = 1_000
        let parents = min(owners, n / 10)
        results += try measureAmigo("P6. children of \(parents) parents, one at a time", operations: parents) {
            for p in 1...parents {
                let parent = Parent(); parent.id = p
                check(try session.query(Child.self).using(parent).relationship("children").all().count == 10, "Amigo children on PostgreSQL")
            }
        }
        raw.prepare("children", "SELECT id, name, value, parent_id FROM child WHERE parent_id = $1")
        results.append(try measure("P6. children of \(parents) parents, one at a time", "raw libpq", operations: parents, runs: runs) {
            for p in 1...parents {
                let result = raw.run("children", [String(p)])
                var list: [RawChild] = []
                for row in 0..<PQntuples(result) {
                    list.append(RawChild(id: RawPostgres.int(result, row, 0), parentID: RawPostgres.int(result, row, 3),
                                         name: RawPostgres.text(result, row, 1) ?? "", value: RawPostgres.int(result, row, 2)))
                }
                PQclear(result)
                check(list.count == 10, "raw libpq children")
            }
        })

        results += try measureAmigo("P7. tags of \(owners) owners through a junction, one at a time", operations: owners) {
            for o in 1...owners {
                let owner = Owner(); owner.id = o
                check(try session.query(Tag.self).using(owner).relationship("tags").all().count == 10, "Amigo tags on PostgreSQL")
            }
        }
        raw.prepare("tags", "SELECT t.id, t.name FROM tag t JOIN owner_tag j ON j.tag_id = t.id WHERE j.owner_id = $1")
        results.append(try measure("P7. tags of \(owners) owners through a junction, one at a time", "raw libpq", operations: owners, runs: runs) {
            for o in 1...owners {
                let result = raw.run("tags", [String(o)])
                var list: [RawTag] = []
                for row in 0..<PQntuples(result) { list.append(RawTag(id: RawPostgres.int(result, row, 0), name: RawPostgres.text(result, row, 1) ?? "")) }
                PQclear(result)
                check(list.count == 10, "raw libpq tags")
            }
        })
        // Both transactions end before the schema is dropped (its tables are locked until then).
        raw.exec("COMMIT")
        try? session.close()
        resetSchema()
    }

    /// Amigo's implementations in the read workloads: rows streamed (the default), and each
    /// result read whole before its first row (``PostgresEngine/streamsResults`` off).
    static let variants: [(name: String, streams: Bool)] = [("Amigo", true), ("Amigo, read whole", false)]

    /// The report's table: each workload's Amigo and libpq medians and their ratio, against the
    /// goals (≤ 1.5× raw for inserts and fetch, ≤ 2× for lookups and relations).
    static func report(_ results: [Measurement], url: String, rows: Int, runs: Int) -> String {
        var text = "## PostgreSQL: Amigo's PostgreSQL engine beside raw libpq\n\n"
        text += "The same server (a throwaway cluster `scripts/bench` starts, over a Unix socket), one client process; \(rows) rows; "
        text += "medians of \(runs) runs. Raw libpq prepares each statement once and reads the text format by hand. "
        text += "Goals: ≤ 1.5× raw for inserts and fetch, ≤ 2× for lookups and relations. Amigo streams a query's rows "
        text += "(libpq's single-row mode, one row in memory at a time); the reads are measured a second time with each "
        text += "result read whole first (`streamsResults = false`, as before streaming), in the same run: *streamed / whole*.\n\n"
        text += "| workload | Amigo ms | libpq ms | Amigo / libpq | goal | met | read whole ms | streamed / whole |\n"
        text += "|---|---:|---:|---:|---:|---|---:|---:|\n"
        for name in workloadNames(results) {
            let a = results.first { $0.workload == name && $0.implementation == "Amigo" }
            let r = results.first { $0.workload == name && $0.implementation == "raw libpq" }
            let goal = ["P1", "P2", "P3"].contains { name.hasPrefix($0) } ? 1.5 : 2.0
            let met = a.flatMap { a in r.map { a.median / $0.median <= goal } }
            let w = results.first { $0.workload == name && $0.implementation == "Amigo, read whole" }
            text += "| \(name) | \(a.map { ms($0.median) } ?? "—") | \(r.map { ms($0.median) } ?? "—") | \(ratio(a?.median, r?.median)) | ≤ \(goal)× | \(met.map { $0 ? "yes" : "**no**" } ?? "—") "
            text += "| \(w.map { ms($0.median) } ?? "—") | \(ratio(a?.median, w?.median)) |\n"
        }
        return text
    }
}
