import Amigo
import Foundation

/// A table or view of the database, as listed by `tables`.
public struct TableSummary: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Whether it is a view.
    public var isView: Bool
    /// Its row count, or nil when it could not be counted (a broken view).
    public var rowCount: Int?
    /// Whether ``rowCount`` is a lower bound: the table has more rows than ``Explorer/tableCountLimit``.
    public var isLowerBound: Bool = false
    /// Why the table or view cannot be read (an unknown tokenizer, module or collation), or nil.
    public var unreadableReason: String? = nil

    /// `3503`, `100000+`, or `?`.
    public var countText: String {
        guard let rowCount else { return "?" }
        return isLowerBound ? "\(rowCount)+" : String(rowCount)
    }
}

/// The navigation state of amigo-shell and every action on it, independent of any terminal.
///
/// An explorer drives one Amigo ``Session`` on models reflected from the file: opening a table,
/// filtering, sorting, following relationships and editing all go through that session's query
/// API, so the echo stream shows every statement. Views form a stack; ``back()`` pops it.
public final class Explorer {
    /// The models and engine (reflected again when another program changes the schema).
    public private(set) var amigo: AmigoDatabase
    /// The session every query and edit goes through.
    public private(set) var session: Session
    /// The path shown in the title.
    public let displayPath: String
    /// Schema changes (DDL run with `sql`) not yet committed: pending like changed rows.
    var schemaChangesPending = 0
    /// Tables and views with their row counts.
    public private(set) var tables: [TableSummary] = []
    /// The views, oldest first; the last is on screen.
    public private(set) var stack: [BrowseView] = []
    /// The statements the session ran.
    public let echoLog: EchoLog
    /// Rows printed per view in text mode.
    public var textLimit = 20
    /// Rows shown on screen at once (set by the layout), used to size fetches.
    public var viewportRows = 20
    /// Most rows kept from a raw `sql` statement.
    public static let sqlRowCap = 10_000

    /// Opens an explorer over reflected models.
    public init(amigo: AmigoDatabase, displayPath: String, tableCountLimit: Int? = nil,
                reflection: ReflectionOptions = ReflectionOptions()) throws {
        self.amigo = amigo
        self.reflectionOptions = reflection
        self.displayPath = displayPath
        self.tableCountLimit = tableCountLimit
        self.echoLog = EchoLog(stream: amigo.engine.echo)
        amigo.engine.echo.isEnabled = true
        self.openedFile = Self.fileIdentity(amigo.engine.path)
        self.session = try amigo.openSession()
        self.reflectedSchemaVersion = schemaVersion()
        try reloadTables()
        // Stand-in collations are said once, when the file opens.
        let collations = amigo.engine.collationSubstitutes.map(\.notice)
        if !collations.isEmpty { notice = collations.joined(separator: "; ") }
    }

    /// The device and inode of the database file when it was opened (nil in memory).
    private let openedFile: [UInt64]?
    /// Whether the notice that the file was replaced has been given.
    private var replacementNoticed = false

    /// The device and inode of the file at `path`, or nil when there is none.
    private static func fileIdentity(_ path: String) -> [UInt64]? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Whether the file the explorer opened was since deleted, moved or replaced by another file:
    /// the connection still reads the old one, so what is shown is no longer what is at the path.
    public var fileReplacedElsewhere: Bool {
        guard let openedFile else { return false }
        return Self.fileIdentity(amigo.engine.path) != openedFile
    }

    /// How the file is reflected, again when another program changes its schema (`--no-infer`
    /// turns inferred links off).
    public let reflectionOptions: ReflectionOptions

    /// The view on screen.
    public var current: BrowseView? { stack.last }

    /// Where `export csv|json -` writes, unbroken: text mode's standard output. Nil in the
    /// terminal UI, whose standard output is the screen.
    public var standardOutputWriter: ((String) throws -> Void)?

    /// Whether echo is being recorded.
    public var isEchoOn: Bool {
        get { amigo.engine.echo.isEnabled }
        set { amigo.engine.echo.isEnabled = newValue }
    }

    /// Re-reads the table list and counts.
    public func reloadTables() throws {
        readVersion = dataVersion()
        tables = amigo.models.filter { !$0.name.isEmpty }.map { model in
            if let reason = model.table.unreadableReason {
                return TableSummary(name: model.name, isView: model.table.isView, rowCount: nil, unreadableReason: reason)
            }
            let query = session.query(model.name)
            guard let limit = tableCountLimit else {
                return TableSummary(name: model.name, isView: model.table.isView, rowCount: try? query.count())
            }
            // Counting stops after `limit` rows, so a list of huge tables opens at once.
            let count = try? query.limit(limit + 1).count()
            return TableSummary(name: model.name, isView: model.table.isView, rowCount: count.map { Swift.min($0, limit) },
                                isLowerBound: (count ?? 0) > limit)
        }
    }

    /// Counting in the tables list stops at this many rows (shown as `100000+`); nil counts exactly.
    /// The terminal UI sets it; text mode's `tables` counts exactly. Opening a table counts it exactly.
    public var tableCountLimit: Int?

    // MARK: Opening and loading views

    /// Opens a table or view by name (case-insensitive), replacing the navigation stack.
    public func open(_ name: String) throws {
        let model = try amigo.model(named: name)
        if let reason = model.table.unreadableReason {
            throw ShellError.invalidValue("open: \(model.name) cannot be read: \(reason)")
        }
        let view = BrowseView(source: .table(model), title: model.name)
        try load(view)
        // The views left behind stay reachable with `back`; the breadcrumb starts afresh.
        if !stack.isEmpty { earlierStacks.append(stack) }
        if earlierStacks.count > 50 { earlierStacks.removeFirst() }
        stack = [view]
    }

    /// Navigation stacks left by `open`, most recent last; `back` from a table opened directly
    /// returns to the last of them.
    private var earlierStacks: [[BrowseView]] = []

    // MARK: Changes made by other programs

    /// SQLite's data version (`PRAGMA data_version`) when the table counts were last read: it
    /// changes when another connection commits, so counts and rows read before are stale.
    private var readVersion: Int64?

    /// An integer PRAGMA (`data_version`, `schema_version`), read without echo: housekeeping,
    /// not the user's SQL.
    private func housekeepingPragma(_ name: String) -> Int64? {
        let echoing = isEchoOn
        isEchoOn = false
        defer { isEchoOn = echoing }
        return try? amigo.engine.fetchScalar("PRAGMA \(name)").integerValue
    }

    /// The connection's data version (see ``readVersion``).
    private func dataVersion() -> Int64? { housekeepingPragma("data_version") }

    /// Whether another program committed changes to the file since the counts were read.
    public var fileChangedElsewhere: Bool { dataVersion() != readVersion }

    /// SQLite's schema version (`PRAGMA schema_version`) when the models were reflected.
    var reflectedSchemaVersion: Int64?

    /// The file's schema version (see ``reflectedSchemaVersion``).
    func schemaVersion() -> Int64? { housekeepingPragma("schema_version") }

    /// Reads the table counts and the current view again (keeping its filter, order and
    /// position): after another program changed the file, or on request. When the schema itself
    /// changed (a table added, altered or dropped), the models are reflected again first.
    public func refresh() throws {
        if pendingChanges == 0, schemaVersion() != reflectedSchemaVersion { try reflectAgain() }
        try reloadTables()
        try reloadCurrentView()
    }

    /// Reflects the file's models again on the same engine, with a new session, and rebuilds the
    /// navigation on the new models: each view keeps its filter, order and row where they still
    /// apply; a view whose table or relationship is gone ends its stack there. What was lost is
    /// said in a notice.
    ///
    /// With `keepingChanges` (after DDL the user ran inside the session), the open transaction
    /// and its pending changes are handed to the new models' session instead of being closed.
    func reflectAgain(keepingChanges: Bool = false) throws {
        let fresh = try AmigoDatabase(reflecting: amigo.engine, reflection: reflectionOptions)
        let oldStacks = earlierStacks + [stack]
        if keepingChanges {
            session = try session.handOver(to: fresh)
            amigo = fresh
        } else {
            try? session.close()
            amigo = fresh
            session = try fresh.openSession()
        }
        reflectedSchemaVersion = schemaVersion()
        failedGet = nil
        try reloadTables()
        var lost: [String] = []
        var rebuiltStacks: [[BrowseView]] = []
        for old in oldStacks {
            var views: [BrowseView] = []
            for view in old {
                guard let next = rebuilt(view, lost: &lost) else { break }
                views.append(next)
            }
            rebuiltStacks.append(views)
        }
        stack = rebuiltStacks.removeLast()
        earlierStacks = rebuiltStacks.filter { !$0.isEmpty }
        if keepingChanges {
            // The user's own DDL: only what it took away is worth a notice.
            if !lost.isEmpty { notice = lost.joined(separator: "; ") }
            return
        }
        let note = "the schema was changed by another program" + (lost.isEmpty ? "" : ": " + lost.joined(separator: "; "))
        notice = notice.map { note + "; " + $0 } ?? note
    }

    /// `view` on the newly reflected models, or nil when its table or relationship is gone.
    private func rebuilt(_ view: BrowseView, lost: inout [String]) -> BrowseView? {
        let next: BrowseView
        switch view.source {
        case .sql:
            return view
        case .table(let model):
            guard let fresh = try? amigo.model(named: model.name) else {
                lost.append("\(model.name) is gone")
                return nil
            }
            next = BrowseView(source: .table(fresh), title: view.title)
        case .relation(let owner, let relationship):
            guard let ownerModel = try? amigo.model(named: owner.model.name),
                  let freshRelationship = ownerModel.relationship(named: relationship.name),
                  let freshOwner = (try? session.query(ownerModel.name).get(owner.primaryKey)) ?? nil else {
                lost.append("\(relationship.name) of \(rowCaption(owner)) is gone")
                return nil
            }
            next = BrowseView(source: .relation(owner: freshOwner, relationship: freshRelationship), title: view.title)
        }
        next.followedFrom = view.followedFrom
        next.step = view.step
        next.filter = view.filter
        next.order = view.order
        if (try? load(next)) == nil {
            // The filter or the order names something that is gone: dropped, and said so.
            if let filter = view.filter { lost.append("filter \(filter) dropped from \(view.title)") }
            if let order = view.order { lost.append("order \(order.column) dropped from \(view.title)") }
            next.filter = nil
            next.order = nil
            guard (try? load(next)) != nil else {
                lost.append("\(view.title) cannot be read")
                return nil
            }
        }
        // The cursor on the same row (by its key) if it is still there, else at the same place.
        let record = view.window?.loadedRow(at: view.cursorRow)
        if let record, let row = try? position(of: record, in: next) {
            next.cursorRow = row
        } else {
            next.cursorRow = min(view.cursorRow, max(0, next.totalCount - 1))
        }
        next.topRow = max(0, next.cursorRow - (view.cursorRow - view.topRow))
        next.cursorColumn = min(view.cursorColumn, max(0, next.columns.count - 1))
        return next
    }

    /// ``refresh()`` when another program committed changes since the last read (and this
    /// session has none pending). Returns whether it refreshed.
    @discardableResult
    public func refreshIfChangedElsewhere() -> Bool {
        if !replacementNoticed, fileReplacedElsewhere {
            replacementNoticed = true
            notice = "\(displayPath) was moved, replaced or deleted by another program: what is shown is the file as it was opened; open it again to see what is there now"
            return true
        }
        guard pendingChanges == 0, fileChangedElsewhere else { return false }
        return (try? refresh()) != nil
    }

    /// Loads the current view again, keeping the cursor on the same row when it is still there
    /// (rows added or removed before it move it), else at the same position (clamped).
    func reloadCurrentView() throws {
        guard let view = current, view.isModelView else { return }
        let (row, top) = (view.cursorRow, view.topRow)
        // The row as it was read (fetching it now would read the file as it is after the change).
        let record = view.model?.table.primaryKey.isEmpty == false ? view.window?.loadedRow(at: row) : nil
        try load(view)
        view.cursorRow = min(row, max(0, view.totalCount - 1))
        let moved = record.flatMap { try? position(of: $0, in: view) }
        if let moved, moved != row {
            view.topRow = max(0, top + moved - row)
            view.cursorRow = moved
        } else {
            view.topRow = min(top, view.cursorRow)
        }
        if let record, moved == nil, view.totalCount > 0 {
            // The row on screen went away: what the cursor is on now was not chosen, so
            // set, relations and follow wait for a get or a move.
            let caption = rowCaption(record)
            failedGet = (ObjectIdentifier(view), view.cursorRow, "\(caption) was deleted (or left the view) elsewhere")
            notice = "\(caption) was deleted (or left the view) by another program"
        }
    }

    // MARK: Notices

    /// Something the user should know that no command of theirs caused (another program changed
    /// the file); shown once, then cleared.
    var notice: String?

    /// The pending notice, if any, which is then forgotten.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    // MARK: Loading

    /// Counts and prepares the rows of `view` (after its filter or order changed).
    func load(_ view: BrowseView) throws {
        guard view.isModelView else { return }
        // The tables list's counts are reused below only while nobody else changed the file.
        if pendingChanges == 0, fileChangedElsewhere { try reloadTables() }
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
        let window = try RowWindow(query: query, order: view.keysetOrder, total: total, pageSize: max(100, viewportRows * 2))
        view.window = window
        view.totalCount = total
        view.labels = [:]
        view.orderValues = [:]
        view.columnWidths = [:]
        view.cursorRow = min(view.cursorRow, max(0, total - 1))
        view.topRow = min(view.topRow, view.cursorRow)
        if view.cursorColumn >= view.columns.count { view.cursorColumn = max(0, view.columns.count - 1) }
    }

    /// Counts the current view exactly if its count was deferred (the terminal UI calls this when
    /// idle, after drawing). Returns whether anything changed.
    @discardableResult
    public func completeDeferredCounts() -> Bool {
        if let view = current, !view.countIsExact {
            return (try? completeCount(of: view)) != nil
        }
        // Then, one table of the list per call, so that a file of many huge tables never holds
        // up the keyboard for long.
        if let i = tables.firstIndex(where: \.isLowerBound) {
            do {
                // Counted row by row through a LIMIT subquery, not by SQLite's single COUNT(*) step,
                // so that the interrupt check runs during it and a key press stops it.
                tables[i].rowCount = try session.query(tables[i].name).limit(Int.max - 1).count()
            } catch AmigoError.database(let error) where error.code == 9 {
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
        guard !view.countIsExact, view.isModelView else { return }
        let query = try view.query(in: session)
        let total = try query.count()
        view.window = try RowWindow(query: query, order: view.keysetOrder, total: total, pageSize: max(100, viewportRows * 2))
        view.totalCount = total
        view.countIsExact = true
        if case .table(let model) = view.source, view.filter == nil,
           let i = tables.firstIndex(where: { $0.name == model.name }) {
            tables[i].rowCount = total
            tables[i].isLowerBound = false
        }
    }

    /// The row at absolute `index` of the current view (a model row), fetching if needed.
    public func record(at index: Int) throws -> Record? {
        guard let view = current, let window = view.window else { return nil }
        return try window.row(at: index)
    }

    /// The current row of the current view.
    public func currentRecord() throws -> Record? {
        guard let view = current else { return nil }
        return try record(at: view.cursorRow)
    }

    /// The values of the rows `range` of the current view (model rows or sql result rows).
    public func values(in range: Range<Int>) throws -> [[DatabaseValue]] {
        guard let view = current else { return [] }
        if let window = view.window { return try window.rows(in: range).map(\.values) }
        try loadSQLRows(view)
        let lower = min(max(0, range.lowerBound), view.sqlRows.count)
        let clamped = lower..<min(view.sqlRows.count, max(lower, range.upperBound))
        return clamped.isEmpty ? [] : Array(view.sqlRows[clamped])
    }

    // MARK: Filter and order

    /// Whether a narrowing (filter, `=`, order) pushes a new step on the navigation stack, which
    /// `back` pops, instead of changing the view in place. The terminal UI turns it on; text mode
    /// keeps changing the view in place.
    public var narrowingPushesSteps = false

    /// Runs `change` on the view to narrow: the current view, or with ``narrowingPushesSteps`` a
    /// copy pushed as a new step (popped again when `change` throws, so a bad filter leaves no step).
    private func narrowing(_ describe: (BrowseView) -> String, _ change: (BrowseView) throws -> Void) throws {
        guard narrowingPushesSteps, let view = current, view.isModelView else {
            guard let view = current else { throw ShellError.noView(command: "filter") }
            try change(view)
            return
        }
        let next = view.narrowedCopy()
        stack.append(next)
        do {
            try change(next)
        } catch {
            stack.removeLast()
            throw error
        }
        next.step = describe(next)
    }

    /// Sets (or with nil, clears) the current view's filter. A bad filter throws and the view is unchanged.
    public func setFilter(_ text: String?) throws {
        guard let view = current else { throw ShellError.noView(command: "filter") }
        guard view.isModelView else { throw ShellError.invalidValue("filter: a sql result cannot be filtered; add a WHERE clause") }
        let cleared = text?.trimmingCharacters(in: .whitespaces).isEmpty != false
        if cleared && view.filter == nil && narrowingPushesSteps { return }
        try narrowing({ $0.filter.map { "filter: \($0)" } ?? "all rows" }) { view in
            try applyFilter(text, to: view)
        }
    }

    private func applyFilter(_ text: String?, to view: BrowseView) throws {
        let old = (view.filter, view.cursorRow, view.topRow)
        view.filter = text?.trimmingCharacters(in: .whitespaces).isEmpty == true ? nil : text
        view.cursorRow = 0
        view.topRow = 0
        do { try load(view) } catch {
            (view.filter, view.cursorRow, view.topRow) = old
            try? load(view)
            // Placeholders take arguments in Swift; typed here, the value is written in place.
            if case AmigoError.argumentCountMismatch(_, 0, _) = error {
                throw ShellError.invalidValue("filter: %@ and other placeholders take arguments in Swift code; here, write the value itself ('text', 42, nil)")
            }
            throw error
        }
    }

    /// ANDs `column = value` (the current cell) onto the current filter.
    public func filterEqualToCurrentCell() throws {
        guard let view = current, view.isModelView else { throw ShellError.noView(command: "=") }
        guard let record = try currentRecord() else { throw ShellError.noCurrentRow(command: "=") }
        guard view.cursorColumn < view.modelColumns.count else { throw ShellError.noCurrentRow(command: "=") }
        let column = view.modelColumns[view.cursorColumn]
        let value = record.value(at: column.index)
        guard let literal = ValueText.filterLiteral(value) else {
            if case .blob = value { throw ShellError.invalidValue("=: cannot filter on a BLOB value") }
            throw ShellError.invalidValue("=: cannot filter on an infinite value")
        }
        let term = ValueText.keyPath(column.label) + " = " + literal
        // A condition the filter already ANDs in narrows nothing further: the filter stays as it is.
        if let filter = view.filter, case .comparison(let new)? = try? FilterParser.parse(term),
           let existing = try? FilterParser.parse(filter),
           case .keyPath(let path, _) = new.lhs,
           Explorer.conjuncts(of: existing).contains(where: { old in
               if case .keyPath(let oldPath, _) = old.lhs, oldPath.map({ $0.lowercased() }) == path.map({ $0.lowercased() }) {
                   return old.op == new.op && old.rhs == new.rhs && old.options == new.options
               }
               return false
           }) {
            return
        }
        try setFilter(view.filter.map { "(\($0)) AND \(term)" } ?? term)
    }

    /// The comparisons a filter ANDs together at its top level.
    static func conjuncts(of expression: FilterExpression) -> [FilterComparison] {
        switch expression {
        case .comparison(let c): return [c]
        case .and(let l, let r): return conjuncts(of: l) + conjuncts(of: r)
        default: return []
        }
    }

    /// Sorts the current view by `column` (nil: key order). Keeps the filter.
    public func setOrder(column: String?, descending: Bool) throws {
        guard let view = current else { throw ShellError.noView(command: "order") }
        guard let model = view.model else { throw ShellError.invalidValue("order: a sql result cannot be sorted; add ORDER BY") }
        try narrowing({ $0.order.map { "order: \($0.column)\($0.descending ? " desc" : "")" } ?? "key order" }) { view in
            try applyOrder(column: column, descending: descending, to: view, model: model)
        }
    }

    private func applyOrder(column: String?, descending: Bool, to view: BrowseView, model: ORMModel) throws {
        let old = view.order
        if let column {
            if let c = model.table.column(named: column) {
                view.order = (c.label, descending)
            } else if column.contains("."), !column.contains(" ") {
                // A related value (`artist.Name`) or a count (`albums.@count`): a path that leads
                // nowhere is refused here, by compiling the ordering, before the view changes.
                _ = try view.query(in: session).orderBy(column, ascending: !descending).limit(0).all()
                view.order = (column, descending)
            } else {
                let words = column.split(separator: " ")
                if words.count > 1, model.table.column(named: String(words[0])) != nil {
                    throw ShellError.usage(command: "order", usage: "order COLUMN [asc|desc] ('\(words.dropFirst().joined(separator: " "))' is neither)")
                }
                throw AmigoError.unknownColumn(column: column, model: model.name)
            }
        } else {
            view.order = nil
        }
        let (oldCursor, oldTop) = (view.cursorRow, view.topRow)
        view.cursorRow = 0
        view.topRow = 0
        do {
            try load(view)
            // The first page is read here, not when the screen is drawn: a sort cancelled with
            // Esc (or failing) leaves the view as it was, not sorted with nothing shown.
            _ = try view.window?.rows(in: 0..<viewportRows)
        } catch {
            (view.order, view.cursorRow, view.topRow) = (old, oldCursor, oldTop)
            try? load(view)
            throw error
        }
    }

    // MARK: Moving

    /// Moves the cursor to absolute row `index` (clamped) and scrolls it into view.
    public func moveCursor(to index: Int) {
        guard let view = current else { return }
        failedGet = nil
        if !view.countIsExact && index >= view.totalCount - viewportRows {
            // Going past what was counted: the exact count is needed now.
            try? completeCount(of: view)
        }
        let last = max(0, view.totalCount - 1)
        let target = min(max(0, index), last)
        var top = view.topRow
        if target < top { top = target }
        if target >= top + viewportRows { top = target - viewportRows + 1 }
        // The rows are read before the cursor moves: a read cancelled with Esc (a far page of a
        // view sorted by a computed value) leaves the cursor where it was.
        if let window = view.window, (try? window.rows(in: top..<(top + viewportRows))) == nil { return }
        view.cursorRow = target
        view.topRow = top
    }

    /// Moves the current column to `index` (clamped).
    public func moveColumn(to index: Int) {
        guard let view = current else { return }
        view.cursorColumn = min(max(0, index), max(0, view.columns.count - 1))
        if view.cursorColumn < view.leftColumn { view.leftColumn = view.cursorColumn }
    }

    /// A `get` that failed, and the view and row that were current then: `set` refuses to edit
    /// that row, which is not the one asked for (in `-c` and piped scripts nobody sees the cursor).
    var failedGet: (view: ObjectIdentifier, row: Int, reason: String)?

    /// The current row, for a command that acts on it; refused right after a failed `get`, whose
    /// row is not the one on the cursor.
    func chosenRecord(for command: String) throws -> Record {
        guard let view = current, let record = try currentRecord() else { throw ShellError.noCurrentRow(command: command) }
        if let failed = failedGet, failed.view == ObjectIdentifier(view), failed.row == view.cursorRow {
            throw ShellError.invalidValue("\(command): \(failed.reason), so no row was chosen; get a row first")
        }
        return record
    }

    /// Makes the row whose primary key is `key` current (`get 5`, `get 1,2` for composite keys).
    public func get(_ key: String) throws {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "get") }
        failedGet = (ObjectIdentifier(view), view.cursorRow, "the last get (\(key)) failed")
        try findRow(key, view: view, model: model)
        failedGet = nil
    }

    private func findRow(_ key: String, view: BrowseView, model: ORMModel) throws {
        let keyColumns = model.table.primaryKey
        if keyColumns.isEmpty && !model.table.hasRowID {
            let why = model.table.isView ? "is a view" : model.table.column(named: "rowid") != nil ? "has no primary key, and its own rowid column hides SQLite's" : "has no key"
            throw ShellError.invalidValue("get: \(model.name) \(why), so rows cannot be looked up by key; use filter")
        }
        let parts = Explorer.keyParts(key)
        if !keyColumns.isEmpty && parts.count != keyColumns.count {
            throw ShellError.invalidValue("get: \(model.name)'s key has \(keyColumns.count) column(s) (\(keyColumns.map(\.label).joined(separator: ", "))); \(parts.count) value(s) given")
        }
        let values: [DatabaseValue] = keyColumns.isEmpty
            ? parts.map { ValueText.parse($0, for: nil) }
            : zip(parts, keyColumns).map { ValueText.parse($0, for: $1) }
        guard let found = try session.query(model.name).get(values) else {
            throw ShellError.invalidValue("get: no \(model.name) row with key \(key)")
        }
        // Find its position in the view: count the rows before it in the view's order.
        if let index = try position(of: found, in: view) {
            moveCursor(to: index)
        } else {
            throw ShellError.invalidValue("get: \(model.name) \(key) exists but is not in this view (\(restriction(of: view)))")
        }
    }

    /// What keeps rows out of `view`: `albums of Artist 1 "AC/DC"; filter: Title CONTAINS[c] 'x'`.
    func restriction(of view: BrowseView) -> String {
        var parts: [String] = []
        if case .relation(let owner, let relationship) = view.source {
            parts.append("only the \(relationship.name) of \(rowCaption(owner))")
        }
        parts.append("filter: \(view.filter ?? "none")")
        return parts.joined(separator: "; ")
    }

    // MARK: Finding

    /// The columns `find` searches when no column is given: every text column.
    static func searchableColumns(of model: ORMModel) -> [Column] {
        model.table.columns.filter { $0.kind == .text || $0.declaredType.isEmpty }
    }

    /// Moves the cursor to the next row of the current view (in its order) whose `column` — or any
    /// text column, when nil — contains `text` (case-insensitive), starting at the cursor row when
    /// `includingCurrent`, else after it (before it when `backward`), wrapping around at the end.
    /// One query with LIMIT 1 from the cursor on (a keyset condition after the current row, AND
    /// the search condition), so a table of millions of rows is never read whole.
    /// Returns a message: `found …` or `… (wrapped)`; throws when nothing matches.
    @discardableResult
    public func find(_ text: String, column: Int?, backward: Bool = false, includingCurrent: Bool = false) throws -> String {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "find") }
        guard !text.isEmpty else { throw ShellError.invalidValue("find: type something to look for") }
        let columns: [Column]
        if let column {
            guard column < view.modelColumns.count else { throw ShellError.noView(command: "find") }
            columns = [view.modelColumns[column]]
        } else {
            columns = Explorer.searchableColumns(of: model)
        }
        guard !columns.isEmpty else { throw ShellError.invalidValue("find: \(model.name) has no text column to search") }
        let condition = columns.map { ValueText.keyPath($0.label) + " CONTAINS[c] %@" }.joined(separator: " OR ")
        let base = try view.query(in: session)
        let matching = base.filter(columns.count > 1 ? "(\(condition))" : condition,
                                   arguments: Array(repeating: .value(.text(text)), count: columns.count))
        let place = column.map { "in \(view.columns[$0])" } ?? "in any text column"
        if view.keysetOrder.contains(where: \.isComputed) {
            throw ShellError.invalidValue("find: the view is sorted by a computed value; sort by a column (or Backspace) to find")
        }
        guard let keyset = try base.keysetColumns(for: view.keysetOrder) else {
            throw ShellError.invalidValue("find: \(model.name) has no key to search from; use / to filter")
        }
        var anchor: Record?
        if includingCurrent && !backward {
            anchor = view.cursorRow > 0 ? try record(at: view.cursorRow - 1) : nil
        } else {
            anchor = try record(at: view.cursorRow)
        }
        let anchorValues = anchor.map { Query<Record>.keysetValues(keyset, of: $0) }
        var wrapped = false
        var found = try matching.seek(keyset, after: anchorValues, backward: backward).first()
        if found == nil, anchorValues != nil {
            found = try matching.seek(keyset, after: nil, backward: backward).first()
            wrapped = true
        }
        guard let found, let index = try position(of: found, in: view) else {
            throw ShellError.invalidValue("find: no row \(place) contains '\(text)'")
        }
        moveCursor(to: index)
        return "found '\(text)' \(place): row \(index + 1) of \(view.totalCount)\(view.countIsExact ? "" : "+")"
            + (wrapped ? " (wrapped around)" : "") + " · n next, N previous"
    }

    /// The values of a typed key, split at commas outside quotes: `1,'a,b'` is two values.
    static func keyParts(_ key: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for c in key {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "," {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current)
        return parts
    }

    /// The absolute index of `record` in `view`, or nil when the view does not contain it.
    func position(of record: Record, in view: BrowseView) throws -> Int? {
        let query = try view.query(in: session)
        if view.keysetOrder.contains(where: \.isComputed), let order = try query.keysetColumns(for: view.keysetOrder) {
            // No stored value to compare with: walk the view in its order until the row comes.
            var ordered = query
            for column in order { ordered = ordered.orderBy(column.name, ascending: column.ascending) }
            let key = record.primaryKey
            var index = 0
            var found: Int?
            try ordered.forEach { row in
                if row.primaryKey == key { found = index; return false }
                index += 1
                return true
            }
            return found
        }
        guard let keyset = try query.keysetColumns(for: view.keysetOrder) else { return nil }
        let values = Query<Record>.keysetValues(keyset, of: record)
        // Rows before it = rows "after" it going backward.
        let pk = record.primaryKey
        let contains = try query.get(pk) != nil || (record.model.table.primaryKey.isEmpty && record.rowID != nil)
        guard contains else { return nil }
        return try query.seek(keyset, after: values, backward: true).count()
    }

    // MARK: Relationships

    /// The current row's relationships with their row counts.
    public func relations() throws -> [(relationship: Relationship, count: Int)] {
        guard let view = current, view.isModelView else { throw ShellError.noView(command: "relations") }
        let record = try chosenRecord(for: "relations")
        return try session.relatedCounts(of: record)
    }

    /// The label of the row each to-one relationship of the current row points at (`AC/DC` for
    /// an album's `artist`), by index in `relationships`; a relationship that points at no row, or
    /// at a row with nothing to name it, has none.
    public func toOneLabels(_ relationships: [Relationship]) -> [Int: String] {
        guard let record = try? currentRecord() else { return [:] }
        var labels: [Int: String] = [:]
        for (i, relationship) in relationships.enumerated() where relationship.kind == .toOne {
            guard let parent = (try? session.query(relationship.target.name).using(record).relationship(relationship.name).first()) ?? nil else { continue }
            let key = parent.primaryKey.map(ValueText.display).joined(separator: ",")
            labels[i] = LabelColumn.label(of: parent) ?? key
        }
        return labels
    }

    /// What a relationship goes through: `ArtistId`, `Track.AlbumId`, `PlaylistTrack`.
    public static func throughText(_ relationship: Relationship) -> String {
        switch relationship.kind {
        case .toOne:
            return relationship.sourceColumns.map(\.label).joined(separator: ",")
        case .oneToMany:
            return relationship.target.name + "." + relationship.targetColumns.map(\.label).joined(separator: ",")
        case .manyToMany:
            return relationship.junction?.name ?? relationship.target.name
        }
    }

    /// Opens the rows relationship `name` of the current row leads to (a new view on the stack).
    public func follow(_ name: String) throws {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "follow") }
        let record = try chosenRecord(for: "follow")
        guard let relationship = model.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
        }
        let next = BrowseView(source: .relation(owner: record, relationship: relationship), title: relationship.name)
        try load(next)
        view.followedFrom = rowCaption(record)
        stack.append(next)
    }

    /// Follows the to-one relationship whose foreign key is the current column, if it is one.
    /// Returns false when the current column is not a foreign key.
    @discardableResult
    public func followForeignKeyAtCursor() throws -> Bool {
        guard let view = current, let model = view.model else { return false }
        guard view.cursorColumn < view.modelColumns.count else { return false }
        let column = view.modelColumns[view.cursorColumn]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.contains { $0 === column } }) else {
            return false
        }
        let record = try chosenRecord(for: "follow")
        if record.value(at: column.index).isNull { throw ShellError.invalidValue("\(column.label) is NULL: no \(relationship.target.name) to jump to") }
        try follow(relationship.name)
        return true
    }

    /// Returns to the previous view, with its filter, order, cursor and scroll as they were.
    public func back() throws {
        if stack.count <= 1 {
            guard let previous = earlierStacks.popLast() else { throw ShellError.nothingToGoBack }
            stack = previous
        } else {
            stack.removeLast()
        }
        if let view = current {
            view.followedFrom = nil
            // Counts may have changed through edits; keep the position.
            let (row, top) = (view.cursorRow, view.topRow)
            try load(view)
            view.cursorRow = min(row, max(0, view.totalCount - 1))
            view.topRow = min(top, view.cursorRow)
        }
    }

    /// The breadcrumb: `Artist 1 "AC/DC" › albums › Album 1 "For Those…" › tracks`.
    public var breadcrumb: String {
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

    /// `Album 1 "For Those About To Rock"`: the row's model, key and label.
    public func rowCaption(_ record: Record) -> String {
        let key = record.primaryKey.map(ValueText.display).joined(separator: ",")
        var caption = key.isEmpty ? record.model.name : "\(record.model.name) \(key)"
        if let label = LabelColumn.label(of: record) { caption += " \"\(DisplayWidth.truncate(label, to: 24))\"" }
        return caption
    }

    // MARK: Computed order values

    /// The path the current view is sorted by when it is computed (`albums.@count`,
    /// `artist.Name`): not a column of the rows, so the grid shows it as a column of its own.
    public var computedOrderPath: String? {
        guard let view = current, let order = view.order, order.column.contains(".") else { return nil }
        return order.column
    }

    /// The computed order value of each row in `rows` of the current view (cached in the view):
    /// a count (`albums.@count`) or a value through to-one links (`album.artist.Name`).
    public func computedOrderValues(rows: Range<Int>) -> [DatabaseValue] {
        guard let view = current, let path = computedOrderPath else { return [] }
        return rows.map { index in
            if let known = view.orderValues[index] { return known }
            guard let record = try? record(at: index) else { return .null }
            let value = (try? orderValue(path, of: record)) ?? .null
            view.orderValues[index] = value
            return value
        }
    }

    private func orderValue(_ path: String, of record: Record) throws -> DatabaseValue {
        var parts = path.split(separator: ".").map(String.init)
        let last = parts.removeLast()
        var row = record
        for (i, part) in parts.enumerated() {
            guard let relationship = row.model.relationship(named: part) else { return .null }
            let related = session.query(relationship.target.name).using(row).relationship(relationship.name)
            if last == "@count" && i == parts.count - 1 { return .integer(Int64(try related.count())) }
            guard relationship.kind == .toOne, let next = try related.first() else { return .null }
            row = next
        }
        guard let column = row.model.table.column(named: last) else { return .null }
        return row.value(at: column.index)
    }

    // MARK: Foreign-key labels

    /// The label of the row a foreign-key cell points at (`AC/DC` for `ArtistId` 1), fetched for
    /// `rows` at once and cached in the view. Nil when the column is not a foreign key or the
    /// parent has no text column to show.
    public func foreignKeyLabels(column index: Int, rows: [[DatabaseValue]]) -> [DatabaseValue: String] {
        guard let view = current, let model = view.model, index < view.modelColumns.count else { return [:] }
        let column = view.modelColumns[index]
        guard let relationship = model.relationships.first(where: { $0.kind == .toOne && $0.sourceColumns.count == 1 && $0.sourceColumns[0] === column }),
              LabelColumn.columns(of: relationship.target) != nil, let key = relationship.targetColumns.first else { return [:] }
        var cache = view.labels[index] ?? [:]
        let missing = Array(Set(rows.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isNull && cache[$0] == nil }))
        if !missing.isEmpty {
            let filter = ValueText.keyPath(key.label) + " IN %@"
            if let parents = try? session.query(relationship.target.name).filter(filter, arguments: [.list(missing)]).all() {
                // A NULL label falls back to the next readable column or the key; labels equal for
                // different rows get the key added, so that `1 → product` and `8 → product` differ.
                let labelled = parents.map { ($0, LabelColumn.label(of: $0) ?? ValueText.display($0.value(at: key.index))) }
                var seen: [String: Int] = [:]
                for (_, label) in labelled { seen[label, default: 0] += 1 }
                for (parent, label) in labelled {
                    let keyText = ValueText.display(parent.value(at: key.index))
                    let text = (seen[label] ?? 0) > 1 && label != keyText ? "\(label) (\(keyText))" : label
                    cache[key.kind.toDatabase(parent.value(at: key.index))] = text
                    cache[parent.value(at: key.index)] = text
                }
            }
            for value in missing where cache[value] == nil { cache[value] = "" }
            view.labels[index] = cache
        }
        return cache
    }

    // MARK: Editing

    /// The UPDATE that setting `column` of the current row to the typed `text` would run.
    public func previewEdit(column: String, text: String) throws -> PendingEdit {
        guard let view = current, let model = view.model else { throw ShellError.noView(command: "set") }
        try checkEditable(model)
        let record = try chosenRecord(for: "set")
        guard let c = model.table.column(named: column) else { throw AmigoError.unknownColumn(column: column, model: model.name) }
        // The session finds the row by its primary key, so changing the key would aim the UPDATE
        // at the row that has the *new* key (`SET "TrackId" = 99 WHERE "TrackId" = 99`).
        if c.primaryKey { throw ShellError.invalidValue("set: \(c.label) is part of \(model.name)'s primary key and cannot be edited") }
        let value = try ValueText.parseEdit(text, for: c)
        let copy = Record(model)
        copy.values = record.values
        copy.rowID = record.rowID
        copy.values[c.index] = value
        let statement = try session.previewUpdate(copy, columns: [c.label])
        return PendingEdit(row: view.cursorRow, record: record, column: c.label, value: value, sql: statement.sql, arguments: statement.arguments)
    }

    /// Throws the reason rows of `model` cannot be edited at all: it is a view, or the database is
    /// open read-only — said before any UPDATE is previewed or a value is asked for, not after.
    public func checkEditable(_ model: ORMModel) throws {
        if model.table.isView { throw ShellError.invalidValue("set: \(model.name) is a view and cannot be edited") }
        if amigo.engine.isReadOnly { throw AmigoError.readOnly(path: amigo.engine.path, operation: "edit rows") }
    }

    /// Runs a previewed edit inside the session (nothing is written to the file until commit).
    @discardableResult
    public func apply(_ edit: PendingEdit) throws -> (sql: String, arguments: [DatabaseValue]) {
        guard let view = current else { throw ShellError.noView(command: "set") }
        let record = edit.record
        let old = record.values
        try record.set(edit.column, edit.value)
        do {
            let statement = try session.update(record, columns: [edit.column])
            // The view's labels and counts may change; reload, keeping the cursor.
            let (row, top) = (view.cursorRow, view.topRow)
            try load(view)
            view.cursorRow = min(row, max(0, view.totalCount - 1))
            view.topRow = min(top, view.cursorRow)
            return statement
        } catch {
            record.values = old
            throw error
        }
    }

    /// Commits the session, then reads again what other programs committed meanwhile (their
    /// changes could not be seen, or their schema changes reflected, while edits were pending).
    public func commit() throws {
        try session.commit()
        schemaChangesPending = 0
        try refresh()
    }

    /// Rolls the session back and reloads the current view.
    public func rollback() throws {
        try session.rollback()
        schemaChangesPending = 0
        // DDL rolled back: the models go back to the schema as it is again.
        if schemaVersion() != reflectedSchemaVersion { try reflectAgain(keepingChanges: true); _ = takeNotice() }
        try reloadTables()
        try reloadCurrentView()
    }

    /// Ends the session's read transaction when nothing is pending and begins the next (whose
    /// BEGIN takes no lock until the next read), so that an idle explorer never keeps other
    /// programs from writing the file. Not echoed: it is housekeeping, not the user's SQL.
    public func releaseIdleLocks() {
        guard pendingChanges == 0, amigo.engine.isInTransaction else { return }
        let echoing = isEchoOn
        isEchoOn = false
        defer { isEchoOn = echoing }
        try? session.refresh()
    }

    /// Rows changed in the session and not yet committed.
    public var pendingChanges: Int { session.pendingChangeCount + schemaChangesPending }

    // MARK: Raw SQL

    /// Runs a read-only statement and shows its result as a view (the first ``sqlRowCap`` rows kept).
    public func runSQL(_ sql: String) throws {
        try checkReadOnly(sql)
        var columns: [String] = []
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try amigo.engine.fetch(sql, [], columns: { columns = $0 }) { row in
            if rows.count >= Explorer.sqlRowCap { truncated = true; return false }
            rows.append(row.values)
            return true
        }
        pushSQLView(BrowseView(sql: sql, columns: columns, rows: rows, truncated: truncated))
    }

    /// Runs a read-only statement for text mode, handing its column names and then each row to
    /// `columns` and `row` as SQLite reads them, keeping none; the result becomes the current
    /// view (its rows read again if a later command needs them). Returns the row count.
    @discardableResult
    public func streamSQL(_ sql: String, columns: ([String]) throws -> Void, row: ([DatabaseValue]) throws -> Void) throws -> Int {
        try checkReadOnly(sql)
        var names: [String] = []
        let count = try amigo.engine.fetch(sql, [], columns: { names = $0; try columns($0) }) { try row($0.values); return true }
        pushSQLView(BrowseView(sql: sql, columns: names, streamedCount: count))
        return count
    }

    /// A result replaces the previous result rather than piling up behind it (back returns to the table).
    private func pushSQLView(_ view: BrowseView) {
        if let top = stack.last, !top.isModelView { stack.removeLast() }
        stack.append(view)
    }

    /// Reads a streamed `sql` result's rows (the first ``sqlRowCap``) for a command that needs them.
    func loadSQLRows(_ view: BrowseView) throws {
        guard !view.sqlRowsLoaded, case .sql(let sql) = view.source else { return }
        var rows: [[DatabaseValue]] = []
        var truncated = false
        try amigo.engine.fetch(sql, []) { row in
            if rows.count >= Explorer.sqlRowCap { truncated = true; return false }
            rows.append(row.values)
            return true
        }
        view.sqlRows = rows
        view.sqlTruncated = truncated
        view.totalCount = truncated ? max(view.totalCount, rows.count) : rows.count
        view.sqlRowsLoaded = true
    }

    /// Throws ``ShellError/notReadOnly`` unless SQLite says `sql` only reads.
    func checkReadOnly(_ sql: String) throws {
        let readOnly: Bool
        do {
            readOnly = try amigo.engine.isReadOnlyStatement(sql)
        } catch {
            // A write that SQLite cannot even prepare (a DELETE on the parent of a broken foreign
            // key, say) is refused as a write, not with the error its preparation gave.
            let first = SQLText.leadingKeyword(of: sql)
            if ["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "VACUUM", "REINDEX", "ATTACH", "DETACH", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(first) {
                throw ShellError.notReadOnly
            }
            throw error
        }
        guard readOnly else { throw ShellError.notReadOnly }
    }
}

/// An edit waiting for confirmation: the exact UPDATE and its bound values.
public struct PendingEdit {
    /// The row index in the view.
    public let row: Int
    /// The row.
    public let record: Record
    /// The column.
    public let column: String
    /// The new value.
    public let value: DatabaseValue
    /// The statement.
    public let sql: String
    /// Its arguments.
    public let arguments: [DatabaseValue]

    /// `UPDATE "Artist" SET "Name" = ? WHERE "ArtistId" = ?  ['AC/DC!', 1]`.
    public var preview: String { sql + "  [" + arguments.map(\.description).joined(separator: ", ") + "]" }
}

/// Picks the column that names a row: `Name`, `Title`, `FirstName LastName`, or the first text column.
public enum LabelColumn {
    /// The label columns of `model`, or nil when it has no text column.
    public static func columns(of model: ORMModel) -> [Column]? {
        let text = model.table.columns.filter { ($0.kind == .text || $0.declaredType.isEmpty) && !$0.primaryKey }
        let lower = { (c: Column) in c.label.lowercased().replacingOccurrences(of: "_", with: "") }
        if let first = text.first(where: { lower($0) == "firstname" }), let last = text.first(where: { lower($0) == "lastname" }) {
            return [first, last]
        }
        for wanted in ["name", "title", "label", "description"] {
            if let c = text.first(where: { lower($0) == wanted }) { return [c] }
        }
        for suffix in ["name", "title"] {
            if let c = text.first(where: { lower($0).hasSuffix(suffix) }) { return [c] }
        }
        // A readable text key (`dept_name`) names the row itself, and a row keyed by several
        // columns (an enrolment: student, course, term) is named by them; another text column
        // (its grade, say) would only mislead. So would a foreign key, which names another row.
        let key = model.table.primaryKey
        if key.count > 1 || (key.count == 1 && key[0].kind == .text) { return nil }
        let foreign = Set(model.table.foreignKeys.flatMap { $0.columns.map { $0.lowercased() } }
            + model.relationships.filter { $0.kind == .toOne }.flatMap { $0.sourceColumns.map { $0.label.lowercased() } })
        return text.first { !foreign.contains($0.label.lowercased()) }.map { [$0] }
    }

    /// The label of a row, or nil: the label columns' text, or when it is NULL or empty, the next
    /// readable text column that is not a link (never `∅`).
    public static func label(of record: Record) -> String? {
        guard let columns = columns(of: record.model) else { return nil }
        let values = columns.map { record.value(at: $0.index) }
        if !values.allSatisfy(\.isNull) {
            let text = values.map(ValueText.display).joined(separator: " ")
            if !text.trimmingCharacters(in: .whitespaces).isEmpty { return text }
        }
        let links = Set(record.model.relationships.filter { $0.kind == .toOne }.flatMap { $0.sourceColumns.map(ObjectIdentifier.init) })
        for column in record.model.table.columns where (column.kind == .text || column.declaredType.isEmpty) && !column.primaryKey
            && !columns.contains(where: { $0 === column }) && !links.contains(ObjectIdentifier(column)) {
            let value = record.value(at: column.index)
            if case .text(let text) = value, !text.trimmingCharacters(in: .whitespaces).isEmpty { return ValueText.display(value) }
        }
        return nil
    }
}
