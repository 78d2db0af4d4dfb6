// Explorer: raw read-only sql — run, stream, and the read-only check.

import Amigo
import Foundation

extension Explorer {
    // MARK: Raw SQL

    /// Runs a read-only statement and shows its result as a view: a query (`SELECT`, `WITH`,
    /// `VALUES`) is counted and read a page at a time as it is scrolled (``SQLResultWindow``),
    /// any other statement's first ``sqlRowCap`` rows are kept.
    public func runSQL(_ sql: String) throws {
        try checkReadOnly(sql)
        if let view = try pagedSQLView(sql) {
            pushSQLView(view)
            return
        }
        var columns: [ResultColumn] = []
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try amigo.engine.readingOnly {
            try amigo.engine.fetch(sql, [], describing: { columns = $0 }) { row in
                if rows.count >= Explorer.sqlRowCap { truncated = true; return false }
                rows.append(row.values)
                return true
            }
        }
        let view = BrowseView(sql: sql, columns: columns.map(\.name), rows: rows, truncated: truncated)
        view.resultForms = columns.map(\.form)
        pushSQLView(view)
    }

    /// Runs a read-only statement for text mode, handing its columns (names and value forms) and
    /// then each row to `columns` and `row` as the engine reads them, keeping none; the result
    /// becomes the current view (its rows read again if a later command needs them). Returns the
    /// row count.
    @discardableResult
    public func streamSQL(_ sql: String, columns: ([ResultColumn]) throws -> Void, row: ([DatabaseValue]) throws -> Void) throws -> Int {
        try checkReadOnly(sql)
        var described: [ResultColumn] = []
        let count = try amigo.engine.readingOnly {
            try amigo.engine.fetch(sql, [], describing: { described = $0; try columns($0) }) { try row($0.values); return true }
        }
        let view = BrowseView(sql: sql, columns: described.map(\.name), streamedCount: count)
        view.resultForms = described.map(\.form)
        pushSQLView(view)
        return count
    }

    /// The ``ValueForm`` of each column of `view`: for a model view the dialect's for each
    /// column, for a `sql` result what the engine described.
    public func valueForms(of view: BrowseView) -> [ValueForm] {
        guard view.isModelView else { return view.resultForms }
        return view.modelColumns.map(amigo.engine.dialect.valueForm(of:))
    }

    /// A result replaces the previous result rather than piling up behind it (back returns to the table).
    func pushSQLView(_ view: BrowseView) {
        if let top = stack.last, !top.isModelView { stack.removeLast() }
        stack.append(view)
    }

    /// The view of a query's result read a page at a time, or nil when `sql` cannot be paged.
    /// The column names are the statement's own (a subquery would rename duplicates).
    func pagedSQLView(_ sql: String) throws -> BrowseView? {
        guard let window = try SQLResultWindow.make(sql: sql, engine: amigo.engine, pageSize: max(100, viewportRows * 2),
                                                    countLimit: tableCountLimit,
                                                    cellPrefix: (cellPrefixLength, cutCellShownLength)) else {
            return nil
        }
        // The statement's own column names: SQLite gives them after one step; a server runs the
        // whole statement first, so there they come from an empty page (same names, no rows).
        var columns: [ResultColumn] = []
        if isSQLite {
            _ = try amigo.engine.fetch(sql, [], describing: { columns = $0 }) { _ in false }
        } else if let empty = SQLText.paged(sql, dialect: amigo.engine.dialect) {
            _ = try amigo.engine.readingOnly {
                try amigo.engine.fetch(empty, [.integer(0), .integer(0)], describing: { columns = $0 }) { _ in false }
            }
        }
        let view = BrowseView(sql: sql, columns: columns.map(\.name), window: window)
        view.resultForms = columns.map(\.form)
        return view
    }

    /// Reads a streamed `sql` result's rows for a command that needs them: paged when it can be
    /// (``SQLResultWindow``), otherwise the first ``sqlRowCap``.
    func loadSQLRows(_ view: BrowseView) throws {
        guard !view.sqlRowsLoaded, view.sqlWindow == nil, case .sql(let sql) = view.source else { return }
        if let window = try SQLResultWindow.make(sql: sql, engine: amigo.engine, pageSize: max(100, viewportRows * 2),
                                                 countLimit: tableCountLimit,
                                                 cellPrefix: (cellPrefixLength, cutCellShownLength)) {
            view.sqlWindow = window
            view.totalCount = window.total
            view.countIsExact = window.countIsExact
            return
        }
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try amigo.engine.readingOnly {
            try amigo.engine.fetch(sql, []) { row in
                if rows.count >= Explorer.sqlRowCap { truncated = true; return false }
                rows.append(row.values)
                return true
            }
        }
        view.sqlRows = rows
        view.sqlTruncated = truncated
        view.totalCount = truncated ? max(view.totalCount, rows.count) : rows.count
        view.sqlRowsLoaded = true
    }

    /// Throws ``ShellError/notReadOnly`` unless the engine says `sql` only reads (SQLite by
    /// preparing it; PostgreSQL by its words, and the statement then runs where writes are refused).
    func checkReadOnly(_ sql: String) throws {
        let readOnly: Bool
        do {
            readOnly = try amigo.engine.isReadOnlyStatement(sql)
        } catch {
            // A write that SQLite cannot even prepare (a DELETE on the parent of a broken foreign
            // key, say) is refused as a write, not with the error its preparation gave.
            let kind = StatementKind.of(sql)
            if !kind.isQuery && kind != .other { throw ShellError.notReadOnly }
            throw error
        }
        guard readOnly else { throw ShellError.notReadOnly }
    }
}
