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
/// floating point, `bool` (as 0/1), `bytea` and `uuid` (as bytes, as SQLite stores them),
/// `numeric` (an integer or double when exact, text otherwise), the rest as text.
///
/// Calls are serialized with a recursive lock, so any thread may use the engine; one
/// connection has one transaction, so one ``Session`` at a time owns it (``transactionGate``).
///
/// Differences from SQLite to know about:
/// - A failed statement inside a transaction aborts the whole transaction (PostgreSQL's rule):
///   everything up to the next ROLLBACK (or ROLLBACK TO a savepoint) fails.
/// - Results are read whole by libpq before the first row is handed out.
/// - ``setInterruptCheck(_:)`` is not supported yet (a no-op); ``isReadOnlyStatement(_:)`` throws.
public final class PostgresEngine: Engine, @unchecked Sendable {
    /// Serializes every use of the connection (re-entrant).
    private let serial = NSRecursiveLock()
    /// The `PGconn*`.
    private let connection: OpaquePointer
    /// Named statements prepared on this connection, by SQL text as the ORM wrote it.
    private var statements: [String: PreparedStatement] = [:]
    /// The number of the next statement name (`amigo_1`, `amigo_2`, …).
    private var nextStatement = 1
    /// The secrets of the connection string (password), removed from every message.
    private let secrets: [String]

    /// At most this many named statements are kept; past it, all are deallocated.
    static let statementCacheLimit = 512

    /// ``PostgresDialect``.
    public let dialect: any SQLDialect = PostgresDialect()
    /// The stream every statement is reported to (off until enabled).
    public let echo = EchoStream()
    /// The connection's target without its password (`host=/tmp/x dbname=amigo_test user=amigo`).
    public let path: String
    /// False: writes are allowed (read-only connections are not offered yet).
    public let isReadOnly = false
    /// Which session owns the connection's transaction (see ``TransactionGate``).
    public let transactionGate: TransactionGate

    /// A statement prepared on the server.
    private struct PreparedStatement {
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
    public init(_ connectionString: String, sessionWaitTimeout: TimeInterval = 5) throws {
        let secrets = PostgresEngine.secrets(in: connectionString)
        self.secrets = secrets
        let display = PostgresEngine.describe(connectionString, secrets: secrets)
        self.path = display
        self.transactionGate = TransactionGate(timeout: sessionWaitTimeout)
        guard let conn = PQconnectdb(connectionString) else {
            throw AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot connect to \(display): out of memory",
                                                    system: "PostgreSQL"))
        }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = PostgresEngine.oneLine(String(cString: PQerrorMessage(conn)), secrets: secrets)
            PQfinish(conn)
            throw AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot connect to \(display): \(message)",
                                                    system: "PostgreSQL"))
        }
        self.connection = conn
        // Notices (such as "relation already exists, skipping") would go to standard error.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        // Dates are exchanged in UTC, as the ORM stores them.
        let setup = PQexec(conn, "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'")
        let ok = PQresultStatus(setup) == PGRES_COMMAND_OK
        PQclear(setup)
        if !ok {
            let message = PostgresEngine.oneLine(String(cString: PQerrorMessage(conn)), secrets: secrets)
            PQfinish(conn)
            throw AmigoError.database(DatabaseError(sqlState: "08001", message: "cannot set up the connection to \(display): \(message)",
                                                    system: "PostgreSQL"))
        }
    }

    deinit { PQfinish(connection) }

    /// The server's version number (`150008` for 15.8).
    public var serverVersion: Int { serialized { Int(PQserverVersion(connection)) } }

    /// Runs `body` holding the engine's recursive lock (re-entrant).
    public func serialized<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }

    /// Whether a transaction block is open (also when it failed and awaits a ROLLBACK).
    public var isInTransaction: Bool {
        serialized { PQtransactionStatus(connection) != PQTRANS_IDLE && PQtransactionStatus(connection) != PQTRANS_UNKNOWN }
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
                    returned = value(result, row: 0, column: 0)
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
        try withoutActuallyEscaping(columns) { columns in try query(sql, arguments, columns: columns, body) }
    }

    /// Runs a query and hands its rows to `body`, as ``StatementRow``s built from the values.
    private func query(_ sql: String, _ arguments: [DatabaseValue], columns: (([String]) throws -> Void)?,
                       _ body: (StatementRow) throws -> Bool) throws -> Int {
        try serialized {
            let start = echo.isEnabled ? DispatchTime.now().uptimeNanoseconds : 0
            var count = 0
            do {
                let result = try run(sql, arguments)
                defer { PQclear(result) }
                let fields = Int(PQnfields(result))
                let names = (0..<fields).map { String(cString: PQfname(result, Int32($0))) }
                try columns?(names)
                let rows = Int(PQntuples(result))
                for r in 0..<rows {
                    let values = (0..<fields).map { value(result, row: r, column: $0) }
                    count += 1
                    if try !body(StatementRow(columns: names, values: values)) { break }
                }
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
                try simple(sql, sqlForErrors: sql)
                deallocateAll()
                if echo.isEnabled { report(.statement, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.statement, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Runs BEGIN, COMMIT, ROLLBACK, SAVEPOINT x, RELEASE x, ROLLBACK TO x. SQLite's
    /// `BEGIN IMMEDIATE`/`DEFERRED`/`EXCLUSIVE` become a plain `BEGIN`.
    public func executeTransactionControl(_ sql: String) throws {
        try serialized {
            let start = DispatchTime.now().uptimeNanoseconds
            var text = sql
            let upper = sql.uppercased()
            if upper.hasPrefix("BEGIN ") && ["IMMEDIATE", "DEFERRED", "EXCLUSIVE"].contains(where: upper.hasSuffix) {
                text = "BEGIN"
            }
            do {
                try simple(text, sqlForErrors: sql)
                if echo.isEnabled { report(.transaction, sql, [], start) }
            } catch {
                if echo.isEnabled { report(.transaction, sql, [], start, error: error) }
                throw error
            }
        }
    }

    /// Not supported yet: PostgreSQL cannot tell from preparing a statement whether running it
    /// would write. Throws ``AmigoError/invalidOperation(_:)``.
    public func isReadOnlyStatement(_ sql: String) throws -> Bool {
        throw AmigoError.invalidOperation("PostgreSQL: telling read-only statements apart is not supported yet")
    }

    /// A no-op for now: statements on PostgreSQL cannot be interrupted yet (a later version will
    /// send `PQcancel` from the check).
    public func setInterruptCheck(_ check: (() -> Bool)?) {}

    // MARK: libpq

    /// Runs `sql` with the simple protocol, expecting no rows.
    private func simple(_ sql: String, sqlForErrors: String) throws {
        guard let result = PQexec(connection, sql) else { throw connectionError(sql: sqlForErrors, arguments: []) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            throw error(result, sql: sqlForErrors, arguments: [])
        }
    }

    /// Prepares (once) and runs `sql` with `arguments`; the caller clears the result.
    private func run(_ sql: String, _ arguments: [DatabaseValue]) throws -> OpaquePointer {
        let statement = try prepared(sql, arguments)
        guard statement.parameterTypes.count == arguments.count else {
            throw AmigoError.database(DatabaseError(
                sqlState: "08P01", message: "statement expects \(statement.parameterTypes.count) argument(s), got \(arguments.count)",
                system: "PostgreSQL", sql: sql, arguments: arguments))
        }
        var texts: [UnsafeMutablePointer<CChar>?] = []
        texts.reserveCapacity(arguments.count)
        defer { for text in texts { free(text) } }
        for (value, type) in zip(arguments, statement.parameterTypes) {
            guard let text = try PostgresEngine.parameterText(value, type: type) else { texts.append(nil); continue }
            texts.append(strdup(text))
        }
        let result = texts.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                PQexecPrepared(connection, statement.name, Int32(arguments.count), values.baseAddress, nil, nil, 0)
            }
        }
        guard let result else { throw connectionError(sql: sql, arguments: arguments) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            let failure = error(result, sql: sql, arguments: arguments)
            PQclear(result)
            throw failure
        }
        return result
    }

    /// The named statement for `sql`, prepared and described on first use.
    private func prepared(_ sql: String, _ arguments: [DatabaseValue]) throws -> PreparedStatement {
        if let statement = statements[sql] { return statement }
        if statements.count >= Self.statementCacheLimit { deallocateAll() }
        let name = "amigo_\(nextStatement)"
        nextStatement += 1
        let text = PostgresDialect.numberedPlaceholders(sql)
        guard let prepared = PQprepare(connection, name, text, 0, nil) else { throw connectionError(sql: sql, arguments: arguments) }
        defer { PQclear(prepared) }
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else { throw error(prepared, sql: sql, arguments: arguments) }
        guard let description = PQdescribePrepared(connection, name) else { throw connectionError(sql: sql, arguments: arguments) }
        defer { PQclear(description) }
        guard PQresultStatus(description) == PGRES_COMMAND_OK else { throw error(description, sql: sql, arguments: arguments) }
        let types = (0..<PQnparams(description)).map { PQparamtype(description, $0) }
        let statement = PreparedStatement(name: name, text: text, parameterTypes: types)
        statements[sql] = statement
        return statement
    }

    /// Forgets every prepared statement, on the server too (errors ignored: in a failed
    /// transaction the server refuses until ROLLBACK, and the names are never reused).
    private func deallocateAll() {
        guard !statements.isEmpty else { return }
        if PQtransactionStatus(connection) != PQTRANS_INERROR, let result = PQexec(connection, "DEALLOCATE ALL") { PQclear(result) }
        statements.removeAll()
    }

    /// The error a failed result reports: its SQLSTATE and message, on one line.
    private func error(_ result: OpaquePointer, sql: String, arguments: [DatabaseValue]) -> AmigoError {
        func field(_ code: UInt8) -> String? {
            guard let p = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: p)
        }
        guard let state = field(UInt8(ascii: "C")) else { return connectionError(sql: sql, arguments: arguments) }
        var message = field(UInt8(ascii: "M")) ?? String(cString: PQresultErrorMessage(result))
        if let detail = field(UInt8(ascii: "D")) { message += " (\(detail))" }
        return AmigoError.database(DatabaseError(sqlState: state, message: PostgresEngine.oneLine(message, secrets: secrets),
                                                 system: "PostgreSQL", sql: sql, arguments: arguments))
    }

    /// The error of a lost or unusable connection (SQLSTATE `08006`), with libpq's message.
    private func connectionError(sql: String, arguments: [DatabaseValue]) -> AmigoError {
        var message = PostgresEngine.oneLine(String(cString: PQerrorMessage(connection)), secrets: secrets)
        if message.isEmpty { message = "the connection failed" }
        return AmigoError.database(DatabaseError(sqlState: "08006", message: message, system: "PostgreSQL", sql: sql, arguments: arguments))
    }

    /// The value at `row`, `column` of `result`, by the column's type OID.
    private func value(_ result: OpaquePointer, row: Int, column: Int) -> DatabaseValue {
        let r = Int32(row), c = Int32(column)
        if PQgetisnull(result, r, c) != 0 { return .null }
        let length = Int(PQgetlength(result, r, c))
        guard let raw = PQgetvalue(result, r, c) else { return .null }
        let text = raw.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        return PostgresEngine.value(text: text, type: PQftype(result, c))
    }

    // MARK: Conversions

    /// Type OIDs of the built-in types the engine converts.
    enum TypeOID {
        static let bool: UInt32 = 16, bytea: UInt32 = 17, int8: UInt32 = 20, int2: UInt32 = 21, int4: UInt32 = 23
        static let oid: UInt32 = 26, float4: UInt32 = 700, float8: UInt32 = 701, numeric: UInt32 = 1700
        static let timestamp: UInt32 = 1114, timestamptz: UInt32 = 1184, uuid: UInt32 = 2950
    }

    /// A result value in text format as the ORM's value for a column of type `type`.
    static func value(text: String, type: UInt32) -> DatabaseValue {
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            return Int64(text).map(DatabaseValue.integer) ?? .text(text)
        case TypeOID.float4, TypeOID.float8:
            switch text {
            case "NaN": return .real(.nan)
            case "Infinity": return .real(.infinity)
            case "-Infinity": return .real(-.infinity)
            default: return Double(text).map(DatabaseValue.real) ?? .text(text)
            }
        case TypeOID.numeric:
            // Exact when it can be: an integer, or a double that prints back as the same digits.
            if let integer = Int64(text) { return .integer(integer) }
            if let double = Double(text), Decimal(string: text) == Decimal(double) { return .real(double) }
            return .text(text)
        case TypeOID.bool:
            return .integer(text == "t" ? 1 : 0)
        case TypeOID.bytea:
            return .blob(bytes(fromByteaText: text) ?? Array(text.utf8))
        case TypeOID.uuid:
            return uuidBytes(text).map(DatabaseValue.blob) ?? .text(text)
        case TypeOID.timestamptz, TypeOID.timestamp:
            return .text(ormDate(text))
        default:
            return .text(text)
        }
    }

    /// `2024-01-31 12:00:00.5+00` as the ORM writes dates: `2024-01-31 12:00:00.500` (UTC; the
    /// session's time zone is UTC). Text in another form is returned unchanged.
    static func ormDate(_ text: String) -> String {
        var body = Substring(text)
        if body.hasSuffix("+00") { body = body.dropLast(3) }
        guard body.count >= 19, body.dropFirst(10).first == " " else { return text }
        let seconds = body.prefix(19)
        var fraction = body.dropFirst(19)
        if fraction.first == "." { fraction = fraction.dropFirst() } else if !fraction.isEmpty { return text }
        let millis = (fraction + "000").prefix(3)
        return seconds + "." + millis
    }

    /// The bytes of `bytea` output in hex format (`\x0aff`).
    static func bytes(fromByteaText text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity((utf8.count - 2) / 2)
        var i = 2
        while i < utf8.count {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The 16 bytes of a UUID's text form.
    static func uuidBytes(_ text: String) -> [UInt8]? {
        let hex = Array(text.utf8.filter { $0 != UInt8(ascii: "-") })
        guard hex.count == 32 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < 32 {
            guard let high = nibble(hex[i]), let low = nibble(hex[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 0xf)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text-format parameter for `value` bound where the server expects type `type`; nil for NULL.
    ///
    /// - Throws: ``AmigoError/database(_:)`` (SQLSTATE `22021`) for text holding U+0000, which
    ///   PostgreSQL text cannot store.
    static func parameterText(_ value: DatabaseValue, type: UInt32) throws -> String? {
        switch value {
        case .null: return nil
        case .integer(let v):
            if type == TypeOID.bool { return v != 0 ? "t" : "f" }
            return String(v)
        case .real(let d):
            if d.isNaN { return "NaN" }
            if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
            return "\(d)"
        case .text(let s):
            if s.utf8.contains(0) {
                throw AmigoError.database(DatabaseError(sqlState: "22021", message: "PostgreSQL text cannot contain the NUL character",
                                                        system: "PostgreSQL"))
            }
            return s
        case .blob(let bytes):
            if type == TypeOID.uuid && bytes.count == 16 {
                let h = Array(hex(bytes))
                return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-" + String(h[16..<20]) + "-" + String(h[20...])
            }
            return "\\x" + hex(bytes)
        }
    }

    // MARK: Connection strings

    /// The password values in a connection string (URL userinfo, `password=` keyword or query parameter).
    static func secrets(in connectionString: String) -> [String] {
        var found: [String] = []
        var options: UnsafeMutablePointer<PQconninfoOption>?
        var message: UnsafeMutablePointer<CChar>?
        options = PQconninfoParse(connectionString, &message)
        if let message { PQfreemem(message) }
        if let options {
            var option = options
            while let keyword = option.pointee.keyword {
                if String(cString: keyword) == "password", let value = option.pointee.val {
                    let password = String(cString: value)
                    if !password.isEmpty { found.append(password) }
                }
                option += 1
            }
            PQconninfoFree(options)
        }
        // Also the raw forms, for strings libpq could not parse (their messages may quote them).
        if let scheme = connectionString.range(of: "://") {
            let rest = connectionString[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                if let colon = userinfo.firstIndex(of: ":") {
                    let password = String(userinfo[userinfo.index(after: colon)...])
                    if !password.isEmpty { found.append(password) }
                }
            }
        }
        for marker in ["password=", "PASSWORD="] {
            var search = connectionString.startIndex
            while let range = connectionString.range(of: marker, range: search..<connectionString.endIndex) {
                let value = connectionString[range.upperBound...].prefix { $0 != " " && $0 != "&" }
                if !value.isEmpty { found.append(String(value)) }
                search = range.upperBound
            }
        }
        // Longest first, so that a password containing another is removed whole.
        return Array(Set(found)).sorted { $0.count > $1.count }
    }

    /// A description of the connection target without its password: `host=… port=… dbname=… user=…`
    /// for what the string names (or `default database` when it names nothing).
    static func describe(_ connectionString: String, secrets: [String]) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &message) else {
            if let message { PQfreemem(message) }
            return "an unparsable connection string"
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let parts = ["host", "hostaddr", "port", "dbname", "user"].compactMap { key in
            values[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" }
        }
        return redacted(parts.isEmpty ? "the default database" : parts.joined(separator: " "), secrets: secrets)
    }

    /// `text` on one line (libpq's messages span several), trimmed, with every secret replaced by `***`.
    static func oneLine(_ text: String, secrets: [String]) -> String {
        let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return redacted(joined, secrets: secrets)
    }

    private static func redacted(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    private func report(_ kind: EchoEvent.Kind, _ sql: String, _ arguments: [DatabaseValue], _ start: UInt64,
                        rows: Int? = nil, error: Error? = nil) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        echo.emit(EchoEvent(kind: kind, sql: sql, arguments: arguments, duration: seconds, rowCount: rows,
                            error: error.map { "\($0)" }))
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
