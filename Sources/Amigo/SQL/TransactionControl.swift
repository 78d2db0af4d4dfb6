/// A transaction-control statement as a value: what the session, migrations, schema
/// synchronisation and the browse layer ask an engine to do (``Engine/execute(_:)-(TransactionControl)``).
/// Each dialect writes its SQL (``SQLDialect/transactionControlSQL(_:)``), so no engine reads
/// statement words back to learn that a text was transaction control.
///
/// For example, in SQLite's dialect:
///
///     .begin(.immediate)              // BEGIN IMMEDIATE
///     .savepoint("amigo_3")           // SAVEPOINT "amigo_3"
///     .rollbackToSavepoint("amigo_3") // ROLLBACK TO SAVEPOINT "amigo_3"
public enum TransactionControl: Sendable, Hashable {
    /// Begins a transaction of the given mode.
    case begin(TransactionMode)
    /// Makes the transaction's changes permanent and ends it.
    case commit
    /// Undoes the transaction's changes and ends it.
    case rollback
    /// Opens a savepoint of this name inside the transaction.
    case savepoint(String)
    /// Forgets the savepoint of this name (its changes join the enclosing transaction).
    case releaseSavepoint(String)
    /// Undoes what was done since the savepoint of this name was opened (the savepoint stays open).
    case rollbackToSavepoint(String)

    /// Whether it ends the transaction (``commit`` or ``rollback``).
    package var endsTransaction: Bool { self == .commit || self == .rollback }
}

/// How a transaction begins.
public enum TransactionMode: Sendable, Hashable {
    /// Locks are taken when first needed (`BEGIN`).
    case deferred
    /// SQLite's write lock from the start (`BEGIN IMMEDIATE`), so that two writers never deadlock;
    /// a plain `BEGIN` where the server locks row by row (PostgreSQL).
    case immediate
    /// SQLite's exclusive lock from the start (`BEGIN EXCLUSIVE`); a plain `BEGIN` on PostgreSQL.
    case exclusive
    /// A transaction that may only read: `BEGIN READ ONLY` on PostgreSQL (the server refuses
    /// writes); a plain `BEGIN` on SQLite, which has no such transaction.
    case readOnly
}
