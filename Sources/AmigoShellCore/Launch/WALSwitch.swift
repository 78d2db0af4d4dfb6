import Amigo
import Foundation

/// Puts the SQLite file the shell opens in write-ahead-log mode, so that other programs' readers
/// never wait for the shell's writes nor the shell's reads (its idle counts too) for theirs:
/// for good with `--wal` (``apply(to:path:)``), or while the full-screen UI has the file open
/// (``switchWhileOpen(_:path:)``). The mode is written into the file, so either says so.
package enum WALSwitch {
    /// How long the switch, and putting the mode back, wait for another program's lock: WAL mode
    /// needs the file alone for a moment, and an opening or an exit must not stall on it.
    static let lockWaitMilliseconds = 250

    /// `--wal`: switches the file `path` open on `engine` to WAL, unless it is in WAL already,
    /// and returns what to tell the user (nil when there was nothing to do).
    ///
    /// - Throws: ``LaunchError/walNeedsAWritableFile(path:)`` for a file opened read-only; what
    ///   SQLite says when the switch fails.
    package static func apply(to engine: any Engine, path: String) throws -> String? {
        guard let sqlite = engine as? SQLiteEngine else { return nil }
        if sqlite.isReadOnly { throw LaunchError.walNeedsAWritableFile(path: path) }
        let before = try sqlite.journalMode()
        // WAL for good, as asked: no earlier shell's mark may put it back.
        JournalModeMark.remove(path)
        guard before != "wal" else { return nil }
        let after = try sqlite.switchToWAL()
        guard after == "wal" else { return "--wal: SQLite kept \(path) in \(after) mode (WAL needs a file on a local disk that shared memory can map)" }
        return "\(path) is in WAL mode now (it was \(before); it stays so: sqlite3 and other programs read it as before)"
    }

    /// The full-screen UI's default: switches the file `path` open on `engine` to WAL while the
    /// shell has it open, where the file allows it (``FileForWAL/allowsSwitch(_:)``: a SQLite file
    /// opened read-write, not in WAL already, named by a path, owned by the user, in a folder the
    /// user can write on a local file system) and no other program holds it at that moment. Never
    /// throws: where the file does not allow it, the mode is kept.
    ///
    /// - Returns: what to tell the user (nil when nothing changed and nothing needs saying) and
    ///   the lease that puts the file's own mode back at exit (nil when nothing changed).
    package static func switchWhileOpen(_ engine: any Engine, path: String) -> (note: String?, lease: JournalModeLease?) {
        guard let sqlite = engine as? SQLiteEngine, !sqlite.isReadOnly, FileForWAL.allowsSwitch(path),
              let before = try? sqlite.journalMode() else { return (nil, nil) }
        // In WAL already: left so by an earlier shell that could not put it back (its mark), the
        // lease is taken over; otherwise WAL is the file's own mode, and stays.
        if before == "wal" {
            guard let marked = JournalModeMark.read(path) else { return (nil, nil) }
            return ("in WAL mode while open (left so by an earlier amigo-shell; put back to \(marked) on quit; --no-wal leaves it alone)",
                    JournalModeLease(engine: sqlite, path: path, mode: marked))
        }
        guard SQLiteEngine.rollbackJournalModes.contains(before) else { return (nil, nil) }
        let outcome = withShortLockWait(sqlite) { Result { try sqlite.switchToWAL() } }
        // What the file is in now decides, whatever the statement said.
        if (try? sqlite.journalMode()) == "wal" {
            JournalModeMark.set(path, mode: before)
            return ("in WAL mode while open (was \(before); put back on quit; --no-wal leaves the mode alone)",
                    JournalModeLease(engine: sqlite, path: path, mode: before))
        }
        let because: String
        switch outcome {
        case .success: because = "SQLite will not put it in WAL mode here"
        case .failure(let error): because = heldElsewhere(error) ? "another program has it open" : ErrorText.line(error)
        }
        return ("\(path) stays in \(before) mode: \(because) (other programs' readers may wait for the shell's commits)", nil)
    }

    /// Whether `error` says another connection holds the file (busy, locked, or the short lock
    /// wait given up).
    static func heldElsewhere(_ error: any Error) -> Bool {
        guard case AmigoError.database(let database) = error else { return false }
        return database.isBusy || database.kind == .interrupted   // the short wait given up
    }

    /// Runs `work` on `engine` with lock waits cut to ``lockWaitMilliseconds``.
    static func withShortLockWait<T>(_ engine: SQLiteEngine, _ work: () -> T) -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(lockWaitMilliseconds) * 1_000_000
        engine.setInterruptCheck { DispatchTime.now().uptimeNanoseconds > deadline }
        defer { engine.setInterruptCheck(nil) }
        return work()
    }
}
