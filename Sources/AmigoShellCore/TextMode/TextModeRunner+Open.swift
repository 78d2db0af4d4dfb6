// TextModeRunner: sqlite3's `.open`, another database in the middle of a script.

import Amigo
import Foundation

extension TextModeRunner {
    /// `use [--new] [--readonly] [FILE]` (sqlite3's `.open`): the database open now is closed and
    /// the SQLite file `path` opened in its place — made when missing, emptied first with `new`
    /// (never the database open now, a file attached to it or their journals), an empty database
    /// in memory when `path` is nil. Read-only with `readOnly`, or after `--read-only`.
    ///
    /// - Throws: ``ShellError/scriptTransaction(reason:)`` while a `BEGIN` or changes are
    ///   uncommitted (nothing is closed); ``ShellError/cannotWrite(path:reason:)`` for `--new` on
    ///   a protected file; what opening and reflecting the file throw — the database open before
    ///   is closed all the same and an empty one in memory takes its place, as in sqlite3, so that
    ///   lines meant for another file never change it.
    func openFile(_ path: String?, new: Bool, readOnly: Bool) throws {
        if scriptTransaction.isOpen || explorer.pendingChanges > 0 {
            throw ShellError.scriptTransaction(reason: "open: commit or roll back the changes first (the database open now keeps them)")
        }
        let readOnly = readOnly || opensReadOnly
        let amigo: AmigoDatabase
        if let path {
            do {
                if new, FileManager.default.fileExists(atPath: path) {
                    try ExportGuard(databasePath: explorer.databaseFile, attachedFiles: try explorer.attachedFiles()).check(path, force: true)
                    // unlink(2), as sqlite3 deletes: a file or a link, never a folder and what it holds.
                    for suffix in ["", "-journal", "-wal", "-shm"] { _ = unlink(path + suffix) }
                }
                amigo = try AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: readOnly, create: !readOnly))
            } catch {
                // As sqlite3: the lines after a failed .open run on an empty database in memory,
                // never on the database open before (they were written for another file).
                switchTo(try Explorer(amigo: AmigoDatabase(reflecting: SQLiteEngine(path: ":memory:")), displayPath: "database in memory"))
                errors("note: using an empty database in memory instead of \(path)")
                throw error
            }
        } else {
            amigo = try AmigoDatabase(reflecting: SQLiteEngine(path: ":memory:"))
        }
        switchTo(try Explorer(amigo: amigo, displayPath: path ?? "database in memory"))
    }

    /// Closes the database open now and runs the next lines on `next`.
    private func switchTo(_ next: Explorer) {
        next.isEchoOn = explorer.isEchoOn
        try? explorer.session.close()
        connect(next)
        opened(next)
    }
}
