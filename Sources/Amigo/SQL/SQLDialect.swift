/// Everything that differs between SQL databases, kept in one place: identifier quoting,
/// parameter placeholders, upsert syntax, column type names.
public protocol SQLDialect: Sendable {
    /// Quotes an identifier so that any name (spaces, keywords, quotes) is safe: `"Order Details"`.
    func quote(_ identifier: String) -> String
    /// The placeholder for a bound parameter.
    var placeholder: String { get }
    /// The statement prefix that inserts or replaces a row with the same key.
    var upsertPrefix: String { get }
    /// The words that start an INSERT with this conflict resolution (`INSERT OR IGNORE INTO`).
    func insertVerb(onConflict: ConflictResolution) -> String
    /// What ends an INSERT with this conflict resolution (empty in SQLite; `ON CONFLICT DO
    /// NOTHING` in PostgreSQL).
    func insertSuffix(onConflict: ConflictResolution) -> String
    /// The name of the implicit row identifier of a table without a declared key (`rowid`), if any.
    var rowIdentifier: String? { get }

    // The filter language's lookups: the SQL each operator becomes (as Django keeps per backend).

    /// What follows a comparison to make it ignore the case of ASCII letters (` COLLATE NOCASE`).
    var asciiCaseInsensitiveCollation: String { get }
    /// `sql`'s text folded as `[c]` (flag 1: full Unicode case folding) and `[d]` (flag 2:
    /// diacritics removed) ask: `amigo_fold(sql, flags)` in SQLite, where the engine registers it.
    func folded(_ sql: String, flags: Int) -> String
    /// `lhs` matched against one bound pattern of `%`/`_` wildcards with `\` escapes, ignoring
    /// the case of ASCII letters (`lhs LIKE ? ESCAPE '\'`).
    func asciiCaseInsensitiveLike(_ lhs: String) -> String
    /// `lhs` matched case-sensitively against one bound pattern of `*`/`?`/`[…]` wildcards (`lhs GLOB ?`).
    func caseSensitiveGlob(_ lhs: String) -> String
    /// `lhs` matched against one bound regular expression (`lhs REGEXP ?`).
    func regularExpressionMatch(_ lhs: String) -> String
    /// The DDL type name for a column of the given kind.
    func typeName(for kind: ColumnKind) -> String
}

/// SQLite's dialect.
public struct SQLiteDialect: SQLDialect {
    /// Creates the dialect.
    public init() {}

    /// Double-quotes `identifier`, doubling any double quote inside it.
    public func quote(_ identifier: String) -> String {
        if identifier.utf8.contains(UInt8(ascii: "\"")) {
            return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return "\"" + identifier + "\""
    }

    /// `?`.
    public var placeholder: String { "?" }
    /// `INSERT OR REPLACE INTO` (SQLite deletes the old row first, with its cascades).
    public var upsertPrefix: String { insertVerb(onConflict: .replace) }

    /// `INSERT INTO`, `INSERT OR IGNORE INTO`, `INSERT OR REPLACE INTO`.
    public func insertVerb(onConflict: ConflictResolution) -> String {
        switch onConflict {
        case .fail: return "INSERT INTO"
        case .ignore: return "INSERT OR IGNORE INTO"
        case .replace: return "INSERT OR REPLACE INTO"
        }
    }

    /// Nothing: SQLite says it in the verb.
    public func insertSuffix(onConflict: ConflictResolution) -> String { "" }

    /// `rowid`.
    public var rowIdentifier: String? { "rowid" }

    /// ` COLLATE NOCASE`.
    public var asciiCaseInsensitiveCollation: String { " COLLATE NOCASE" }
    /// `amigo_fold(sql, flags)`, registered on every connection by ``SQLiteEngine``.
    public func folded(_ sql: String, flags: Int) -> String { "amigo_fold(\(sql), \(flags))" }
    /// `lhs LIKE ? ESCAPE '\'` (SQLite's LIKE ignores the case of ASCII letters).
    public func asciiCaseInsensitiveLike(_ lhs: String) -> String { "\(lhs) LIKE \(placeholder) ESCAPE '\\'" }
    /// `lhs GLOB ?`.
    public func caseSensitiveGlob(_ lhs: String) -> String { "\(lhs) GLOB \(placeholder)" }
    /// `lhs REGEXP ?`, with the `regexp` function ``SQLiteEngine`` registers.
    public func regularExpressionMatch(_ lhs: String) -> String { "\(lhs) REGEXP \(placeholder)" }

    /// `INTEGER` for integers and booleans, `REAL`, `TEXT` for text and decimals (no digit lost),
    /// `BLOB` for bytes and UUIDs, `DATETIME` for dates, `NUMERIC`.
    public func typeName(for kind: ColumnKind) -> String {
        switch kind {
        case .integer, .boolean: return "INTEGER"
        case .real: return "REAL"
        case .text, .decimal: return "TEXT"
        case .blob, .uuid: return "BLOB"
        case .date: return "DATETIME"
        case .numeric: return "NUMERIC"
        }
    }
}
