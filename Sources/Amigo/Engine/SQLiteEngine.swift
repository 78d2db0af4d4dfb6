import CSQLite
import Dispatch
import Foundation

/// The SQLite ``Engine``: one connection, used by one thread at a time.
///
/// Every statement runs while holding the engine's recursive lock — a serial queue without the
/// cost of hopping through Dispatch on every call — so the engine may be shared between threads;
/// a call made from inside another (for example while iterating rows) runs directly. One
/// connection has one transaction, so one ``Session`` at a time owns the engine (its
/// ``transactionGate``); give threads that need concurrent transactions an engine each.
///
/// `@unchecked Sendable`: every call is serialized by the engine's recursive lock (``serialized(_:)``).
public final class SQLiteEngine: Engine, @unchecked Sendable {
    /// Serializes every use of the connection (re-entrant).
    private let serial = NSRecursiveLock()
    private let connection: SQLiteConnection
    /// Kept alive while SQLite holds a pointer to it (``setInterruptCheck(_:)``).
    private var interruptCheck: InterruptCheck?
    public let dialect: any SQLDialect
    /// The files attached to the connection (``attach(_:as:)``), read by ``dialect``.
    public let attachedSchemas = AttachedSchemas()
    public let echo = EchoStream()
    public let path: String
    public let isReadOnly: Bool
    /// Which session owns the connection's transaction (see ``TransactionGate``).
    public let transactionGate: TransactionGate

    /// Opens (or, with `options.create`, creates) the database at `path`; `":memory:"` for an in-memory one.
    ///
    /// - Throws: ``AmigoError/fileNotFound(path:)`` for a missing file, ``AmigoError/notADatabase(path:message:)``
    ///   for a file that is not a database, ``AmigoError/database(_:)`` when it is locked beyond the busy timeout.
    public init(path: String, options: OpenOptions = OpenOptions()) throws {
        self.connection = try SQLiteConnection(path: path, options: options)
        self.dialect = SQLiteDialect(attached: attachedSchemas)
        self.path = connection.path
        self.isReadOnly = connection.isReadOnly
        self.transactionGate = TransactionGate(timeout: Double(options.sessionWaitMilliseconds) / 1000)
    }

    /// The SQLite library version, such as `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    public func serialized<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }

    public var isInTransaction: Bool { serialized { !connection.isAutocommit } }

    /// Whether the database attached as `schema` (or `main`) is read-only: attached so
    /// (``SQLiteFileURI``), or the connection, the file or its folder is. False when no database
    /// has that name.
    public func isReadOnly(schema: String) -> Bool {
        serialized { sqlite3_db_readonly(connection.handle, schema) == 1 }
    }

    /// Sets sqlite3's parameter table (its `.parameter set`): from now on a statement run
    /// without arguments that has parameters binds each by its name (`:x`, `@x`, `$x`, `?1`)
    /// from `values`, and NULL for a name `values` lacks — as sqlite3's shell runs a script. nil
    /// (the default) takes the table away: such a statement is an error again.
    public func setParameterTable(_ values: [String: DatabaseValue]?) {
        serialized { connection.parameterTable = values }
    }

    /// Runs `body` with the connection's `sqlite3*`, holding the engine's lock (for the C calls
    /// the engine has no method of its own for, such as a backup).
    func withConnectionHandle<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try serialized { try body(connection.handle) }
    }

    public var collationSubstitutes: [CollationSubstitute] { serialized { connection.collationSubstitutes } }

    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> ExecutionResult {
        try execute(sql, arguments, returning: { _ in }, { _ in })
    }

    /// ``execute(_:_:)``, handing out the rows the statement returns (`RETURNING`) as they are stepped.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue], returning columns: ([ResultColumn]) throws -> Void,
                        _ row: (StatementRow) throws -> Void) throws -> ExecutionResult {
        try serialized {
            let echoing = echo.isEnabled
            let start = echoing ? DispatchTime.now().uptimeNanoseconds : 0
            do {
                let statement = try connection.prepare(sql)
                try statement.bind(arguments)
                defer { statement.reset() }
                // SQLite's change count is the last INSERT, UPDATE or DELETE's: after DDL (CREATE
                // TABLE) it would still be the count of an earlier statement. Nothing changed, none counted.
                let before = connection.totalChanges
                let current = StatementRow(statement: statement)
                var named = false
                while try statement.step(arguments: arguments) {
                    if !named { try columns(statement.columnNames.map { ResultColumn(name: $0) }); named = true }
                    try row(current)
                }
                let result = ExecutionResult(changes: connection.totalChanges == before ? 0 : connection.changes,
                                             lastInsertRowID: connection.lastInsertRowID)
                if echoing { report(.statement, sql, arguments, start, rows: result.changes) }
                return result
            } catch {
                if echoing { report(.statement, sql, arguments, start, error: error) }
                throw error
            }
        }
    }

    public func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int {
        try serialized {
            // With echo on, every run is reported on its own, exactly as execute() does.
            if echo.isEnabled { return try argumentLists.reduce(0) { $0 + (try execute(sql, $1)).changes } }
            let statement = try connection.prepare(sql)
            defer { statement.reset() }
            var changes = 0
            for arguments in argumentLists {
                try statement.bind(arguments)
                while try statement.step(arguments: arguments) {}
                changes += connection.changes
            }
            return changes
        }
    }

    /// The most columns a table may have in this database (SQLite's SQLITE_LIMIT_COLUMN, 2000
    /// unless the library was built otherwise).
    public var columnLimit: Int { serialized { connection.columnLimit } }

    public func withPreparedWrite<T>(_ sql: String, _ body: (PreparedWrite) throws -> T) throws -> T {
        try serialized {
            let statement: Statement
            do {
                statement = try connection.prepare(sql)
            } catch {
                if echo.isEnabled { report(.statement, sql, [], DispatchTime.now().uptimeNanoseconds, error: error) }
                throw error
            }
            defer { statement.reset() }
            return try body { bind in try run(statement, bind) }
        }
    }

    /// One run of a prepared write: binds, checks the argument count, steps, echoes.
    private func run(_ statement: Statement, _ bind: (inout StatementBinder) -> Void) throws -> ExecutionResult {
        let echoing = echo.isEnabled
        let start = echoing ? DispatchTime.now().uptimeNanoseconds : 0
        sqlite3_reset(statement.handle)
        var binder = StatementBinder(handle: statement.handle, recording: echoing)
        bind(&binder)
        /// The arguments, for echo and errors: recorded, or read again by a recorder (which
        /// leaves the statement and the connection's error message alone).
        func arguments() -> [DatabaseValue] {
            if let recorded = binder.recorded { return recorded }
            var recorder = StatementBinder.recorder()
            bind(&recorder)
            return recorder.recorded ?? []
        }
        do {
            if binder.count != statement.parameterCount {
                throw AmigoError.database(DatabaseError(
                    code: SQLITE_RANGE, message: "statement expects \(statement.parameterCount) argument(s), got \(binder.count)",
                    sql: statement.sql, arguments: arguments()))
            }
            if binder.failure != SQLITE_OK { throw connection.error(binder.failure, sql: statement.sql, arguments: arguments()) }
            let rc = sqlite3_step(statement.handle)
            if rc != SQLITE_DONE && rc != SQLITE_ROW {
                let error = connection.error(rc, sql: statement.sql, arguments: arguments())
                sqlite3_reset(statement.handle)
                throw error
            }
            let result = ExecutionResult(changes: connection.changes, lastInsertRowID: connection.lastInsertRowID)
            if echoing { report(.statement, statement.sql, arguments(), start, rows: result.changes) }
            return result
        } catch {
            if echoing { report(.statement, statement.sql, arguments(), start, error: error) }
            throw error
        }
    }

    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue] = [], _ body: (StatementRow) throws -> Bool) throws -> Int {
        try run(sql, arguments, columns: nil, body)
    }

    /// One argument bound straight from the value; the array ``fetch(_:_:_:)`` takes is built only
    /// for an echo or an error.
    @discardableResult
    public func fetch(_ sql: String, argument: DatabaseValue, _ body: (StatementRow) throws -> Bool) throws -> Int {
        if echo.isEnabled { return try run(sql, [argument], columns: nil, body) }
        return try serialized { try fetchSerialized(sql, argument: argument, body) }
    }

    /// One lock round trip: `admit` and the fetch in the same hold of the engine's lock.
    public func fetch(_ sql: String, argument: DatabaseValue, if admit: () -> Bool,
                      _ body: (StatementRow) throws -> Bool) throws -> Int? {
        serial.lock()
        defer { serial.unlock() }
        guard admit() else { return nil }
        if echo.isEnabled { return try run(sql, [argument], columns: nil, body) }
        return try fetchSerialized(sql, argument: argument, body)
    }

    /// ``fetch(_:argument:_:)`` without echo, the engine already serialized.
    private func fetchSerialized(_ sql: String, argument: DatabaseValue, _ body: (StatementRow) throws -> Bool) throws -> Int {
        let statement = try connection.prepare(sql)
        try statement.bind(argument)
        defer { statement.reset() }
        let row = StatementRow(statement: statement)
        var count = 0
        while try statement.step(argument: argument) {
            count += 1
            if try !body(row) { break }
        }
        return count
    }

    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
                      _ body: (StatementRow) throws -> Bool) throws -> Int {
        try withoutActuallyEscaping(columns) { columns in try run(sql, arguments, columns: columns, body) }
    }

    /// Runs a query; reads the column names only when someone asked for them.
    private func run(_ sql: String, _ arguments: [DatabaseValue], columns: (([String]) throws -> Void)?,
                     _ body: (StatementRow) throws -> Bool) throws -> Int {
        try serialized {
            let echoing = echo.isEnabled
            let start = echoing ? DispatchTime.now().uptimeNanoseconds : 0
            var count = 0
            do {
                let statement = try connection.prepare(sql)
                try statement.bind(arguments)
                defer { statement.reset() }
                let row = StatementRow(statement: statement)
                // Column names are read after the first step: SQLite re-prepares a statement whose
                // table another connection changed, and the names may change with it.
                var namesReported = columns == nil
                while try statement.step(arguments: arguments) {
                    if !namesReported, let columns { try columns(statement.columnNames); namesReported = true }
                    count += 1
                    if try !body(row) { break }
                }
                if !namesReported, let columns { try columns(statement.columnNames) }
                if echoing { report(.statement, sql, arguments, start, rows: count) }
                return count
            } catch {
                if echoing { report(.statement, sql, arguments, start, error: error) }
                throw error
            }
        }
    }

    public func executeScript(_ sql: String) throws {
        try serialized {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try connection.execute(sql)
                connection.clearStatementCache()
                if echo.isEnabled { report(.statement, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.statement, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Runs `control` as SQLite's dialect writes it.
    public func execute(_ control: TransactionControl) throws {
        try serialized {
            let start = DispatchTime.now().uptimeNanoseconds
            let sql = dialect.transactionControlSQL(control)
            do {
                try connection.execute(sql)
                if echo.isEnabled { report(.transaction, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.transaction, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Whether `sql` is one statement that only reads; transaction control counts as writing.
    ///
    /// Decided by SQLite, not by the text: `sqlite3_stmt_readonly`, and an authorizer consulted
    /// while the statement is prepared that sees transaction control, savepoints, ATTACH/DETACH
    /// and PRAGMAs that set something (whatever comments or spelling come before them).
    public func setInterruptCheck(_ check: (() -> Bool)?) {
        setWaitCheck(check.map { check in { _ in check() } })
    }

    /// The rows the running statement has stepped through in full scans of a table or an index
    /// so far (how far a profile or a count over every row has come).
    public func rowsScanned() -> Int? { serialized { connection.rowsScanned() } }

    /// Installs `check` like ``setInterruptCheck(_:)``, and asks it also while the connection
    /// waits for a lock another program holds (``EngineWait/lockHeldElsewhere``): the wait can
    /// be shown and cancelled (the statement then fails as interrupted).
    public func setWaitCheck(_ check: ((EngineWait) -> Bool)?) {
        serialized {
            interruptCheck = check.map(InterruptCheck.init)
            // About every millisecond of work on a current machine.
            connection.setInterruptCheck(interruptCheck, everyInstructions: 10_000)
        }
    }

    /// How long MATCHES (SQLite's `REGEXP`) may run in total over the values of one statement
    /// before the statement fails with a clear error: 10 s by default. Each value has its own
    /// 250 ms cap besides. nil removes the total, for a caller whose interrupt check lets a
    /// person see the work and cancel it (the terminal UI).
    package var totalMatchingBudget: Duration? {
        get { serialized { connection.regexpTotalBudgetNanoseconds.map { .nanoseconds(Int64($0)) } } }
        set {
            serialized {
                connection.regexpTotalBudgetNanoseconds = newValue.map {
                    UInt64(max(0, $0.components.seconds)) * 1_000_000_000 + UInt64(max(0, $0.components.attoseconds / 1_000_000_000))
                }
            }
        }
    }

    public func isReadOnlyStatement(_ sql: String) throws -> Bool {
        try serialized {
            var stmt: OpaquePointer?
            var rest = ""
            let classifier = StatementClassifier()
            let context = Unmanaged.passUnretained(classifier).toOpaque()
            sqlite3_set_authorizer(connection.handle, statementClassifyingAuthorizer, context)
            defer { sqlite3_set_authorizer(connection.handle, nil, nil) }
            // `tail` points into the C string, which must outlive reading it: with `sql` passed
            // directly, Swift's temporary C string was freed before the tail was read (a crash,
            // "UnsafeMutablePointer.initialize overlapping range", or a garbage tail).
            let rc = sql.withCString { text -> Int32 in
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(connection.handle, text, -1, &stmt, &tail)
                if rc == SQLITE_OK, let tail { rest = String(cString: tail) }
                return rc
            }
            guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
            defer { sqlite3_finalize(stmt) }
            guard SQLiteConnection.isBlankTail(rest) else { throw AmigoError.multipleStatements(sql: sql) }
            guard let stmt else { return true }
            // SQLite does not call every PRAGMA read-only (`PRAGMA journal_mode` asks, and may set
            // with an argument): one the authorizer saw only asking is a read.
            return !classifier.writes && (sqlite3_stmt_readonly(stmt) != 0 || classifier.onlyAsksAPragma)
        }
    }

    /// PRAGMAs that take an argument and still only read (the argument names a table or index).
    private static let readingPragmas: Set<String> = [
        "TABLE_INFO", "TABLE_XINFO", "TABLE_LIST", "INDEX_LIST", "INDEX_INFO", "INDEX_XINFO", "FOREIGN_KEY_LIST",
        "FOREIGN_KEY_CHECK", "INTEGRITY_CHECK", "QUICK_CHECK",
    ]

    /// PRAGMAs that change the file or the connection even when called without an argument.
    private static let writingPragmas: Set<String> = ["OPTIMIZE", "INCREMENTAL_VACUUM", "WAL_CHECKPOINT", "SHRINK_MEMORY"]

    /// Whether the PRAGMA `name` (called with `argument`, nil for none) only reads: no argument,
    /// or an argument that names a table or index; never one of the pragmas that work without one.
    static func pragmaOnlyReads(name: String, argument: String?) -> Bool {
        let name = name.uppercased()
        if writingPragmas.contains(name) { return false }
        guard argument != nil else { return true }
        return readingPragmas.contains(name)
    }

    /// Reports a statement that started at `start` to ``echo``.
    private func report(_ kind: EchoEvent.Kind, _ sql: String, _ arguments: [DatabaseValue], _ start: UInt64,
                        rows: Int? = nil, error: Error? = nil) {
        echo.emit(kind, sql, arguments, startedAt: start, rows: rows, error: error)
    }
}

/// Opens ``SQLiteEngine``s, as the original `SQLiteEngineFactory(path, echo:)` did.
public struct SQLiteEngineFactory: EngineFactory {
    /// The database path, or `":memory:"`.
    public var path: String
    /// Whether every statement is echoed to standard error.
    public var echo: Bool
    /// How the file is opened.
    public var options: OpenOptions

    /// Creates a factory. A file that does not exist is created (as the original did); pass
    /// `options` to open an existing file only, or read-only.
    public init(_ path: String, echo: Bool = false, options: OpenOptions = OpenOptions(create: true)) {
        self.path = path
        self.echo = echo
        self.options = options
    }

    /// Opens the engine.
    public func connect() throws -> SQLiteEngine {
        let engine = try SQLiteEngine(path: path, options: options)
        if echo {
            engine.echo.isEnabled = true
            engine.echo.subscribe(EchoStream.standardErrorSink)
        }
        return engine
    }
}

/// What the authorizer saw while a statement was prepared.
private final class StatementClassifier {
    /// Whether the statement controls transactions, attaches databases or sets a PRAGMA.
    var writes = false
    /// Whether the statement is a PRAGMA that only asks (no argument, or one naming a table).
    var onlyAsksAPragma = false
}

/// The authorizer used by ``SQLiteEngine/isReadOnlyStatement(_:)``: notes the actions that
/// `sqlite3_stmt_readonly` calls read-only although they change the session or the connection.
/// It allows everything; it only classifies.
private func statementClassifyingAuthorizer(
    _ context: UnsafeMutableRawPointer?, _ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    let classifier = Unmanaged<StatementClassifier>.fromOpaque(context).takeUnretainedValue()
    switch action {
    case SQLITE_TRANSACTION, SQLITE_SAVEPOINT, SQLITE_ATTACH, SQLITE_DETACH:
        classifier.writes = true
    case SQLITE_PRAGMA:
        let name = first.map { String(cString: $0) } ?? ""
        if SQLiteEngine.pragmaOnlyReads(name: name, argument: second.map { String(cString: $0) }) {
            classifier.onlyAsksAPragma = true
        } else {
            classifier.writes = true
        }
    default:
        break
    }
    return SQLITE_OK
}
