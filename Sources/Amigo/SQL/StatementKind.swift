/// What an SQL statement does, told by its leading words: the one classifier the session, the
/// engines and the shell ask (no other list of statement keywords is kept).
///
/// The words say what a statement *means to do*; whether it may write in the end (a `SELECT`
/// calling a function that writes, a `PRAGMA` that sets something) is the engine's word
/// (``Engine/isReadOnlyStatement(_:)``), asked where that matters.
///
/// For example:
///
///     StatementKind.of("select 1")                 // .query
///     StatementKind.of("INSERT INTO t VALUES (1)") // .dataChange
///     StatementKind.of("/* x */ commit")           // .transaction(.commit)
///     StatementKind.of("ROLLBACK TO SAVEPOINT a")  // .transaction(.rollbackToSavepoint)
package enum StatementKind: Sendable, Equatable {
    /// Reads: `SELECT`, `VALUES`, `WITH` (without a data change in it), `TABLE`, `SHOW`,
    /// `EXPLAIN` (without `ANALYZE`), a `PRAGMA` without `=` (`PRAGMA table_info(t)` reads).
    case query
    /// Changes rows: `INSERT`, `UPDATE`, `DELETE`, `REPLACE`, `MERGE`, `TRUNCATE`, `COPY`, a
    /// `WITH` holding one of them, `EXPLAIN ANALYZE` of one.
    case dataChange
    /// Changes the schema: `CREATE`, `DROP`, `ALTER`, `REINDEX`, `COMMENT`, `GRANT`, `REVOKE`.
    case schemaChange
    /// Begins, ends or nests a transaction.
    case transaction(TransactionStatement)
    /// Sets something of the connection: `PRAGMA name = value`, `SET`, `RESET`.
    case setting
    /// Works on the connection or the whole file: `ATTACH`, `DETACH`, `VACUUM`, `ANALYZE`,
    /// `CHECKPOINT`, `LOAD`, `DISCARD`, `LISTEN`, `NOTIFY`, `UNLISTEN`, `LOCK`, `REFRESH`, `CALL`, `DO`.
    case maintenance
    /// No statement (only blanks and comments), or words no dialect starts a statement with.
    case other

    /// The transaction statements, by what they do (each dialect's spellings folded together).
    package enum TransactionStatement: Sendable, Equatable {
        /// `BEGIN`, `START TRANSACTION`.
        case begin
        /// `COMMIT`, `END`.
        case commit
        /// `ROLLBACK`, `ABORT` (not `ROLLBACK TO`).
        case rollback
        /// `SAVEPOINT name`.
        case savepoint
        /// `RELEASE [SAVEPOINT] name`.
        case release
        /// `ROLLBACK TO [SAVEPOINT] name`.
        case rollbackToSavepoint
        /// PostgreSQL's two-phase commit: `PREPARE TRANSACTION`, `COMMIT PREPARED`, `ROLLBACK PREPARED`.
        case twoPhase
    }

    /// The kind of the first statement of `sql`, by its words outside comments and quotes.
    public static func of(_ sql: String) -> StatementKind {
        let words = SQLWords(sql, limit: 64)
        guard let first = words.first else { return .other }
        let second = words.count > 1 ? words[1] : ""
        switch first {
        case "SELECT":
            // PostgreSQL's SELECT … INTO makes a table.
            return words.contains("INTO") ? .schemaChange : .query
        case "VALUES", "TABLE", "SHOW":
            return .query
        case "WITH":
            return words.contains(where: dataChangeWords.contains) ? .dataChange : .query
        case "EXPLAIN":
            guard words.contains("ANALYZE") || words.contains("ANALYSE") else { return .query }
            return words.dropFirst().contains(where: dataChangeWords.contains) ? .dataChange : .query
        case "PRAGMA":
            return words.settingPragma ? .setting : .query
        case "INSERT", "UPDATE", "DELETE", "REPLACE", "MERGE", "UPSERT", "TRUNCATE", "COPY":
            return .dataChange
        case "CREATE", "DROP", "ALTER", "REINDEX", "COMMENT", "GRANT", "REVOKE", "SECURITY":
            return .schemaChange
        case "BEGIN", "START":
            return .transaction(.begin)
        case "END":
            return .transaction(.commit)
        case "COMMIT":
            return second == "PREPARED" ? .transaction(.twoPhase) : .transaction(.commit)
        case "ROLLBACK", "ABORT":
            if second == "PREPARED" { return .transaction(.twoPhase) }
            return words.prefix(3).contains("TO") ? .transaction(.rollbackToSavepoint) : .transaction(.rollback)
        case "SAVEPOINT":
            return .transaction(.savepoint)
        case "RELEASE":
            return .transaction(.release)
        case "PREPARE":
            return second == "TRANSACTION" ? .transaction(.twoPhase) : .maintenance
        case "SET", "RESET":
            return .setting
        case "ATTACH", "DETACH", "VACUUM", "ANALYZE", "ANALYSE", "CHECKPOINT", "LOAD", "DISCARD", "LISTEN", "NOTIFY",
             "UNLISTEN", "LOCK", "REFRESH", "CALL", "DO", "CLUSTER", "DEALLOCATE", "EXECUTE", "DECLARE", "FETCH",
             "MOVE", "CLOSE", "IMPORT":
            return .maintenance
        default:
            return .other
        }
    }

    /// The kind of `sql` once the engine has said whether it only reads
    /// (``Engine/isReadOnlyStatement(_:)``): a `PRAGMA` that writes sets something whatever
    /// its form (`PRAGMA writable_schema(1)`, `PRAGMA optimize`), and a query that writes (a
    /// function with side effects) changes data.
    public static func of(_ sql: String, readsOnly: Bool) -> StatementKind {
        let kind = of(sql)
        guard kind == .query, !readsOnly else { return kind }
        return SQLWords(sql, limit: 1).first == "PRAGMA" ? .setting : .dataChange
    }

    /// The words that start every statement this classifier knows, upper-cased: what a line of a
    /// script may start with to be SQL.
    package static let leadingWords: Set<String> = [
        "SELECT", "VALUES", "TABLE", "SHOW", "WITH", "EXPLAIN", "PRAGMA", "INSERT", "UPDATE", "DELETE", "REPLACE",
        "MERGE", "UPSERT", "TRUNCATE", "COPY", "CREATE", "DROP", "ALTER", "REINDEX", "COMMENT", "GRANT", "REVOKE",
        "SECURITY", "BEGIN", "START", "END", "COMMIT", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE", "SET",
        "RESET", "ATTACH", "DETACH", "VACUUM", "ANALYZE", "ANALYSE", "CHECKPOINT", "LOAD", "DISCARD", "LISTEN",
        "NOTIFY", "UNLISTEN", "LOCK", "REFRESH", "CALL", "DO", "CLUSTER", "DEALLOCATE", "EXECUTE", "DECLARE",
        "FETCH", "MOVE", "CLOSE", "IMPORT",
    ]

    /// Whether `sql` cannot run inside a transaction on any engine (`VACUUM`; SQLite's `ATTACH`
    /// and `DETACH`), so a session, which always has one open, must not run it.
    package static func cannotRunInTransaction(_ sql: String) -> Bool {
        ["VACUUM", "ATTACH", "DETACH"].contains(SQLWords(sql, limit: 1).first ?? "")
    }

    /// Words that make a `WITH` or `EXPLAIN ANALYZE` change rows.
    private static let dataChangeWords: Set<String> = ["INSERT", "UPDATE", "DELETE", "REPLACE", "MERGE", "TRUNCATE"]

    /// Whether the statement reads only, by its words (the engine may know better).
    package var isQuery: Bool { self == .query }

    /// Whether the statement changes the schema the models were reflected from.
    public var changesSchema: Bool { self == .schemaChange }
}

/// The upper-cased words of an SQL text, outside string literals, quoted identifiers and
/// comments, up to a limit (a classifier needs the first few, never a whole script).
struct SQLWords: RandomAccessCollection {
    private var words: [String] = []
    /// Whether a `=` came after the second word (a `PRAGMA` that sets something).
    private(set) var settingPragma = false

    init(_ sql: String, limit: Int) {
        var current = ""
        var quote: Character?
        var chars = Array(sql)[...]
        var sawAssignment = false
        func flush() {
            if !current.isEmpty { words.append(current.uppercased()); current = "" }
        }
        while let ch = chars.popFirst(), words.count < limit {
            if let q = quote {
                if ch == q { quote = nil }
                continue
            }
            switch ch {
            case "'", "\"", "`":
                flush()
                quote = ch
            case "[":
                flush()
                quote = "]"
            case "-" where chars.first == "-":
                flush()
                while let c = chars.popFirst(), c != "\n" {}
            case "/" where chars.first == "*":
                flush()
                chars = chars.dropFirst()
                while let c = chars.popFirst() {
                    if c == "*", chars.first == "/" { chars = chars.dropFirst(); break }
                }
            case ";":
                // Only the first statement counts.
                flush()
                chars = []
            case "=":
                flush()
                if words.count >= 2 { sawAssignment = true }
            default:
                if ch.isLetter || ch == "_" || ((ch.isNumber || ch == "$") && !current.isEmpty) {
                    current.append(ch)
                } else {
                    flush()
                }
            }
        }
        flush()
        settingPragma = sawAssignment
    }

    var startIndex: Int { words.startIndex }
    var endIndex: Int { words.endIndex }
    subscript(position: Int) -> String { words[position] }
}
