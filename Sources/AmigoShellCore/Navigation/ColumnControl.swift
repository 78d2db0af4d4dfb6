import Amigo

/// The column layout of the views: hidden, pinned and resized columns, kept per table in the
/// navigator's ``ColumnLayouts``, and a sort grown a key at a time (`+`). Stateless: made over
/// the ``Navigator`` when asked for (``Explorer/columnControl``).
package struct ColumnControl {
    /// The views, and the layouts of their tables.
    let navigator: Navigator

    /// The view on screen.
    var current: BrowseView? { navigator.current }
    /// The column layouts of the session's tables.
    package var columnLayouts: ColumnLayouts { navigator.columnLayouts }

    /// The name `view`'s layout is kept under: its table (a `sql` result shares one layout).
    static func layoutKey(of view: BrowseView) -> String { view.model?.name ?? "sql" }

    /// How `view` shows its columns (its table's layout).
    package func columnLayout(of view: BrowseView) -> ColumnLayout { columnLayouts[Self.layoutKey(of: view)] }

    /// The indices of the current view's columns in the order shown, hidden ones left out.
    package func shownColumns(of view: BrowseView) -> [Int] { columnLayout(of: view).sequence(of: view.columns) }

    /// Changes the layout of `view`'s table with `change`.
    func changeLayout<T>(of view: BrowseView, _ change: (inout ColumnLayout) throws -> T) rethrows -> T {
        var layout = columnLayout(of: view)
        let result = try change(&layout)
        columnLayouts[Self.layoutKey(of: view)] = layout
        return result
    }

    /// The column of the current view called `name` (case as typed or not); nil `name`: the
    /// current column.
    func viewColumn(_ name: String?, command: String) throws -> (view: BrowseView, name: String) {
        guard let view = current else { throw ShellError.noView(command: command) }
        guard let name else {
            guard view.cursorColumn < view.columns.count else { throw ShellError.noView(command: command) }
            return (view, view.columns[view.cursorColumn])
        }
        if view.columns.contains(name) { return (view, name) }
        if let match = view.columns.first(where: { $0.lowercased() == name.lowercased() }) { return (view, match) }
        throw ShellError.unknownViewColumn(command: command, column: name, columns: view.columns)
    }

    /// Hides the column `name` (nil: the current one) of the current view's table; the cursor
    /// moves on to the next column shown. The last column shown cannot be hidden.
    @discardableResult
    package func hideColumn(_ name: String?) throws -> String {
        let (view, column) = try viewColumn(name, command: "hide")
        let shown = shownColumns(of: view)
        guard let index = view.columns.firstIndex(of: column), shown.contains(index) else {
            return "\(column) is hidden already (~ or unhide \(column) shows it)"
        }
        guard shown.count > 1 else { throw ShellError.columnLayout(command: "hide", reason: "\(column) is the only column shown") }
        if view.jsonColumns.contains(column) {
            // A JSON column is not hidden but taken away: `column` shows it again.
            if view.cursorColumn == index, let at = shown.firstIndex(of: index) {
                navigator.moveColumn(to: shown[at > 0 ? at - 1 : at + 1])
            }
            changeLayout(of: view) { $0.removeJSONColumn(column) }
            navigator.loader.syncJSONColumns(view)
            return "\(column) taken away (column \(column) shows it again)"
        }
        changeLayout(of: view) { $0.hide(column) }
        if view.cursorColumn == index, let at = shown.firstIndex(of: index) {
            navigator.moveColumn(to: shown[at + 1 < shown.count ? at + 1 : at - 1])
        }
        let hidden = columnLayout(of: view).hidden.count
        return "\(column) hidden · \(Plural.count(hidden, "column")) of \(Self.layoutKey(of: view)) hidden (~ shows them again)"
    }

    /// Shows the column `name` of the current view's table again; nil shows every hidden column.
    @discardableResult
    package func unhideColumns(_ name: String?) throws -> String {
        guard let view = current else { throw ShellError.noView(command: "unhide") }
        let target = try name.map { try viewColumn($0, command: "unhide").name }
        let shown = changeLayout(of: view) { $0.unhide(target) }
        if shown.isEmpty { return target.map { "\($0) is not hidden" } ?? "no column of \(Self.layoutKey(of: view)) is hidden" }
        return "shown again: " + shown.joined(separator: ", ")
    }

    /// Pins the column `name` (nil: the current one) at the left of the grid, or unpins it.
    @discardableResult
    package func togglePin(_ name: String?) throws -> String {
        let (view, column) = try viewColumn(name, command: "pin")
        let pinned = changeLayout(of: view) { layout -> Bool in
            layout.unhide(column)
            return layout.togglePin(column)
        }
        return pinned ? "\(column) pinned at the left (stays while the grid scrolls sideways; ! again unpins)" : "\(column) unpinned"
    }

    /// Sets the width of the column `name` (nil: the current one) in the grid; nil `width`: as
    /// wide as its values ask again.
    @discardableResult
    package func setColumnWidth(_ name: String?, _ width: Int?) throws -> String {
        let (view, column) = try viewColumn(name, command: "width")
        guard let set = changeLayout(of: view, { $0.setWidth(column, width) }) else { return "\(column): width as its values ask" }
        return "\(column): \(set) columns wide (< narrows, > widens; width \(column) auto resets)"
    }

    /// Makes the current column `delta` cells wider (negative: narrower), from the width it was
    /// drawn at.
    @discardableResult
    package func resizeCurrentColumn(by delta: Int) throws -> String {
        let (view, column) = try viewColumn(nil, command: delta < 0 ? "narrow" : "widen")
        let drawn = columnLayout(of: view).widths[column] ?? view.columnWidths[view.cursorColumn] ?? (DisplayWidth.of(column) + 2)
        return try setColumnWidth(column, drawn + delta)
    }

    /// Moves the current column `step` columns to the right (negative: left) in the order the
    /// grid shows them, passing over hidden ones.
    package func moveColumn(by step: Int) {
        guard let view = current else { return }
        let shown = shownColumns(of: view)
        guard let first = shown.first else { return }
        guard let at = shown.firstIndex(of: view.cursorColumn) else { return navigator.moveColumn(to: first) }
        navigator.moveColumn(to: shown[min(max(0, at + step), shown.count - 1)])
    }

    /// Adds the current column to the current view's sort, after the keys it has (`+`): with
    /// no sort yet, sorts by it; on a column already sorted by, turns its direction around.
    @discardableResult
    package func addCurrentColumnToOrder() throws -> String {
        let (view, column) = try viewColumn(nil, command: "sort")
        guard view.isModelView else { throw ShellError.sqlResult(command: "sort", instead: "cannot be sorted here; add ORDER BY to the sql") }
        guard let order = view.order else {
            try navigator.setOrder(column: column, descending: false)
            return "sorted by \(column)"
        }
        var first = SortKey(order.column, descending: order.descending)
        var then = view.thenBy
        if first.column == column {
            first.descending.toggle()
        } else if let at = then.firstIndex(where: { $0.column == column }) {
            then[at].descending.toggle()
        } else {
            then.append(SortKey(column))
        }
        try navigator.setOrder(column: first.column, descending: first.descending, then: then)
        return "sorted by " + (current?.orderText ?? column)
    }

    /// Shows the key `path` of a JSON column (`json(body).address.city`) as a column of the
    /// current view's table, after its others, and puts the cursor on it; remembered for the
    /// table for the session, as hidden and pinned columns are. `hide` (`-`) takes it away.
    @discardableResult
    package func addJSONColumn(_ path: String) throws -> String {
        guard let view = current else { throw ShellError.noView(command: "column") }
        let text = try navigator.loader.checkedJSONColumn(path, of: view)
        let added = changeLayout(of: view) { $0.addJSONColumn(text) }
        navigator.loader.syncJSONColumns(view)
        if let index = view.columns.firstIndex(of: text) { navigator.moveColumn(to: index) }
        guard added else { return "\(text) is shown already" }
        return "\(text) shown as a column of \(Self.layoutKey(of: view)) (filter and sort by it; - takes it away)"
    }

    /// Runs `hide`, `unhide`, `pin`, `width COLUMN N` and `column json(…)…`.
    func columnCommand(_ command: Command) throws -> CommandResult {
        let status: String
        switch command {
        case .hide(let name): status = try hideColumn(name)
        case .unhide(let name): status = try unhideColumns(name)
        case .pin(let name): status = try togglePin(name)
        case .columnWidth(let name, let width): status = try setColumnWidth(name, width)
        case .jsonColumn(let path): status = try addJSONColumn(path)
        default: preconditionFailure("not a column command: \(command)")
        }
        return CommandResult(output: status, status: status)
    }
}
