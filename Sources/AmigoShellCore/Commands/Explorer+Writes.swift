import Amigo
import Foundation

/// Adding, deleting and linking rows, and SQL that writes: each through the session, inside a
/// savepoint of its transaction, so that a failure undoes only itself.
extension Explorer {
    /// The write a command would make, with its exact statements, without making it: for
    /// `insert`, `delete`, `link`, `unlink`, and `sql` with a statement that writes.
    public func previewWrite(_ command: Command) throws -> PendingWrite {
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
    public func perform(_ write: PendingWrite, keepingSavepoint: Bool = true) throws -> String {
        let (rows, schema, unreported) = (session.pendingChangeCount, schemaChangesPending, unreportedWritesPending)
        let summary: String
        var savepoint: KeptSavepoint?
        if keepingSavepoint {
            (summary, savepoint) = try session.keepingSavepoint { try write.run() }
        } else {
            summary = try session.savepoint { try write.run() }
        }
        let changed = (rows: session.pendingChangeCount - rows, schema: schemaChangesPending - schema, unreported: unreportedWritesPending - unreported)
        // A write that changed nothing (a link already there) is no pending change to list or undo.
        if changed != (0, 0, 0) {
            changeLog.append(command: write.command, title: write.title, statements: write.statements, summary: summary,
                             rows: changed.rows, cascade: write.cascade, schemaChanges: changed.schema,
                             unreportedWrites: changed.unreported, savepoint: savepoint)
        }
        try write.settle()
        return summary
    }

    /// Refuses a write on a read-only file, in one line.
    func checkWrites(_ command: String) throws {
        if amigo.engine.isReadOnly {
            throw ShellError.readOnlyDatabase(command: command, path: displayPath, reason: amigo.engine.readOnlyReason)
        }
    }

    /// The current view's table, for a command that writes to it.
    func writableModel(_ command: String) throws -> (BrowseView, ORMModel) {
        guard let view = current else { throw ShellError.noView(command: command) }
        guard let model = view.model else {
            throw ShellError.sqlResult(command: command, instead: "is not a table; open the table first")
        }
        try checkWrites(command)
        if model.table.isView { throw ShellError.viewNotEditable(command: command, view: model.name) }
        return (view, model)
    }

    // MARK: Insert

    /// The INSERT of a new row of the current table with the typed values (the others get their
    /// default or NULL; an integer key left out is assigned by SQLite).
    public func previewInsert(_ assignments: [ColumnAssignment]) throws -> PendingWrite {
        let (view, model) = try writableModel("insert")
        let record = Record(model)
        var given = Set<String>()
        for assignment in assignments {
            guard let column = model.table.column(named: assignment.column) else {
                throw AmigoError.unknownColumn(column: assignment.column, model: model.name)
            }
            if column.isGenerated { throw ShellError.writeRefused(command: "insert", reason: "\(column.label) is generated; SQLite computes it") }
            guard given.insert(column.label).inserted else { throw ShellError.writeRefused(command: "insert", reason: "\(column.label) is given twice") }
            record.setValue(try ValueText.parseEdit(assignment.value, for: column), at: column.index)
        }
        let statement = try session.previewAdd(record)
        return PendingWrite(command: "insert", title: "insert into \(model.name)",
                            statements: [PendingWrite.text(statement.sql, statement.arguments)], cascade: nil,
                            run: { [unowned self] in
                                do { try session.add(record) } catch { throw Explorer.constraintError(error, command: "insert", record: record, session: session) }
                                return "inserted \(rowCaption(record))"
                            },
                            settle: { [unowned self] in try showInserted(record, in: view) })
    }

    /// After an insert: counts read again, the new row current (or a note that the view does not show it).
    private func showInserted(_ record: Record, in view: BrowseView) throws {
        try reloadTables()
        guard current === view else { return }
        try load(view)
        if let index = try position(of: record, in: view) {
            moveCursor(to: index)
        } else {
            notice = "\(rowCaption(record)) is not in this view (filter: \(view.filter ?? "none")); open \(record.model.name) to see it"
        }
    }

    /// A constraint failure said in one line: which constraint, and the value that broke it.
    static func constraintError(_ error: Error, command: String, record: Record, session: Session) -> Error {
        guard case AmigoError.database(let db) = error, case .constraint(let constraint) = db.kind else { return error }
        var text = db.message
        // `UNIQUE constraint failed: Genre.Name` names columns: give their values.
        if !db.constraintColumns.isEmpty {
            let values = db.constraintColumns.compactMap { name -> String? in
                let column = name.split(separator: ".").last.map(String.init) ?? name
                guard let c = record.model.table.column(named: column) else { return nil }
                return "\(c.label) = \(record.value(at: c.index).description)"
            }
            if !values.isEmpty { text += " (" + values.joined(separator: ", ") + ")" }
        } else if constraint == .foreignKey && !db.namesFailedForeignKey,
                  let (fk, values) = try? session.foreignKeyWithoutParent(record) {
            // SQLite does not say which key: the one whose parent row is missing.
            text += ": no \(fk.referencedTable) with \(fk.referencedColumns.joined(separator: ", ")) = \(values.map(\.description).joined(separator: ", ")) for \(fk.columns.joined(separator: ", "))"
        }
        return ShellError.constraintViolated(command: command, detail: text)
    }

    // MARK: Delete

    /// The DELETE of the current row, or of every row of the current view (`all`, whose count
    /// must be `expected` when given), with what ON DELETE actions will also do.
    public func previewDelete(all: Bool, expected: Int?) throws -> PendingWrite {
        let (view, model) = try writableModel("delete")
        if !all {
            let record = try chosenRecord(for: "delete")
            let statement = try session.previewDelete(record)
            let selected = try session.query(model.name).havingKey(statement.arguments)   // the row the DELETE names
            let cascade = try selected.cascadePreview()
            let caption = rowCaption(record)
            return PendingWrite(command: "delete", title: "delete \(caption)",
                                statements: [PendingWrite.text(statement.sql, statement.arguments)], cascade: cascade,
                                run: { [unowned self] in
                                    try deleteChecked(selected, shown: cascade) { try session.delete([record]) }
                                    return "deleted \(caption)" + Explorer.alsoText(cascade)
                                },
                                settle: { [unowned self] in try settleAfterDelete(view) })
        }
        if !view.countIsExact { try completeCount(of: view) }
        let count = view.totalCount
        if let expected, expected != count {
            throw ShellError.writeRefused(command: "delete all", reason: "the view has \(Plural.count(count, "row")), not \(expected); nothing was deleted")
        }
        guard count > 0 else { throw ShellError.noCurrentRow(command: "delete all") }
        let key = model.table.primaryKey.map(\.label)
        guard !key.isEmpty else {
            throw ShellError.writeRefused(command: "delete all", reason: "\(model.name) has no primary key; delete its rows one at a time")
        }
        let query = try view.query(in: session)
        let cascade = try query.cascadePreview()
        // One statement for every row of the view: foreign keys between the rows deleted (a
        // self-reference) are checked once it is done, as the database checks one DELETE.
        let delete = try query.deleteStatement()
        let scope = view.filter.map { " (filter: \($0))" } ?? ""
        return PendingWrite(command: "delete", title: "delete all \(Plural.count(count, "row")) of \(view.title)\(scope)",
                            statements: [PendingWrite.text(delete.sql, delete.arguments)], cascade: cascade,
                            run: { [unowned self] in
                                let now = try query.count()
                                guard now == count else {
                                    throw ShellError.writeRefused(command: "delete all", reason: "the view now has \(Plural.count(now, "row")), not the \(count) shown; nothing was deleted")
                                }
                                try deleteChecked(query, shown: cascade) {
                                    try session.execute(delete.sql, delete.arguments)
                                }
                                return "deleted \(Plural.count(count, "row")) of \(model.name)" + Explorer.alsoText(cascade)
                            },
                            settle: { [unowned self] in try settleAfterDelete(view) })
    }

    /// `; also 3 rows of Track (cascade)`.
    static func alsoText(_ cascade: CascadePreview) -> String {
        let parts = cascade.cascaded.map { "\(Plural.count($0.count, "row")) of \($0.table) deleted" }
            + cascade.nulled.map { "\(Plural.count($0.count, "row")) of \($0.table) set to NULL" }
        return parts.isEmpty ? "" : "; also " + parts.joined(separator: ", ")
    }

    /// Runs `delete` (the rows of `selected`, through the session) only if the database does
    /// exactly what was shown: the preview is computed again first, and the row counts of every
    /// table it touches are compared after the delete. Any difference throws (the caller's
    /// savepoint then undoes it).
    private func deleteChecked(_ selected: Query<Record>, shown: CascadePreview, _ delete: () throws -> Void) throws {
        let now = try selected.cascadePreview()
        guard now == shown else {
            throw ShellError.writeRefused(command: "delete", reason: "the rows changed since the preview (now \(now.totalDeleted) rows, \(shown.totalDeleted) shown); nothing was deleted")
        }
        if let restriction = now.restrictions.first {
            throw ShellError.writeRefused(command: "delete", reason: "refused: \(Plural.count(restriction.count, "row")) of \(restriction.table) still refer to it through \(restriction.table)(\(restriction.columns.joined(separator: ", "))) → \(restriction.parent) (ON DELETE \(restriction.action)); delete or change them first")
        }
        let expected = now.rowsLostByTable
        let before = try expected.keys.map { ($0, try rowCount($0)) }
        try delete()
        for (table, count) in before {
            let removed = count - (try rowCount(table))
            if removed != expected[table] {
                throw ShellError.writeRefused(command: "delete", reason: "\(table) would lose \(Plural.count(removed, "row")), not the \(expected[table] ?? 0) shown (a trigger, or foreign keys deeper than \(CascadePreview.maxDepth) steps); rolled back, nothing was deleted")
            }
        }
    }

    /// A table's row count, not echoed.
    private func rowCount(_ table: String) throws -> Int {
        try amigo.engine.unechoed { try amigo.rowCount(ofTable: table) }
    }

    /// After a delete: counts read again, the cursor on the neighbouring row (the next one, or the
    /// new last one).
    func settleAfterDelete(_ view: BrowseView) throws {
        try reloadTables()
        guard current === view else { return }
        let (row, top) = (view.cursorRow, view.topRow)
        try load(view)
        view.place(row: row, top: top)
        failedGet = nil
    }

    // MARK: Link and unlink

    /// The columns a `link` through the current view's many-to-many relationship `name` must be
    /// given and `payload` does not give: the junction's own columns (not its two keys) that are
    /// NOT NULL without a default. Empty when the junction has none, or `name` is no such
    /// relationship (``previewLink(_:key:payload:link:)`` says why).
    public func linkColumnsToAsk(_ name: String, payload: [ColumnAssignment]) -> [Column] {
        guard let model = current?.model, let relationship = model.relationship(named: name),
              relationship.kind == .manyToMany, let through = relationship.through else { return [] }
        let keys = Set((relationship.junctionSourceColumns + relationship.junctionTargetColumns).map { $0.label.lowercased() })
        let given = Set(payload.map { $0.column.lowercased() })
        return through.table.columns.filter { column in
            !keys.contains(column.label.lowercased()) && !given.contains(column.label.lowercased())
                && !column.optional && column.defaultSQL == nil && !column.isGenerated
                && !(column.primaryKey && through.table.hasIntegerPrimaryKey)
        }
    }

    /// The junction row a `link` adds or an `unlink` removes between the current row and the row
    /// with `key` of a many-to-many relationship. A link through a junction with NOT NULL columns
    /// of its own and no default needs them in `payload` (`link takes 5 grade='A'`); the terminal
    /// UI asks for them in a form (``RowInsertForm/init(link:key:payload:junction:columns:)``).
    public func previewLink(_ name: String, key: String, payload: [ColumnAssignment], link: Bool) throws -> PendingWrite {
        let command = link ? "link" : "unlink"
        let (view, model) = try writableModel(command)
        let owner = try chosenRecord(for: command)
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        guard relationship.kind == .manyToMany, let junction = relationship.junction else {
            throw ShellError.writeRefused(command: command, reason: "\(relationship.name) is \(relationship.kindDescription); \(command) works on many-to-many relationships (set changes a foreign key)")
        }
        let target = try row(withKey: key, of: relationship.target, command: command)
        let ownerCaption = rowCaption(owner), targetCaption = rowCaption(target)
        let settle: () throws -> Void = { [unowned self] in
            try reloadTables()
            if current === view {
                let (row, top) = (view.cursorRow, view.topRow)
                try load(view)
                view.place(row: row, top: top)
            }
        }
        guard let through = relationship.through else {
            if !payload.isEmpty {
                throw ShellError.writeRefused(command: "link", reason: "\(junction.name) has no other columns to set (only its two keys)")
            }
            let editor = session.using(owner).relationship(relationship.name)
            let statement = try editor.preview(target, link: link)
            return PendingWrite(command: command, title: "\(command) \(ownerCaption) \(link ? "to" : "from") \(targetCaption)",
                                statements: [PendingWrite.text(statement.sql, statement.arguments)], cascade: nil,
                                run: { [unowned self] in
                                    let before = session.pendingChangeCount
                                    if link { try editor.add(target) } else { try editor.delete(target) }
                                    if session.pendingChangeCount == before {
                                        return link ? "\(ownerCaption) and \(targetCaption) were already linked" : "\(ownerCaption) and \(targetCaption) were not linked"
                                    }
                                    return "\(link ? "linked" : "unlinked") \(ownerCaption) \(link ? "to" : "from") \(targetCaption) through \(junction.name)"
                                }, settle: settle)
        }
        // A junction with columns of its own: its rows are rows of the through model.
        if link {
            let missing = linkColumnsToAsk(relationship.name, payload: payload)
            if !missing.isEmpty {
                let names = missing.map(\.label)
                throw ShellError.writeRefused(command: "link", reason: "\(junction.name) needs \(names.joined(separator: ", ")) (NOT NULL, no default): "
                                              + "link \(relationship.name) \(key) " + names.map { "\($0)=…" }.joined(separator: ", "))
            }
            let row = Record(through)
            for (j, s) in zip(relationship.junctionSourceColumns, relationship.sourceColumns) { row.setValue(owner.value(at: s.index), at: j.index) }
            for (j, t) in zip(relationship.junctionTargetColumns, relationship.targetColumns) { row.setValue(target.value(at: t.index), at: j.index) }
            for assignment in payload {
                guard let column = through.table.column(named: assignment.column) else {
                    throw AmigoError.unknownColumn(column: assignment.column, model: through.name)
                }
                row.setValue(try ValueText.parseEdit(assignment.value, for: column), at: column.index)
            }
            let statement = try session.previewAdd(row)
            return PendingWrite(command: command, title: "link \(ownerCaption) to \(targetCaption)",
                                statements: [PendingWrite.text(statement.sql, statement.arguments)], cascade: nil,
                                run: { [unowned self] in
                                    do { try session.add(row) } catch { throw Explorer.constraintError(error, command: "link", record: row, session: session) }
                                    return "linked \(ownerCaption) to \(targetCaption) through \(junction.name)"
                                }, settle: settle)
        }
        let columns = relationship.junctionSourceColumns + relationship.junctionTargetColumns
        let values = relationship.sourceColumns.map { owner.value(at: $0.index) } + relationship.targetColumns.map { target.value(at: $0.index) }
        let filter = columns.map { ValueText.keyPath($0.label) + " = %@" }.joined(separator: " AND ")
        let rows = try session.query(through.name).filter(filter, arguments: values.map { .value($0) }).all()
        guard !rows.isEmpty else { throw ShellError.writeRefused(command: "unlink", reason: "\(ownerCaption) and \(targetCaption) are not linked") }
        let statements = try rows.map { try session.previewDelete($0) }.map { PendingWrite.text($0.sql, $0.arguments) }
        return PendingWrite(command: command, title: "unlink \(ownerCaption) from \(targetCaption)", statements: statements, cascade: nil,
                            run: { [unowned self] in
                                try session.delete(rows)
                                return "unlinked \(ownerCaption) from \(targetCaption) (\(Plural.count(rows.count, "row")) of \(junction.name) deleted)"
                            }, settle: settle)
    }

    /// The row of `model` whose primary key is the typed `key` (`5`, `1,2`).
    private func row(withKey key: String, of model: ORMModel, command: String) throws -> Record {
        let keyColumns = model.table.primaryKey
        guard !keyColumns.isEmpty else { throw ShellError.keyLookup(command: command, reason: "\(model.name) has no primary key to name a row by") }
        let parts = Explorer.keyParts(key)
        guard parts.count == keyColumns.count else {
            throw ShellError.keyLookup(command: command, reason: "\(model.name)'s key has \(keyColumns.count) column(s) (\(keyColumns.map(\.label).joined(separator: ", "))); \(parts.count) value(s) given")
        }
        let values = zip(parts, keyColumns).map { ValueText.parse($0, for: $1) }
        guard let found = try session.query(model.name).get(values) else {
            throw ShellError.noRowWithKey(command: command, table: model.name, key: key)
        }
        return found
    }

    // MARK: SQL that writes

    /// Whether `sql` writes. Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE),
    /// ATTACH, DETACH, VACUUM and PRAGMAs that set something are refused: the session owns the
    /// transaction (`commit` and `rollback` end it). On a read-only file every write is refused.
    public func sqlWrites(_ sql: String) throws -> Bool {
        let kind = StatementKind.of(sql)
        let readOnly: Bool
        do {
            readOnly = try amigo.engine.isReadOnlyStatement(sql)
        } catch {
            // A write SQLite cannot prepare is run anyway, so that its own error is reported.
            guard !kind.isQuery, kind != .other else { throw error }
            readOnly = false
        }
        if readOnly { return false }
        switch StatementKind.of(sql, readsOnly: false) {
        case .transaction:
            throw ShellError.writeRefused(command: "sql", reason: "\(SQLText.leadingKeyword(of: sql)) is not run here: the session owns the transaction; commit keeps its changes, rollback undoes them")
        case .maintenance where StatementKind.cannotRunInTransaction(sql):
            throw ShellError.writeRefused(command: "sql", reason: "\(SQLText.leadingKeyword(of: sql)) is not run here: it cannot run inside the session's transaction")
        case .setting where isSQLite:
            throw ShellError.writeRefused(command: "sql", reason: "a PRAGMA that sets something is not run here (reading PRAGMAs are)")
        default:
            break
        }
        if amigo.engine.isReadOnly {
            throw ShellError.readOnlyDatabase(command: "sql", path: displayPath, reason: amigo.engine.readOnlyReason)
        }
        return true
    }

    /// A writing statement, run through the session (inside a savepoint); after DDL the models
    /// are reflected again, keeping the session's pending changes, so a new table opens at once.
    ///
    /// With `recountingTables` false (a script's statements, run one after another), the table
    /// counts are read again when next listed instead of after every statement.
    public func previewSQLWrite(_ sql: String, recountingTables: Bool = true) throws -> PendingWrite {
        guard try sqlWrites(sql) else { throw ShellError.writeRefused(command: "sql", reason: "the statement only reads") }
        let first = SQLText.leadingKeyword(of: sql)
        return PendingWrite(command: "sql", title: "run \(first)", statements: [sql], cascade: nil,
                            run: { [unowned self] in
                                let version = schemaVersion()
                                let result = try session.execute(sql)
                                if !isSQLite && StatementKind.of(sql).changesSchema { catalogGeneration += 1 }
                                if schemaVersion() != version {
                                    schemaChangesPending += 1
                                    return "\(first) done (schema changed)"
                                }
                                if result.changes == 0 {
                                    // TRUNCATE, a DO block, REFRESH MATERIALIZED VIEW … report no rows but
                                    // may have changed data: pending all the same, so that nothing
                                    // (the idle rollback, a quit) drops it before commit.
                                    unreportedWritesPending += 1
                                    return "\(first) done (rows changed: not reported)"
                                }
                                return Plural.count(result.changes, "row") + " changed"
                            },
                            settle: { [unowned self] in
                                let schemaChanged = schemaChangedSinceReflection
                                if schemaChanged { try reflectAgain(keepingChanges: true) }
                                if recountingTables || schemaChanged { try reloadTables() } else { tableCountsAreStale = true }
                                try reloadCurrentView()
                            })
    }
}
