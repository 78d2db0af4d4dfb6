/// What the shell does with a SQLite file's journal mode when it opens it.
///
/// Readers and a writer run side by side only in SQLite's write-ahead-log mode: in it, other
/// programs' readers never wait for the shell's commits, nor the shell's reads (its idle counts)
/// for theirs. The mode is written into the file, so the shell changes it only where it says so.
package enum JournalModeChoice: Sendable, Equatable {
    /// Leave the mode as it is: `--no-wal`, text mode (sqlite3 never changes a journal mode, and
    /// a script's `PRAGMA journal_mode` must answer as there), `--read-only`, anything but a file.
    case keep
    /// The full-screen UI on a SQLite file opened read-write: WAL while the shell has the file
    /// open, said on the status line, and the file's own mode put back at a clean exit
    /// (``WALSwitch/switchWhileOpen(_:path:)``).
    case walWhileOpen
    /// `--wal`: put the file in WAL mode for good, and say so (``WALSwitch/apply(to:path:)``).
    case walForGood

    /// The choice for a launch: `--wal` (`flag` true) or `--no-wal` (false) when given; otherwise
    /// WAL while open for the full-screen UI on a SQLite file opened read-write with no other
    /// file beside it (a transaction over several files is atomic across them only outside WAL
    /// mode, so attached files keep the main file's mode), and the mode kept everywhere else.
    static func resolve(flag: Bool?, interface: ShellInterface, target: DatabaseTarget, readOnly: Bool,
                        attachments: [String]) -> JournalModeChoice {
        switch flag {
        case true?: return .walForGood
        case false?: return .keep
        case nil:
            guard interface == .fullScreen, case .sqliteFile = target, !readOnly, attachments.isEmpty else { return .keep }
            return .walWhileOpen
        }
    }
}
