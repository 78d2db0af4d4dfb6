extension DatabaseError {
    /// What went wrong, whichever database reported it: the value callers `switch` on instead of
    /// SQLite's result codes or a server's SQLSTATE.
    ///
    /// For example:
    ///
    ///     catch AmigoError.database(let error) where error.kind == .constraint(.foreignKey) {
    ///         // SQLite's SQLITE_CONSTRAINT_FOREIGNKEY (787), PostgreSQL's 23503
    ///     }
    public enum Kind: Sendable, Equatable, Hashable {
        /// A constraint refused the write.
        case constraint(Constraint)
        /// The engine's interrupt check, or a cancel, stopped the statement (SQLITE_INTERRUPT, 57014).
        case interrupted
        /// Another connection held a lock beyond the busy timeout (SQLITE_BUSY; PostgreSQL's 55P03).
        case busy
        /// A table was locked by another statement of the same connection, or a shared cache (SQLITE_LOCKED).
        case locked
        /// A write was refused because the database, file or transaction is read-only.
        case readOnly(ReadOnlyCause)
        /// The connection to the server is gone (SQLSTATE class 08, or the server ended it).
        case connectionLost(ConnectionLoss)
        /// The file is damaged or is not a database (SQLITE_CORRUPT, SQLITE_NOTADB; XX001, XX002).
        case corrupt
        /// The disk (or the database's size limit) is full (SQLITE_FULL; 53100).
        case full
        /// The transaction must be retried: a serialization failure or a deadlock (40001, 40P01).
        case serialization
        /// A foreign key points at columns that are not a key of their table, so SQLite cannot
        /// check it and refuses writes that need it (`foreign key mismatch`).
        case foreignKeyMismatch
        /// Integer arithmetic overflowed (SQLite's `sum()` past 64 bits: `integer overflow`).
        case integerOverflow
        /// No function of that name takes these argument types (PostgreSQL's 42883).
        case undefinedFunction
        /// Text read as JSON is not JSON (PostgreSQL's 22P02 for `json`/`jsonb`, as `::jsonb`
        /// raises before version 16 gives a way to test the text first).
        case invalidJSON
        /// Anything else (a syntax error, a missing table …): see ``DatabaseError/message``.
        case other
    }

    /// Which kind of constraint refused a write.
    public enum Constraint: Sendable, Equatable, Hashable {
        /// A FOREIGN KEY: the parent row is missing, or rows still refer to a deleted one.
        case foreignKey
        /// A UNIQUE constraint or unique index.
        case unique
        /// A NOT NULL column given NULL.
        case notNull
        /// A CHECK constraint.
        case check
        /// A PRIMARY KEY (or SQLite's rowid) already taken.
        case primaryKey
        /// Another constraint (a trigger's RAISE, an exclusion constraint …).
        case other
    }

    /// Why a write was refused as read-only.
    public enum ReadOnlyCause: Sendable, Equatable, Hashable {
        /// The database file was moved, replaced or deleted while open (SQLITE_READONLY_DBMOVED).
        case fileMoved
        /// The folder of the database cannot be written, so no journal can be made beside the
        /// file (SQLITE_READONLY_DIRECTORY).
        case directoryNotWritable
        /// The file has an unfinished transaction (a hot journal) that only a writable open can
        /// roll back (SQLITE_READONLY_ROLLBACK).
        case hotJournal
        /// The write-ahead log needs recovery, which a read-only open cannot do (SQLITE_READONLY_RECOVERY).
        case walNeedsRecovery
        /// Another connection holds the write-ahead log's shared memory read-only (SQLITE_READONLY_CANTLOCK).
        case walLocked
        /// The file (or its folder) is read-only, or it was opened read-only.
        case file
        /// The server's transaction is read-only (PostgreSQL's 25006).
        case transaction
    }

    /// How a connection to a server was lost.
    public enum ConnectionLoss: Sendable, Equatable, Hashable {
        /// The server ended the connection before the statement reached it, and said why (an
        /// administrator's command, a shutdown, an idle timeout), or there was no connection to
        /// send it on: the statement did not run.
        case endedByServer
        /// The connection broke: whether the statement ran, only the server knows.
        case broken
    }

    /// Whether a UNIQUE, NOT NULL, CHECK, FOREIGN KEY or PRIMARY KEY constraint failed.
    public var isConstraintViolation: Bool {
        if case .constraint = kind { return true }
        return false
    }
    /// Whether the database was locked by another connection beyond the busy timeout.
    public var isBusy: Bool { kind == .busy || kind == .locked || (sqlState != nil && kind == .serialization) }
    /// Whether the engine's interrupt check stopped the statement (``Engine/setInterruptCheck(_:)``).
    public var isInterrupted: Bool { kind == .interrupted }
    /// Whether a write was refused because the database is read-only.
    public var isReadOnly: Bool {
        if case .readOnly = kind { return true }
        return false
    }
}
