import Amigo
import Foundation
import GRDB

/// Workload 14's pool variants: Amigo's ``AmigoPool`` and GRDB's `DatabasePool`, each with
/// ``ReadersWriterWorkload/readers`` readers, doing the same reads and commits as the others —
/// readers through `pool.read` (one snapshot per fetch), the writer through `pool.write`.
extension ReadersWriterWorkload {
    /// An `AmigoPool` on `path` (already in WAL) with a reader per reader thread; `synchronous = NORMAL`
    /// is the pool's default, as GRDB's.
    static func amigoPool(_ path: String) throws -> AmigoPool {
        try AmigoPool(path: path, models: .compiled { [AmigoSchema.item()] },
                      configuration: .init(maximumReaders: readers, busyTimeoutMilliseconds: 5000))
    }

    /// A GRDB `DatabasePool` on `path` with a reader per reader thread (GRDB sets WAL and `synchronous = NORMAL`).
    static func grdbPool(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.maximumReaderCount = readers
        configuration.busyMode = .timeout(5)
        return try DatabasePool(path: path, configuration: configuration)
    }

    static func amigoPoolReader(_ pool: AmigoPool, reader: Int, rows: Int) -> @Sendable () throws -> Void {
        {
            for n in 0..<readsPerReader {
                let first = start(reader: reader, read: n, rows: rows)
                let items = try pool.read { session in
                    try session.query(Item.self).filter("id >= %@ AND id < %@", first, first + rowsPerRead).orderBy("id").all()
                }
                check(items.count == rowsPerRead, "AmigoPool reader: \(items.count) rows")
            }
        }
    }

    static func amigoPoolWriter(_ pool: AmigoPool, rows: Int) -> @Sendable () throws -> Void {
        {
            for n in 0..<commits {
                try pool.write { session in
                    for key in keys(commit: n, rows: rows) {
                        _ = try session.execute("UPDATE item SET value = value + 1 WHERE id = ?", [.integer(Int64(key))])
                    }
                }
            }
        }
    }

    static func grdbPoolReader(_ pool: DatabasePool, reader: Int, rows: Int) -> @Sendable () throws -> Void {
        {
            for n in 0..<readsPerReader {
                let first = start(reader: reader, read: n, rows: rows)
                let items = try pool.read { db in
                    try GItem.filter(GRDB.Column("id") >= first && GRDB.Column("id") < first + rowsPerRead)
                        .order(GRDB.Column("id")).fetchAll(db)
                }
                check(items.count == rowsPerRead, "GRDB pool reader: \(items.count) rows")
            }
        }
    }

    static func grdbPoolWriter(_ pool: DatabasePool, rows: Int) -> @Sendable () throws -> Void {
        {
            for n in 0..<commits {
                try pool.write { db in
                    for key in keys(commit: n, rows: rows) {
                        try db.execute(sql: "UPDATE item SET value = value + 1 WHERE id = ?", arguments: [key])
                    }
                }
            }
        }
    }

    /// Opens every reader of a pool before anything is timed: `read` runs on `readers` threads at
    /// once, each holding its reader until all have one.
    static func warmUp(_ read: @escaping @Sendable (@escaping () -> Void) throws -> Void) throws {
        let group = DispatchGroup()
        for _ in 0..<readers { group.enter() }
        _ = try together((0..<readers).map { _ in
            { try read { group.leave(); _ = group.wait(timeout: .now() + 10) } }
        })
    }
}
