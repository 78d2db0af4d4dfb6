import Amigo
import Foundation

/// `link` and `unlink`: the junction rows of a many-to-many relationship.
extension Editor {
    /// The columns a `link` through the current view's many-to-many relationship `name` must be
    /// given and `payload` does not give: the junction's own columns (not its two keys) that are
    /// NOT NULL without a default. Empty when the junction has none, or `name` is no such
    /// relationship (``previewLink(_:key:payload:link:)`` says why).
    func linkColumnsToAsk(_ name: String, payload: [ColumnAssignment]) -> [Column] {
        guard let model = navigator.current?.model, let relationship = model.relationship(named: name),
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
    func previewLink(_ name: String, key: String, payload: [ColumnAssignment], link: Bool) throws -> PendingWrite {
        let command = link ? "link" : "unlink"
        let (view, model) = try writableModel(command)
        let owner = try navigator.chosenRecord(for: command)
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        guard relationship.kind == .manyToMany, let junction = relationship.junction else {
            throw ShellError.writeRefused(command: command, reason: "\(relationship.name) is \(relationship.kindDescription); \(command) works on many-to-many relationships (set changes a foreign key)")
        }
        let target = try row(withKey: key, of: relationship.target, command: command)
        let ownerCaption = navigator.rowCaption(owner), targetCaption = navigator.rowCaption(target)
        let settle: () throws -> Void = {
            try tableList.reload()
            if navigator.current === view {
                try navigator.reload(view)
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
                                run: {
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
                                run: {
                                    do { try session.add(row) } catch { throw Editor.constraintError(error, command: "link", record: row, session: session) }
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
                            run: {
                                try session.delete(rows)
                                return "unlinked \(ownerCaption) from \(targetCaption) (\(Plural.count(rows.count, "row")) of \(junction.name) deleted)"
                            }, settle: settle)
    }

    /// The row of `model` whose primary key is the typed `key` (`5`, `1,2`).
    private func row(withKey key: String, of model: ORMModel, command: String) throws -> Record {
        let keyColumns = model.table.primaryKey
        guard !keyColumns.isEmpty else { throw ShellError.keyLookup(command: command, reason: "\(model.name) has no primary key to name a row by") }
        let parts = Navigator.keyParts(key)
        guard parts.count == keyColumns.count else {
            throw ShellError.keyLookup(command: command, reason: "\(model.name)'s key has \(keyColumns.count) column(s) (\(keyColumns.map(\.label).joined(separator: ", "))); \(parts.count) value(s) given")
        }
        let values = zip(parts, keyColumns).map { ValueText.parse($0, for: $1) }
        guard let found = try session.query(model.name).get(values) else {
            throw ShellError.noRowWithKey(command: command, table: model.name, key: key)
        }
        return found
    }
}
