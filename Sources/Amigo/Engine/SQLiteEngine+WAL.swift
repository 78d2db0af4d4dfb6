import Foundation

/// The statements ``AmigoPool`` runs on SQLite's write-ahead log: the journal mode, the read
/// snapshot a reader begins, the checkpoint on close.
extension SQLiteEngine {
    /// The main database's journal mode as SQLite names it, lower-cased: `delete`, `truncate`,
    /// `persist`, `memory`, `wal` or `off` (`PRAGMA main.journal_mode`, which only asks).
    public func journalMode() throws -> String {
        try fetchScalar("PRAGMA main.journal_mode").textValue?.lowercased() ?? ""
    }

    /// Asks SQLite to put the main file in WAL mode (`PRAGMA main.journal_mode = WAL`, which
    /// persists in the file; an unqualified one would change every attached file too) and
    /// returns the journal mode SQLite reports afterwards: `wal` when it took, the mode that
    /// stayed otherwise (an in-memory database stays `memory`).
    package func switchToWAL() throws -> String {
        try fetchScalar("PRAGMA main.journal_mode = WAL").textValue?.lowercased() ?? ""
    }

    /// `PRAGMA synchronous = NORMAL`: in WAL mode a commit is durable once the log is synced at a
    /// checkpoint, not at every commit (a power loss may undo the last commits, never corrupt).
    package func setSynchronousNormal() throws {
        try executeScript("PRAGMA synchronous = NORMAL")
    }

    /// Fixes the snapshot of the transaction just begun on this connection: a deferred `BEGIN`
    /// takes no snapshot until the first read, so this reads the schema's first row at once.
    /// Everything read until the transaction ends then sees the database as it is now.
    package func beginReadSnapshot() throws {
        try fetch("SELECT rootpage FROM sqlite_schema LIMIT 1", []) { _ in false }
    }

    /// At the end of a program's use of a file in WAL mode (and only then): copies what the log
    /// holds into the database file (``checkpointPassively()``: without waiting for another
    /// program's reader, so an exit never stalls), so that the file alone holds every commit
    /// that no reader holds back. Does nothing for a file in another mode or opened read-only.
    package func checkpointWALBeforeExit() {
        guard !isReadOnly, (try? journalMode()) == "wal" else { return }
        try? checkpointPassively()
    }

    /// Copies what the write-ahead log holds into the database file without waiting for readers
    /// or blocking the writer (`PRAGMA wal_checkpoint(PASSIVE)`): what a reader still uses stays
    /// in the log for the next checkpoint.
    package func checkpointPassively() throws {
        try fetch("PRAGMA wal_checkpoint(PASSIVE)", []) { _ in false }
    }
}

extension SQLiteEngine {
    /// The journal modes a file out of WAL mode can be found in by a new connection. Only WAL is
    /// kept in the file; every other mode is a connection's own setting, so a file read afresh
    /// reports `delete` unless a connection's settings say otherwise (``leaveWAL(for:)``).
    package static let rollbackJournalModes: Set<String> = ["delete", "truncate", "persist"]

    /// Puts the main file, in WAL mode, back in the rollback journal `mode` (one of
    /// ``rollbackJournalModes``; any other is taken as `delete`) with
    /// `PRAGMA main.journal_mode = …` (attached files keep theirs): SQLite copies the log into the
    /// file and removes the `-wal` and `-shm` files. Needs the file alone (no other connection may
    /// have it open) and no transaction on this connection. Returns the mode SQLite reports after.
    package func leaveWAL(for mode: String) throws -> String {
        let keyword = Self.rollbackJournalModes.contains(mode) ? mode.uppercased() : "DELETE"
        return try fetchScalar("PRAGMA main.journal_mode = " + keyword).textValue?.lowercased() ?? ""
    }
}
