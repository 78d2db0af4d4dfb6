import CSQLite

/// An error reported by SQLite while preparing or running a statement.
///
/// Its description reads like:
/// `SQLite error 19 (constraint): NOT NULL constraint failed: dog.label - while executing "INSERT INTO …"`.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
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

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing \"\(sql)\"" }
        if !arguments.isEmpty { text += " with arguments [" + arguments.map(\.description).joined(separator: ", ") + "]" }
        return text
    }
}
