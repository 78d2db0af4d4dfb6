import Amigo
import Foundation

/// `delete` and `delete all`: checked against their preview, ON DELETE actions included.
extension Editor {
    /// The DELETE of the current row, or of every row of the current view (`all`, whose count
    /// must be `expected` when given), with what ON DELETE actions will also do.
    func previewDelete(all: Bool, expected: Int?) throws -> PendingWrite {
        let (view, model) = try writableModel("delete")
        if !all {
            let record = try navigator.chosenRecord(for: "delete")
            let statement = try session.previewDelete(record)
            let selected = try session.query(model.name).havingKey(statement.arguments)   // the row the DELETE names
            let cascade = try selected.cascadePreview()
            let caption = navigator.rowCaption(record)
            return PendingWrite(command: "delete", title: "delete \(caption)",
                                statements: [PendingWrite.text(statement.sql, statement.arguments)], cascade: cascade,
                                run: {
                                    try deleteChecked(selected, shown: cascade) { try session.delete([record]) }
                                    return "deleted \(caption)" + Editor.alsoText(cascade)
                                },
                                settle: { try settleAfterDelete(view) })
        }
        if !view.countIsExact { try navigator.loader.completeCount(of: view) }
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
                            run: {
                                let now = try query.count()
                                guard now == count else {
                                    throw ShellError.writeRefused(command: "delete all", reason: "the view now has \(Plural.count(now, "row")), not the \(count) shown; nothing was deleted")
                                }
                                try deleteChecked(query, shown: cascade) {
                                    try session.execute(delete.sql, delete.arguments)
                                }
                                return "deleted \(Plural.count(count, "row")) of \(model.name)" + Editor.alsoText(cascade)
                            },
                            settle: { try settleAfterDelete(view) })
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
        try tableList.reload()
        guard navigator.current === view else { return }
        try navigator.reload(view)
        navigator.failedGet = nil
    }
}
