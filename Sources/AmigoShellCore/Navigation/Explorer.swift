import Amigo
import Foundation

/// The navigation state of amigo-shell and every action on it, independent of any terminal: a
/// facade that wires the parts, each owning its state, and forwards to them.
///
/// An explorer drives one Amigo ``Session`` on models reflected from the file: opening a table,
/// filtering, sorting, following relationships and editing all go through that session's query
/// API, so the echo stream shows every statement. The parts: ``BrowsedDatabase`` (models and
/// session), ``PendingTransaction``, ``ChangeWatcher``, ``TableList``, ``ViewLoader``,
/// ``Navigator`` (the view stack; ``back()`` pops it), ``Exporter``, and the stateless `Editor`,
/// `TransactionEnding`, `Refresher`, `QueryRunner` and `RowFinder` made over them when asked for. Commands are dispatched in ``execute(_:)``.
public final class Explorer {
    /// What is browsed: the models, engine and session, replaced together on re-reflection.
    package let database: BrowsedDatabase
    /// The session's pending changes and their log.
    package let pending: PendingTransaction
    /// What changed under the explorer: other programs' commits, schema changes, a replaced file.
    package let watcher: ChangeWatcher
    /// The tables and views with their row counts.
    package let tableList: TableList
    /// Reads the views' counts and rows.
    package let loader: ViewLoader
    /// The views and the way between them.
    package let navigator: Navigator
    /// Writes what `export` asks for.
    package let exporter: Exporter

    /// The models and engine (reflected again when another program changes the schema).
    public var amigo: AmigoDatabase { database.amigo }
    /// The session every query and edit goes through.
    public var session: Session { database.session }
    /// The path shown in the title.
    public var displayPath: String { database.displayPath }
    /// The statements the session ran.
    package let echoLog: EchoLog
    /// The uncommitted writes, in order, each undoable alone while it is the last (`changes`, `undo`).
    package var changeLog: PendingChangeLog { pending.changeLog }
    /// The commands run this session, with when, how long, rows and failure (`history`).
    package internal(set) var history = CommandHistory()
    /// Queries saved by name for this database (`save`, `run`), in a plain file under the user's
    /// data folder; set from the environment when first used.
    package lazy var savedQueries = SavedQueries(database: isSQLite ? amigo.engine.path : displayPath,
                                                environment: ProcessInfo.processInfo.environment)
    /// Rows printed per view in text mode.
    package var textLimit = 20
    /// Rows shown on screen at once (set by the layout), used to size fetches.
    package var viewportRows: Int {
        get { loader.viewportRows }
        set { loader.viewportRows = newValue }
    }
    /// Most rows kept from a raw `sql` statement.
    package static let sqlRowCap = ViewLoader.sqlRowCap
    /// Most characters of a text value the grid reads of each cell (``ViewLoader/cellPrefixLength``).
    package var cellPrefixLength: Int {
        get { loader.cellPrefixLength }
        set { loader.cellPrefixLength = newValue }
    }
    /// Characters of a cut value shown before its size (``ViewLoader/cutCellShownLength``).
    package var cutCellShownLength: Int {
        get { loader.cutCellShownLength }
        set { loader.cutCellShownLength = newValue }
    }

    /// Whether the database is a SQLite file (not a PostgreSQL server).
    package var isSQLite: Bool { database.isSQLite }

    /// The database file `export` must never write over (none for a server).
    package var databaseFile: String { database.databaseFile }
    /// The files attached to the database (``BrowsedDatabase/attachedFiles()``).
    package func attachedFiles() throws -> [String] { try database.attachedFiles() }

    /// Seconds the bounded counts of the tables list may take as the explorer opens (with a
    /// count limit); the tables not counted by then are counted when idle.
    static let openingCountBudget: TimeInterval = 1

    /// Opens an explorer over reflected models.
    public init(amigo: AmigoDatabase, displayPath: String, tableCountLimit: Int? = nil,
                reflection: ReflectionOptions = ReflectionOptions()) throws {
        self.echoLog = EchoLog(stream: amigo.engine.echo)
        amigo.engine.echo.isEnabled = true
        database = try BrowsedDatabase(amigo: amigo, displayPath: displayPath, reflection: reflection)
        pending = PendingTransaction(database: database)
        watcher = ChangeWatcher(database: database, pending: pending)
        tableList = TableList(database: database, watcher: watcher, countLimit: tableCountLimit)
        loader = ViewLoader(database: database, watcher: watcher, tableList: tableList)
        navigator = Navigator(database: database, watcher: watcher, loader: loader)
        exporter = Exporter(database: database, navigator: navigator, tableList: tableList)
        // The first screen waits at most this long for the bounded counts (a table locked by
        // another session is counted later, as idle work).
        try tableList.reload(within: Self.openingCountBudget)
        // A damaged schema, stand-in collations and why the database is read-only when nobody
        // asked (a hot standby) are said once, when it opens.
        let damaged = amigo.reflectionWarnings.filter { $0.hasPrefix("the schema is damaged") }
        let notices = damaged + amigo.engine.collationSubstitutes.map(\.notice) + [amigo.engine.readOnlyReason].compactMap { $0 }
        if !notices.isEmpty { watcher.notice = notices.joined(separator: "; ") }
    }

    /// Schema changes (DDL run with `sql`) not yet committed.
    var schemaChangesPending: Int {
        get { pending.schemaChangesPending }
        set { pending.schemaChangesPending = newValue }
    }
    /// Tables and views with their row counts.
    package var tables: [TableSummary] { tableList.tables }
    /// Whether ``tables`` holds counts from before a script's writes.
    var tableCountsAreStale: Bool {
        get { tableList.countsAreStale }
        set { tableList.countsAreStale = newValue }
    }
    /// What stands in for SQLite's `schema_version` on other engines.
    /// The schema's version when the models were reflected.
    var reflectedSchemaVersion: Int64? { watcher.reflectedSchemaVersion }
    /// Whether the file the explorer opened was since deleted, moved or replaced by another file.
    package var fileReplacedElsewhere: Bool { watcher.fileReplacedElsewhere }
    /// The pending notice, if any, which is then forgotten.
    package func takeNotice() -> String? { watcher.takeNotice() }
    /// Counting in the tables list stops at this many rows; nil counts exactly.
    public var tableCountLimit: Int? {
        get { tableList.countLimit }
        set { tableList.countLimit = newValue }
    }
    /// Re-reads the table list and counts.
    package func reloadTables() throws { try tableList.reload() }
    /// Rows changed in the session and not yet committed.
    package var pendingChanges: Int { pending.count }
    /// How long changes have been pending in the session's transaction (``PendingTransaction/age(now:)``).
    package func pendingTransactionAge(now: Date = Date()) -> TimeInterval? { pending.age(now: now) }
    /// `45s`, `2m05s`, `1h02m`: an age as the status line shows it.
    package static func ageText(_ seconds: TimeInterval) -> String { PendingTransaction.ageText(seconds) }
    /// What became of the session's changes with the lost connection (``PendingTransaction/lostChangesText``).
    package var lostChangesText: String? { pending.lostChangesText }
    /// Whether another program committed changes to the file since the counts were read.
    package func fileChangedElsewhere() throws -> Bool { try watcher.fileChangedElsewhere() }
    /// The schema's version (``ChangeWatcher/schemaVersion()``).
    func schemaVersion() -> Int64? { watcher.schemaVersion() }
    /// Whether the schema is known to have changed since the models were reflected.
    var schemaChangedSinceReflection: Bool { watcher.schemaChangedSinceReflection }

    /// How the file is reflected, again when another program changes its schema.
    package var reflectionOptions: ReflectionOptions { database.reflectionOptions }

    /// Where `export csv|json -` writes, unbroken: text mode's standard output. Nil in the
    /// terminal UI, whose standard output is the screen.
    package var standardOutputWriter: ((String) throws -> Void)? {
        get { exporter.standardOutputWriter }
        set { exporter.standardOutputWriter = newValue }
    }

    /// Whether echo is being recorded.
    package var isEchoOn: Bool {
        get { amigo.engine.echo.isEnabled }
        set { amigo.engine.echo.isEnabled = newValue }
    }
}
