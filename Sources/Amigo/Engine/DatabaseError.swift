import CSQLite

/// An error reported by SQLite while preparing or running a statement.
///
/// Its description reads like:
/// `SQLite error 19: NOT NULL constraint failed: dog.label - while executing "INSERT INTO …"`.
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

    /// Whether a UNIQUE, NOT NULL, CHECK, FOREIGN KEY or PRIMARY KEY constraint failed.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// Whether the database was locked by another connection beyond the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// Whether a write was refused because the database is read-only.
    public var isReadOnly: Bool { code == SQLITE_READONLY }

    /// SQLite's short name of the primary code, such as `constraint` or `busy`.
    public var codeName: String {
        String(cString: sqlite3_errstr(code)).replacingOccurrences(of: " failed", with: "")
    }

    /// The code, SQLite's message and the SQL (with its placeholders, never the bound values).
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing \"\(sql)\"" }
        return text
    }

    /// ``description`` followed by the bound values, for debugging.
    public var debugDescription: String {
        arguments.isEmpty ? description : description + " with arguments [" + arguments.map(\.description).joined(separator: ", ") + "]"
    }
}
