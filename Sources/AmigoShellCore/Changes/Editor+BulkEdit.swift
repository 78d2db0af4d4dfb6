import Amigo
import Foundation

/// `set all COLUMN = VALUE`: one column set on every row of the current view, by one UPDATE the
/// library builds from the view's query, previewed with its row count.
extension Editor {
    /// The UPDATE that sets `column` to the typed `text` on every row of the current view (its
    /// filter and relationship scope), with the view's row count in its title. Running it checks
    /// that the view still has that many rows and that the UPDATE changed exactly them.
    func previewSetAll(column: String, text: String) throws -> PendingWrite {
        let command = "set all"
        let (view, model) = try writableModel(command)
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        if c.primaryKey { throw ShellError.keyColumnNotEditable(command: command, column: c.label, table: model.name) }
        if c.isGenerated { throw ShellError.writeRefused(command: command, reason: "\(c.label) is generated; the database computes it") }
        let value = try ValueText.parseEdit(text, for: c)
        if !view.countIsExact { try navigator.loader.completeCount(of: view) }
        let count = view.totalCount
        guard count > 0 else { throw ShellError.noCurrentRow(command: command) }
        let query = try view.query(in: session)
        let update = try query.updateStatement(setting: [(c.label, value)])
        let scope = view.filter.map { " (filter: \($0))" } ?? ""
        return PendingWrite(command: command, title: "set \(c.label) = \(value.description) on all \(Plural.count(count, "row")) of \(view.title)\(scope)",
                            statements: [PendingWrite.text(update.sql, update.arguments)], cascade: nil,
                            run: {
                                let now = try query.count()
                                guard now == count else {
                                    throw ShellError.writeRefused(command: command, reason: "the view now has \(Plural.count(now, "row")), not the \(count) shown; nothing was changed")
                                }
                                let changed = try session.execute(update.sql, update.arguments).changes
                                guard changed == count else {
                                    throw ShellError.writeRefused(command: command, reason: "the UPDATE changed \(Plural.count(changed, "row")), not the \(count) shown; rolled back, nothing was changed")
                                }
                                return "set \(c.label) on \(Plural.count(count, "row")) of \(model.name)"
                            },
                            settle: {
                                try tableList.reload()
                                guard navigator.current === view else { return }
                                try navigator.reload(view)
                            })
    }

    /// How many rows the writing statement `sql` would change, counted by running it inside a
    /// savepoint and undoing it (not echoed), for the UI's confirmation; nil for a statement
    /// that is not an INSERT, UPDATE or DELETE, or that fails (running it says why).
    func rowsChanged(ifRun sql: String) -> Int? {
        guard StatementKind.of(sql) == .dataChange else { return nil }
        return try? amigo.engine.unechoed { try session.changesIfRun(sql) }
    }
}
