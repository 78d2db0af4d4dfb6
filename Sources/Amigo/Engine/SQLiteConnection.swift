import CSQLite
import Foundation

/// How to open a database file.
public struct OpenOptions: Sendable, Hashable {
    /// Open read-only: every write is refused.
    public var readOnly: Bool
    /// Read a file whose schema has a damaged entry (SQLite's `malformed database schema`), as
    /// the sqlite3 shell does with `PRAGMA writable_schema=ON`: always read-only, the damaged
    /// tables listed as unreadable and the others working. ``AmigoDatabase/init(reflecting:options:reflection:)``
    /// falls back to it by itself, with a warning.
    public var readsDamagedSchema: Bool
    /// Create the file when it does not exist (otherwise a missing file is an error).
    public var create: Bool
    /// How long to wait for another connection's lock before failing with a busy error, in milliseconds.
    public var busyTimeoutMilliseconds: Int32
    /// How long creating a session waits for another thread's session on the same engine to close
    /// before failing with ``AmigoError/sessionBusy(path:waited:)``, in milliseconds (see
    /// ``TransactionGate``; changeable later through ``Engine/sessionWaitTimeout``).
    public var sessionWaitMilliseconds: Int32

    /// Creates options. By default a file is opened read-write, never created, with a 2 s busy
    /// timeout, and a session waits up to 5 s for another thread's session to close.
    public init(readOnly: Bool = false, create: Bool = false, busyTimeoutMilliseconds: Int32 = 2000,
                sessionWaitMilliseconds: Int32 = 5000, readsDamagedSchema: Bool = false) {
        self.readsDamagedSchema = readsDamagedSchema
        self.readOnly = readOnly
        self.create = create
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.sessionWaitMilliseconds = sessionWaitMilliseconds
    }
}

/// One open `sqlite3*` connection with its statement cache. Not thread-safe: ``SQLiteEngine``
/// confines it to one serial queue.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    /// Whether SQLite opened the file read-only (asked for, or because the file or folder is not writable).
    let isReadOnly: Bool
    /// Prepared statements keyed by SQL text, reused for every execution of the same SQL.
    private var statementCache: [String: Statement] = [:]
    /// The statement prepared or found last.
    private var lastStatement: Statement?
    /// sqlite3's parameter table (``SQLiteEngine/setParameterTable(_:)``): values bound by name
    /// to a statement run without arguments; nil when there is none.
    var parameterTable: [String: DatabaseValue]?
    /// Collations the file named that SQLite did not know, with their stand-ins, in the order met.
    var collationSubstitutes: [CollationSubstitute] = []
    /// Tables using a substituted collation (lower-cased), computed when first needed.
    var tablesUsingSubstitutes: Set<String>?
    /// How the connection waits for another connection's lock (its busy handler).
    let lockWait: LockWait
    /// How long MATCHES may run in total over the values of one statement (nil: no limit, the
    /// interrupt check alone stops it); see ``registerRegexpFunction()``.
    var regexpTotalBudgetNanoseconds: UInt64? = 10_000_000_000

    init(path: String, options: OpenOptions) throws {
        let isMemory = path == ":memory:" || path.isEmpty
        if !isMemory && !options.create && !FileManager.default.fileExists(atPath: path) {
            throw AmigoError.fileNotFound(path: path)
        }
        if !isMemory, let refusal = SQLiteConnection.refusalBeforeOpening(path) {
            throw AmigoError.cannotOpen(path: path, message: refusal)
        }
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        if options.readOnly || options.readsDamagedSchema {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if options.create || isMemory { flags |= SQLITE_OPEN_CREATE }
        }
        lockWait = LockWait(timeoutMilliseconds: options.busyTimeoutMilliseconds)
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(isMemory ? ":memory:" : path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw AmigoError.cannotOpen(path: path, message: message)
        }
        self.handle = db
        self.path = isMemory ? ":memory:" : path
        sqlite3_extended_result_codes(db, 1)
        self.isReadOnly = sqlite3_db_readonly(db, "main") == 1
        installLockWait()
        registerCollationFallback()
        // Prove the file is a database now, so that a text file or a corrupt header fails at open.
        do {
            // Schema entries that do not parse are skipped instead of failing every statement
            // (the connection is read-only, so nothing can be written through this).
            if options.readsDamagedSchema { try execute("PRAGMA writable_schema = ON") }
            try execute("SELECT count(*) FROM sqlite_schema")
        } catch AmigoError.database(let error) {
            sqlite3_close_v2(db)
            if error.isBusy { throw AmigoError.database(error) }
            if let reason = SQLiteConnection.reasonAtOpen(error, path: path) { throw AmigoError.cannotOpen(path: path, message: reason) }
            if error.message.hasPrefix("malformed database schema") {
                throw AmigoError.damagedSchema(path: path, message: error.message)
            }
            throw AmigoError.notADatabase(path: path, message: error.message)
        }
        if !isReadOnly { try execute("PRAGMA foreign_keys = ON") }
        registerRegexpFunction()
        registerFoldFunction()
    }

    deinit {
        lastStatement = nil
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Builds a ``DatabaseError`` from a result code and the connection's message.
    func error(_ rc: Int32, sql: String?, arguments: [DatabaseValue] = []) -> AmigoError {
        if let cancelled = cancelledWaitError(rc, sql: sql, arguments: arguments) { return cancelled }
        let extended = sqlite3_extended_errcode(handle)
        var message = String(cString: sqlite3_errmsg(handle))
        if message == "not an error" || message.isEmpty { message = String(cString: sqlite3_errstr(rc)) }
        return AmigoError.database(DatabaseError(code: rc & 0xff, extendedCode: extended, message: message, sql: sql, arguments: arguments, path: path))
    }

    /// A prepared statement for `sql`, from the cache when `cached` (the SQL the library generates).
    func prepare(_ sql: String, cached: Bool = true) throws -> Statement {
        // Loops run the same SQL text (often the very same string) many times in a row: compare
        // with the last statement before hashing the text for the cache.
        if cached, let last = lastStatement, last.sql == sql, !last.isBusy { return last }
        if cached, let statement = statementCache[sql] {
            // The same SQL running again inside its own row loop (a query in a `forEach` body)
            // gets a statement of its own, so that the outer loop is not reset.
            if statement.isBusy { return try prepare(sql, cached: false) }
            lastStatement = statement
            return statement
        }
        var stmt: OpaquePointer?
        let flags: UInt32 = cached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        var rest: UnsafePointer<CChar>?
        let rc = sql.withCString { text in
            let rc = sqlite3_prepare_v3(handle, text, -1, flags, &stmt, &rest)
            // Anything but blanks, semicolons and comments after the first statement would be silently ignored.
            if rc == SQLITE_OK, let tail = rest, !SQLiteConnection.isBlankTail(String(cString: tail)) {
                return SQLITE_MISUSE
            }
            rest = nil
            return rc
        }
        if rc == SQLITE_MISUSE, rest != nil {
            sqlite3_finalize(stmt)
            throw AmigoError.database(DatabaseError(code: SQLITE_MISUSE, message: "only one statement can run at a time (use a script for several)", sql: sql))
        }
        if rc == SQLITE_OK && stmt == nil {
            // Only comments or blanks: SQLite prepares nothing and reports no error.
            throw AmigoError.database(DatabaseError(code: SQLITE_MISUSE, message: "nothing to run: the SQL holds only comments or blanks", sql: sql))
        }
        guard rc == SQLITE_OK, let stmt else { throw error(rc, sql: sql) }
        do {
            try refuseWritesWithSubstitutes(stmt, sql: sql)
        } catch {
            sqlite3_finalize(stmt)
            throw error
        }
        let statement = Statement(handle: stmt, sql: sql, connection: self)
        if cached {
            if statementCache.count > 512 { statementCache.removeAll(keepingCapacity: true) }
            statementCache[sql] = statement
            lastStatement = statement
        }
        return statement
    }

    /// Whether what follows a statement is only blanks, semicolons and comments (`-- …`, `/* … */`).
    static func isBlankTail(_ tail: String) -> Bool {
        var rest = Substring(tail)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == ";" }
            if rest.isEmpty { return true }
            if rest.hasPrefix("--") {
                guard let end = rest.firstIndex(of: "\n") else { return true }
                rest = rest[end...]
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return true }   // SQLite ends an open comment at the end
                rest = rest[end.upperBound...]
            } else {
                return false
            }
        }
    }

    /// Runs one or more statements without arguments or results (DDL scripts, PRAGMAs).
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            if let cancelled = cancelledWaitError(rc, sql: sql, arguments: []) {
                sqlite3_free(errorMessage)
                throw cancelled
            }
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errorMessage)
            throw AmigoError.database(DatabaseError(code: rc & 0xff, extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql, path: path))
        }
    }

    /// Drops every cached statement (after a schema change, statements are re-prepared anyway).
    func clearStatementCache() {
        statementCache.removeAll()
        lastStatement = nil
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes64(handle)) }
    /// Rows changed since the connection opened (triggers and foreign-key actions included).
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
    /// The most columns a table may have on this connection (SQLITE_LIMIT_COLUMN; 2000 by default).
    var columnLimit: Int { Int(sqlite3_limit(handle, SQLITE_LIMIT_COLUMN, -1)) }
}
