import CSQLite

/// An error reported by the database while preparing or running a statement.
///
/// Its description reads like:
/// `SQLite error 19: NOT NULL constraint failed: dog.label - while executing "INSERT INTO …"`,
/// or, for a server that reports SQLSTATEs (PostgreSQL),
/// `PostgreSQL error 23505: duplicate key value violates unique constraint "dog_pkey" - while executing "…"`.
/// The bound values are not in it, since they may be secrets that logs keep: they are in
/// ``arguments`` and in ``debugDescription``, for a caller who asks.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT` = 19, `SQLITE_BUSY` = 5, …).
    public var code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_NOTNULL` = 1299, …).
    public var extendedCode: Int32
    /// SQLite's message.
    public var message: String
    /// The SQL that failed, when there was one.
    public var sql: String?
    /// The arguments bound to that SQL.
    public var arguments: [DatabaseValue]
    /// The database file the connection had open (nil when unknown).
    public var path: String?
    /// The five-character SQLSTATE of a server that reports one (`23505`), nil for SQLite. Its
    /// ``code`` is then the nearest SQLite primary code (constraint, busy, read-only, or error),
    /// so that ``isConstraintViolation`` and friends hold for every engine.
    public var sqlState: String?
    /// The name of the database system for messages (`SQLite` unless another engine says so).
    public var system: String = "SQLite"

    /// Creates an error.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil, arguments: [DatabaseValue] = [],
                path: String? = nil) {
        self.code = code
        self.path = path
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.arguments = arguments
    }

    /// Creates an error reported by a server with a SQLSTATE (`system` names it in the message);
    /// ``code`` is derived from the SQLSTATE's class.
    public init(sqlState: String, message: String, system: String, sql: String? = nil, arguments: [DatabaseValue] = []) {
        let code: Int32
        switch sqlState {
        case let s where s.hasPrefix("23"): code = SQLITE_CONSTRAINT
        case "25006": code = SQLITE_READONLY
        case "40P01", "55P03", "40001": code = SQLITE_BUSY
        case "57014": code = SQLITE_INTERRUPT
        default: code = SQLITE_ERROR
        }
        self.init(code: code, message: message, sql: sql, arguments: arguments)
        self.sqlState = sqlState
        self.system = system
    }

    /// Whether a UNIQUE, NOT NULL, CHECK, FOREIGN KEY or PRIMARY KEY constraint failed.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// Whether the database was locked by another connection beyond the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// Whether the engine's interrupt check stopped the statement (``Engine/setInterruptCheck(_:)``).
    public var isInterrupted: Bool { code == SQLITE_INTERRUPT }
    /// Whether a write was refused because the database is read-only.
    public var isReadOnly: Bool { code == SQLITE_READONLY }

    /// SQLite's short name of the primary code, such as `constraint` or `busy`.
    public var codeName: String {
        String(cString: sqlite3_errstr(code)).replacingOccurrences(of: " failed", with: "")
    }

    /// The code, SQLite's message and the SQL (with its placeholders, never the bound values).
    public var description: String {
        var text = "\(system) error \(sqlState ?? String(code)): \(message)"
        if let sql { text += " - while executing \"\(sql)\"" }
        return text
    }

    /// ``description`` followed by the bound values, for debugging.
    public var debugDescription: String {
        arguments.isEmpty ? description : description + " with arguments [" + arguments.map(\.description).joined(separator: ", ") + "]"
    }
}
