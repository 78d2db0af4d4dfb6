import Amigo

/// One step of navigation: a table, the rows a relationship of a row leads to, or the result of
/// a raw `sql` statement — with its filter, order, cursor and scroll position, which ``Explorer/back()``
/// restores.
public final class BrowseView {
    /// Where the rows come from.
    package enum Source {
        /// A whole table or view.
        case table(ORMModel)
        /// The rows `relationship` of `owner` leads to.
        case relation(owner: Record, relationship: Relationship)
        /// A raw read-only statement's result: paged when it is a query that can be wrapped
        /// (``SQLResultWindow``), otherwise kept in memory, up to ``Explorer/sqlRowCap`` rows.
        case sql(String)
    }

    /// Where the rows come from.
    package let source: Source
    /// The model of the rows (nil for `sql` results).
    public let model: ORMModel?
    /// The breadcrumb text for this view (`Artist`, `albums`).
    public let title: String
    /// The filter in the filter language, if any.
    public internal(set) var filter: String?
    /// The sort column and direction, if any.
    public internal(set) var order: (column: String, descending: Bool)?
    /// The further sort keys, after ``order`` (`+` adds one, `order A, B desc` sets them).
    package internal(set) var thenBy: [SortKey] = []
    /// The number of rows (after the filter); a lower bound while ``countIsExact`` is false.
    public internal(set) var totalCount = 0
    /// Whether ``totalCount`` is exact (huge views are counted up to a bound first).
    public internal(set) var countIsExact = true
    /// The current row (absolute index).
    public internal(set) var cursorRow = 0
    /// The current column (index into ``columns``).
    package internal(set) var cursorColumn = 0
    /// The first row on screen.
    package internal(set) var topRow = 0
    /// The first column on screen.
    package internal(set) var leftColumn = 0
    /// For the breadcrumb: the row this view was left from by `follow` (`Artist 1 "AC/DC"`).
    package internal(set) var followedFrom: String?
    /// For a step pushed by a narrowing in the terminal UI (a filter, `=`, a sort, a bare-value
    /// search): what it did (`filter: Name CONTAINS[c] 'rock'`), shown in the breadcrumb. Back
    /// pops exactly this step.
    public internal(set) var step: String?
    /// The names of the columns the rows hold (the table's, or a `sql` result's).
    package let storedColumns: [String]
    /// Keys of JSON columns shown as columns of their own after ``storedColumns``
    /// (`json(body).address.city`), as the table's ``ColumnLayout`` lists them.
    package internal(set) var jsonColumns: [String] = []
    /// The value of each JSON column, by row index (read a row at a time, by its key).
    var jsonValues: [Int: [DatabaseValue]] = [:]
    /// Column names: the stored ones, then the JSON columns.
    public var columns: [String] { storedColumns + jsonColumns }
    /// The ``ValueForm`` of each column of a `sql` result, as the engine described them (empty
    /// until read, and for a model view: ``Explorer/valueForms(of:)`` asks the dialect).
    var resultForms: [ValueForm] = []
    var window: RowWindow?
    /// The ``ViewLoader/dataGeneration`` the view was read at (nil: never, or its reading was
    /// cut short): `back` shows a view of the current generation as it was left, without a query.
    var loadedGeneration: Int?
    /// A `sql` result's rows, paged (nil: they are in ``sqlRows``).
    var sqlWindow: SQLResultWindow?
    var sqlRows: [[DatabaseValue]] = []
    var sqlTruncated = false
    /// Whether ``sqlRows`` holds the result: false after text mode streamed it without keeping
    /// it, until something needs the rows (``Explorer/values(in:)`` runs the statement again).
    var sqlRowsLoaded = true
    /// The widest each column has been drawn in this view (columns never narrow while browsing).
    var columnWidths: [Int: Int] = [:]
    /// Foreign-key labels fetched so far: column index → key → label.
    var labels: [Int: [DatabaseValue: String]] = [:]
    /// The value a computed order (`albums.@count`, `artist.Name`) sorts each row by, by row index.
    var orderValues: [Int: DatabaseValue] = [:]

    init(source: Source, title: String) {
        self.source = source
        self.title = title
        switch source {
        case .table(let model):
            self.model = model
        case .relation(_, let relationship):
            self.model = relationship.target
        case .sql:
            self.model = nil
        }
        self.storedColumns = model?.table.columns.map(\.label) ?? []
    }

    init(sql: String, columns: [String], rows: [[DatabaseValue]], truncated: Bool) {
        self.source = .sql(sql)
        self.model = nil
        self.title = "sql"
        self.storedColumns = columns
        self.sqlRows = rows
        self.sqlTruncated = truncated
        self.totalCount = rows.count
    }

    /// A `sql` result read a page at a time through `window`.
    init(sql: String, columns: [String], window: SQLResultWindow) {
        self.source = .sql(sql)
        self.model = nil
        self.title = "sql"
        self.storedColumns = columns
        self.sqlWindow = window
        self.totalCount = window.total
        self.countIsExact = window.countIsExact
    }

    /// A copy of this view (same source, filter, order and position) to narrow as a new step.
    func narrowedCopy() -> BrowseView {
        let copy = BrowseView(source: source, title: title)
        copy.filter = filter
        copy.order = order
        copy.thenBy = thenBy
        copy.cursorRow = cursorRow
        copy.topRow = topRow
        copy.cursorColumn = cursorColumn
        copy.leftColumn = leftColumn
        copy.jsonColumns = jsonColumns
        return copy
    }

    /// A `sql` result that was streamed, not kept: `count` rows, read again when needed.
    init(sql: String, columns: [String], streamedCount count: Int) {
        self.source = .sql(sql)
        self.model = nil
        self.title = "sql"
        self.storedColumns = columns
        self.sqlRowsLoaded = false
        self.totalCount = count
    }

    /// The column descriptions, when the view shows a model.
    package var modelColumns: [Column] { model?.table.columns ?? [] }

    /// Whether the view shows rows of a model (and so can be filtered, sorted, followed and edited).
    package var isModelView: Bool { model != nil }

    /// The view's query (filter and relationship scope applied; no order or paging).
    func query(in session: Session) throws -> Query<Record> {
        guard let model else { throw ShellError.sqlResult(command: "query", instead: "cannot be queried") }
        var q = session.query(model.name)
        if case .relation(let owner, let relationship) = source {
            q = q.using(owner).relationship(relationship.name)
        }
        if let filter { q = q.filter(filter) }
        return q
    }

    /// The ordering for keyset paging and display.
    var keysetOrder: [Query<Record>.KeysetColumn] {
        guard let order else { return [] }
        return [Query<Record>.KeysetColumn(order.column, ascending: !order.descending)]
            + thenBy.map { Query<Record>.KeysetColumn($0.column, ascending: !$0.descending) }
    }

    /// The sort as the title and footers write it (`Composer, Milliseconds desc`); nil unsorted.
    package var orderText: String? {
        guard let order else { return nil }
        return ([SortKey(order.column, descending: order.descending)] + thenBy).map(\.text).joined(separator: ", ")
    }

    // MARK: The viewport

    /// Puts the cursor on `row` and the first row on screen at `top`, kept inside the view: a
    /// row past the end becomes the last one, and the top is never below the cursor.
    func place(row: Int, top: Int) {
        cursorRow = min(max(0, row), max(0, totalCount - 1))
        topRow = max(0, min(top, cursorRow))
    }

    /// Scrolls, if needed, so that the cursor is one of the `rows` rows on screen.
    func scrollToShowCursor(rows: Int) {
        if cursorRow < topRow { topRow = cursorRow }
        if cursorRow >= topRow + rows { topRow = cursorRow - rows + 1 }
    }
}
