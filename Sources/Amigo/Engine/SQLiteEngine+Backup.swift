import CSQLite
import Foundation

/// sqlite3's `.backup` (and `.save`): a copy of a database of the connection into another file,
/// made by SQLite's online backup API, page by page, so that the copy is a consistent database
/// even while other programs write the original.
extension SQLiteEngine {
    /// Copies the database `schema` (`main` unless another attached name) into the SQLite file at
    /// `path`, replacing what that file held (as sqlite3's `.backup FILE` does); a file that does
    /// not exist is made.
    ///
    /// - Throws: ``AmigoError/database(_:)`` with SQLite's error when the file cannot be opened
    ///   or written (not a database, read-only, locked by another program's write).
    public func backup(to path: String, schema: String = "main") throws {
        var target: OpaquePointer?
        let opened = sqlite3_open_v2(path, &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        defer { sqlite3_close_v2(target) }
        guard opened == SQLITE_OK, let target else {
            throw AmigoError.database(DatabaseError(code: opened, message: target.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the file", path: path))
        }
        sqlite3_busy_timeout(target, 5_000)
        try withConnectionHandle { source in
            guard let backup = sqlite3_backup_init(target, "main", source, schema) else {
                throw AmigoError.database(DatabaseError(code: sqlite3_errcode(target), message: String(cString: sqlite3_errmsg(target)), path: path))
            }
            var step = SQLITE_OK
            repeat { step = sqlite3_backup_step(backup, -1) } while step == SQLITE_OK
            let finished = sqlite3_backup_finish(backup)
            let code = step == SQLITE_DONE ? finished : step
            guard code == SQLITE_OK else {
                throw AmigoError.database(DatabaseError(code: code & 0xff, extendedCode: code, message: String(cString: sqlite3_errstr(code)), path: path))
            }
        }
    }
}
