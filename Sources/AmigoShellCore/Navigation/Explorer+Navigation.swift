// Explorer: what it forwards to the navigator, the view loader, the query runner, the finder and the refresher.

import Amigo
import Foundation

extension Explorer {
    // MARK: Views

    /// The views, oldest first; the last is on screen.
    package var stack: [BrowseView] { navigator.stack }
    /// The view on screen.
    public var current: BrowseView? { navigator.current }
    /// The breadcrumb: `Artist 1 "AC/DC" › albums › Album 1 "For Those…" › tracks`.
    package var breadcrumb: String { navigator.breadcrumb }
    /// Whether a narrowing (filter, `=`, order) pushes a new step that `back` pops (the terminal UI).
    package var narrowingPushesSteps: Bool {
        get { navigator.narrowingPushesSteps }
        set { navigator.narrowingPushesSteps = newValue }
    }
    /// Whether `open` and `follow` read the rows on screen before the view goes on the stack (the terminal UI).
    package var readsFirstScreenOnOpen: Bool {
        get { loader.readsFirstScreenOnOpen }
        set { loader.readsFirstScreenOnOpen = newValue }
    }
    /// Where navigation stands now, to put back after a preview.
    func navigationSnapshot() -> Navigator.Snapshot { navigator.snapshot() }
    /// Puts navigation back where `snapshot` was taken.
    func restoreNavigation(_ snapshot: Navigator.Snapshot) { navigator.restore(snapshot) }

    /// Opens a table or view by name (case-insensitive), replacing the navigation stack.
    public func open(_ name: String) throws { try navigator.open(name) }
    /// Opens the rows relationship `name` of the current row leads to.
    public func follow(_ name: String) throws { try navigator.follow(name) }
    /// Follows the to-one relationship whose foreign key is the current column, if it is one.
    @discardableResult
    package func followForeignKeyAtCursor() throws -> Bool { try navigator.followForeignKeyAtCursor() }
    /// Returns to the previous view, with its filter, order, cursor and scroll as they were.
    public func back() throws { try navigator.back() }
    /// Moves the cursor to absolute row `index` (clamped) and scrolls it into view.
    package func moveCursor(to index: Int) { navigator.moveCursor(to: index) }
    /// Moves the current column to `index` (clamped).
    package func moveColumn(to index: Int) { navigator.moveColumn(to: index) }
    /// Makes the row whose primary key is `key` current.
    public func get(_ key: String) throws { try navigator.get(key) }
    /// `Album 1 "For Those About To Rock"`: the row's model, key and label.
    package func rowCaption(_ record: Record) -> String { navigator.rowCaption(record) }
    /// The current row, for a command that acts on it (refused right after a failed `get`).
    func chosenRecord(for command: String) throws -> Record { try navigator.chosenRecord(for: command) }

    // MARK: Narrowing

    /// Sets (or with nil, clears) the current view's filter.
    public func setFilter(_ text: String?) throws { try navigator.setFilter(text) }
    /// ANDs `column = value` (the current cell) onto the current filter.
    package func filterEqualToCurrentCell() throws { try navigator.filterEqualToCurrentCell() }
    /// ANDs the filter keeping the rows of `line` of `profile` onto the current filter, as a facet does.
    package func keepRows(of line: ValueCount, in profile: ValueProfile) throws { try navigator.keepRows(of: line, in: profile) }
    /// Sorts the current view by `column` (nil: key order). Keeps the filter.
    /// Hides, pins and resizes the columns of the views (``ColumnControl``).
    package var columnControl: ColumnControl { ColumnControl(navigator: navigator) }
    package func setOrder(column: String?, descending: Bool, then: [SortKey] = []) throws {
        try navigator.setOrder(column: column, descending: descending, then: then)
    }
    /// The current view's value profile of `column`.
    package func valueProfile(of column: String) throws -> ValueProfile { try navigator.valueProfile(of: column) }
    /// The column `freq` profiles: the one named, else the view's naming column.
    func frequencyColumn(_ named: String?) throws -> String { try navigator.frequencyColumn(named) }

    // MARK: Rows

    /// The row at absolute `index` of the current view, as the grid read it.
    package func record(at index: Int) throws -> Record? { try navigator.record(at: index) }
    /// The row at absolute `index` of the current view with every value whole.
    package func fullRecord(at index: Int) throws -> Record? { try navigator.fullRecord(at: index) }
    /// The current row of the current view, every value whole.
    public func currentRecord() throws -> Record? { try navigator.currentRecord() }
    /// The values of the rows `range` of the current view, as the grid shows them.
    public func values(in range: Range<Int>) throws -> [[DatabaseValue]] { try navigator.values(in: range) }
    /// The ``ValueForm`` of each column of `view`.
    package func valueForms(of view: BrowseView) -> [ValueForm] { loader.valueForms(of: view) }
    /// The labels of the rows a foreign-key column of the current view points at, for `rows`.
    package func foreignKeyLabels(column index: Int, rows: [[DatabaseValue]]) -> [DatabaseValue: String] {
        guard let view = current else { return [:] }
        return loader.foreignKeyLabels(of: view, column: index, rows: rows)
    }
    /// The path the current view is sorted by when it is computed (`albums.@count`).
    package var computedOrderPath: String? { ViewLoader.computedOrderPath(of: current) }
    /// The computed order value of each row in `rows` of the current view.
    package func computedOrderValues(rows: Range<Int>) -> [DatabaseValue] {
        guard let view = current else { return [] }
        return loader.computedOrderValues(of: view, rows: rows)
    }
    /// Counts the current view exactly if its count was deferred, else the next deferred table
    /// of the list (the terminal UI calls this when idle). Returns whether anything changed.
    @discardableResult
    public func completeDeferredCounts() -> Bool { loader.completeDeferredCounts(of: current) }

    // MARK: Relationships

    /// The current row's relationships with their row counts.
    public func relations() throws -> [(relationship: Relationship, count: Int)] { try navigator.relations() }
    /// The label of the row each to-one relationship of the current row points at.
    package func toOneLabels(_ relationships: [Relationship]) -> [Int: String] { navigator.toOneLabels(relationships) }
    /// What a relationship goes through: `ArtistId`, `Track.AlbumId`, `PlaylistTrack`.
    package static func throughText(_ relationship: Relationship) -> String { Navigator.throughText(relationship) }
    /// Where the current view's cursor is, as a ``RowLinks/Anchor``.
    func rowLinksAnchor() -> RowLinks.Anchor? { navigator.rowLinksAnchor() }
    /// The current row's relationships by name only.
    package func rowLinkNames() -> RowLinks? { navigator.rowLinkNames() }
    /// The current row's relationships with labels and counts.
    package func rowLinks() throws -> RowLinks? { try navigator.rowLinks() }

    // MARK: Raw SQL and find

    /// Runs a read-only statement and shows its result as a view.
    package func runSQL(_ sql: String) throws { try QueryRunner(database: database, navigator: navigator).runSQL(sql) }
    /// Runs a read-only statement for text mode, handing on its columns and rows as they are read.
    @discardableResult
    package func streamSQL(_ sql: String, columns: ([ResultColumn]) throws -> Void, row: (StatementRow) throws -> Void) throws -> Int {
        try QueryRunner(database: database, navigator: navigator).streamSQL(sql, columns: columns, row: row)
    }
    /// Moves the cursor to the next row of the current view whose text contains `text` (`RowFinder`).
    @discardableResult
    package func find(_ text: String, column: Int?, backward: Bool = false, includingCurrent: Bool = false) throws -> String {
        try RowFinder(navigator: navigator).find(text, column: column, backward: backward, includingCurrent: includingCurrent)
    }

    // MARK: Changes elsewhere

    /// What brings the shown state up to date with the database.
    var refresher: Refresher {
        Refresher(database: database, pending: pending, watcher: watcher, tableList: tableList, navigator: navigator)
    }
    /// Reads the table counts and the current view again (the models first, when the schema changed).
    package func refresh() throws { try refresher.refresh() }
    /// Reflects the file's models again and rebuilds the navigation on them.
    func reflectAgain(keepingChanges: Bool = false) throws { try refresher.reflectAgain(keepingChanges: keepingChanges) }
    /// ``refresh()`` when another program committed changes since the last read. Returns whether it refreshed.
    @discardableResult
    package func refreshIfChangedElsewhere() -> Bool { refresher.refreshIfChangedElsewhere() }
    /// ``refreshIfChangedElsewhere()``, throwing when the file cannot be read.
    @discardableResult
    package func refreshIfChangedElsewhereOrFail() throws -> Bool { try refresher.refreshIfChangedElsewhereOrFail() }
    /// Loads the current view again, keeping the cursor on the same row when it is still there.
    func reloadCurrentView(undoneHere: Bool = false) throws { try navigator.reloadCurrentView(undoneHere: undoneHere) }
}
