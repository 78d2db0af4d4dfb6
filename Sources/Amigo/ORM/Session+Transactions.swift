// Session: begin, commit, rollback, close, refresh and savepoints.

import Foundation
import Synchronization

extension Session {
    /// Opens the transaction (BEGIN) after taking ownership of the engine; does nothing when the
    /// session is open. ``commit()`` and ``rollback()`` of a closed session call it too.
    ///
    /// - Throws: ``AmigoError/sessionAlreadyOpen(path:)`` when another session is open on the engine
    ///   on this thread; ``AmigoError/sessionBusy(path:waited:)`` when another thread's session did
    ///   not close within ``Engine/sessionWaitTimeout``; ``AmigoError/database(_:)`` when BEGIN fails
    ///   (for example because a transaction was opened on the engine directly).
    public func begin() throws {
        try lock.withLock {
            guard !active else { return }
            let gate = engine.transactionGate
            try gate.acquire(for: self, path: engine.path)
            do {
                try engine.serialized {
                    try engine.execute(.begin(.deferred))
                    transactionEnded()
                    active = true
                }
            } catch {
                gate.release(for: self)
                throw error
            }
        }
    }

    /// Makes the session's changes permanent (COMMIT) and begins the next transaction, keeping
    /// the engine. When it returns, the rows are committed.
    ///
    /// - Throws: ``AmigoError/database(_:)`` when COMMIT fails and the transaction stays open
    ///   (SQLite: commit again or roll back); ``AmigoError/commitRolledBack(changesLost:cause:)``
    ///   when COMMIT fails and the database ended the transaction (PostgreSQL: a deferred constraint,
    ///   a serialization failure) — the changes are lost and a new transaction is open;
    ///   ``AmigoError/rolledBackBeforeCommit(changesLost:)`` when the transaction had already
    ///   been rolled back by SQLite (after an I/O or disk-full error) with changes pending — those
    ///   changes are lost, and a new transaction is open.
    public func commit() throws { try finish(commit: true, restart: true) }

    /// Undoes the session's changes (ROLLBACK) and begins the next transaction, keeping the engine.
    public func rollback() throws { try finish(commit: false, restart: true) }

    /// Rolls back what was not committed, ends the session and gives the engine up, so that
    /// another session may begin. Closing a closed session does nothing.
    public func close() throws { try finish(commit: false, restart: false) }

    func finish(commit: Bool, restart: Bool) throws {
        try lock.withLock {
            guard active else {
                if restart { try begin() }
                return
            }
            if !restart {
                // Whatever happens, the session ends and the engine is given up.
                defer { engine.transactionGate.release(for: self) }
                try engine.serialized {
                    defer { active = false; transactionEnded(); noteTransactionEnded(rolledBack: !commit) }
                    if engine.isInTransaction { try engine.execute(commit ? .commit : .rollback) }
                }
                return
            }
            // COMMIT (or ROLLBACK) and BEGIN in one serialized step: other threads using this
            // session never see it closed, and no other statement runs between the two.
            var lost = 0
            do {
                try engine.serialized {
                    // Rolled back by the session, or ended by the database on its own.
                    let rolledBack = !commit || !engine.isInTransaction
                    if engine.isInTransaction {
                        do {
                            try engine.execute(commit ? .commit : .rollback)
                        } catch AmigoError.database(let cause) where commit && !engine.isInTransaction && !engine.isConnectionLost {
                            // The database ended the transaction when its COMMIT failed (PostgreSQL
                            // does): begin the next one, so that no later statement runs outside a
                            // transaction, and say that the changes are gone.
                            let lostChanges = changes
                            transactionEnded()
                            noteTransactionEnded(rolledBack: true)
                            // (Should BEGIN fail too, the session closes; the refused commit is still what is said.)
                            do { try engine.execute(.begin(.deferred)) } catch { active = false }
                            throw AmigoError.commitRolledBack(changesLost: lostChanges, cause: cause)
                        }
                    } else if commit {
                        // The database ended the transaction on its own: SQLite after an I/O error
                        // or a full disk, a server whose connection was lost and made again.
                        lost = changes
                    }
                    transactionEnded()
                    noteTransactionEnded(rolledBack: rolledBack)
                    do {
                        try engine.execute(.begin(.deferred))
                    } catch {
                        active = false
                        throw error
                    }
                }
            } catch {
                if !active { engine.transactionGate.release(for: self) }
                throw error
            }
            if lost > 0 {
                throw AmigoError.rolledBackBeforeCommit(changesLost: lost)
            }
        }
    }

    /// Ends the read transaction and begins a new one when nothing is pending, so that the session
    /// sees other connections' commits and holds no lock while idle (amigo-shell does this between
    /// views). The session keeps the engine.
    public func refresh() throws {
        try lock.withLock {
            guard active, changes == 0 else { return }
            // Nothing to keep: roll back rather than commit, so that a write that failed (and was
            // undone by SQLite) does not bump the file's change counter.
            try finish(commit: false, restart: true)
        }
    }

    /// Runs `body` inside a SAVEPOINT of the session's transaction: if it throws, its changes are
    /// rolled back and the error rethrown; otherwise they join the session's transaction (and are
    /// committed with it). This is the only way to nest work in a session. The engine stays
    /// serialized for this thread while `body` runs.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when the session is closed, or what `body` throws.
    public func savepoint<R>(_ body: () throws -> R) throws -> R {
        try engine.serialized {
            guard isActive else { throw AmigoError.sessionClosed }
            let name = "amigo_\(Session.savepointCounter.next())"
            let before = pendingChangeCount, catalogBefore = catalogMark
            do {
                return try engine.inSavepoint(name, body)
            } catch {
                changes = before
                noteRolledBack(since: catalogBefore)
                throw error
            }
        }
    }
}
