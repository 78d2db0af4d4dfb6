import Amigo
import Foundation

/// `insert`: a new row of the current table, and a constraint failure said in one line.
extension Editor {
    /// The INSERT of a new row of the current table with the typed values (the others get their
    /// default or NULL; an integer key left out is assigned by SQLite).
    func previewInsert(_ assignments: [ColumnAssignment]) throws -> PendingWrite {
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
                            run: {
                                do { try session.add(record) } catch { throw Editor.constraintError(error, command: "insert", record: record, session: session) }
                                return "inserted \(navigator.rowCaption(record))"
                            },
                            settle: { try showInserted(record, in: view) })
    }

    /// After an insert: counts read again, the new row current (or a note that the view does not show it).
    private func showInserted(_ record: Record, in view: BrowseView) throws {
        navigator.loader.noteDataChanged()
        try tableList.reload()
        guard navigator.current === view else { return }
        try navigator.loader.load(view)
        if let index = try navigator.places.index(of: record, in: view) {
            navigator.moveCursor(to: index)
        } else {
            watcher.notice = "\(navigator.rowCaption(record)) is not in this view (filter: \(view.filter ?? "none")); open \(record.model.name) to see it"
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
}
