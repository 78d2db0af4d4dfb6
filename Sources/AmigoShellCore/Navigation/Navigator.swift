import Amigo

/// The session's views and the way between them: a stack of views (the last on screen), the
/// stacks `open` left behind, and every move — open, follow, back, the cursor, `get`, narrowing.
/// Rows are read through the ``ViewLoader``; a view whose row went away elsewhere is said through
/// the ``ChangeWatcher``'s notice.
package final class Navigator {
    /// The database browsed.
    let database: BrowsedDatabase
    /// Takes the notice of a row deleted elsewhere.
    let watcher: ChangeWatcher
    /// Reads the views' counts and rows.
    let loader: ViewLoader

    /// The views, oldest first; the last is on screen.
    package internal(set) var stack: [BrowseView] = []
    /// Navigation stacks left by `open`, most recent last; `back` from a table opened directly
    /// returns to the last of them.
    var earlierStacks: [[BrowseView]] = []
    /// Whether a narrowing (filter, `=`, order) pushes a new step on the navigation stack, which
    /// `back` pops, instead of changing the view in place. The terminal UI turns it on; text mode
    /// keeps changing the view in place.
    package var narrowingPushesSteps = false
    /// A `get` that failed, and the view and row that were current then: `set` refuses to edit
    /// that row, which is not the one asked for (in `-c` and piped scripts nobody sees the cursor).
    var failedGet: (view: ObjectIdentifier, row: Int, reason: String)?
    /// How each table's columns are shown (hidden, pinned, widths, JSON columns), for the
    /// session: the loader's, which reads the JSON columns.
    var columnLayouts: ColumnLayouts { loader.columnLayouts }

    /// A navigator with no view open.
    init(database: BrowsedDatabase, watcher: ChangeWatcher, loader: ViewLoader) {
        self.database = database
        self.watcher = watcher
        self.loader = loader
    }

    /// The session every query goes through.
    var session: Session { database.session }
    /// Where rows are in views (``RowPlaces``).
    var places: RowPlaces { RowPlaces(session: session) }
    /// The reflected models.
    var amigo: AmigoDatabase { database.amigo }
    /// Rows on screen at once.
    var viewportRows: Int { loader.viewportRows }

    /// The view on screen.
    public var current: BrowseView? { stack.last }

    // MARK: Snapshots

    /// Where navigation stood (the view stack and the stacks `back` returns to), to put back
    /// exactly after a preview: the table prompt opens a table as `Track/snow` is typed, and Esc
    /// returns to where it was opened.
    struct Snapshot {
        let stack: [BrowseView]
        let earlierStacks: [[BrowseView]]
    }

    /// Where navigation stands now.
    func snapshot() -> Snapshot { Snapshot(stack: stack, earlierStacks: earlierStacks) }

    /// Puts navigation back where `snapshot` was taken (the views keep their rows and cursors).
    func restore(_ snapshot: Snapshot) {
        stack = snapshot.stack
        earlierStacks = snapshot.earlierStacks
    }

    // MARK: Opening, following, going back

    /// Opens a table or view by name (case-insensitive), replacing the navigation stack.
    public func open(_ name: String) throws {
        let model = try modelNamed(name, command: "open")
        if let reason = model.table.unreadableReason {
            throw ShellError.unreadableTable(command: "open", table: model.name, reason: reason)
        }
        let view = BrowseView(source: .table(model), title: model.name)
        try loader.load(view)
        try loader.readFirstScreen(of: view)
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

    /// Opens the rows relationship `name` of the current row leads to (a new view on the stack).
    public func follow(_ name: String) throws {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "follow") }
        let record = try chosenRecord(for: "follow")
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        let next = BrowseView(source: .relation(owner: record, relationship: relationship), title: relationship.name)
        try loader.load(next)
        try loader.readFirstScreen(of: next)
        view.followedFrom = rowCaption(record)
        stack.append(next)
    }

    /// Follows the to-one relationship whose foreign key is the current column, if it is one.
    /// Returns false when the current column is not a foreign key.
    @discardableResult
    package func followForeignKeyAtCursor() throws -> Bool {
        guard let view = current, let model = view.model else { return false }
        guard view.cursorColumn < view.modelColumns.count else { return false }
        let column = view.modelColumns[view.cursorColumn]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.contains { $0 === column } }) else {
            return false
        }
        let record = try chosenRecord(for: "follow")
        if record.value(at: column.index).isNull { throw ShellError.nullLink(column: column.label, target: relationship.target.name) }
        try follow(relationship.name)
        return true
    }

    /// Returns to the previous view, with its filter, order, cursor and scroll as they were: as
    /// it was left when nothing changed since (no query), else read again with the cursor on the
    /// same row (``showAgain(_:)``). A reading cancelled with Esc leaves navigation where it was.
    public func back() throws {
        let previous: [BrowseView]
        var earlier = earlierStacks
        if stack.count <= 1 {
            guard let last = earlier.popLast() else { throw ShellError.nothingToGoBack }
            previous = last
        } else {
            previous = Array(stack.dropLast())
        }
        if let view = previous.last { try showAgain(view) }
        stack = previous
        earlierStacks = earlier
        current?.followedFrom = nil
    }

    /// A `sql` result replaces the previous result rather than piling up behind it (back returns
    /// to the table).
    func pushSQLView(_ view: BrowseView) {
        if let top = stack.last, !top.isModelView { stack.removeLast() }
        stack.append(view)
    }

    /// Loads `view` again after the session changed data (its labels and counts may have
    /// changed), keeping its cursor and scroll; the views behind it are read again when shown.
    func reload(_ view: BrowseView) throws {
        loader.noteDataChanged()
        let (row, top) = (view.cursorRow, view.topRow)
        try loader.load(view)
        view.place(row: row, top: top)
    }

    /// The breadcrumb: `Artist 1 "AC/DC" › albums › Album 1 "For Those…" › tracks`.
    package var breadcrumb: String {
        var parts: [String] = []
        for (i, view) in stack.enumerated() {
            if let step = view.step {
                parts.append(step)
                if let from = view.followedFrom { parts.append(from) }
            } else if i == 0 {
                parts.append(view.followedFrom ?? view.title)
            } else {
                parts.append(view.title)
                if let from = view.followedFrom { parts.append(from) }
            }
        }
        return parts.joined(separator: " › ")
    }

    /// The most columns a row's label takes in its caption (the status line also shows the view).
    static let captionLabelWidth = 24

    /// `Album 1 "For Those About To Rock"`: the row's model, key and label.
    package func rowCaption(_ record: Record) -> String {
        let key = record.primaryKey.map(ValueText.display).joined(separator: ",")
        var caption = key.isEmpty ? record.model.name : "\(record.model.name) \(key)"
        if let label = RowLabel.label(of: record, in: session) { caption += " \"\(DisplayWidth.truncate(label, to: Self.captionLabelWidth))\"" }
        return caption
    }

    // MARK: Rows of the current view

    /// The row at absolute `index` of the current view (a model row), fetching if needed, as the
    /// grid read it: a value longer than ``ViewLoader/cellPrefixLength`` may be held only in part
    /// (``Record/fullSize(at:)`` says which). Use ``fullRecord(at:)`` for every byte.
    package func record(at index: Int) throws -> Record? {
        guard let view = current, let window = view.window else { return nil }
        return try window.row(at: index)
    }

    /// The row at absolute `index` of the current view with every value whole (read again by key
    /// when the grid holds only a prefix of one of its values).
    package func fullRecord(at index: Int) throws -> Record? {
        guard let view = current, let window = view.window else { return nil }
        return try window.fullRow(at: index)
    }

    /// The current row of the current view, every value whole: what the detail, an edit, `=`,
    /// `get` and the relations read.
    public func currentRecord() throws -> Record? {
        guard let view = current else { return nil }
        return try fullRecord(at: view.cursorRow)
    }

    /// The values of the rows `range` of the current view, as the grid shows them
    /// (``ViewLoader/values(of:in:)``).
    public func values(in range: Range<Int>) throws -> [[DatabaseValue]] {
        guard let view = current else { return [] }
        return try loader.values(of: view, in: range)
    }
}
