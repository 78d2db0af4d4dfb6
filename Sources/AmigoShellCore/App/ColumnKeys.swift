/// What the column keys of the grid do: `s` and `S` sort by the current column, `+` adds it to
/// the sort, `-` hides it, `~` shows the hidden ones again, `<` and `>` narrow and widen it, `!`
/// pins or unpins it. Each answers with the status line's message, and whether the grid takes
/// the focus; nil when the key does nothing.
enum ColumnKeys {
    /// How many cells `<` and `>` change a width by.
    static let widthStep = 4

    /// Performs `action` on the current view of `explorer`.
    static func perform(_ action: ShellAction, on explorer: Explorer) throws -> (message: String, focusesGrid: Bool)? {
        guard let view = explorer.current else {
            return action == .sortAscending || action == .sortDescending ? nil : ("open a table first", false)
        }
        let control = explorer.columnControl
        switch action {
        case .sortAscending, .sortDescending:
            guard view.cursorColumn < view.columns.count else { return nil }
            guard view.isModelView else { return ("a sql result cannot be sorted here; add ORDER BY to the sql", false) }
            let column = view.columns[view.cursorColumn]
            try explorer.setOrder(column: column, descending: action == .sortDescending)
            return ("sorted by \(column)\(action == .sortDescending ? " descending" : "")", true)
        case .hideColumn: return (try control.hideColumn(nil), true)
        case .unhideColumns: return (try control.unhideColumns(nil), true)
        case .narrowColumn: return (try control.resizeCurrentColumn(by: -widthStep), true)
        case .widenColumn: return (try control.resizeCurrentColumn(by: widthStep), true)
        case .pinColumn: return (try control.togglePin(nil), true)
        case .addSortKey: return (try control.addCurrentColumnToOrder(), true)
        default: preconditionFailure("not a column key: \(action)")
        }
    }

    /// What `J` says where there is no column of a table to expand.
    static let jsonColumnNeedsAColumn = "J: open a table and move to a column holding JSON first"

    /// What `J` opens: the command prompt with `column json(body).` typed for the current column
    /// (on a JSON column, its own path, to go deeper); nil without a column of a table.
    static func jsonColumnPrompt(for view: BrowseView?) -> ShellApp.PromptRequest? {
        guard let view, view.isModelView, view.cursorColumn < view.columns.count else { return nil }
        let column = view.columns[view.cursorColumn]
        let start = view.jsonColumns.contains(column) ? column : "json(" + ValueText.keyPath(column) + ")"
        return ShellApp.PromptRequest(kind: .command, prompt: ":", initialText: "column " + start + ".")
    }
}
