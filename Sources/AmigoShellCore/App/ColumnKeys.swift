/// What the column keys of the grid do: `-` hides the current column, `~` shows the hidden ones
/// again, `<` and `>` narrow and widen it, `!` pins or unpins it, `+` adds it to the sort. Each
/// answers with the status line's message.
enum ColumnKeys {
    /// How many cells `<` and `>` change a width by.
    static let widthStep = 4

    /// Performs `action` on the current view of `explorer`; the message to show.
    static func perform(_ action: ShellAction, on explorer: Explorer) throws -> String {
        guard explorer.current != nil else { return "open a table first" }
        switch action {
        case .hideColumn: return try explorer.columnControl.hideColumn(nil)
        case .unhideColumns: return try explorer.columnControl.unhideColumns(nil)
        case .narrowColumn: return try explorer.columnControl.resizeCurrentColumn(by: -widthStep)
        case .widenColumn: return try explorer.columnControl.resizeCurrentColumn(by: widthStep)
        case .pinColumn: return try explorer.columnControl.togglePin(nil)
        case .addSortKey: return try explorer.columnControl.addCurrentColumnToOrder()
        default: preconditionFailure("not a column key: \(action)")
        }
    }
}
