// Explorer: what it forwards to the editor (writes, edits, undo, explain) and to the transaction control.

import Amigo

extension Explorer {
    /// Previews and makes the writes.
    var editor: Editor {
        Editor(database: database, pending: pending, watcher: watcher, tableList: tableList, navigator: navigator)
    }
    /// Ends the transaction and keeps the connection.
    var transaction: TransactionEnding {
        TransactionEnding(database: database, pending: pending, watcher: watcher, tableList: tableList, navigator: navigator)
    }

    // MARK: Writes

    /// The write a command would make, with its exact statements, without making it.
    package func previewWrite(_ command: Command) throws -> PendingWrite { try editor.previewWrite(command) }
    /// Runs a previewed write inside a savepoint of the session (`Editor.perform(_:keepingSavepoint:)`).
    @discardableResult
    package func perform(_ write: PendingWrite, keepingSavepoint: Bool = true) throws -> String {
        try editor.perform(write, keepingSavepoint: keepingSavepoint)
    }
    /// The junction's columns a `link` through relationship `name` must be given and `payload` does not give.
    package func linkColumnsToAsk(_ name: String, payload: [ColumnAssignment]) -> [Column] {
        editor.linkColumnsToAsk(name, payload: payload)
    }
    /// Whether `sql` writes (refusing transaction control and what cannot run in the session's transaction).
    package func sqlWrites(_ sql: String) throws -> Bool { try editor.sqlWrites(sql) }
    /// A writing statement, run through the session (`Editor.previewSQLWrite(_:recountingTables:)`).
    package func previewSQLWrite(_ sql: String, recountingTables: Bool = true, returned: ReturnedRows? = nil) throws -> PendingWrite {
        try editor.previewSQLWrite(sql, recountingTables: recountingTables, returned: returned)
    }
    /// How many rows the writing statement `sql` would change, for the UI's confirmation.
    package func rowsChanged(ifRun sql: String) -> Int? { editor.rowsChanged(ifRun: sql) }
    /// Refuses a write on a read-only file, in one line.
    func checkWrites(_ command: String) throws { try editor.checkWrites(command) }

    // MARK: Edits, undo, explain

    /// The UPDATE that setting `column` of the current row to the typed `text` would run.
    package func previewEdit(column: String, text: String) throws -> PendingEdit { try editor.previewEdit(column: column, text: text) }
    /// Throws the reason rows of `model` cannot be edited at all.
    package func checkEditable(_ model: ORMModel) throws { try editor.checkEditable(model) }
    /// Runs a previewed edit inside the session.
    @discardableResult
    package func apply(_ edit: PendingEdit) throws -> (sql: String, arguments: [DatabaseValue]) { try editor.apply(edit) }
    /// Undoes the last write of ``changeLog``; returns the change undone.
    @discardableResult
    package func undoLastChange() throws -> PendingChange { try editor.undoLastChange() }
    /// The plan of the statement behind the current view.
    package func explainCurrentView() throws -> QueryPlan { try editor.explainCurrentView() }

    // MARK: The transaction and the connection

    /// Commits the session, then reads again what other programs committed meanwhile.
    public func commit() throws { try transaction.commit() }
    /// Rolls the session back and reloads the current view.
    package func rollback() throws { try transaction.rollback() }
    /// Ends the session's read transaction when nothing is pending, so that no lock is held while idle.
    package func releaseIdleLocks() { transaction.releaseIdleLocks() }
    /// At the end of the program: ends the session (what is still pending — the user chose to
    /// quit without it — is rolled back, as closing the connection would) and, for a SQLite file
    /// in WAL mode, copies the log into the file (``SQLiteEngine/checkpointWALBeforeExit()``), so
    /// that the file alone holds every commit.
    package func settleBeforeExit() {
        try? session.close()
        (amigo.engine as? SQLiteEngine)?.checkpointWALBeforeExit()
    }
    /// Whether the connection to the database server is gone.
    package var isConnectionLost: Bool { transaction.isConnectionLost }
    /// Connects to the server again after the connection was lost; returns what became of the changes.
    @discardableResult
    package func reconnect() throws -> String { try transaction.reconnect() }
    /// Notices, while changes are pending, that the server ended the connection.
    package func checkConnectionWhilePending() { transaction.checkConnectionWhilePending() }
}
