import Amigo

/// Reads views' rows and counts: counts a view (bounded, the rest finished when idle or when its
/// end is needed), pages its rows through a ``RowWindow`` or ``SQLResultWindow`` sized to the
/// screen, and cuts long values for the grid. Holds the sizes that govern those reads.
package final class ViewLoader {
    /// The database read.
    let database: BrowsedDatabase
    /// Says whether another program changed the file, so that the list's counts are not reused then.
    let watcher: ChangeWatcher
    /// The tables list, whose counts a table's view reuses and completes.
    let tableList: TableList

    /// Rows shown on screen at once (set by the layout), used to size fetches.
    package var viewportRows = 20
    /// Most characters of a text value (bytes of a blob) the grid reads of each cell; a longer
    /// value is read whole only for what needs it (the row's detail, an edit, `=`, an export).
    package var cellPrefixLength = 1024
    /// Characters of a value longer than ``cellPrefixLength`` shown before its size (`…(5.0 MB)`),
    /// so that the size fits in a grid column.
    package var cutCellShownLength = 24
    /// Whether `open` and `follow` read the rows on screen before the view goes on the stack, so
    /// that a slow one cancelled with Esc leaves navigation where it was and is not run again
    /// by the next frame. The terminal UI turns it on; text mode reads rows when it prints them.
    package var readsFirstScreenOnOpen = false
    /// How each table's columns are shown, for the session; the JSON columns listed there are
    /// read with the rows (``values(of:in:)``).
    let columnLayouts = ColumnLayouts()
    /// Most rows kept from a raw `sql` statement that cannot be paged.
    package static let sqlRowCap = 10_000

    /// A loader reading `database`, reusing the counts of `tableList`.
    init(database: BrowsedDatabase, watcher: ChangeWatcher, tableList: TableList) {
        self.database = database
        self.watcher = watcher
        self.tableList = tableList
    }

    /// Moves each time the data may have changed under the views (an edit, an undo, a commit or
    /// rollback, another program's commit found): a view read at an older generation is read
    /// again when `back` returns to it; one read at this generation is shown as it was left.
    private(set) var dataGeneration = 0

    /// Notes that the data may have changed: every view read before is read again when shown.
    func noteDataChanged() { dataGeneration += 1 }

    /// Rows read at a time: two screens, at least 100.
    var pageSize: Int { max(100, viewportRows * 2) }

    /// Counts and prepares the rows of `view` (after its filter or order changed).
    func load(_ view: BrowseView) throws {
        guard view.isModelView else { return }
        view.loadedGeneration = nil
        // The tables list's counts are reused below only while nobody else changed the database.
        // When someone did, this view is counted itself and the list is read again later (idle
        // work, or the next command that lists it) — never here, where one table another session
        // has locked, or a slow view, would hold up the table being opened.
        let countsAreCurrent = try !watcher.changedElsewhereWhileIdle()
        if !countsAreCurrent { tableList.countsAreStale = true }
        let query = try view.query(in: database.session)
        var total: Int
        view.countIsExact = true
        if countsAreCurrent, case .table(let model) = view.source, view.filter == nil, let known = tableList.knownCount(of: model.name) {
            // Just counted for the tables list, or found to have more rows than this.
            total = known.count
            view.countIsExact = known.isExact
        } else if let bound = tableList.countLimit {
            // Counting a huge view exactly is a scan; show the first screen first and finish the
            // count when idle (``completeDeferredCounts(of:)``) or when the end is needed.
            total = try query.limit(bound + 1).count()
            if total > bound { total = bound; view.countIsExact = false }
        } else {
            total = try query.count()
        }
        if view.countIsExact, case .table(let model) = view.source, view.filter == nil {
            tableList.noteExactCount(of: model.name, total)
        }
        view.window = try window(over: query, of: view, total: total)
        view.totalCount = total
        view.loadedGeneration = dataGeneration
        view.labels = [:]
        view.orderValues = [:]
        view.jsonValues = [:]
        view.columnWidths = [:]
        syncJSONColumns(view)
        view.place(row: view.cursorRow, top: view.topRow)
        if view.cursorColumn >= view.columns.count { view.cursorColumn = max(0, view.columns.count - 1) }
    }

    /// A window paging `query`, `view`'s rows, in the view's order: pages sized to the screen,
    /// long values read as prefixes of ``cellPrefixLength``.
    private func window(over query: Query<Record>, of view: BrowseView, total: Int) throws -> RowWindow {
        let source = try QueryRowSource(query: query, order: view.keysetOrder, prefixLength: cellPrefixLength)
        return RowWindow(source: source, total: total, pageSize: pageSize)
    }

    /// Reads the rows `view` shows first, before it goes on the stack: with the count, not later
    /// by the first frame, so that a slow view cancelled (Esc) fails `open` or `follow` as a
    /// whole, navigation stays where it was, and no frame runs the query again.
    /// Only with ``readsFirstScreenOnOpen`` (the terminal UI).
    func readFirstScreen(of view: BrowseView) throws {
        guard readsFirstScreenOnOpen else { return }
        try view.window?.ensure(view.topRow..<(view.topRow + max(1, viewportRows)))
    }

    /// Counts `view` exactly if its count was deferred, else the next table of the list whose
    /// count was (the terminal UI calls this when idle, after drawing). Returns whether anything changed.
    func completeDeferredCounts(of view: BrowseView?) -> Bool {
        if let view, !view.countIsExact, view.isModelView {
            // Metered: the status line says how far it has come while it runs (Esc stops it).
            return (try? database.scanning("counting \(view.title)", total: nil) { try completeCount(of: view) }) != nil
        }
        return tableList.countNextDeferred()
    }

    /// Replaces a view's provisional count with the exact one, keeping its position. A filtered
    /// view or a database view is counted by a loop the interrupt check runs in, so a key stops
    /// it; a whole SQLite table by SQLite's one-step count (twice as fast as counting its rows,
    /// and not stopped until it ends: 70 ms for 5,000,000 rows).
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
        let query = try view.query(in: database.session)
        let total = try query.count()
        // The same rows in the same order: the pages read stay (the cursor's among them).
        if let window = view.window { window.recount(total) } else { view.window = try window(over: query, of: view, total: total) }
        view.totalCount = total
        view.countIsExact = true
        if case .table(let model) = view.source, view.filter == nil {
            tableList.noteExactCount(of: model.name, total)
        }
    }

    /// The values of the rows `range` of `view` (model rows or sql result rows), as the grid and
    /// text mode's table show them: a value longer than ``cellPrefixLength`` is its first
    /// ``cutCellShownLength`` characters and its full size (``ValueText/cut(_:fullSize:shownLength:)``).
    func values(of view: BrowseView, in range: Range<Int>) throws -> [[DatabaseValue]] {
        if let window = view.window {
            syncJSONColumns(view)
            return try window.rows(in: range).enumerated().map { offset, record in
                var values = record.values
                for index in record.prefixColumns {
                    values[index] = ValueText.cut(values[index], fullSize: record.fullSize(at: index) ?? 0, shownLength: cutCellShownLength)
                }
                return values + (try jsonColumnValues(of: view, row: max(0, range.lowerBound) + offset, record: record))
            }
        }
        try loadSQLRows(view)
        if let sqlWindow = view.sqlWindow { return try sqlWindow.rows(in: range) }
        let lower = min(max(0, range.lowerBound), view.sqlRows.count)
        let clamped = lower..<min(view.sqlRows.count, max(lower, range.upperBound))
        return clamped.isEmpty ? [] : Array(view.sqlRows[clamped])
    }

    /// The ``ValueForm`` of each column of `view`: for a model view the dialect's for each
    /// column, for a `sql` result what the engine described.
    func valueForms(of view: BrowseView) -> [ValueForm] {
        guard view.isModelView else { return view.resultForms }
        return view.modelColumns.map(database.amigo.engine.dialect.valueForm(of:))
    }

    /// The window that reads a query's result a page at a time, or nil when `sql` cannot be paged.
    func sqlResultWindow(_ sql: String) throws -> SQLResultWindow? {
        try SQLResultWindow.make(sql: sql, engine: database.amigo.engine, pageSize: pageSize, countLimit: tableList.countLimit,
                                 cellPrefix: (cellPrefixLength, cutCellShownLength))
    }

    /// Reads a streamed `sql` result's rows for a command that needs them: paged when it can be
    /// (``SQLResultWindow``), otherwise the first ``sqlRowCap``.
    func loadSQLRows(_ view: BrowseView) throws {
        guard !view.sqlRowsLoaded, view.sqlWindow == nil, case .sql(let sql) = view.source else { return }
        if let window = try sqlResultWindow(sql) {
            view.sqlWindow = window
            view.totalCount = window.total
            view.countIsExact = window.countIsExact
            return
        }
        let engine = database.amigo.engine
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try engine.readingOnly {
            try engine.fetch(sql, []) { row in
                if rows.count >= Self.sqlRowCap { truncated = true; return false }
                rows.append(row.values)
                return true
            }
        }
        view.sqlRows = rows
        view.sqlTruncated = truncated
        view.totalCount = truncated ? max(view.totalCount, rows.count) : rows.count
        view.sqlRowsLoaded = true
    }
}
