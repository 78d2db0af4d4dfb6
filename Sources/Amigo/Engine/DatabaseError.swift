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
    /// so that messages read alike; ``kind`` says what it means.
    public var sqlState: String?
    /// The name of the database system for messages (`SQLite` unless another engine says so).
    public var system: String = "SQLite"
    /// What went wrong, as a value to `switch` on (``Kind``): read from SQLite's extended result
    /// code, or from the SQLSTATE of a server. Callers decide with it, never with ``code``,
    /// ``sqlState`` or ``message``, which are kept for messages.
    public var kind: Kind
    /// The columns a failed constraint names, as SQLite reports them: `["Genre.Name"]` for
    /// `UNIQUE constraint failed: Genre.Name`; empty when the message names none (SQLite's
    /// `FOREIGN KEY constraint failed`, every server's message).
    public var constraintColumns: [String] = []
    /// Whether the database said which foreign key failed and with what values: a server does
    /// (PostgreSQL's detail `Key (ArtistId)=(999) is not present in table "Artist"`); SQLite says
    /// only `FOREIGN KEY constraint failed`, so a caller that wants to say more looks itself.
    public var namesFailedForeignKey = false

    /// Creates an error.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil, arguments: [DatabaseValue] = [],
                path: String? = nil) {
        self.code = code
        self.path = path
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.arguments = arguments
        self.kind = Kind(sqliteCode: code, extendedCode: extendedCode ?? code, message: message)
        if case .constraint = kind { self.constraintColumns = Self.sqliteConstraintColumns(message) }
    }

    /// Creates an error reported by a server with a SQLSTATE (`system` names it in the message);
    /// ``code`` is derived from the SQLSTATE's class and ``kind`` from the SQLSTATE itself, unless
    /// the engine gives it.
    public init(sqlState: String, message: String, system: String, kind: Kind? = nil, sql: String? = nil,
                arguments: [DatabaseValue] = []) {
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
        self.kind = kind ?? Kind(sqlState: sqlState, message: message)
        self.constraintColumns = []
        self.namesFailedForeignKey = true
    }

    /// SQLite's short name of the primary code, such as `constraint` or `busy`.
    public var codeName: String {
        String(cString: sqlite3_errstr(code)).replacingOccurrences(of: " failed", with: "")
    }

    /// The error in one line for people, without the SQL: `SQLite error 19 (constraint): NOT NULL
    /// constraint failed: dog.label`, or `PostgreSQL error 23505: duplicate key value …`.
    public var summary: String {
        if let sqlState { return "\(system) error \(sqlState): \(message)" }
        return "\(system) error \(code) (\(codeName)): \(message)"
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
