// How a block wrapped in a transaction or a savepoint ends when it succeeds.

/// How ``Engine/inTransaction(_:ending:_:)`` ends a transaction whose block succeeded.
public enum TransactionEnding: Sendable, Hashable {
    /// `COMMIT`: the block's changes are kept.
    case commit
    /// `ROLLBACK`: nothing the block did stays (a read, or a trial run).
    case rollBack
}

/// How ``Engine/inSavepoint(_:ending:_:)`` ends a savepoint whose block succeeded.
public enum SavepointEnding: Sendable, Hashable {
    /// `RELEASE`: the block's changes join the enclosing transaction.
    case release
    /// `ROLLBACK TO` and `RELEASE`: nothing the block did stays.
    case rollBack
    /// Nothing: the savepoint stays open, so that the changes can be rolled back to later.
    case leaveOpen
}
