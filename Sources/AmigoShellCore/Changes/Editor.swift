import Amigo

/// Previews and makes the shell's writes — `set`, `set all`, `insert`, `delete`, `link`,
/// `unlink` and SQL that writes — through the session, inside a savepoint of its transaction so
/// that a failure undoes only itself; logs each in the pending transaction's change log, which
/// `undo` takes back from; and brings the tables list and the views up to date after each.
struct Editor: OverTheExplorersParts {
    /// The database written.
    let database: BrowsedDatabase
    /// The session's pending changes and their log.
    let pending: PendingTransaction
    /// Says whether a write changed the schema, and takes notices.
    let watcher: ChangeWatcher
    /// The tables list, counted again after a write.
    let tableList: TableList
    /// The views written from, and brought up to date after a write.
    let navigator: Navigator

    /// The write a command would make, with its exact statements, without making it: for
    /// `insert`, `delete`, `link`, `unlink`, and `sql` with a statement that writes.
    func previewWrite(_ command: Command) throws -> PendingWrite {
        switch command {
        case .insert(let assignments): return try previewInsert(assignments)
        case .delete(let all, let expected): return try previewDelete(all: all, expected: expected)
        case .link(let relationship, let key, let payload): return try previewLink(relationship, key: key, payload: payload, link: true)
        case .unlink(let relationship, let key): return try previewLink(relationship, key: key, payload: [], link: false)
        case .sql(let sql): return try previewSQLWrite(sql)
        case .setAll(let column, let value): return try previewSetAll(column: column, text: value)
        default: throw ShellError.notAWrite(command: command.name)
        }
    }

    /// Runs a previewed write inside a savepoint of the session: if it fails, only it is undone
    /// (earlier pending changes stay). The savepoint is kept open and the write logged in
    /// ``changeLog``, so that `undo` can take it back while it is the last; a statement of a
    /// script's own BEGIN … COMMIT (`keepingSavepoint` false) is logged without one. Then the
    /// views are brought up to date. Returns what it did.
    @discardableResult
    func perform(_ write: PendingWrite, keepingSavepoint: Bool = true) throws -> String {
        let (rows, schema, unreported) = (session.pendingChangeCount, pending.schemaChangesPending, pending.unreportedWritesPending)
        let summary: String
        var savepoint: KeptSavepoint?
        do {
            if keepingSavepoint {
                (summary, savepoint) = try session.keepingSavepoint { try write.run() }
            } else {
                summary = try session.savepoint { try write.run() }
            }
        } catch AmigoError.database(let error) where error.isReadOnly {
            // SQL that writes to a file attached read-only (the table commands refuse before).
            // The file the statement names (`nw.Orders`, `"nw".Orders`), or the only read-only one.
            let text = write.statements.joined(separator: " ").lowercased()
            let readOnly = database.attached.filter(\.isReadOnly)
            let named = readOnly.first { Self.names(text, schema: $0.name.lowercased()) } ?? (readOnly.count == 1 ? readOnly.first : nil)
            if !amigo.engine.isReadOnly, let file = named {
                throw ShellError.attachedReadOnly(command: write.command, table: nil, file: file, mainReadOnly: false)
            }
            throw AmigoError.database(error)
        }
        let changed = (rows: session.pendingChangeCount - rows, schema: pending.schemaChangesPending - schema, unreported: pending.unreportedWritesPending - unreported)
        // A write that changed nothing (a link already there) is no pending change to list or undo.
        if changed != (0, 0, 0) {
            changeLog.append(command: write.command, title: write.title, statements: write.statements, summary: summary,
                             rows: changed.rows, cascade: write.cascade, schemaChanges: changed.schema,
                             unreportedWrites: changed.unreported, savepoint: savepoint)
        }
        try write.settle()
        return summary
    }

    /// Whether `text` (lower case) qualifies a name with `schema` (`nw.orders`, `"nw".orders`,
    /// `[nw].orders`), the schema's name standing alone (`data.x` does not name `a`).
    static func names(_ text: String, schema: String) -> Bool {
        guard !schema.isEmpty else { return false }
        if ["\"" + schema + "\".", "[" + schema + "].", "`" + schema + "`."].contains(where: text.contains) { return true }
        var rest = text[...]
        while let found = rest.range(of: schema + ".") {
            // Bare, it must not end a longer name (`data.x` is not `a.x`).
            guard found.lowerBound > text.startIndex else { return true }
            let before = text[text.index(before: found.lowerBound)]
            if !(before.isLetter || before.isNumber || before == "_") { return true }
            rest = text[found.upperBound...]
        }
        return false
    }

    /// Refuses a write on a read-only file, in one line.
    func checkWrites(_ command: String) throws {
        if amigo.engine.isReadOnly {
            throw ShellError.readOnlyDatabase(command: command, path: database.displayPath, reason: database.amigo.engine.readOnlyReason)
        }
    }

    /// The current view's table, for a command that writes to it.
    func writableModel(_ command: String) throws -> (BrowseView, ORMModel) {
        guard let view = navigator.current else { throw ShellError.noView(command: command) }
        guard let model = view.model else {
            throw ShellError.sqlResult(command: command, instead: "is not a table; open the table first")
        }
        try checkWrites(command)
        if model.table.isView { throw ShellError.viewNotEditable(command: command, view: model.name) }
        try checkAttachedWritable(model, command: command)
        return (view, model)
    }

    // MARK: Edit

    /// The UPDATE that setting `column` of the current row to the typed `text` would run.
    func previewEdit(column: String, text: String) throws -> PendingEdit {
        guard let view = navigator.current, let model = view.model else { throw ShellError.noView(command: "set") }
        try checkEditable(model)
        let record = try navigator.chosenRecord(for: "set")
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
    func checkEditable(_ model: ORMModel) throws {
        if model.table.isView { throw ShellError.viewNotEditable(command: "set", view: model.name) }
        if amigo.engine.isReadOnly { throw AmigoError.readOnly(path: amigo.engine.path, operation: "edit rows") }
        try checkAttachedWritable(model, command: "set")
    }

    /// Refuses `command` on a table of a file attached read-only, saying how to attach it writable.
    func checkAttachedWritable(_ model: ORMModel, command: String) throws {
        if let file = database.readOnlyAttachment(of: model) {
            throw ShellError.attachedReadOnly(command: command, table: model.name, file: file, mainReadOnly: amigo.engine.isReadOnly)
        }
    }

    /// Runs a previewed edit inside the session (nothing is written to the file until commit).
    @discardableResult
    func apply(_ edit: PendingEdit) throws -> (sql: String, arguments: [DatabaseValue]) {
        guard let view = navigator.current else { throw ShellError.noView(command: "set") }
        let record = edit.record
        let old = record.values
        let caption = navigator.rowCaption(record)     // the row as it was, which the log names
        try record.set(edit.column, edit.value)
        do {
            let rows = session.pendingChangeCount
            let (statement, savepoint) = try session.keepingSavepoint { try session.update(record, columns: [edit.column]) }
            changeLog.append(command: "set", title: "set \(edit.column) = \(edit.value.description) on \(caption)",
                             statements: [PendingWrite.text(statement.sql, statement.arguments)],
                             summary: "", rows: session.pendingChangeCount - rows, cascade: nil,
                             schemaChanges: 0, unreportedWrites: 0, savepoint: savepoint)
            // The view's labels and counts may change; reload, keeping the cursor.
            try navigator.reload(view)
            return statement
        } catch {
            record.values = old
            throw error
        }
    }

    // MARK: Explain

    /// The plan of the statement behind the current view: a table's query (its filter,
    /// relationship scope and order) with the index that would help it, or a `sql` result's
    /// statement. Nothing is run but the EXPLAIN.
    func explainCurrentView() throws -> QueryPlan {
        guard let view = navigator.current else { throw ShellError.noView(command: "explain") }
        if case .sql(let sql) = view.source {
            return try session.queryPlan(of: SQLStatement(sql: sql))
        }
        var query = try view.query(in: session)
        if let order = view.order { query = query.orderBy(order.column, ascending: !order.descending) }
        for key in view.thenBy { query = query.orderBy(key.column, ascending: !key.descending) }
        return try query.queryPlan()
    }
}
