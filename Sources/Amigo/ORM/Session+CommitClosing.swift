// Session: a commit that ends the session (what a write that ends there needs).

import Foundation

extension Session {
    /// Commits the session's changes and ends it in one step, without beginning a next
    /// transaction: `COMMIT`, and the engine given up so that another session may begin. What
    /// ``AmigoDatabase/write(_:)`` does as ``commit()`` then ``close()`` costs two statements
    /// fewer (the `BEGIN` of the next transaction and its `ROLLBACK`).
    ///
    /// When `COMMIT` fails and the transaction stays open (SQLite: a busy database), the
    /// session stays open too: closing it rolls back. When the database ended the transaction
    /// with the failure, the session is closed and the error rethrown.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when the session is closed;
    ///   ``AmigoError/rolledBackBeforeCommit(changesLost:)`` when the database had already rolled
    ///   the transaction back (after an I/O error) with changes pending; what `COMMIT` threw.
    package func commitEndingSession() throws {
        try lock.withLock {
            guard active else { throw AmigoError.sessionClosed }
            var lost = 0
            do {
                try engine.serialized {
                    if engine.isInTransaction {
                        try engine.execute(.commit)
                    } else {
                        lost = changes
                    }
                    active = false
                    transactionEnded()
                    noteTransactionEnded(rolledBack: lost > 0)
                }
            } catch {
                if !engine.isInTransaction {
                    engine.serialized {
                        active = false
                        transactionEnded()
                        noteTransactionEnded(rolledBack: true)
                    }
                }
                if !active { engine.transactionGate.release(for: self) }
                throw error
            }
            engine.transactionGate.release(for: self)
            if lost > 0 { throw AmigoError.rolledBackBeforeCommit(changesLost: lost) }
        }
    }
}
