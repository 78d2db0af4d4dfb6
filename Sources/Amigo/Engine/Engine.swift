import Foundation

/// What a statement that changes data reports.
public struct ExecutionResult: Sendable, Equatable {
    /// Rows inserted, updated or deleted.
    public var changes: Int
    /// The rowid of the last inserted row on this connection (SQLite; 0 for engines without one).
    public var lastInsertRowID: Int64
    /// The first column of the first row the statement returned, for engines whose dialect
    /// writes keys back with `RETURNING` (see ``SQLDialect/returning(_:)``); nil otherwise.
    public var returnedValue: DatabaseValue? = nil

    /// Creates a result.
    public init(changes: Int, lastInsertRowID: Int64, returnedValue: DatabaseValue? = nil) {
        self.changes = changes
        self.lastInsertRowID = lastInsertRowID
        self.returnedValue = returnedValue
    }

    /// The key the database assigned to the row just inserted: the value the statement returned
    /// when it had a `RETURNING` clause, else the connection's last rowid.
    public var insertedKey: DatabaseValue { returnedValue ?? .integer(lastInsertRowID) }
}

/// Something that opens an ``Engine`` (``SQLiteEngineFactory``, or another engine's factory),
/// as ``Amigo/init(_:factory:)`` takes.
public protocol EngineFactory: Sendable {
    /// The engine it opens.
    associatedtype Connected: Engine
    /// Opens a new engine (a new connection).
    func connect() throws -> Connected
}

/// A database the ORM talks to: runs SQL with bound arguments, streams rows, manages transactions.
///
/// All calls are serialized, so any thread may use an engine. ``SQLiteEngine`` is this module's
/// implementation (the `AmigoPostgres` module has another); dialect specifics live in
/// ``SQLDialect`` so that another engine stays cheap.
public protocol Engine: AnyObject, Sendable {
    /// The SQL dialect: quoting, placeholders, upsert syntax, type names.
    var dialect: any SQLDialect { get }
    /// The stream every statement is reported to.
    var echo: EchoStream { get }
    /// The database's path (`:memory:` for an in-memory database).
    var path: String { get }
    /// Whether writes are refused.
    var isReadOnly: Bool { get }
    /// Why writes are refused when the engine found so on its own, not because read-only was
    /// asked for (a PostgreSQL hot standby); nil otherwise.
    var readOnlyReason: String? { get }
    /// Whether a transaction is open on the connection.
    var isInTransaction: Bool { get }
    /// Who owns the connection's transaction: at most one ``Session`` at a time (see
    /// ``TransactionGate``). An engine that wraps another returns the wrapped engine's gate.
    var transactionGate: TransactionGate { get }

    /// Runs a statement that returns no rows.
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> ExecutionResult
    /// Runs a statement that writes and may return rows (`INSERT … RETURNING`): `columns` is called
    /// once before the first returned row, `row` with each. By default the statement runs as
    /// ``execute(_:_:)`` does and no rows are returned.
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue], returning columns: ([ResultColumn]) throws -> Void,
                 _ row: (StatementRow) throws -> Void) throws -> ExecutionResult
    /// Runs a query and calls `body` for each row until it returns false or the rows end.
    /// Returns the number of rows read.
    @discardableResult
    func fetch(_ sql: String, _ arguments: [DatabaseValue], _ body: (StatementRow) throws -> Bool) throws -> Int
    /// ``fetch(_:_:_:)`` with exactly one argument, and no array built for it: `get` by a
    /// one-column key runs it on every call. By default ``fetch(_:_:_:)`` with `[argument]`.
    @discardableResult
    func fetch(_ sql: String, argument: DatabaseValue, _ body: (StatementRow) throws -> Bool) throws -> Int
    /// ``fetch(_:argument:_:)`` run only when `admit()` returns true, asked while the engine is
    /// serialized and in the same hold of it as the fetch: a `get` in a session checks that the
    /// session is still open and fetches in one round trip through the engine's lock. Nil when
    /// `admit` refused (nothing ran). By default ``serialized(_:)`` around ``fetch(_:argument:_:)``.
    func fetch(_ sql: String, argument: DatabaseValue, if admit: () -> Bool,
               _ body: (StatementRow) throws -> Bool) throws -> Int?
    /// Runs a query and calls `columns` once with the result column names before the rows.
    @discardableResult
    func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
               _ body: (StatementRow) throws -> Bool) throws -> Int
    /// Runs a query and calls `columns` once with the result's columns — names and
    /// ``ValueForm``s — before the rows. By default every column is ``ValueForm/plain``.
    @discardableResult
    func fetch(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
               _ body: (StatementRow) throws -> Bool) throws -> Int
    /// Runs a query the library wrote (a `SELECT` or `VALUES`, never a user's statement text)
    /// whose rows are all read in order for an output (an export), calling `columns` once with
    /// the result's columns before the rows, and `body` with each row until it returns false.
    /// An engine may read the rows in batches instead of one at a time, memory still bounded
    /// (PostgreSQL: a cursor fetched thousands of rows at a time); statements may run inside
    /// `body`. By default ``fetch(_:_:describing:_:)``. Returns the rows handed out.
    @discardableResult
    func fetchInBatches(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
                        _ body: (StatementRow) throws -> Bool) throws -> Int
    /// Runs one statement once per argument list (a batch), returning the total rows changed.
    /// Each run is echoed like ``execute(_:_:)``.
    func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int
    /// Prepares the write statement `sql` once and hands `body` a ``PreparedWrite`` that runs it,
    /// as often as it likes, with arguments bound straight into the statement by a
    /// ``StatementBinder`` (no argument arrays). Each run is echoed like ``execute(_:_:)``.
    func withPreparedWrite<T>(_ sql: String, _ body: (PreparedWrite) throws -> T) throws -> T
    /// Runs a script of several statements without arguments (DDL).
    func executeScript(_ sql: String) throws
    /// Runs a transaction-control statement, written by the dialect
    /// (``SQLDialect/transactionControlSQL(_:)``) and reported to echo as
    /// ``EchoEvent/Kind/transaction``. ``Engine/inTransaction(_:ending:_:)`` and
    /// ``Engine/inSavepoint(_:ending:_:)`` wrap a block in a transaction or savepoint.
    func execute(_ control: TransactionControl) throws
    /// Runs `body` with exclusive use of the connection, so that its statements are not interleaved
    /// with another thread's. Re-entrant.
    func serialized<T>(_ body: () throws -> T) rethrows -> T
    /// Whether `sql` is a single statement that only reads (checked by preparing it, never by running it).
    func isReadOnlyStatement(_ sql: String) throws -> Bool
    /// Installs a check the engine calls often while any statement runs (nil removes it); when it
    /// returns true the running statement stops with an "interrupted" ``AmigoError/database(_:)``
    /// and its effects are undone. The check must not use the engine. (amigo-shell uses it to
    /// cancel a slow query with Esc.)
    func setInterruptCheck(_ check: (() -> Bool)?)
    /// The rows the running statements have stepped through so far in full scans of a table or
    /// an index, for progress shown while they run; nil when the engine cannot tell (by default,
    /// and PostgreSQL's). The interrupt check may call it.
    func rowsScanned() -> Int?
    /// Installs a check like ``setInterruptCheck(_:)`` that is told what the statement is doing
    /// (``EngineWait``): working, or waiting for a lock another program holds, so that a wait
    /// can be described while it lasts. By default it is asked as working.
    func setWaitCheck(_ check: ((EngineWait) -> Bool)?)

    /// Collations the file uses that SQLite did not know, met so far, each with the comparison
    /// that stands in for it (tables using one are not written to).
    var collationSubstitutes: [CollationSubstitute] { get }

    /// Runs `body`, whose statements ``isReadOnlyStatement(_:)`` said only read, so that they
    /// cannot write all the same: SQLite's answer is exact (it comes from preparing), so by
    /// default `body` simply runs; PostgreSQL's comes from the words, so its engine runs `body`
    /// where the server refuses writes.
    @discardableResult
    func readingOnly<T>(_ body: () throws -> T) throws -> T

    /// What reads the database's catalog for reflection (``AmigoDatabase/init(reflecting:reflection:)``):
    /// a ``SQLiteCatalog`` (SQLite's `sqlite_schema` and PRAGMAs) unless the engine says otherwise.
    var schemaCatalog: any SchemaCatalog { get }

    /// Whether the connection is gone (a server that closed it, a network that dropped it):
    /// every statement fails until ``reconnect()``. Never for a SQLite file.
    var isConnectionLost: Bool { get }

    /// Connects again after the connection was lost. The server ended the open transaction with
    /// the old connection (what it had not committed is gone); a ``Session`` on this engine
    /// begins its next transaction on the new one when rolled back or closed.
    ///
    /// - Throws: ``AmigoError/database(_:)`` when the database cannot be reached (yet).
    func reconnect() throws

    /// The engine's estimate of the rows of `table` (a table or view, named as reflection names
    /// it), from what the server keeps (statistics) or plans, without reading the rows: shown
    /// while the exact count waits. Nil when the engine has none.
    func estimatedRowCount(of table: String) -> Int?

    /// Reads what the server sent unasked (the notice that it ended the connection: a timeout,
    /// an administrator) without sending anything, so that ``isConnectionLost`` is up to date
    /// without a statement that would keep an idle transaction alive on the server.
    func pollConnection()
    /// What the connection is to, in a sentence as psql's `\conninfo` writes it (`You are
    /// connected to database "shop" as user "me" via socket in "/run/postgresql" at port "5432".`),
    /// without a password.
    var connectionInfo: String { get }
}

extension Engine {
    /// ``execute(_:_:)``: an engine that returns no rows from a write.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue], returning columns: ([ResultColumn]) throws -> Void,
                        _ row: (StatementRow) throws -> Void) throws -> ExecutionResult {
        try execute(sql, arguments)
    }

    /// Nil: the engine cannot tell how far a statement has come.
    public func rowsScanned() -> Int? { nil }

    /// Installs `check` through ``setInterruptCheck(_:)``, always told ``EngineWait/working``.
    public func setWaitCheck(_ check: ((EngineWait) -> Bool)?) {
        setInterruptCheck(check.map { check in { check(.working) } })
    }

    /// ``fetch(_:_:_:)`` with `[argument]`.
    @discardableResult
    public func fetch(_ sql: String, argument: DatabaseValue, _ body: (StatementRow) throws -> Bool) throws -> Int {
        try fetch(sql, [argument], body)
    }

    /// ``fetch(_:argument:_:)`` inside ``serialized(_:)``, when `admit()` returns true.
    public func fetch(_ sql: String, argument: DatabaseValue, if admit: () -> Bool,
                      _ body: (StatementRow) throws -> Bool) throws -> Int? {
        try serialized { admit() ? try fetch(sql, argument: argument, body) : nil }
    }

    /// The column names of ``fetch(_:_:columns:_:)``, every column ``ValueForm/plain``.
    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
                      _ body: (StatementRow) throws -> Bool) throws -> Int {
        try fetch(sql, arguments, columns: { names in try columns(names.map { ResultColumn(name: $0) }) }, body)
    }

    /// ``fetch(_:_:describing:_:)``: the rows as the engine reads any query's.
    @discardableResult
    public func fetchInBatches(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
                               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try fetch(sql, arguments, describing: columns, body)
    }

    /// None: writes are refused only when read-only was asked for (a file's permissions refuse
    /// them at open, with an error of their own).
    public var readOnlyReason: String? { nil }

    /// No stand-in collations (engines that are not SQLite, or wrap one without saying).
    public var collationSubstitutes: [CollationSubstitute] { [] }

    /// Runs `body` as it is.
    @discardableResult
    public func readingOnly<T>(_ body: () throws -> T) throws -> T { try body() }

    /// A ``SQLiteCatalog``: SQLite's catalog.
    public var schemaCatalog: any SchemaCatalog { SQLiteCatalog(engine: self) }

    /// False: a file's connection is not lost.
    public var isConnectionLost: Bool { false }

    /// Nothing to do: a file's connection is not lost.
    public func reconnect() throws {}

    /// The answer of the dialect's ``SQLDialect/rowEstimateQuery`` (none for SQLite).
    public func estimatedRowCount(of table: String) -> Int? {
        guard let query = dialect.rowEstimateQuery,
              let value = try? fetchScalar(query, [.text(dialect.quoteTable(table))]).integerValue else { return nil }
        return Int(value)
    }

    /// Nothing to read: a file's connection is not lost.
    public func pollConnection() {}

    /// `You are connected to the SQLite database "chinook.sqlite".` (a file's engine).
    public var connectionInfo: String { "You are connected to the SQLite database \"\(path)\"." }

    /// How long, in seconds, creating a session waits for another thread's session on this
    /// engine to close before throwing ``AmigoError/sessionBusy(path:waited:)`` (the
    /// ``TransactionGate/timeout`` of ``transactionGate``; 5 s by default).
    public var sessionWaitTimeout: TimeInterval {
        get { transactionGate.timeout }
        set { transactionGate.timeout = newValue }
    }

    /// For engines that do not bind in place: each run collects its arguments and goes through
    /// ``execute(_:_:)``. (``SQLiteEngine`` binds straight into the prepared statement.)
    public func withPreparedWrite<T>(_ sql: String, _ body: (PreparedWrite) throws -> T) throws -> T {
        try serialized {
            try body { bind in
                var recorder = StatementBinder.recorder()
                bind(&recorder)
                return try execute(sql, recorder.recorded ?? [])
            }
        }
    }

    /// Runs a query and returns all rows as value arrays (for small results and raw SQL).
    public func fetchAll(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> (columns: [String], rows: [[DatabaseValue]]) {
        var names: [String] = []
        var rows: [[DatabaseValue]] = []
        try fetch(sql, arguments, columns: { names = $0 }) { row in rows.append(row.values); return true }
        return (names, rows)
    }

    /// The first column of the first row, or NULL when there is no row.
    public func fetchScalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> DatabaseValue {
        var value = DatabaseValue.null
        try fetch(sql, arguments) { row in value = row.value(at: 0); return false }
        return value
    }
}
