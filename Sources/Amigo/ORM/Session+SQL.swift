// Session: raw SQL run inside the session, and the checks on it.

import Foundation
import Synchronization

extension Session {
    // MARK: Raw SQL

    /// Runs one statement with arguments through the session's transaction, echo and errors.
    ///
    /// The statement is prepared before it runs, so that bad SQL (``AmigoError/database(_:)``),
    /// several statements at once (only the first would run) and, on a read-only database, a
    /// statement that writes are all refused before anything is applied.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> ExecutionResult {
        try runRaw(sql) { try engine.execute(sql, arguments) }
    }

    /// ``execute(_:_:)``, handing out the rows the statement returns (`INSERT … RETURNING`):
    /// `columns` once before the first, `row` with each, as the engine steps them (an engine
    /// that returns no rows from a write calls neither).
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = [], returning columns: ([ResultColumn]) throws -> Void,
                        _ row: (StatementRow) throws -> Void) throws -> ExecutionResult {
        try runRaw(sql) { try engine.execute(sql, arguments, returning: columns, row) }
    }

    /// Runs `sql` by `run` with the checks and bookkeeping of ``execute(_:_:)``.
    private func runRaw(_ sql: String, _ run: () throws -> ExecutionResult) throws -> ExecutionResult {
        try engine.serialized {
            let readsOnly = try checkRawStatement(sql)
            let inTransaction = engine.isInTransaction
            let result = try run()
            noteStatementRan(sql, readsOnly: readsOnly)
            if !readsOnly { recordChanges(result.changes) }
            // A statement that ended the transaction anyway (one the words above did not tell):
            // begin the next at once, so that nothing runs outside one, and say so.
            if inTransaction && !engine.isInTransaction && !engine.isConnectionLost {
                let lost = changes
                transactionEnded()
                noteTransactionEnded(rolledBack: true)
                try? engine.execute(.begin(.deferred))
                throw AmigoError.statementEndedTransaction(changesLost: lost)
            }
            return result
        }
    }

    /// Runs `sql` between two of the session's transactions, with none open: for what cannot
    /// run inside one (`VACUUM`, `ATTACH`, `PRAGMA journal_mode = WAL`) or is ignored there
    /// (`PRAGMA foreign_keys = ON`). The session's transaction, which must hold no counted
    /// changes, is committed (so that uncounted DDL is kept); the statement runs on its own; the
    /// next transaction begins, whatever it did.
    ///
    /// - Throws: ``AmigoError/sessionClosed``; ``AmigoError/changesPending(count:operation:)`` with changes
    ///   pending (nothing runs); what the statement throws.
    @discardableResult
    package func executeBetweenTransactions(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> ExecutionResult {
        try lock.withLock {
            guard active else { throw AmigoError.sessionClosed }
            guard changes == 0 else {
                throw AmigoError.changesPending(count: changes, operation: "a statement that runs outside a transaction")
            }
            return try engine.serialized {
                // COMMIT, not ROLLBACK: nothing counted is pending, and a write the count does
                // not see (DDL, a statement that reports no rows) is kept, not lost.
                if engine.isInTransaction { try engine.execute(.commit) }
                defer {
                    if !engine.isInTransaction { try? engine.execute(.begin(.deferred)) }
                    noteTransactionEnded(rolledBack: false)
                }
                let result = try engine.execute(sql, arguments)
                noteStatementRan(sql, readsOnly: false)
                return result
            }
        }
    }

    /// What ``execute(_:_:)`` and ``fetch(_:_:)`` check before raw SQL runs: the session is open,
    /// the statement is not transaction control, and a statement that writes is refused on a
    /// read-only database. Returns whether it only reads.
    func checkRawStatement(_ sql: String) throws -> Bool {
        guard isActive else { throw AmigoError.sessionClosed }
        try Session.refuseTransactionControl(sql)
        let readsOnly = try Session.readsOnly(sql, on: engine)
        if engine.isReadOnly && !readsOnly {
            throw AmigoError.readOnly(path: engine.path, operation: "run a statement that writes")
        }
        return readsOnly
    }

    /// Refuses BEGIN, START (TRANSACTION), COMMIT, END, ROLLBACK (but not `ROLLBACK TO`), ABORT and
    /// PREPARE TRANSACTION: they would end or nest the session's transaction behind its back.
    /// SAVEPOINT, RELEASE and `ROLLBACK TO` stay allowed.
    static func refuseTransactionControl(_ sql: String) throws {
        guard case .transaction(let statement) = StatementKind.of(sql) else { return }
        switch statement {
        case .savepoint, .release, .rollbackToSavepoint:
            return
        case .begin, .commit, .rollback, .twoPhase:
            let word = SQLText.leadingKeyword(of: sql)
            throw AmigoError.transactionControlInSession(keyword: word)
        }
    }

    /// Whether `sql` only reads, checked by preparing it before it runs. Several statements at
    /// once are refused here (the engine would run only the first); a statement that does not
    /// even prepare counts as reading, so that the engine runs it and reports (and echoes) its error.
    static func readsOnly(_ sql: String, on engine: any Engine) throws -> Bool {
        do {
            return try engine.isReadOnlyStatement(sql)
        } catch AmigoError.database {
            return true
        }
    }
}
