import Amigo
import Foundation

/// A file the shell put in WAL mode while it has it open (``WALSwitch/switchWhileOpen(_:path:)``),
/// or found so with an earlier shell's ``JournalModeMark``: ``end()`` puts the file's own journal
/// mode back, and removes the mark.
package struct JournalModeLease {
    /// The connection the shell has the file open on.
    let engine: SQLiteEngine
    /// The file, as the user named it.
    package let path: String
    /// The journal mode the connection reported before the switch (`delete` for a file read
    /// afresh: only WAL is kept in a file).
    package let mode: String

    /// At exit, once the shell's session has ended: copies the log into the file and puts the
    /// file back in its own journal mode, which removes the `-wal` and `-shm` files. Returns what
    /// to tell the user when that could not be done: the file then stays in WAL mode, and the
    /// last commits may be only in its `-wal` file until the program holding it closes it, so a
    /// copy of the file alone may lack them (sqlite3's `.backup` copies everything).
    package func end() -> String? {
        let outcome = WALSwitch.withShortLockWait(engine) { Result { try engine.leaveWAL(for: mode) } }
        guard (try? engine.journalMode()) == "wal" else {
            JournalModeMark.remove(path)
            return nil
        }
        // The mark stays: the next full-screen UI to open the file puts its mode back.
        let because: String
        switch outcome {
        case .success: because = "SQLite kept it so"
        case .failure(let error): because = WALSwitch.heldElsewhere(error) ? "another program has it open" : ErrorText.line(error)
        }
        let name = (path as NSString).lastPathComponent
        return "\(path) stays in WAL mode (it was in \(mode) mode): \(because); its last commits may be only in \(name)-wal until then, so copy it with sqlite3's .backup rather than cp"
    }
}
