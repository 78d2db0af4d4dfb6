import Amigo
import CSQLiteBench
import Foundation

/// Workload 14: reader threads fetching while one writer commits — how a Swift application reads
/// while it writes. A file in WAL mode (`synchronous = NORMAL`) of 100,000 items; each of
/// ``readers`` threads runs ``readsPerReader`` fetches of 100 consecutive items (by key range,
/// as compiled models for Amigo, as structs for the raw C API) while one writer thread commits
/// ``commits`` transactions of 10 updates each. The figure is the wall time until every thread
/// is done, and how long the readers took alone (no writer) beside it.
///
/// - raw C: one connection per reader thread and one for the writer (WAL: readers never wait for
///   the writer, each read sees the last commit).
/// - Amigo, one database: one `AmigoDatabase` (one engine, one connection) shared by every thread,
///   readers through `amigo.query(Item.self)`, the writer through `amigo.write { … }`. An engine
///   runs one session at a time, so readers wait while the writer's transaction is open.
/// - Amigo, a database per thread: each thread its own `AmigoDatabase` on its own engine
///   (connection) to the same file.
/// - Amigo, a pool: an ``AmigoPool`` of ``readers`` readers, each fetch one `pool.read` (one
///   snapshot), each commit one `pool.write`.
/// - GRDB, a pool: GRDB's `DatabasePool` doing the same (`pool.read`, `pool.write`).
///
/// Runnable alone: `AmigoBench --only 14 [--runs N]`.
enum ReadersWriterWorkload {
    static let readers = 4
    static let readsPerReader = 300
    static let commits = 300
    static let rowsPerRead = 100
    static let updatesPerCommit = 10

    /// One variant's medians, in seconds.
    struct Result {
        let name: String
        /// Until the last reader was done, the writer committing meanwhile.
        let readers: Double
        /// Until the writer was done, the readers reading meanwhile.
        let writer: Double
        /// The readers alone (no writer), until the last was done.
        let readersAlone: Double
    }

    /// Makes the file: the item table of workloads 1–5, 100,000 rows, WAL.
    static func generate(path: String, rows: Int) {
        let raw = RawDatabase(path)
        raw.exec("PRAGMA journal_mode = WAL")
        raw.exec(AmigoSchema.itemDDL)
        raw.exec("BEGIN")
        let stmt = raw.prepare("INSERT INTO item (name, value, price, note, flag) VALUES (?, ?, ?, ?, ?)")
        for i in 0..<rows {
            raw.bindItem(stmt, i)
            if sqlite3_step(stmt) != SQLITE_DONE { check(false, "raw insert failed: \(String(cString: sqlite3_errmsg(raw.db)))") }
            sqlite3_reset(stmt)
        }
        sqlite3_finalize(stmt)
        raw.exec("COMMIT")
    }

    /// The first key of reader `reader`'s `n`th read: spread over the table, different per reader.
    static func start(reader: Int, read n: Int, rows: Int) -> Int {
        ((reader * 7919 + n * 104_729) % (rows - rowsPerRead)) + 1
    }

    /// The keys the writer's `n`th commit updates.
    static func keys(commit n: Int, rows: Int) -> [Int] {
        (0..<updatesPerCommit).map { ((n * 15_485_863 + $0 * 7_919) % rows) + 1 }
    }

    /// Runs `bodies` on threads of their own, all started at once; returns, when every one is
    /// done, the seconds each took from the common start.
    static func together(_ bodies: [@Sendable () throws -> Void]) throws -> [Double] {
        let group = DispatchGroup()
        let box = ThreadResults(count: bodies.count)
        let start = DispatchTime.now().uptimeNanoseconds
        for (i, body) in bodies.enumerated() {
            group.enter()
            let thread = Thread {
                do { try body() } catch { box.fail(error) }
                box.finish(i, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                group.leave()
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
        group.wait()
        if let error = box.error { throw error }
        return box.seconds
    }

    /// What the threads report: when each finished, and the first error.
    final class ThreadResults: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var error: Error?
        private(set) var seconds: [Double]
        init(count: Int) { seconds = Array(repeating: 0, count: count) }
        func fail(_ error: Error) { lock.lock(); if self.error == nil { self.error = error }; lock.unlock() }
        func finish(_ i: Int, seconds: Double) { lock.lock(); self.seconds[i] = seconds; lock.unlock() }
    }

    // MARK: The variants' readers and writers

    static func rawReader(path: String, reader: Int, rows: Int) -> @Sendable () throws -> Void {
        {
            let raw = RawDatabase(path)
            sqlite3_busy_timeout(raw.db, 5000)
            let stmt = raw.prepare("SELECT id, name, value, price, note, flag FROM item WHERE id >= ? AND id < ? ORDER BY id")
            defer { sqlite3_finalize(stmt) }
            for n in 0..<readsPerReader {
                let first = start(reader: reader, read: n, rows: rows)
                sqlite3_bind_int64(stmt, 1, Int64(first))
                sqlite3_bind_int64(stmt, 2, Int64(first + rowsPerRead))
                var items: [RawItem] = []
                items.reserveCapacity(rowsPerRead)
                while sqlite3_step(stmt) == SQLITE_ROW { items.append(raw.item(stmt)) }
                sqlite3_reset(stmt)
                check(items.count == rowsPerRead, "raw reader: \(items.count) rows")
            }
        }
    }

    static func rawWriter(path: String, rows: Int) -> @Sendable () throws -> Void {
        {
            let raw = RawDatabase(path)
            sqlite3_busy_timeout(raw.db, 5000)
            raw.exec("PRAGMA synchronous = NORMAL")
            let stmt = raw.prepare("UPDATE item SET value = value + 1 WHERE id = ?")
            defer { sqlite3_finalize(stmt) }
            for n in 0..<commits {
                raw.exec("BEGIN IMMEDIATE")
                for key in keys(commit: n, rows: rows) {
                    sqlite3_bind_int64(stmt, 1, Int64(key))
                    if sqlite3_step(stmt) != SQLITE_DONE { check(false, "raw update failed: \(String(cString: sqlite3_errmsg(raw.db)))") }
                    sqlite3_reset(stmt)
                }
                raw.exec("COMMIT")
            }
        }
    }

    static func amigoReader(_ amigo: @escaping @Sendable () throws -> AmigoDatabase, reader: Int, rows: Int) -> @Sendable () throws -> Void {
        {
            let amigo = try amigo()
            for n in 0..<readsPerReader {
                let first = start(reader: reader, read: n, rows: rows)
                let items = try amigo.query(Item.self).filter("id >= %@ AND id < %@", first, first + rowsPerRead).orderBy("id").all()
                check(items.count == rowsPerRead, "Amigo reader: \(items.count) rows")
            }
        }
    }

    static func amigoWriter(_ amigo: @escaping @Sendable () throws -> AmigoDatabase, rows: Int) -> @Sendable () throws -> Void {
        {
            let amigo = try amigo()
            for n in 0..<commits {
                try amigo.write { session in
                    for key in keys(commit: n, rows: rows) {
                        _ = try session.execute("UPDATE item SET value = value + 1 WHERE id = ?", [.integer(Int64(key))])
                    }
                }
            }
        }
    }

    /// A database of its own on `path` (its own engine and connection), `synchronous = NORMAL` as the raw writer's.
    static func ownDatabase(_ path: String) throws -> AmigoDatabase {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(busyTimeoutMilliseconds: 5000, sessionWaitMilliseconds: 60_000))
        try engine.executeScript("PRAGMA synchronous = NORMAL")
        return try AmigoDatabase([AmigoSchema.item()], engine: engine)
    }

    static func run(runs: Int) throws -> [Result] {
        let rows = 100_000
        let path = freshPath("readers-writer")
        generate(path: path, rows: rows)
        defer { removeDatabase(at: path) }
        let shared = try ownDatabase(path)
        let sharedBox = UncheckedBox(shared)
        let pool = try amigoPool(path), grdb = try grdbPool(path)
        defer { try? pool.close(); try? grdb.close() }
        try warmUp { hold in try pool.read { _ in hold() } }
        try warmUp { hold in try grdb.read { _ in hold() } }
        let variants: [(name: String, reader: (Int) -> @Sendable () throws -> Void, writer: @Sendable () throws -> Void)] = [
            ("raw C: WAL, a connection per thread",
             { rawReader(path: path, reader: $0, rows: rows) }, rawWriter(path: path, rows: rows)),
            ("Amigo, one AmigoDatabase shared by every thread (one connection)",
             { amigoReader({ sharedBox.value }, reader: $0, rows: rows) }, amigoWriter({ sharedBox.value }, rows: rows)),
            ("Amigo, an AmigoDatabase per thread (a connection each, WAL)",
             { amigoReader({ try ownDatabase(path) }, reader: $0, rows: rows) }, amigoWriter({ try ownDatabase(path) }, rows: rows)),
            ("Amigo, an AmigoPool (pool.read / pool.write)",
             { amigoPoolReader(pool, reader: $0, rows: rows) }, amigoPoolWriter(pool, rows: rows)),
            ("GRDB, a DatabasePool (pool.read / pool.write)",
             { grdbPoolReader(grdb, reader: $0, rows: rows) }, grdbPoolWriter(grdb, rows: rows)),
        ]
        var readerTimes = Array(repeating: [Double](), count: variants.count)
        var writerTimes = Array(repeating: [Double](), count: variants.count)
        var alone = Array(repeating: [Double](), count: variants.count)
        for _ in 0..<runs {
            for (i, variant) in variants.enumerated() {
                alone[i].append(try Self.together((0..<readers).map(variant.reader)).max()!)
                let times = try Self.together((0..<readers).map(variant.reader) + [variant.writer])
                readerTimes[i].append(times.dropLast().max()!)
                writerTimes[i].append(times.last!)
            }
        }
        return variants.enumerated().map { i, variant in
            let r = readerTimes[i].sorted(), w = writerTimes[i].sorted(), a = alone[i].sorted()
            let result = Result(name: variant.name, readers: r[r.count / 2], writer: w[w.count / 2], readersAlone: a[a.count / 2])
            FileHandle.standardError.write(Data(("  14. \(variant.name): readers \(r.map(ms).joined(separator: ", ")) ms, "
                + "writer \(w.map(ms).joined(separator: ", ")) ms; readers alone \(a.map(ms).joined(separator: ", ")) ms\n").utf8))
            return result
        }
    }

    /// The workload's section of the report.
    static func report(_ results: [Result], runs: Int) -> String {
        var text = "## Workload 14: \(readers) reader threads beside a writer (WAL, 100,000 items)\n\n"
        text += "Each reader runs \(readsPerReader) fetches of \(rowsPerRead) consecutive items (by key range; compiled models for Amigo, "
        text += "structs for the raw C API) while one writer commits \(commits) transactions of \(updatesPerCommit) updates "
        text += "(`synchronous = NORMAL`), all started at once: the time until the last reader is done and until the writer is, "
        text += "and the same reads with no writer. "
        text += "Median of \(runs) runs, the variants taking turns. An Amigo engine is one connection and runs one session at a time, "
        text += "so readers sharing one `AmigoDatabase` wait for the writer's open transaction; a database per thread, or a pool, reads beside it. "
        text += "The pools (Amigo's `AmigoPool`, GRDB's `DatabasePool`) have \(readers) readers, opened before the timing; every fetch is one `pool.read` "
        text += "(a transaction of its own, one snapshot), every commit one `pool.write`.\n\n"
        text += "| variant | readers done ms (writer committing) | reads/s | × raw C | writer done ms | × raw C | readers alone ms | × raw C |\n"
        text += "|---|---:|---:|---:|---:|---:|---:|---:|\n"
        let raw = results.first
        for r in results {
            let reads = Double(readers * readsPerReader) / r.readers
            text += "| \(r.name) | \(ms(r.readers)) | \(String(format: "%.0f", reads)) | \(ratio(r.readers, raw?.readers)) | \(ms(r.writer)) | "
            text += "\(ratio(r.writer, raw?.writer)) | \(ms(r.readersAlone)) | \(ratio(r.readersAlone, raw?.readersAlone)) |\n"
        }
        return text
    }
}

/// A value handed to threads as the caller promises to use it safely (an `AmigoDatabase`, whose engine serializes its own use).
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
