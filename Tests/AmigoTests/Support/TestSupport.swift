import Amigo
import Foundation
import Testing

/// A database file in the temporary directory, removed (with its journal) by ``remove()``.
struct TemporaryDatabaseFile {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("amigo-test-\(UUID().uuidString).sqlite").path
    }

    func remove() {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// The `DatabaseError` inside an `AmigoError.database`, or nil.
func databaseError(_ error: AmigoError?) -> DatabaseError? {
    if case .database(let e)? = error { return e }
    return nil
}

/// The `FilterError` inside an `AmigoError.filter`, or nil.
func filterError(_ error: AmigoError?) -> FilterError? {
    if case .filter(let e)? = error { return e }
    return nil
}

extension Engine {
    /// The `sql` column `sqlite_master` stores for `name`.
    func masterSQL(_ name: String) throws -> String? {
        try fetchScalar("SELECT sql FROM sqlite_master WHERE name = ?", [.text(name)]).textValue
    }

    /// `SELECT COUNT(*) FROM <table>` through the engine.
    func rowCount(_ table: String) throws -> Int {
        Int(try fetchScalar("SELECT COUNT(*) FROM \"\(table)\"").integerValue ?? -1)
    }
}
