import CSQLiteBench
import Foundation

/// The raw SQLite C API, written as well as we can: one connection, statements prepared once and
/// reused, values bound and read by index, one transaction for writes.
final class RawDatabase {
    let db: OpaquePointer

    init(_ path: String) {
        var handle: OpaquePointer?
        sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        db = handle!
    }

    deinit { sqlite3_close_v2(db) }

    func exec(_ sql: String) {
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, sql, nil, nil, &error) != SQLITE_OK {
            fatalError("raw exec failed: \(String(cString: error!)) in \(sql)")
        }
    }

    func prepare(_ sql: String) -> OpaquePointer {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil) == SQLITE_OK else {
            fatalError("raw prepare failed: \(String(cString: sqlite3_errmsg(db)))")
        }
        return stmt!
    }

    @inline(__always) func text(_ stmt: OpaquePointer, _ i: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, i) else { return nil }
        return String(cString: p)
    }

    /// The item in the current row of `SELECT id, name, value, price, note, flag …`.
    @inline(__always) func item(_ stmt: OpaquePointer) -> RawItem {
        RawItem(id: sqlite3_column_int64(stmt, 0), name: text(stmt, 1)!, value: sqlite3_column_int64(stmt, 2),
                price: sqlite3_column_double(stmt, 3), note: text(stmt, 4), flag: sqlite3_column_int64(stmt, 5) != 0)
    }

    @inline(__always) func bind(_ stmt: OpaquePointer, _ i: Int32, _ s: String) {
        sqlite3_bind_text(stmt, i, s, -1, bench_sqlite_transient())
    }

    /// Binds item `i` (``Workloads/item(_:)``) to an `INSERT INTO item (name, value, price, note,
    /// flag) VALUES (?, ?, ?, ?, ?)` statement.
    @inline(__always) func bindItem(_ stmt: OpaquePointer, _ i: Int) {
        let f = Workloads.item(i)
        bind(stmt, 1, f.name)
        sqlite3_bind_int64(stmt, 2, Int64(f.value))
        sqlite3_bind_double(stmt, 3, f.price)
        if let note = f.note { bind(stmt, 4, note) } else { sqlite3_bind_null(stmt, 4) }
        sqlite3_bind_int64(stmt, 5, f.flag ? 1 : 0)
    }
}

/// What the raw API builds per row (the same fields as the models).
struct RawItem {
    var id: Int64
    var name: String
    var value: Int64
    var price: Double
    var note: String?
    var flag: Bool
}

struct RawParent { var id: Int64; var name: String }
struct RawChild { var id: Int64; var parentID: Int64; var name: String; var value: Int64 }
struct RawTag { var id: Int64; var name: String }
