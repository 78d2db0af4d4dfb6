import Amigo
import Foundation

/// A table or view of the database, as listed by `tables`.
public struct TableSummary: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Whether it is a view.
    public var isView: Bool
    /// The partitioned table it is a partition of (PostgreSQL), or nil.
    public var partitionOf: String? = nil
    /// Its row count, or nil when it could not be counted (a broken view).
    public var rowCount: Int?
    /// Whether ``rowCount`` is not the exact count yet: the table has more rows than
    /// ``Explorer/tableCountLimit``, or (``rowCount`` nil) a view not counted yet.
    public var isLowerBound: Bool = false
    /// Why the table or view cannot be read (an unknown tokenizer, module or collation), or nil.
    public var unreadableReason: String? = nil
    /// While ``isLowerBound``: the engine's estimate of the row count (PostgreSQL's
    /// `reltuples`), when it has one above the bound.
    public var estimate: Int? = nil

    /// What the tables list writes before the name: `✗ ` unreadable, `◦ ` a view, `└ ` a
    /// partition (listed under its parent).
    public var listMark: String {
        unreadableReason != nil ? "✗ " : isView ? "◦ " : partitionOf != nil ? "└ " : ""
    }

    /// `table`, `view` or `partition of PARENT`, and `, unreadable`, as `tables` writes it.
    public var kindText: String {
        (isView ? "view" : partitionOf.map { "partition of " + $0 } ?? "table") + (unreadableReason == nil ? "" : ", unreadable")
    }

    /// Whether the count waits for idle time (a view, whose query may run for minutes).
    public var isCountPending: Bool { isLowerBound && rowCount == nil }

    /// `3503`, `100000+`, `~5000000` (an estimate, until the exact count comes), `…` (a view
    /// not counted yet, with no estimate), or `?` (could not be counted).
    public var countText: String {
        guard let rowCount else { return isCountPending ? estimate.map { "~\($0)" } ?? "…" : "?" }
        if isLowerBound, let estimate, estimate > rowCount { return "~\(estimate)" }
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
    public internal(set) var amigo: AmigoDatabase
    /// The session every query and edit goes through.
    public internal(set) var session: Session
    /// The path shown in the title.
    public let displayPath: String
    /// Schema changes (DDL run with `sql`) not yet committed: pending like changed rows.
    var schemaChangesPending = 0
    /// Writes run with `sql` that report no rows (TRUNCATE, DO, REFRESH MATERIALIZED VIEW) not
    /// yet committed: pending like changed rows, so that the idle rollback never drops them.
    var unreportedWritesPending = 0
    /// A commit that failed because the connection was lost: how many changes it carried, and
    /// whether the server may have kept them (the connection broke with no word from the
    /// server, so the COMMIT may have reached it) — said by ``reconnect()`` and the UI.
    var commitLostWithConnection: (changes: Int, uncertain: Bool)?
    /// Tables and views with their row counts.
    public internal(set) var tables: [TableSummary] = []
    /// The views, oldest first; the last is on screen.
    public internal(set) var stack: [BrowseView] = []
    /// The statements the session ran.
    public let echoLog: EchoLog
    /// The uncommitted writes, in order, each undoable alone while it is the last (`changes`, `undo`).
    public let changeLog = PendingChangeLog()
    /// The commands run this session, with when, how long, rows and failure (`history`).
    public internal(set) var history = CommandHistory()
    /// Queries saved by name for this database (`save`, `run`), in a plain file under the user's
    /// data folder; set from the environment when first used.
    public lazy var savedQueries = SavedQueries(database: isSQLite ? amigo.engine.path : displayPath,
                                                environment: ProcessInfo.processInfo.environment)
    /// Rows printed per view in text mode.
    public var textLimit = 20
    /// Rows shown on screen at once (set by the layout), used to size fetches.
    public var viewportRows = 20
    /// Most rows kept from a raw `sql` statement.
    public static let sqlRowCap = 10_000
    /// Most characters of a text value (bytes of a blob) the grid reads of each cell; a longer
    /// value is read whole only for what needs it (the row's detail, an edit, `=`, an export).
    public var cellPrefixLength = 1024
    /// Characters of a value longer than ``cellPrefixLength`` shown before its size (`…(5.0 MB)`),
    /// so that the size fits in a grid column.
    public var cutCellShownLength = 24

    /// Whether the database is a SQLite file (not a PostgreSQL server): the file guards, PRAGMAs
    /// and SQLite's schema text apply only then.
    public var isSQLite: Bool { amigo.engine.dialect is SQLiteDialect }

    /// What stands in for SQLite's `schema_version` on other engines, which have no such counter:
    /// raised by DDL run with `sql` (CREATE, DROP, ALTER) and by rolling such DDL back.
    var catalogGeneration: Int64 = 0

    /// The database file `export` must never write over: the engine's path for SQLite, none
    /// (empty) for a server, whose "path" is a connection target.
    public var databaseFile: String { isSQLite ? amigo.engine.path : "" }

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
        // A damaged schema and stand-in collations are said once, when the file opens.
        let damaged = amigo.reflectionWarnings.filter { $0.hasPrefix("the schema is damaged") }
        let collations = damaged + amigo.engine.collationSubstitutes.map(\.notice)
        if !collations.isEmpty { notice = collations.joined(separator: "; ") }
    }

    /// When the pending changes of the session's transaction were first noticed (see
    /// ``pendingTransactionAge(now:)``), or nil when none are pending.
    var pendingSince: Date?

    /// Whether ``tables`` holds counts from before a script's writes (read again when listed).
    var tableCountsAreStale = false

    /// The device and inode of the database file when it was opened (nil in memory).
    let openedFile: [UInt64]?
    /// Whether the notice that the file was replaced has been given.
    var replacementNoticed = false

    /// The device and inode of the file at `path`, or nil when there is none.
    static func fileIdentity(_ path: String) -> [UInt64]? {
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
        // Unknown when it cannot be read: the next check then reads everything again.
        readVersion = try? dataVersion()
        tableCountsAreStale = false
        let counted = Dictionary(tables.filter { $0.isView && !$0.isLowerBound && $0.rowCount != nil }.map { ($0.name, $0) },
                                 uniquingKeysWith: { first, _ in first })
        tables = Explorer.partitionsUnderTheirParents(amigo.models.filter { !$0.name.isEmpty }.map { model in
            var summary = summary(of: model, counted: counted)
            summary.partitionOf = model.table.partitionOf
            return summary
        })
    }

    /// `tables` with each partition moved to just after its parent (in name order), where the
    /// parent is listed.
    static func partitionsUnderTheirParents(_ tables: [TableSummary]) -> [TableSummary] {
        let names = Set(tables.map(\.name))
        let partitions = Dictionary(grouping: tables.filter { $0.partitionOf.map(names.contains) == true }, by: { $0.partitionOf! })
        guard !partitions.isEmpty else { return tables }
        func withPartitions(_ table: TableSummary) -> [TableSummary] {
            [table] + (partitions[table.name] ?? []).sorted { $0.name < $1.name }.flatMap(withPartitions)
        }
        return tables.filter { $0.partitionOf.map(names.contains) != true }.flatMap(withPartitions)
    }

    /// The summary of `model` for the tables list: counted up to ``tableCountLimit`` (a view
    /// waits for idle time, unless already in `counted`).
    private func summary(of model: ORMModel, counted: [String: TableSummary]) -> TableSummary {
        if let reason = model.table.unreadableReason {
            return TableSummary(name: model.name, isView: model.table.isView, rowCount: nil, unreadableReason: reason)
        }
        let query = session.query(model.name)
        guard let limit = tableCountLimit else {
            return TableSummary(name: model.name, isView: model.table.isView, rowCount: try? query.count())
        }
        // A view can take any time to count (it runs its query): never waited for here. It
        // shows the engine's estimate until it is counted as idle work (``completeDeferredCounts()``),
        // or when it is opened; that count is kept (a server's busy view is not run again
        // after every commit anywhere) until the view is opened again.
        if model.table.isView, tableCountLimit != nil, let known = counted[model.name] { return known }
        if model.table.isView {
            return TableSummary(name: model.name, isView: true, rowCount: nil, isLowerBound: true,
                                estimate: amigo.engine.estimatedRowCount(of: model.name))
        }
        // Counting stops after `limit` rows, so a list of huge tables opens at once; the
        // engine's estimate (if it keeps one) says how huge until the exact count comes.
        let count = try? query.limit(limit + 1).count()
        var summary = TableSummary(name: model.name, isView: model.table.isView, rowCount: count.map { Swift.min($0, limit) },
                                   isLowerBound: (count ?? 0) > limit)
        if summary.isLowerBound { summary.estimate = amigo.engine.estimatedRowCount(of: model.name) }
        return summary
    }

    /// Counting in the tables list stops at this many rows (shown as `100000+`); nil counts exactly.
    /// The terminal UI sets it (and amigo-shell on a server, in text mode too); text mode's `tables`
    /// on a file counts exactly. Opening a table counts it exactly.
    public var tableCountLimit: Int?

    /// Navigation stacks left by `open`, most recent last; `back` from a table opened directly
    /// returns to the last of them.
    var earlierStacks: [[BrowseView]] = []

    /// Where navigation stood (the view stack and the stacks `back` returns to), to put back
    /// exactly after a preview: the table prompt opens a table as `Track/snow` is typed, and Esc
    /// returns to where it was opened.
    struct NavigationSnapshot {
        let stack: [BrowseView]
        let earlierStacks: [[BrowseView]]
    }

    /// Where navigation stands now.
    func navigationSnapshot() -> NavigationSnapshot { NavigationSnapshot(stack: stack, earlierStacks: earlierStacks) }

    /// Puts navigation back where `snapshot` was taken (the views keep their rows and cursors).
    func restoreNavigation(_ snapshot: NavigationSnapshot) {
        stack = snapshot.stack
        earlierStacks = snapshot.earlierStacks
    }

    /// SQLite's data version (`PRAGMA data_version`) when the table counts were last read: it
    /// changes when another connection commits, so counts and rows read before are stale.
    var readVersion: Int64?

    /// SQLite's schema version (`PRAGMA schema_version`) when the models were reflected.
    var reflectedSchemaVersion: Int64?

    // MARK: Notices

    /// Something the user should know that no command of theirs caused (another program changed
    /// the file); shown once, then cleared.
    var notice: String?

    /// The pending notice, if any, which is then forgotten.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// Whether a narrowing (filter, `=`, order) pushes a new step on the navigation stack, which
    /// `back` pops, instead of changing the view in place. The terminal UI turns it on; text mode
    /// keeps changing the view in place.
    public var narrowingPushesSteps = false

    /// Whether `open` and `follow` read the rows on screen before the view goes on the stack, so
    /// that a slow one cancelled with Esc leaves navigation where it was and is not run again
    /// by the next frame. The terminal UI turns it on; text mode reads rows when it prints them.
    public var readsFirstScreenOnOpen = false

    /// A `get` that failed, and the view and row that were current then: `set` refuses to edit
    /// that row, which is not the one asked for (in `-c` and piped scripts nobody sees the cursor).
    var failedGet: (view: ObjectIdentifier, row: Int, reason: String)?
}

