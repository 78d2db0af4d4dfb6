import Amigo

/// What `e` (edit this cell) opens: the prompt `Column = ` with the cell's whole value, or why
/// the cell cannot be edited — said before the prompt opens, not after a value is typed.
enum EditKey {
    /// Why `e` opens no prompt: a message for the status line, or an error.
    enum Refusal: Error {
        case message(String)
        case error(Error)
    }

    /// The prompt that edits the current cell of `view`, or why there is none.
    static func prompt(for view: BrowseView?, in explorer: Explorer) -> Result<ShellApp.PromptRequest, Refusal> {
        guard let view, view.cursorColumn < view.columns.count else { return .failure(.message("edit: move to a cell of a table first")) }
        guard let model = view.model else {
            return .failure(.message("edit: a sql result is not a table; open the table to edit its rows"))
        }
        // A view, a read-only file or a key column is refused before the prompt opens, not after typing a value.
        do { try explorer.checkEditable(model) } catch { return .failure(.error(error)) }
        let column = view.columns[view.cursorColumn]
        if view.cursorColumn >= view.modelColumns.count {
            return .failure(.message("edit: \(column) is read from its JSON column; edit that column"))
        }
        if view.totalCount == 0 { return .failure(.message("edit: \(model.name) has no rows here to edit; a adds one")) }
        if view.modelColumns[view.cursorColumn].primaryKey {
            return .failure(.error(ShellError.keyColumnNotEditable(command: "edit", column: column, table: model.name)))
        }
        var initial = ""
        if let record = try? explorer.currentRecord() { initial = ValueText.editText(record.value(at: view.cursorColumn)) }
        return .success(ShellApp.PromptRequest(kind: .edit(column: column), prompt: "\(column) = ", initialText: initial))
    }
}
