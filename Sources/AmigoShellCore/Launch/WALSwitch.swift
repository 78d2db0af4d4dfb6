import Amigo

/// `--wal`: puts the SQLite file the shell opens in write-ahead-log mode, so that other programs'
/// readers never wait for the shell's writes nor the shell's reads (its idle counts too) for
/// theirs. The mode stays in the file (every program that opens it later finds it in WAL), so
/// the shell does it only when asked, and says so.
package enum WALSwitch {
    /// Switches the file `path` open on `engine` to WAL, unless it is in WAL already, and returns
    /// what to tell the user (nil when there was nothing to do).
    ///
    /// - Throws: ``LaunchError/walNeedsAWritableFile(path:)`` for a file opened read-only; what
    ///   SQLite says when the switch fails.
    package static func apply(to engine: any Engine, path: String) throws -> String? {
        guard let sqlite = engine as? SQLiteEngine else { return nil }
        if sqlite.isReadOnly { throw LaunchError.walNeedsAWritableFile(path: path) }
        let before = try sqlite.journalMode()
        guard before != "wal" else { return nil }
        let after = try sqlite.switchToWAL()
        guard after == "wal" else { return "--wal: SQLite kept \(path) in \(after) mode (WAL needs a file on a local disk that shared memory can map)" }
        return "\(path) is in WAL mode now (it was \(before); it stays so: sqlite3 and other programs read it as before)"
    }
}
