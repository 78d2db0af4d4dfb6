// Explorer: set (previewed edit, apply), commit, rollback and releasing idle locks.

import Amigo
import Foundation

extension Explorer {
    // MARK: Editing

    /// The UPDATE that setting `column` of the current row to the typed `text` would run.
    public func previewEdit(column: String, text: String) throws -> PendingEdit {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "set") }
        try checkEditable(model)
        let record = try chosenRecord(for: "set")
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        // The session finds the row by its primary key, so changing the key would aim the UPDATE
        // at the row that has the *new* key (`SET "TrackId" = 99 WHERE "TrackId" = 99`).
        if c.primaryKey { throw ShellError.keyColumnNotEditable(command: "set", column: c.label, table: model.name) }
        if c.isGenerated { throw ShellError.generatedColumnNotEditable(command: "set", column: c.label, table: model.name) }
        let value = try ValueText.parseEdit(text, for: c)
        let copy = Record(model)
        copy.values = record.values
        copy.rowID = record.rowID
        copy.values[c.index] = value
        let statement = try session.previewUpdate(copy, columns: [c.label])
        return PendingEdit(row: view.cursorRow, record: record, column: c.label, value: value, sql: statement.sql, arguments: statement.arguments)
    }

    /// Throws the reason rows of `model` cannot be edited at all: it is a view, or the database is
    /// open read-only — said before any UPDATE is previewed or a value is asked for, not after.
    public func checkEditable(_ model: ORMModel) throws {
        if model.table.isView { throw ShellError.viewNotEditable(command: "set", view: model.name) }
        if amigo.engine.isReadOnly { throw AmigoError.readOnly(path: amigo.engine.path, operation: "edit rows") }
    }

    /// Runs a previewed edit inside the session (nothing is written to the file until commit).
    @discardableResult
    public func apply(_ edit: PendingEdit) throws -> (sql: String, arguments: [DatabaseValue]) {
        guard let view = current else { throw ShellError.noView(command: "set") }
        let record = edit.record
        let old = record.values
        let caption = rowCaption(record)     // the row as it was, which the log names
        try record.set(edit.column, edit.value)
        do {
            let rows = session.pendingChangeCount
            let (statement, savepoint) = try session.keepingSavepoint { try session.update(record, columns: [edit.column]) }
            changeLog.append(command: "set", title: "set \(edit.column) = \(edit.value.description) on \(caption)",
                             statements: [PendingWrite.text(statement.sql, statement.arguments)],
                             summary: "", rows: session.pendingChangeCount - rows, cascade: nil,
                             schemaChanges: 0, unreportedWrites: 0, savepoint: savepoint)
            // The view's labels and counts may change; reload, keeping the cursor.
            let (row, top) = (view.cursorRow, view.topRow)
            try load(view)
            view.place(row: row, top: top)
            return statement
        } catch {
            record.values = old
            throw error
        }
    }

    /// Commits the session, then reads again what other programs committed meanwhile (their
    /// changes could not be seen, or their schema changes reflected, while edits were pending).
    public func commit() throws {
        let carrying = pendingChanges
        do {
            try session.commit()
        } catch AmigoError.commitRolledBack(let lost, let cause) {
            // The server ended the transaction: what was pending is gone, so the views (and the
            // models, after DDL) are read again before the error is shown.
            if !isSQLite && schemaChangesPending > 0 { catalogGeneration += 1 }
            changeLog.end("lost when the server refused the commit:")
            forgetPendingStatements()
            if schemaChangedSinceReflection { try? reflectAgain(); _ = takeNotice() }
            try? reloadTables()
            try? reloadCurrentView(undoneHere: true)
            throw AmigoError.commitRolledBack(changesLost: lost, cause: cause)
        } catch {
            if isConnectionLost { commitLostWithConnection = (carrying, !Explorer.serverEndedTheConnectionFirst(error)) }
            throw error
        }
        changeLog.end("committed")
        forgetPendingStatements()
        try refresh()
    }

    /// Rolls the session back and reloads the current view.
    public func rollback() throws {
        try session.rollback()
        if !isSQLite && schemaChangesPending > 0 { catalogGeneration += 1 }
        changeLog.end("rolled back")
        forgetPendingStatements()
        // DDL rolled back: the models go back to the schema as it is again.
        if schemaChangedSinceReflection { try reflectAgain(keepingChanges: true); _ = takeNotice() }
        try reloadTables()
        try reloadCurrentView(undoneHere: true)
    }

    /// Ends the session's read transaction when nothing is pending and begins the next (whose
    /// BEGIN takes no lock until the next read), so that an idle explorer never keeps other
    /// programs from writing the file. Not echoed: it is housekeeping, not the user's SQL.
    public func releaseIdleLocks() {
        guard pendingChanges == 0, amigo.engine.isInTransaction else { return }
        try? amigo.engine.unechoed { try session.refresh() }
    }

    /// Rows changed in the session and not yet committed.
    public var pendingChanges: Int { session.pendingChangeCount + schemaChangesPending + unreportedWritesPending }

    /// Forgets the statements counted apart from the session's rows: the transaction ended.
    func forgetPendingStatements() {
        changeLog.end("ended")
        schemaChangesPending = 0
        unreportedWritesPending = 0
    }
}

/// An edit waiting for confirmation: the exact UPDATE and its bound values.
public struct PendingEdit {
    /// The row index in the view.
    public let row: Int
    /// The row.
    public let record: Record
    /// The column.
    public let column: String
    /// The new value.
    public let value: DatabaseValue
    /// The statement.
    public let sql: String
    /// Its arguments.
    public let arguments: [DatabaseValue]

    /// `UPDATE "Artist" SET "Name" = ? WHERE "ArtistId" = ?  ['AC/DC!', 1]`.
    public var preview: String { sql + "  [" + arguments.map(\.description).joined(separator: ", ") + "]" }
}
