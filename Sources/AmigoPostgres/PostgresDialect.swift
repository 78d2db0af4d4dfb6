import Amigo

/// PostgreSQL's dialect, behind the same compilers as SQLite's.
///
/// **Placeholders.** The ORM's compilers write `?` for every bound value, whatever the dialect;
/// ``PostgresEngine`` numbers them `$1…$n` once per SQL text when it prepares the statement
/// (``numberedPlaceholders(_:)``, which skips quoted strings, quoted identifiers, comments and
/// dollar-quoted bodies). Keeping `?` in the generated text keeps the compilers dialect-neutral
/// (a compiled fragment does not need to know how many values come before it) and the echo
/// output readable. Raw SQL that already uses `$n` is left as written.
///
/// **Lookups.** PostgreSQL has no built-in ASCII case-insensitive collation, so `[c]`
/// comparisons (`=`, `<`, `IN`, `BETWEEN`) fold both sides with `lower(…)`; `[c]` patterns use
/// `ILIKE`; case-sensitive patterns and `MATCHES` use the POSIX regular-expression operator `~`
/// (a `(?i)` prefix makes it case-insensitive). `[d]` removes the diacritics of Latin-1 letters
/// only (with `translate`), as no extension such as `unaccent` is assumed.
///
/// **Upserts.** `INSERT … ON CONFLICT (key) DO UPDATE SET …` updates the existing row in place
/// (SQLite's `INSERT OR REPLACE` deletes it first, with its cascades).
public struct PostgresDialect: SQLDialect {
    /// Whether the server has the `IS JSON` predicate (PostgreSQL 16 on): a filter's
    /// `json(body)…` then reads no value from text that is not JSON, as SQLite does; an older
    /// server refuses such a row (``AmigoError/invalidJSON(model:column:row:detail:)``).
    public let hasJSONPredicate: Bool

    /// Creates the dialect; `hasJSONPredicate` for a server that has `IS JSON` (16 on).
    public init(hasJSONPredicate: Bool = false) { self.hasJSONPredicate = hasJSONPredicate }

    /// Double-quotes `identifier`, doubling any double quote inside it.
    public func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `"schema"."table"` for a name with a dot (reflection names a table outside the
    /// `search_path` `schema.table`, and always qualifies a name that has a dot of its own), else
    /// ``quote(_:)``: split at the first dot.
    public func quoteTable(_ name: String) -> String {
        guard let dot = name.firstIndex(of: ".") else { return quote(name) }
        return quote(String(name[..<dot])) + "." + quote(String(name[name.index(after: dot)...]))
    }

    /// As SQLite's, but for a blob, `'\x00ff'::bytea`, and the infinities and NaN as `float8`
    /// text (`'Infinity'::float8`), which PostgreSQL reads as such.
    public func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .blob(let b): return "'\\x" + ByteText.hex(b) + "'::bytea"
        case .real(let d) where d.isNaN: return "'NaN'::float8"
        case .real(let d) where d.isInfinite: return d < 0 ? "'-Infinity'::float8" : "'Infinity'::float8"
        default: return SQLiteDialect().literal(value)
        }
    }

    /// `?`: the engine numbers the markers `$1…$n` (see the type's documentation).
    public var placeholder: String { "?" }
    /// `INSERT INTO` (the conflict clause comes at the end: ``upsertSuffix(key:columns:)``).
    public var upsertPrefix: String { "INSERT INTO" }

    /// `INSERT INTO` whatever the conflict resolution (PostgreSQL says it at the end).
    public func insertVerb(onConflict: ConflictResolution) -> String { "INSERT INTO" }

    /// ` ON CONFLICT DO NOTHING` for ``ConflictResolution/ignore``; nothing otherwise (a replace
    /// needs the key: ``upsertSuffix(key:columns:)``).
    public func insertSuffix(onConflict: ConflictResolution) -> String {
        onConflict == .ignore ? " ON CONFLICT DO NOTHING" : ""
    }

    /// ` ON CONFLICT ("id") DO UPDATE SET "label" = EXCLUDED."label"` (or `DO NOTHING` when
    /// every written column is part of the key).
    public func upsertSuffix(key: [String], columns: [String]) -> String {
        let target = " ON CONFLICT (" + key.map(quote).joined(separator: ", ") + ")"
        let updated = columns.filter { !key.contains($0) }
        guard !updated.isEmpty else { return target + " DO NOTHING" }
        return target + " DO UPDATE SET " + updated.map { quote($0) + " = EXCLUDED." + quote($0) }.joined(separator: ", ")
    }

    /// The declared types (as `format_type` spells them) whose values may be long and whose text
    /// cast is their text as shown: they are cut; any other type read as text (`inet`, an enum,
    /// an interval, an array …) is read whole.
    static let cutTextTypes = ["text", "character", "varchar", "bpchar", "char", "json", "jsonb", "xml", "citext", "name"]

    /// `bytea` columns as their bytes, `substr(c, 1, N)`; text-like columns (``cutTextTypes``)
    /// as their text, `substr(c::text, 1, N)` (`substr` and
    /// `length` refuse `jsonb` itself); the full size is `octet_length` of the same when longer
    /// than N. Other columns are never long, or are read whole.
    public func valuePrefix(of sql: String, column: Column, maxLength: Int) -> (value: String, fullSize: String)? {
        switch column.kind {
        case .text:
            let type = column.declaredType.lowercased()
            guard !type.hasSuffix("]"),    // an array (`character varying(20)[]`) is read whole
                  PostgresDialect.cutTextTypes.contains(where: { type == $0 || type.hasPrefix($0 + "(") || type.hasPrefix($0 + " ") })
            else { return nil }
            let text = "(\(sql))::text"
            return ("substr(\(text), 1, \(maxLength))", "CASE WHEN length(\(text)) > \(maxLength) THEN octet_length(\(text)) END")
        case .blob:
            return ("substr(\(sql), 1, \(maxLength))", "CASE WHEN length(\(sql)) > \(maxLength) THEN octet_length(\(sql)) END")
        default:
            return nil
        }
    }

    /// `(c)::text` whatever the column (`ILIKE`, `~` and `lower` refuse numbers, dates, `jsonb`,
    /// enums …, all read as text by the ORM); a cast of text to text costs nothing.
    public func textOperand(_ sql: String, kind: ColumnKind) -> String { "(\(sql))::text" }

    /// `jsonb_extract_path_text((column)::jsonb, ?, ?)`, each key (and array index, as text)
    /// bound; with `numeric`, the value as `numeric` when it is a JSON number (else NULL), so
    /// that `json(body).age > 30` compares numbers, not text.
    ///
    /// For example, `json(body).address.city = 'Oslo'` compiles to:
    ///
    ///     jsonb_extract_path_text(("t"."body")::jsonb, $1, $2) = $3
    ///     -- arguments: ["address", "city", "Oslo"]
    public func jsonValue(of column: String, at steps: [JSONPathStep], numeric: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        let keys = steps.map { step -> DatabaseValue in
            switch step {
            case .key(let key): return .text(key)
            case .index(let index): return .text(String(index))
            }
        }
        let json = "(\(column))::jsonb"
        let path = Array(repeating: "\(placeholder)::text", count: keys.count).joined(separator: ", ")
        // From 16 on, text that is not JSON reads no value (as on SQLite) instead of failing the cast.
        let valid = hasJSONPredicate ? "(\(column))::text IS JSON" : nil
        guard numeric else {
            guard let valid else { return ("jsonb_extract_path_text(\(json), \(path))", keys) }
            return ("(CASE WHEN \(valid) THEN jsonb_extract_path_text(\(json), \(path)) END)", keys)
        }
        let number = "(CASE WHEN jsonb_typeof(jsonb_extract_path(\(json), \(path))) = 'number' THEN (jsonb_extract_path_text(\(json), \(path)))::numeric END)"
        // A CASE, not an AND: PostgreSQL may evaluate either side of an AND first.
        return (valid.map { "(CASE WHEN \($0) THEN \(number) END)" } ?? number, keys + keys)
    }

    /// Nil: a raw query's column may be of any type, and no one expression cuts every type while
    /// keeping the others as they are; such results are read whole.
    public func valuePrefixOfAnyType(of column: String, maxLength: Int) -> (value: String, fullSize: String)? { nil }

    /// ` RETURNING "column"`: the engine reads the assigned key from the returned row.
    public func returning(_ column: String) -> String? { " RETURNING " + quote(column) }

    /// Nil: PostgreSQL tables have no stable row identifier (`ctid` changes on update).
    public var rowIdentifier: String? { nil }

    /// Nothing: there is no ASCII case-insensitive collation (see ``hasASCIICaseInsensitiveCollation``).
    public var asciiCaseInsensitiveCollation: String { "" }
    /// False: `[c]` comparisons fold both sides with ``folded(_:flags:)``.
    public var hasASCIICaseInsensitiveCollation: Bool { false }
    public var likeIgnoresASCIICase: Bool { false }

    /// `lower(sql)` for case folding (flag 1), wrapped in a `translate` of Latin-1 accented
    /// letters to their base letters for diacritic folding (flag 2).
    public func folded(_ sql: String, flags: Int) -> String {
        var out = sql
        if flags & 1 != 0 { out = "lower(\(out))" }
        if flags & 2 != 0 { out = "translate(\(out), '\(Self.accented)', '\(Self.unaccented)')" }
        return out
    }

    /// Latin-1 letters with diacritics and their base letters, for ``folded(_:flags:)``.
    static let accented = "àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ"
    static let unaccented = "aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY"

    /// `lhs ILIKE ? ESCAPE '\'` (PostgreSQL's ILIKE ignores case by the database's locale).
    public func asciiCaseInsensitiveLike(_ lhs: String) -> String { "\(lhs) ILIKE \(placeholder) ESCAPE '\\'" }
    /// `lhs ~ ?`, the pattern bound as an anchored regular expression (``globArgument(_:)``).
    public func caseSensitiveGlob(_ lhs: String) -> String { "\(lhs) ~ \(placeholder)" }
    /// `lhs ~ ?` (POSIX advanced regular expressions; a leading `(?i)` ignores case).
    public func regularExpressionMatch(_ lhs: String) -> String { "\(lhs) ~ \(placeholder)" }

    /// The GLOB pattern `pattern` (`*`, `?`, `[…]` with `^` negation) as an anchored regular
    /// expression for `~`: `a*[?]` becomes `^a.*[?]$`.
    public func globArgument(_ pattern: String) -> String {
        var out = "^"
        var chars = pattern.makeIterator()
        while let ch = chars.next() {
            switch ch {
            case "*": out += ".*"
            case "?": out += "."
            case "[":
                // A bracket expression: copied, with `\` (special inside ARE brackets) escaped.
                var body = ""
                var closed = false
                var first = true
                while let c = chars.next() {
                    if c == "]" && !(first || body == "^") { closed = true; break }
                    body += c == "\\" ? "\\\\" : String(c)
                    first = false
                }
                out += closed ? "[" + body + "]" : "\\[" + Self.escaped(body)
            default:
                out += Self.escaped(String(ch))
            }
        }
        return out + "$"
    }

    /// `text` with the regular-expression metacharacters escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "\\.^$|?*+()[]{}".contains(ch) { out += "\\" }
            out.append(ch)
        }
        return out
    }

    /// `TRUE`.
    public var trueCondition: String { "TRUE" }
    /// `FALSE`.
    public var falseCondition: String { "FALSE" }
    /// ` LIMIT n`, ` OFFSET m` or both (PostgreSQL takes an OFFSET alone).
    public func limitClause(limit: Int?, offset: Int?) -> String {
        (limit.map { " LIMIT \($0)" } ?? "") + (offset.map { " OFFSET \($0)" } ?? "")
    }
    /// `CAST(COALESCE(SUM(column), 0) AS DOUBLE PRECISION)`.
    public func totalAggregate(_ column: String) -> String { "CAST(COALESCE(SUM(\(column)), 0) AS DOUBLE PRECISION)" }
    /// `CAST(FLOOR(sql) AS BIGINT)`: PostgreSQL's cast rounds.
    public func binIndex(_ sql: String) -> String { "CAST(FLOOR(\(sql)) AS BIGINT)" }
    /// `string_agg(CAST(column AS TEXT), ',')`, or with a bound separator.
    public func groupConcatAggregate(_ column: String, separator: Bool) -> String {
        "string_agg(CAST(\(column) AS TEXT), \(separator ? placeholder : "','"))"
    }
    /// Nil: there is no `changes()`; raw SQL that writes reports the rows it returned.
    public var changesQuery: String? { nil }
    /// A hash of the current snapshot (`xmin:xmax:in-progress ids`): it changes when a
    /// transaction that wrote starts or ends anywhere on the server, so a commit by another client
    /// is noticed at once (read-only transactions, which get no id, leave it alone).
    public var dataVersionQuery: String? { "SELECT hashtext(pg_current_snapshot()::text)" }
    /// None: PostgreSQL keeps no number that DDL raises, so the session counts the DDL it runs.
    public var catalogVersionQuery: String? { nil }
    /// False: `ON CONFLICT DO UPDATE` updates in place; the destructive replace deletes first.
    public var hasInsertOrReplace: Bool { false }
    /// `reltuples` of the table `$1` names (−1 or 0 before the first VACUUM or ANALYZE).
    public var rowEstimateQuery: String? { "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)" }
    /// `EXPLAIN sql`: the plan as indented text, with the planner's estimates.
    public func explainStatement(_ sql: String) -> String { "EXPLAIN " + sql }
    /// True: `ALTER TABLE … DROP COLUMN` and `ALTER COLUMN … SET/DROP NOT NULL`.
    public var altersColumnsInPlace: Bool { true }
    /// The table that keeps the migrator's version (PostgreSQL has no `user_version`).
    public var schemaVersionSetup: String? { "CREATE TABLE IF NOT EXISTS amigo_schema_version (version integer NOT NULL)" }
    /// The recorded version, 0 when none.
    public var schemaVersionQuery: String { "SELECT COALESCE(MAX(version), 0) FROM amigo_schema_version" }
    /// Replaces the recorded version (`version` is an integer).
    public func recordSchemaVersion(_ version: Int) -> String {
        "DELETE FROM amigo_schema_version; INSERT INTO amigo_schema_version (version) VALUES (\(version))"
    }
    /// The version table locked, so that a second migrator waits for this step.
    public var migrationLock: [String] { ["LOCK TABLE amigo_schema_version IN EXCLUSIVE MODE"] }
    /// PostgreSQL's spelling: `BEGIN` for every mode but ``TransactionMode/readOnly``
    /// (`BEGIN READ ONLY`), as the server has no IMMEDIATE or EXCLUSIVE transaction; savepoints
    /// as SQLite's (`SAVEPOINT "s"`, `RELEASE SAVEPOINT "s"`, `ROLLBACK TO SAVEPOINT "s"`).
    public func transactionControlSQL(_ control: TransactionControl) -> String {
        switch control {
        case .begin(.readOnly): return "BEGIN READ ONLY"
        case .begin: return "BEGIN"
        case .commit: return "COMMIT"
        case .rollback: return "ROLLBACK"
        case .savepoint(let name): return "SAVEPOINT " + quote(name)
        case .releaseSavepoint(let name): return "RELEASE SAVEPOINT " + quote(name)
        case .rollbackToSavepoint(let name): return "ROLLBACK TO SAVEPOINT " + quote(name)
        }
    }

    /// `BIGINT GENERATED BY DEFAULT AS IDENTITY`: the server assigns keys left out of an INSERT
    /// (an explicit key is stored as given, without advancing the identity's sequence).
    public var integerPrimaryKeyType: String? { "BIGINT GENERATED BY DEFAULT AS IDENTITY" }

    /// `BIGINT`, `BOOLEAN`, `DOUBLE PRECISION`, `TEXT`, `NUMERIC` for decimals and numerics,
    /// `BYTEA`, `UUID`, `TIMESTAMPTZ` for dates.
    public func typeName(for kind: ColumnKind) -> String {
        switch kind {
        case .integer: return "BIGINT"
        case .boolean: return "BOOLEAN"
        case .real: return "DOUBLE PRECISION"
        case .text: return "TEXT"
        case .decimal, .numeric: return "NUMERIC"
        case .blob: return "BYTEA"
        case .uuid: return "UUID"
        case .date: return "TIMESTAMPTZ"
        }
    }

    /// `sql` with its `?` markers numbered `$1…$n`, outside string literals (`'…'`, `E'…'`),
    /// quoted identifiers (`"…"`), comments (`--`, `/* */`) and dollar-quoted bodies (`$tag$…$tag$`).
    /// Returns `sql` unchanged when it has no marker, or when it already uses `$n` parameters
    /// (raw SQL written for PostgreSQL, where `?` may be a jsonb operator).
    public static func numberedPlaceholders(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        guard bytes.contains(UInt8(ascii: "?")) else { return sql }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var n = 0
        var i = 0
        let count = bytes.count
        func isIdentifierByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x5f || b >= 0x80
        }
        while i < count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                // A string or identifier; `''` / `""` inside are escapes. E'…' strings also escape with `\`.
                let backslashes = b == UInt8(ascii: "'") && i > 0 && (bytes[i - 1] | 0x20) == UInt8(ascii: "e")
                    && (i < 2 || !isIdentifierByte(bytes[i - 2]))
                out.append(b); i += 1
                while i < count {
                    let c = bytes[i]
                    out.append(c); i += 1
                    if backslashes && c == UInt8(ascii: "\\") && i < count { out.append(bytes[i]); i += 1; continue }
                    if c == b {
                        if i < count && bytes[i] == b { out.append(b); i += 1; continue }
                        break
                    }
                }
            case UInt8(ascii: "-") where i + 1 < count && bytes[i + 1] == UInt8(ascii: "-"):
                while i < count && bytes[i] != UInt8(ascii: "\n") { out.append(bytes[i]); i += 1 }
            case UInt8(ascii: "/") where i + 1 < count && bytes[i + 1] == UInt8(ascii: "*"):
                var depth = 0
                while i < count {
                    if bytes[i] == UInt8(ascii: "/") && i + 1 < count && bytes[i + 1] == UInt8(ascii: "*") {
                        depth += 1; out += [bytes[i], bytes[i + 1]]; i += 2; continue
                    }
                    if bytes[i] == UInt8(ascii: "*") && i + 1 < count && bytes[i + 1] == UInt8(ascii: "/") {
                        depth -= 1; out += [bytes[i], bytes[i + 1]]; i += 2
                        if depth == 0 { break }
                        continue
                    }
                    out.append(bytes[i]); i += 1
                }
            case UInt8(ascii: "$"):
                if i + 1 < count, bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39, i == 0 || !isIdentifierByte(bytes[i - 1]) {
                    return sql   // already numbered parameters
                }
                // A dollar quote `$tag$` (not part of an identifier such as `a$b`).
                var j = i + 1
                while j < count && isIdentifierByte(bytes[j]) && bytes[j] != UInt8(ascii: "$") { j += 1 }
                if (i == 0 || !isIdentifierByte(bytes[i - 1])) && j < count && bytes[j] == UInt8(ascii: "$") {
                    let tag = Array(bytes[i...j])
                    out += tag; i = j + 1
                    while i < count {
                        if bytes[i] == UInt8(ascii: "$") && i + tag.count <= count && Array(bytes[i..<(i + tag.count)]) == tag {
                            out += tag; i += tag.count; break
                        }
                        out.append(bytes[i]); i += 1
                    }
                } else {
                    out.append(b); i += 1
                }
            case UInt8(ascii: "?"):
                n += 1
                out += Array("$\(n)".utf8)
                i += 1
            default:
                out.append(b); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
