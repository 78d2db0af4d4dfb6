// Explorer: opening a table, loading a view's rows and counts (deferred counts finished when idle), reading rows.

import Amigo
import Foundation

extension Explorer {
    // MARK: Opening and loading views

    /// Opens a table or view by name (case-insensitive), replacing the navigation stack.
    public func open(_ name: String) throws {
        let model = try modelNamed(name, command: "open")
        if let reason = model.table.unreadableReason {
            throw ShellError.unreadableTable(command: "open", table: model.name, reason: reason)
        }
        let view = BrowseView(source: .table(model), title: model.name)
        try load(view)
        try readFirstScreen(of: view)
        // The views left behind stay reachable with `back`; the breadcrumb starts afresh.
        if !stack.isEmpty { earlierStacks.append(stack) }
        if earlierStacks.count > 50 { earlierStacks.removeFirst() }
        stack = [view]
    }

    /// The model of the table or view `name` means: its whole name in any case, or the whole
    /// name without its plural or separators (``TableNameMatch``); else an error that names the
    /// nearest table.
    func modelNamed(_ name: String, command: String) throws -> ORMModel {
        if let model = try? amigo.model(named: name) { return model }
        let names = amigo.models.map(\.name).filter { !$0.isEmpty }
        let key = TableNameMatch.normalized(name)
        if let whole = names.first(where: { TableNameMatch.normalized($0) == key }) { return try amigo.model(named: whole) }
        throw ShellError.unknownTable(command: command, name: name, suggestion: TableNameMatch.suggestion(for: name, among: names))
    }

    // MARK: Loading

    /// Counts and prepares the rows of `view` (after its filter or order changed).
    func load(_ view: BrowseView) throws {
        guard view.isModelView else { return }
        // The tables list's counts are reused below only while nobody else changed the file.
        if pendingChanges == 0, try fileChangedElsewhere() { try reloadTables() }
        let query = try view.query(in: session)
        var total: Int
        view.countIsExact = true
        if case .table(let model) = view.source, view.filter == nil,
           let known = tables.first(where: { $0.name == model.name && !$0.isLowerBound })?.rowCount {
            total = known      // just counted for the tables list
        } else if case .table(let model) = view.source, view.filter == nil,
                  let known = tables.first(where: { $0.name == model.name && $0.isLowerBound })?.rowCount {
            total = known      // the tables list already found it has more rows than this
            view.countIsExact = false
        } else if let bound = tableCountLimit {
            // Counting a huge view exactly is a scan; show the first screen first and finish the
            // count when idle (``completeDeferredCounts()``) or when the end is needed.
            total = try query.limit(bound + 1).count()
            if total > bound { total = bound; view.countIsExact = false }
        } else {
            total = try query.count()
        }
        if view.countIsExact, case .table(let model) = view.source, view.filter == nil,
           let i = tables.firstIndex(where: { $0.name == model.name }) {
            tables[i].rowCount = total
            tables[i].isLowerBound = false
        }
        let window = try RowWindow(query: query, order: view.keysetOrder, total: total, pageSize: max(100, viewportRows * 2),
                                   prefixLength: cellPrefixLength)
        view.window = window
        view.totalCount = total
        view.labels = [:]
        view.orderValues = [:]
        view.columnWidths = [:]
        view.place(row: view.cursorRow, top: view.topRow)
        if view.cursorColumn >= view.columns.count { view.cursorColumn = max(0, view.columns.count - 1) }
    }

    /// Reads the rows `view` shows first, before it goes on the stack: with the count, not later
    /// by the first frame, so that a slow view cancelled (Esc) fails `open` or `follow` as a
    /// whole, navigation stays where it was, and no frame runs the query again.
    /// Only with ``readsFirstScreenOnOpen`` (the terminal UI).
    func readFirstScreen(of view: BrowseView) throws {
        guard readsFirstScreenOnOpen else { return }
        try view.window?.ensure(view.topRow..<(view.topRow + max(1, viewportRows)))
    }

    /// Counts the current view exactly if its count was deferred (the terminal UI calls this when
    /// idle, after drawing). Returns whether anything changed.
    @discardableResult
    public func completeDeferredCounts() -> Bool {
        if let view = current, !view.countIsExact, view.isModelView {
            return (try? completeCount(of: view)) != nil
        }
        // Then, one table of the list per call, so that a file of many huge tables never holds
        // up the keyboard for long.
        if let i = tables.firstIndex(where: \.isLowerBound) {
            do {
                // Counted row by row through a LIMIT subquery, not by SQLite's single COUNT(*) step,
                // so that the interrupt check runs during it and a key press stops it.
                tables[i].rowCount = try session.query(tables[i].name).limit(Int.max - 1).count()
            } catch AmigoError.database(let error) where error.kind == .interrupted {
                return false   // interrupted (a key was pressed): counted again when idle
            } catch {
                tables[i].rowCount = nil
            }
            tables[i].isLowerBound = false
            return true
        }
        return false
    }

    /// Replaces a view's provisional count with the exact one, keeping its position.
    func completeCount(of view: BrowseView) throws {
        if !view.countIsExact, let sqlWindow = view.sqlWindow {
            // A `sql` result counted up to a bound: counted whole only when its end is needed
            // (never when idle: a query can return rows without end).
            try sqlWindow.countExactly()
            view.totalCount = sqlWindow.total
            view.countIsExact = true
            return
        }
        guard !view.countIsExact, view.isModelView else { return }
        let query = try view.query(in: session)
        let total = try query.count()
        view.window = try RowWindow(query: query, order: view.keysetOrder, total: total, pageSize: max(100, viewportRows * 2),
                                    prefixLength: cellPrefixLength)
        view.totalCount = total
        view.countIsExact = true
        if case .table(let model) = view.source, view.filter == nil,
           let i = tables.firstIndex(where: { $0.name == model.name }) {
            tables[i].rowCount = total
            tables[i].isLowerBound = false
        }
    }

    /// The row at absolute `index` of the current view (a model row), fetching if needed, as the
    /// grid read it: a value longer than ``cellPrefixLength`` may be held only in part
    /// (``Record/fullSize(at:)`` says which). Use ``fullRecord(at:)`` for every byte.
    public func record(at index: Int) throws -> Record? {
        guard let view = current, let window = view.window else { return nil }
        return try window.row(at: index)
    }

    /// The row at absolute `index` of the current view with every value whole (read again by key
    /// when the grid holds only a prefix of one of its values).
    public func fullRecord(at index: Int) throws -> Record? {
        guard let view = current, let window = view.window else { return nil }
        return try window.fullRow(at: index)
    }

    /// The current row of the current view, every value whole: what the detail, an edit, `=`,
    /// `get` and the relations read.
    public func currentRecord() throws -> Record? {
        guard let view = current else { return nil }
        return try fullRecord(at: view.cursorRow)
    }

    /// The values of the rows `range` of the current view (model rows or sql result rows), as
    /// the grid and text mode's table show them: a value longer than ``cellPrefixLength`` is its
    /// first ``cutCellShownLength`` characters and its full size (``ValueText/cut(_:fullSize:shownLength:)``).
    public func values(in range: Range<Int>) throws -> [[DatabaseValue]] {
        guard let view = current else { return [] }
        if let window = view.window {
            return try window.rows(in: range).map { record in
                var values = record.values
                for index in record.prefixColumns {
                    values[index] = ValueText.cut(values[index], fullSize: record.fullSize(at: index) ?? 0, shownLength: cutCellShownLength)
                }
                return values
            }
        }
        try loadSQLRows(view)
        if let sqlWindow = view.sqlWindow { return try sqlWindow.rows(in: range) }
        let lower = min(max(0, range.lowerBound), view.sqlRows.count)
        let clamped = lower..<min(view.sqlRows.count, max(lower, range.upperBound))
        return clamped.isEmpty ? [] : Array(view.sqlRows[clamped])
    }
}
