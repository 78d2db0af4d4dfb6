import Amigo
import Foundation

/// Runs the read-only SQL typed with `sql` and shows its result as a view on the navigator's
/// stack: a query read a page at a time as it is scrolled, any other statement's first rows kept,
/// or (text mode) each row handed on as the engine reads it.
struct QueryRunner {
    /// The database the statements run on.
    let database: BrowsedDatabase
    /// Where the result goes, as a view.
    let navigator: Navigator

    /// The engine the statements run on.
    private var engine: any Engine { database.amigo.engine }

    /// Runs a read-only statement and shows its result as a view: a query (`SELECT`, `WITH`,
    /// `VALUES`) is counted and read a page at a time as it is scrolled (``SQLResultWindow``),
    /// any other statement's first ``sqlRowCap`` rows are kept.
    func runSQL(_ sql: String) throws {
        try checkReadOnly(sql)
        if let view = try pagedSQLView(sql) {
            navigator.pushSQLView(view)
            return
        }
        var columns: [ResultColumn] = []
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try engine.readingOnly {
            try engine.fetch(sql, [], describing: { columns = $0 }) { row in
                if rows.count >= ViewLoader.sqlRowCap { truncated = true; return false }
                rows.append(row.values)
                return true
            }
        }
        let view = BrowseView(sql: sql, columns: columns.map(\.name), rows: rows, truncated: truncated)
        view.resultForms = columns.map(\.form)
        navigator.pushSQLView(view)
    }

    /// Runs a read-only statement for text mode, handing its columns (names and value forms) and
    /// then each row (read in place: valid only inside `row`) to `columns` and `row` as the
    /// engine reads them, keeping none; the result
    /// becomes the current view (its rows read again if a later command needs them). Returns the
    /// row count.
    @discardableResult
    func streamSQL(_ sql: String, columns: ([ResultColumn]) throws -> Void, row: (StatementRow) throws -> Void) throws -> Int {
        try checkReadOnly(sql)
        var described: [ResultColumn] = []
        let count = try engine.readingOnly {
            try engine.fetch(sql, [], describing: { described = $0; try columns($0) }) { try row($0); return true }
        }
        let view = BrowseView(sql: sql, columns: described.map(\.name), streamedCount: count)
        view.resultForms = described.map(\.form)
        navigator.pushSQLView(view)
        return count
    }

    /// The view of a query's result read a page at a time, or nil when `sql` cannot be paged.
    /// The column names are the statement's own (a subquery would rename duplicates).
    private func pagedSQLView(_ sql: String) throws -> BrowseView? {
        guard let window = try navigator.loader.sqlResultWindow(sql) else { return nil }
        // The statement's own column names: SQLite gives them after one step; a server runs the
        // whole statement first, so there they come from an empty page (same names, no rows).
        var columns: [ResultColumn] = []
        if database.isSQLite {
            _ = try engine.fetch(sql, [], describing: { columns = $0 }) { _ in false }
        } else if let empty = SQLText.paged(sql, dialect: engine.dialect) {
            _ = try engine.readingOnly {
                try engine.fetch(empty, [.integer(0), .integer(0)], describing: { columns = $0 }) { _ in false }
            }
        }
        let view = BrowseView(sql: sql, columns: columns.map(\.name), window: window)
        view.resultForms = columns.map(\.form)
        return view
    }

    /// Throws ``ShellError/notReadOnly`` unless the engine says `sql` only reads (SQLite by
    /// preparing it; PostgreSQL by its words, and the statement then runs where writes are refused).
    func checkReadOnly(_ sql: String) throws {
        let readOnly: Bool
        do {
            readOnly = try engine.isReadOnlyStatement(sql)
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
