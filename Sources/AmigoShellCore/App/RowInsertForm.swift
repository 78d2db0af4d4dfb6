import Amigo

/// The terminal UI's form for a new row: one field per column, each showing what an empty field
/// stores (the column's default, an assigned key, or NULL). Tab/Shift-Tab (or ↑/↓) move between
/// fields, typing edits the current one, Enter previews the INSERT, Esc cancels. Values are typed
/// as for `set`: NULL, numbers, 'quoted text'.
///
/// The same form asks a `link` for the junction's columns that need a value
/// (``init(link:key:payload:junction:columns:)``): its INSERT is the junction row's.
package struct RowInsertForm: Sendable, Equatable {
    /// What submitting the form runs.
    package enum Purpose: Sendable, Equatable {
        /// `insert` of a row of the table.
        case insert
        /// `link relationship key payload…`, the form's fields added to the payload.
        case link(relationship: String, key: String, payload: [ColumnAssignment])
    }

    /// One column of the form.
    package struct Field: Sendable, Equatable {
        /// The column.
        public var column: String
        /// Its declared type (`NVARCHAR(120)`), or empty.
        public var type: String
        /// What an empty field stores: `DEFAULT 'x'`, `assigned by the database`, `NULL`.
        package var placeholder: String
        /// What was typed.
        public var text: String = ""
    }

    /// What a key did to the form.
    package enum Outcome: Sendable, Equatable {
        /// Still editing.
        case editing
        /// Enter: preview the INSERT.
        case submit
        /// Esc: close without inserting.
        case cancel
    }

    /// The table a row is added to.
    public let table: String
    /// The fields, in column order (generated columns are left out).
    public var fields: [Field]
    /// The field being edited.
    package var focus = 0
    /// What submitting runs.
    package let purpose: Purpose

    /// A form for a new row of `model`.
    package init(model: ORMModel) {
        table = model.name
        purpose = .insert
        fields = model.table.columns.filter { !$0.isGenerated }.map { column in
            let placeholder: String
            if let sql = column.defaultSQL {
                placeholder = "DEFAULT " + sql
            } else if column.primaryKey && (model.table.hasIntegerPrimaryKey || column.isAutoIncrement) {
                placeholder = "assigned by the database"
            } else {
                placeholder = column.optional || !column.primaryKey ? "NULL" : "required"
            }
            return Field(column: column.label, type: column.declaredType, placeholder: placeholder)
        }
    }

    /// A form for the `columns` of `junction` that `link relationship key payload…` must be given
    /// (``Explorer/linkColumnsToAsk(_:payload:)``).
    package init(link relationship: String, key: String, payload: [ColumnAssignment], junction: String, columns: [Column]) {
        table = junction
        purpose = .link(relationship: relationship, key: key, payload: payload)
        fields = columns.map { Field(column: $0.label, type: $0.declaredType, placeholder: "required") }
    }

    /// The typed fields as `insert` assignments (empty fields are left to their default).
    package var assignments: [ColumnAssignment] {
        fields.filter { !$0.text.isEmpty }.map { ColumnAssignment(column: $0.column, value: $0.text) }
    }

    /// The command submitting the form previews: `insert …`, or the `link` with the fields added.
    public var command: Command {
        switch purpose {
        case .insert: return .insert(assignments)
        case .link(let relationship, let key, let payload): return .link(relationship: relationship, key: key, payload: payload + assignments)
        }
    }

    /// The form's title: `New row of Album`, `link students 5: the columns of takes`.
    public var title: String {
        switch purpose {
        case .insert: return "New row of \(table)"
        case .link(let relationship, let key, _): return "link \(relationship) \(key): the columns of \(table)"
        }
    }

    /// Applies a key.
    public mutating func handle(_ key: Key) -> Outcome {
        guard !fields.isEmpty else { return key == .escape ? .cancel : .editing }
        switch key {
        case .escape, .control("g"), .control("c"): return .cancel
        case .enter: return .submit
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .backspace: if !fields[focus].text.isEmpty { fields[focus].text.removeLast() }
        case .control("u"): fields[focus].text = ""
        case .char(let c): fields[focus].text.append(c)
        case .paste(let text): fields[focus].text += Key.pastedLine(text)   // a line break submits nothing
        default: break
        }
        return .editing
    }
}
