import Amigo
import CPostgreSQL
import Dispatch
import Foundation

/// The PostgreSQL ``Engine``: one libpq connection, synchronous like ``SQLiteEngine``, so that
/// sessions, queries and the shell use the same code path on both.
///
/// Every statement goes through the extended protocol: prepared once per SQL text as a named
/// statement (the ORM's `?` markers numbered `$1…$n` then, see ``PostgresDialect``), and run
/// with `PQexecPrepared` and text-format parameters. The server's inferred parameter types
/// (`PQdescribePrepared`) decide how a value is written: 16 bytes for a `uuid` become its text
/// form, bytes for a `bytea` become `\x…` hex. Results are read by column type: integers,
/// floating point, `bool` (as 0/1), `bytea` (as bytes), `numeric` (an integer or double when
/// exact, text otherwise), the rest — `uuid`, timestamps, `jsonb` … — as the text the server
/// writes (`5f05d397-9f3a-…`, `2024-01-31 12:00:00.5+00`), which `UUID` and `Date` properties read.
///
/// Calls are serialized with a recursive lock, so any thread may use the engine; one
/// connection has one transaction, so one ``Session`` at a time owns it (``transactionGate``).
///
/// Differences from SQLite to know about:
/// - A failed statement inside a transaction aborts the whole transaction (PostgreSQL's rule):
///   everything up to the next ROLLBACK (or ROLLBACK TO a savepoint) fails.
/// - A query's rows are handed out as the server sends them, one in memory at a time
///   (``streamsResults``); a statement run inside the row callback makes the rest be read first.
/// - ``setInterruptCheck(_:)`` is asked every 50 ms while the server works on a statement; when it
///   says stop, the statement is cancelled (`PQcancel`, SQLSTATE 57014). ``isReadOnlyStatement(_:)``
///   tells reads from writes by their words, and ``readingOnly(_:)`` makes the server refuse writes.
///
/// `@unchecked Sendable`: every call is serialized by the engine's recursive lock, as in ``SQLiteEngine``.
public final class PostgresEngine: Engine, @unchecked Sendable {
    /// Serializes every use of the connection (re-entrant).
    let serial = NSRecursiveLock()
    /// The `PGconn*`.
    let connection: OpaquePointer
    /// Named statements prepared on this connection, by SQL text as the ORM wrote it.
    var statements: [String: PreparedStatement] = [:]
    /// The number of the next statement name (`amigo_1a2b3c4d_1`, `amigo_1a2b3c4d_2`, …).
    var nextStatement = 1
    /// What this engine's statement names start with (`amigo_1a2b3c4d_`): random, so that no
    /// other client's statement has the name of one of ours on a server connection a pooler
    /// shares between clients — a name not found there is then the only way a pooler shows.
    let statementPrefix = "amigo_" + String(UInt32.random(in: .min ... .max), radix: 16) + "_"
    /// Whether statements are sent unnamed (PgBouncer and poolers like it in transaction
    /// mode): set when a statement prepared by name was not found (SQLSTATE 26000) — the pooler
    /// gave another server connection than the one it was prepared on. Each SQL text is then
    /// described once (its parameter types, inside a transaction of its own so that the pooler
    /// keeps one server connection for it) and run with its types, keeping no state on the server.
    public internal(set) var sendsUnnamedStatements = false
    /// The secrets of the connection string (password), removed from every message.
    let secrets: [String]

    /// At most this many named statements are kept; past it, all are deallocated.
    static let statementCacheLimit = 512

    /// ``PostgresDialect``, told whether the server has `IS JSON` (16 on).
    public let dialect: any SQLDialect
    /// The stream every statement is reported to (off until enabled).
    public let echo = EchoStream()
    /// The connection's target without its password (`host=/tmp/x dbname=amigo_test user=amigo`).
    public let path: String
    /// Whether writes are refused: every transaction of the connection is READ ONLY (`readOnly:`),
    /// or the server is a hot standby (see ``readOnlyReason``).
    public let isReadOnly: Bool
    /// Why writes are refused though `readOnly:` did not ask for it: the server is a hot standby
    /// (a replica in recovery, which follows its primary's commits and refuses every write). Nil
    /// on a primary.
    public let readOnlyReason: String?
    /// Whether a statement that fails inside a transaction is undone alone, leaving the
    /// transaction usable (as psql's `ON_ERROR_ROLLBACK`): each statement then runs inside a
    /// savepoint of its own. Off by default (PostgreSQL's rule: the transaction is aborted).
    public var recoversFromFailedStatements: Bool {
        get { serialized { recovers } }
        set { serialized { recovers = newValue } }
    }
    /// ``recoversFromFailedStatements``, read under the engine's lock.
    var recovers = false
    /// The check ``setInterruptCheck(_:)`` installed.
    var interruptCheck: (() -> Bool)?
    /// A BEGIN asked for and not sent yet: it goes to the server just before the transaction's
    /// first statement, so that a session with nothing to do leaves the connection idle — not
    /// "idle in transaction", which monitoring flags and `idle_in_transaction_session_timeout` ends.
    var beginPending = false
    /// Which session owns the connection's transaction (see ``TransactionGate``).
    public let transactionGate: TransactionGate
    /// Whether a query's rows are handed out as the server sends them (libpq's single-row mode),
    /// one row in memory at a time whatever the size of the result — the default; false reads
    /// each result whole before its first row (libpq's default), as the benchmarks compare.
    public var streamsResults: Bool {
        get { serialized { streams } }
        set { serialized { streams = newValue } }
    }
    /// ``streamsResults``, read under the engine's lock.
    var streams = true
    /// The streamed query whose rows are being handed out, if any (see ``finishActiveStream()``).
    var activeStream: PostgresRowStream?

    /// A statement prepared on the server.
    struct PreparedStatement {
        var name: String
        /// The numbered text sent to the server.
        var text: String
        /// The type OID the server inferred for each parameter.
        var parameterTypes: [UInt32]
    }

    /// Connects to the server named by `connectionString`: a URL
    /// (`postgresql://user@host:5432/db?sslmode=disable`, `postgresql:///db?host=/socket/folder`)
    /// or a keyword string (`host=/socket/folder dbname=db`). Anything left out comes from the
    /// environment as libpq reads it (`PGHOST`, `PGUSER`, …); the password from `PGPASSWORD` or
    /// `~/.pgpass`. The password never appears in ``path``, errors or echo.
    ///
    /// - Throws: ``AmigoError/database(_:)`` with a one-line message: SQLSTATE `08001` (could not
    ///   connect; libpq reports no SQLSTATE then, the message is the server's or the client's
    ///   reason) or `42601`-like parse errors of the string itself as `08001` too.
    /// With `readOnly`, every transaction of the connection is READ ONLY: the server refuses writes.
    ///
    /// When the server asks for a password and none was given (in the string, `PGPASSWORD` or
    /// `~/.pgpass`), `passwordPrompt` is asked for one — amigo-shell reads it from the terminal
    /// without echo, as psql does — and the connection is made again with it (nil: no prompt).
    public init(_ connectionString: String, readOnly: Bool = false, sessionWaitTimeout: TimeInterval = 5,
                passwordPrompt: (() -> String?)? = nil) throws {
        var secrets = PostgresEngine.secrets(in: connectionString)
        let display = PostgresEngine.describe(connectionString, secrets: secrets)
        self.path = display
        self.transactionGate = TransactionGate(timeout: sessionWaitTimeout)
        guard var conn = PQconnectdb(connectionString) else {
            throw AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot connect to \(display): out of memory",
                                                    system: "PostgreSQL"))
        }
        if PQstatus(conn) != CONNECTION_OK, PQconnectionNeedsPassword(conn) == 1, let password = passwordPrompt?(), !password.isEmpty,
           let again = PostgresEngine.connect(connectionString, password: password) {
            PQfinish(conn)
            conn = again
            secrets.append(password)
        }
        self.secrets = secrets
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = PostgresEngine.oneLine(String(cString: PQerrorMessage(conn)), secrets: secrets)
            PQfinish(conn)
            throw AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot connect to \(display): \(message)",
                                                    system: "PostgreSQL"))
        }
        self.connection = conn
        self.dialect = PostgresDialect(hasJSONPredicate: PQserverVersion(conn) >= 160_000)
        // Notices (such as "relation already exists, skipping") would go to standard error.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        let standby = PostgresEngine.isHotStandby(conn)
        self.readOnlyReason = standby ? PostgresEngine.hotStandbyReason : nil
        self.isReadOnly = readOnly || standby
        if let failure = PostgresEngine.setUp(conn, readOnly: readOnly, display: display, secrets: secrets) {
            PQfinish(conn)
            throw failure
        }
    }

    /// What ``readOnlyReason`` says on a hot standby.
    static let hotStandbyReason = "the server is a hot standby (a replica in recovery), which refuses writes"

    /// Whether the server `conn` reached is a hot standby: PostgreSQL 14 and later report it with
    /// the connection (`in_hot_standby`); an older server is asked (`pg_is_in_recovery()`).
    static func isHotStandby(_ conn: OpaquePointer) -> Bool {
        if let reported = PQparameterStatus(conn, "in_hot_standby") { return String(cString: reported) == "on" }
        guard let result = PQexec(conn, "SELECT pg_is_in_recovery()") else { return false }
        defer { PQclear(result) }
        return PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1 && String(cString: PQgetvalue(result, 0, 0)) == "t"
    }

    /// Connects with `connectionString` (a URL or keyword string, expanded) and `password`, which
    /// overrides any the string holds.
    static func connect(_ connectionString: String, password: String) -> OpaquePointer? {
        let texts: [String] = ["dbname", "password", connectionString, password]
        let copies: [UnsafeMutablePointer<CChar>] = texts.compactMap { (text: String) -> UnsafeMutablePointer<CChar>? in
            text.withCString { strdup($0) }
        }
        defer { copies.forEach { free($0) } }
        guard copies.count == 4 else { return nil }
        let keywords: [UnsafePointer<CChar>?] = [UnsafePointer(copies[0]), UnsafePointer(copies[1]), nil]
        let values: [UnsafePointer<CChar>?] = [UnsafePointer(copies[2]), UnsafePointer(copies[3]), nil]
        return PQconnectdbParams(keywords, values, 1)
    }

    /// Sets up a new connection, leaving the server's settings as they are — its time zone
    /// (`ALTER DATABASE … SET timezone`, `PGTZ`, `options=-c TimeZone=…`), `search_path` and the
    /// field order of `DateStyle` (DMY, MDY), which decides how typed dates are read — but for
    /// the output half of `DateStyle`, made ISO so that dates and timestamps are read whatever
    /// style the server writes by default (`SET DateStyle = ISO` changes nothing else); and every
    /// transaction READ ONLY with `readOnly`. The error, or nil.
    static func setUp(_ conn: OpaquePointer, readOnly: Bool, display: String, secrets: [String]) -> AmigoError? {
        let iso = PQparameterStatus(conn, "DateStyle").map { String(cString: $0) }?.hasPrefix("ISO") == true
        let statements = (iso ? [] : ["SET DateStyle = ISO"]) + (readOnly ? ["SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"] : [])
        guard !statements.isEmpty else { return nil }
        let setup = PQexec(conn, statements.joined(separator: "; "))
        let ok = PQresultStatus(setup) == PGRES_COMMAND_OK
        PQclear(setup)
        guard !ok else { return nil }
        let message = PostgresEngine.oneLine(String(cString: PQerrorMessage(conn)), secrets: secrets)
        return AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot set up the connection to \(display): \(message)",
                                                 system: "PostgreSQL"))
    }

    /// Whether the connection is gone (the server closed it or could not be reached): libpq says
    /// so once a statement has failed on it. Every statement fails until ``reconnect()``.
    /// (Also while a ``reconnect()`` that was cancelled left the connection half made.)
    public var isConnectionLost: Bool { serialized { PQstatus(connection) != CONNECTION_OK } }

    /// Connects again with the same connection string and sets the new connection up as the
    /// first. The server rolled back whatever the old connection had not committed, and its
    /// prepared statements are gone with it: they are prepared again when next used.
    ///
    /// The connection is made without blocking (`PQresetStart`/`PQresetPoll`), asking the check
    /// ``setInterruptCheck(_:)`` installed every 50 ms: a server that does not answer (a host
    /// gone from the network) can be given up on (Esc in amigo-shell) instead of waiting for
    /// the operating system's timeout.
    ///
    /// - Throws: ``AmigoError/database(_:)``, SQLSTATE `08001`, in one line without the password,
    ///   when the server cannot be reached (yet), or `57014` when the check said stop; the engine
    ///   stays lost and may try again.
    public func reconnect() throws {
        try serialized {
            // A connection that works keeps its transaction: nothing to do.
            guard PQstatus(connection) != CONNECTION_OK else { return }
            statements.removeAll()
            beginPending = false
            func failure(_ reason: String? = nil, state: String = "08001") -> AmigoError {
                let message = reason ?? PostgresEngine.oneLine(String(cString: PQerrorMessage(connection)), secrets: secrets)
                return AmigoError.database(DatabaseError(sqlState: state, message: "cannot reconnect to \(path): \(message)",
                                                         system: "PostgreSQL"))
            }
            guard PQresetStart(connection) == 1 else { throw failure() }
            var polling = PGRES_POLLING_WRITING
            while polling != PGRES_POLLING_OK {
                if polling == PGRES_POLLING_FAILED { throw failure() }
                var descriptor = pollfd(fd: PQsocket(connection), events: Int16(polling == PGRES_POLLING_READING ? POLLIN : POLLOUT),
                                        revents: 0)
                if poll(&descriptor, 1, 50) == 0 {
                    if interruptCheck?() == true { throw failure("given up (interrupted)", state: "57014") }
                    continue
                }
                polling = PQresetPoll(connection)
            }
            if let failure = PostgresEngine.setUp(connection, readOnly: isReadOnly, display: path, secrets: secrets) { throw failure }
        }
    }

    deinit { PQfinish(connection) }

    /// The server's version number (`150008` for 15.8).
    public var serverVersion: Int { serialized { Int(PQserverVersion(connection)) } }

    /// A ``PostgresCatalog``: reflection reads `pg_catalog` (the schemas of ``reflectedSchemas``).
    public var schemaCatalog: any SchemaCatalog { PostgresCatalog(engine: self) }

    /// The schemas reflection reads, or nil (the default) for every schema but the system ones.
    public var reflectedSchemas: [String]? {
        get { serialized { schemasToReflect } }
        set { serialized { schemasToReflect = newValue } }
    }
    private var schemasToReflect: [String]?

    /// Runs `body` holding the engine's recursive lock (re-entrant).
    public func serialized<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }

    /// Whether a transaction block is open (also when it failed and awaits a ROLLBACK).
    public var isInTransaction: Bool {
        serialized { beginPending || (PQtransactionStatus(connection) != PQTRANS_IDLE && PQtransactionStatus(connection) != PQTRANS_UNKNOWN) }
    }

    // MARK: Statements

    /// Prepares `sql` once (a named statement) and runs it with `arguments`; a row it returns
    /// (`RETURNING`) is ``ExecutionResult/returnedValue``.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> ExecutionResult {
        try serialized {
            let start = echo.isEnabled ? DispatchTime.now().uptimeNanoseconds : 0
            do {
                let result = try run(sql, arguments)
                defer { PQclear(result) }
                let changes = Int(String(cString: PQcmdTuples(result))) ?? 0
                var returned: DatabaseValue?
                if PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) > 0 && PQnfields(result) > 0 {
                    returned = PostgresResultRows.value(result, row: 0, column: 0)
                }
                let outcome = ExecutionResult(changes: changes, lastInsertRowID: 0, returnedValue: returned)
                if echo.isEnabled { report(.statement, sql, arguments, start, rows: changes) }
                return outcome
            } catch {
                if echo.isEnabled { report(.statement, sql, arguments, start, error: error) }
                throw error
            }
        }
    }

    /// Runs a query and hands each row to `body` until it returns false.
    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue] = [], _ body: (StatementRow) throws -> Bool) throws -> Int {
        try query(sql, arguments, columns: nil, body)
    }

    /// Runs a query, reporting the column names to `columns` before the rows.
    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue], columns: ([String]) throws -> Void,
                      _ body: (StatementRow) throws -> Bool) throws -> Int {
        try withoutActuallyEscaping(columns) { columns in try query(sql, arguments, columns: { try columns($0.map(\.name)) }, body) }
    }

    /// Runs a query, reporting the columns — names and ``ValueForm``s by their types — to
    /// `columns` before the rows.
    @discardableResult
    public func fetch(_ sql: String, _ arguments: [DatabaseValue], describing columns: ([ResultColumn]) throws -> Void,
                      _ body: (StatementRow) throws -> Bool) throws -> Int {
        try withoutActuallyEscaping(columns) { columns in try query(sql, arguments, columns: columns, body) }
    }

    /// Runs a query and hands its rows to `body` as they arrive (``streamedQuery(_:_:columns:_:)``),
    /// as ``StatementRow``s reading libpq's results in place.
    func query(_ sql: String, _ arguments: [DatabaseValue], columns: (([ResultColumn]) throws -> Void)?,
               _ body: (StatementRow) throws -> Bool) throws -> Int {
        try serialized {
            let start = echo.isEnabled ? DispatchTime.now().uptimeNanoseconds : 0
            do {
                let count = streams ? try streamedQuery(sql, arguments, columns: columns, body)
                    : try wholeQuery(sql, arguments, columns: columns, body)
                if echo.isEnabled { report(.statement, sql, arguments, start, rows: count) }
                return count
            } catch {
                if echo.isEnabled { report(.statement, sql, arguments, start, error: error) }
                throw error
            }
        }
    }

    /// Runs `sql` once per argument list (one prepared statement), returning the rows changed.
    public func executeRepeatedly(_ sql: String, _ argumentLists: [[DatabaseValue]]) throws -> Int {
        try serialized { try argumentLists.reduce(0) { $0 + (try execute(sql, $1)).changes } }
    }

    /// Runs `sql` (several statements, no arguments) with the simple protocol. The statement
    /// cache is emptied afterwards: DDL may change what a prepared statement returns.
    public func executeScript(_ sql: String) throws {
        try serialized {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try sendPendingBegin(for: sql)
                try simple(sql, sqlForErrors: sql)
                deallocateAll()
                if echo.isEnabled { report(.statement, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.statement, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Installs the check asked every 50 ms while the server runs a statement (nil removes it):
    /// when it returns true the statement is cancelled on the server and fails with an
    /// "interrupted" ``AmigoError/database(_:)`` (SQLSTATE 57014); inside a transaction, that
    /// aborts it unless ``recoversFromFailedStatements``.
    public func setInterruptCheck(_ check: (() -> Bool)?) {
        serialized { interruptCheck = check }
    }

    /// Reports a statement that started at `start` to ``echo``, as the server ran it: with the
    /// `$1…$n` markers the ORM's `?` became (the arguments are listed in that order).
    func report(_ kind: EchoEvent.Kind, _ sql: String, _ arguments: [DatabaseValue], _ start: UInt64,
                rows: Int? = nil, error: Error? = nil) {
        let sent = arguments.isEmpty ? sql : statements[sql]?.text ?? PostgresDialect.numberedPlaceholders(sql)
        echo.emit(kind, sent, arguments, startedAt: start, rows: rows, error: error)
    }
}

/// Opens ``PostgresEngine``s for ``Amigo/init(_:factory:)``, as ``SQLiteEngineFactory`` opens SQLite ones.
public struct PostgresEngineFactory: EngineFactory {
    /// A URL (`postgresql:///db?host=/socket/folder`) or keyword string (`host=… dbname=…`).
    public var connectionString: String
    /// Whether every statement is echoed to standard error.
    public var echo: Bool

    /// Creates a factory for `connectionString`; the password is best left to `PGPASSWORD` or `~/.pgpass`.
    public init(_ connectionString: String, echo: Bool = false) {
        self.connectionString = connectionString
        self.echo = echo
    }

    /// Connects.
    public func connect() throws -> PostgresEngine {
        let engine = try PostgresEngine(connectionString)
        if echo {
            engine.echo.isEnabled = true
            engine.echo.subscribe(EchoStream.standardErrorSink)
        }
        return engine
    }
}
