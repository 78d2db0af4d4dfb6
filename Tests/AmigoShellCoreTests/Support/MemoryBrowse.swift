import Amigo
@testable import AmigoShellCore

/// A navigator whose one view pages ``MemoryRows`` from a ``SortedRowSource``: the cursor logic
/// driven without a database. (The navigator needs a session, opened on an empty in-memory
/// SQLite database that holds no table; ``statementsRun`` says that no statement reached it.)
final class MemoryBrowse {
    /// The rows under the view.
    let source: SortedRowSource
    /// The navigator, with the view on its stack.
    let navigator: Navigator
    /// The view.
    let view: BrowseView
    /// The statements the engine ran (none, once the view is made).
    private let echoLog: EchoLog

    /// A view of rows 1…`count` (or `rows`), `viewportRows` on screen, paged `pageSize` at a time.
    init(_ count: Int, viewportRows: Int = 10, pageSize: Int = 20, prefixLength: Int? = nil,
         rows: [Record]? = nil) throws {
        let amigo = try AmigoDatabase([MemoryRows.model], engine: SQLiteEngine(path: ":memory:"))
        let database = try BrowsedDatabase(amigo: amigo, displayPath: "memory", reflection: ReflectionOptions())
        let watcher = ChangeWatcher(database: database, pending: PendingTransaction(database: database))
        let loader = ViewLoader(database: database, watcher: watcher,
                                tableList: TableList(database: database, watcher: watcher, countLimit: nil))
        loader.viewportRows = viewportRows
        navigator = Navigator(database: database, watcher: watcher, loader: loader)
        source = SortedRowSource(model: MemoryRows.model, rows: rows ?? MemoryRows.items(count), prefixLength: prefixLength)
        view = BrowseView(source: .table(MemoryRows.model), title: "item")
        view.window = RowWindow(source: source, total: count, pageSize: pageSize)
        view.totalCount = count
        navigator.stack = [view]
        amigo.engine.echo.isEnabled = true
        echoLog = EchoLog(stream: amigo.engine.echo)
        source.clearReads()
    }

    /// How many statements the engine ran since the view was made.
    var statementsRun: Int { echoLog.entries.count }
}
