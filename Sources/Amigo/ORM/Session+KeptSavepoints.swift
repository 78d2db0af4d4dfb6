// Session: savepoints kept open, so that one write among several pending ones can be undone.

import Synchronization

/// A savepoint ``Session/keepingSavepoint(_:)`` left open inside the session's transaction: the
/// point to which ``Session/rollBack(to:)`` undoes everything written since. It lives as long as
/// the transaction: a commit or a rollback of the session ends it.
package struct KeptSavepoint: Sendable, Hashable {
    /// The savepoint's name in the database (`amigo_kept_12`).
    public let name: String
    /// The session's ``Session/pendingChangeCount`` when the savepoint was taken, which rolling
    /// back to it restores.
    package let changesBefore: Int
    /// The session's catalog version when the savepoint was taken (see ``Session/catalogVersion()``).
    let catalogBefore: Int64
}

extension Session {
    /// Runs `body` inside a SAVEPOINT of the session's transaction that stays open when `body`
    /// returns, so that its changes can be undone later, alone, with ``rollBack(to:)`` (as long
    /// as nothing was kept after it). If `body` throws, its changes are rolled back at once, the
    /// savepoint is released and the error rethrown, as with ``savepoint(_:)``.
    ///
    ///     let (_, first) = try session.keepingSavepoint { try session.add(lucy) }   // SAVEPOINT "amigo_kept_1"; INSERT …
    ///     let (_, second) = try session.keepingSavepoint { try session.add(rex) }   // SAVEPOINT "amigo_kept_2"; INSERT …
    ///     try session.rollBack(to: second)   // ROLLBACK TO SAVEPOINT "amigo_kept_2"; RELEASE SAVEPOINT "amigo_kept_2"
    ///     try session.commit()                                                      // only lucy is committed
    ///
    /// Each kept savepoint costs the database a little bookkeeping per later write until the
    /// transaction ends; keep one per user-visible change, not per row of a bulk load.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when the session is closed, or what `body` throws.
    package func keepingSavepoint<R>(_ body: () throws -> R) throws -> (result: R, savepoint: KeptSavepoint) {
        try engine.serialized {
            guard isActive else { throw AmigoError.sessionClosed }
            let savepoint = KeptSavepoint(name: "amigo_kept_\(Session.savepointCounter.next())", changesBefore: pendingChangeCount,
                                          catalogBefore: catalogMark)
            do {
                let result = try engine.inSavepoint(savepoint.name, ending: .leaveOpen, body)
                keptSavepointStack.withLock { $0.append(savepoint) }
                return (result, savepoint)
            } catch {
                changes = savepoint.changesBefore
                noteRolledBack(since: savepoint.catalogBefore)
                throw error
            }
        }
    }

    /// The savepoints kept open in the current transaction, oldest first.
    package var keptSavepoints: [KeptSavepoint] { keptSavepointStack.withLock { $0 } }

    /// Undoes everything written since `savepoint` was kept — its own changes and those of every
    /// savepoint kept after it — and releases it (ROLLBACK TO, then RELEASE); the session's
    /// pending change count goes back to what it was then. Earlier changes stay pending.
    ///
    /// - Throws: ``AmigoError/savepointGone(name:reason:)`` when the savepoint is not open any
    ///   more (its transaction was committed or rolled back, it was rolled back to already, or
    ///   the database dropped it): nothing is changed. The engine's error when the connection is lost.
    package func rollBack(to savepoint: KeptSavepoint) throws {
        try engine.serialized {
            guard isActive else { throw AmigoError.savepointGone(name: savepoint.name, reason: "the session is closed") }
            guard let index = keptSavepointStack.withLock({ $0.firstIndex(of: savepoint) }) else {
                throw AmigoError.savepointGone(name: savepoint.name, reason: "its transaction ended, or it was rolled back already")
            }
            do {
                try engine.execute(.rollbackToSavepoint(savepoint.name))
                try engine.execute(.releaseSavepoint(savepoint.name))
            } catch {
                if engine.isConnectionLost { throw error }
                // The database no longer has it (SQLite rolls a whole transaction back after an
                // I/O error or a full disk): neither it nor any kept after it can be rolled back to.
                keptSavepointStack.withLock { $0.removeSubrange(index...) }
                throw AmigoError.savepointGone(name: savepoint.name, reason: "the database dropped it: \(error)")
            }
            keptSavepointStack.withLock { $0.removeSubrange(index...) }
            changes = savepoint.changesBefore
            noteRolledBack(since: savepoint.catalogBefore)
        }
    }

    /// The transaction ended (committed, rolled back, or ended by the database): no change is
    /// pending and no kept savepoint is open any more.
    func transactionEnded() {
        changes = 0
        keptSavepointStack.withLock { $0.removeAll() }
    }
}
