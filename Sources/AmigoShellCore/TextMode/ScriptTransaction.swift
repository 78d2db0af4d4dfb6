import Amigo

/// sqlite3's transaction contract for the SQL statements a script writes without the `sql` word:
/// each one runs and is committed at once (autocommit) unless the script opened a transaction
/// with `BEGIN`, which `COMMIT` (`END`) or `ROLLBACK` then ends. Settings (`PRAGMA x = y`, `SET`)
/// and statements that cannot run inside a transaction (`VACUUM`, `ATTACH`) run between the
/// session's transactions when nothing is pending.
///
/// The shell's own write commands (`set`, `insert`, `delete`, `sql …`) keep the session's
/// meaning — pending until `commit` — and a bare statement run while some of them are pending
/// joins them (committing it would commit theirs too), with a note saying so.
final class ScriptTransaction {
    /// Whether the script's `BEGIN` opened a transaction that no `COMMIT` or `ROLLBACK` ended yet.
    private(set) var isOpen = false

    /// Runs `sql`, a statement that does not only read, on `explorer`'s session; returns a note
    /// for standard error, if there is something to say. The rows it returns go to `returned`.
    func run(_ sql: String, on explorer: Explorer, returned: ReturnedRows? = nil) throws -> String? {
        let readsOnly = (try? explorer.amigo.engine.isReadOnlyStatement(sql)) ?? false
        let kind = StatementKind.of(sql, readsOnly: readsOnly)
        if case .transaction(let statement) = kind { return try control(statement, sql, on: explorer) }
        if kind == .setting || StatementKind.cannotRunInTransaction(sql) {
            if !isOpen && explorer.pendingChanges == 0 {
                try explorer.session.executeBetweenTransactions(sql)
            } else {
                // Inside a transaction, as sqlite3 runs it there (SQLite says what it refuses).
                try explorer.session.execute(sql)
            }
            return nil
        }
        let pendingBefore = explorer.pendingChanges
        _ = try explorer.perform(try explorer.previewSQLWrite(sql, recountingTables: false, returned: returned), keepingSavepoint: !isOpen)
        guard !isOpen else { return nil }
        if pendingBefore == 0 {
            try explorer.commit()
            return nil
        }
        return "\(SQLText.leadingKeyword(of: sql)) joins the \(pendingBefore) uncommitted change(s) of earlier commands: commit keeps them all"
    }

    /// `BEGIN`, `COMMIT`, `ROLLBACK` and savepoints, as sqlite3 runs them in a script.
    private func control(_ statement: StatementKind.TransactionStatement, _ sql: String, on explorer: Explorer) throws -> String? {
        switch statement {
        case .begin:
            guard !isOpen else { throw ShellError.scriptTransaction(reason: "cannot start a transaction within a transaction") }
            isOpen = true
        case .commit:
            guard isOpen || explorer.pendingChanges > 0 else {
                throw ShellError.scriptTransaction(reason: "cannot commit - no transaction is active")
            }
            try explorer.commit()
            isOpen = false
        case .rollback:
            guard isOpen || explorer.pendingChanges > 0 else {
                throw ShellError.scriptTransaction(reason: "cannot rollback - no transaction is active")
            }
            try explorer.rollback()
            isOpen = false
        case .savepoint, .release, .rollbackToSavepoint:
            guard isOpen else {
                throw ShellError.scriptTransaction(reason: "\(SQLText.leadingKeyword(of: sql)) runs inside a transaction here: BEGIN first")
            }
            try explorer.session.execute(sql)
            try explorer.reloadCurrentView()
            explorer.tableCountsAreStale = true
        case .twoPhase:
            throw ShellError.scriptTransaction(reason: "two-phase commit (\(SQLText.leadingKeyword(of: sql)) … PREPARED/TRANSACTION) is not run by amigo-shell")
        }
        return nil
    }

    /// The script ended (or was stopped): a transaction it opened is over.
    func end() { isOpen = false }
}
