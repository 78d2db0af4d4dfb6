import CSQLite

extension DatabaseError.Kind {
    /// The kind of an error SQLite reported with `code` (primary) and `extendedCode`; `message`
    /// tells the few errors SQLite reports only as SQLITE_ERROR apart.
    init(sqliteCode code: Int32, extendedCode: Int32, message: String) {
        switch code {
        case SQLITE_CONSTRAINT:
            switch extendedCode {
            case 787: self = .constraint(.foreignKey)           // SQLITE_CONSTRAINT_FOREIGNKEY
            case 2067: self = .constraint(.unique)              // SQLITE_CONSTRAINT_UNIQUE
            case 1299: self = .constraint(.notNull)             // SQLITE_CONSTRAINT_NOTNULL
            case 275: self = .constraint(.check)                // SQLITE_CONSTRAINT_CHECK
            case 1555, 2579: self = .constraint(.primaryKey)    // SQLITE_CONSTRAINT_PRIMARYKEY, _ROWID
            default: self = .constraint(.other)
            }
        case SQLITE_INTERRUPT: self = .interrupted
        case SQLITE_BUSY: self = .busy
        case SQLITE_LOCKED: self = .locked
        case SQLITE_READONLY:
            switch extendedCode {
            case 1032: self = .readOnly(.fileMoved)             // SQLITE_READONLY_DBMOVED
            case 1544: self = .readOnly(.directoryNotWritable)  // SQLITE_READONLY_DIRECTORY
            case 776: self = .readOnly(.hotJournal)             // SQLITE_READONLY_ROLLBACK
            case 264: self = .readOnly(.walNeedsRecovery)       // SQLITE_READONLY_RECOVERY
            case 520: self = .readOnly(.walLocked)              // SQLITE_READONLY_CANTLOCK
            default: self = .readOnly(.file)
            }
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .corrupt
        case SQLITE_FULL: self = .full
        case SQLITE_ERROR where message.hasPrefix("foreign key mismatch"): self = .foreignKeyMismatch
        case SQLITE_ERROR where message.contains("integer overflow"): self = .integerOverflow
        default: self = .other
        }
    }
}

extension DatabaseError {
    /// The columns SQLite's constraint message names after `failed: ` (`UNIQUE constraint failed:
    /// Genre.Name, Genre.Kind` → `["Genre.Name", "Genre.Kind"]`); empty when it names none.
    static func sqliteConstraintColumns(_ message: String) -> [String] {
        guard let colon = message.range(of: "failed: ") else { return [] }
        return message[colon.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
