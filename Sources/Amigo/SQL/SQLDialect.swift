/// Everything that differs between SQL databases, kept in one place: identifier quoting,
/// parameter placeholders, upsert syntax, column type names.
///
/// A model keeps the SQL it compiles per dialect *type* (see `ModelStatementCaches`), so two
/// values of one conforming type must write the same SQL: a dialect with settings that change
/// its text is a type per setting.
public protocol SQLDialect: Sendable {
    /// Quotes an identifier so that any name (spaces, keywords, quotes) is safe: `"Order Details"`.
    func quote(_ identifier: String) -> String
    /// Quotes a table's name as ``Table/name`` holds it. SQLite: as ``quote(_:)``. Engines with
    /// schemas (PostgreSQL) read `schema.table` — the form reflection gives tables outside the
    /// `search_path` — as the schema and the table, split at the first dot: `"sales"."order"`.
    func quoteTable(_ name: String) -> String
    /// `value` written as an SQL literal that reads back as the same value, for showing a
    /// statement runnable with its values in place (``SQLText/inlined(_:arguments:dialect:)``),
    /// never for running one: `NULL`, `42`, `1.5`, `'it''s'`, SQLite's `X'00ff'` (PostgreSQL's
    /// `'\x00ff'::bytea`).
    func literal(_ value: DatabaseValue) -> String
    /// The statement that attaches a database file, bound as its one parameter, under `name`
    /// (SQLite's `ATTACH DATABASE ? AS "name"`), or nil when the engine has no attached files
    /// (PostgreSQL; the default).
    func attachStatement(as name: String) -> String?
    /// The statement that detaches the file attached as `name` (`DETACH DATABASE "name"`), or nil
    /// as for ``attachStatement(as:)``.
    func detachStatement(_ name: String) -> String?
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

    // Defaulted in an extension to SQLite's behaviour (requirements, so that they dispatch on `any SQLDialect`).

    /// The clause appended to an INSERT so that it returns the database-assigned `column`
    /// (` RETURNING "id"`), or nil when the engine reports the key otherwise (SQLite's
    /// `last_insert_rowid`). Nil by default.
    func returning(_ column: String) -> String?
    /// What ends an INSERT that replaces the row with the same `key` (the columns written are
    /// `columns`); by default ``insertSuffix(onConflict:)`` for ``ConflictResolution/replace``.
    func upsertSuffix(key: [String], columns: [String]) -> String
    /// The bound value of a pattern in ``caseSensitiveGlob(_:)``'s syntax (`*`, `?`, `[…]`), in the
    /// form the dialect's matching operator expects; the pattern itself by default.
    func globArgument(_ pattern: String) -> String
    /// A column of the given kind as the text pattern lookups (`CONTAINS`, `LIKE`, `MATCHES` …)
    /// and folding read: the column itself by default (SQLite matches a number by its text);
    /// PostgreSQL casts to text (`(c)::text`), as its operators refuse numbers, `jsonb` …
    func textOperand(_ sql: String, kind: ColumnKind) -> String
    /// The value at `steps` inside the JSON held by `column`, with the arguments its SQL binds
    /// (the path, never spliced in): SQL NULL where the column holds no valid JSON or the path
    /// leads nowhere. With `numeric`, a JSON number read as a number (PostgreSQL reads text
    /// otherwise). SQLite's by default (``SQLDialect/jsonValue(of:at:numeric:)``).
    func jsonValue(of column: String, at steps: [JSONPathStep], numeric: Bool) -> (sql: String, arguments: [DatabaseValue])
    /// Whether ``asciiCaseInsensitiveCollation`` makes `=`, `<`, `IN` and `BETWEEN` ignore case
    /// (true by default). When false, `[c]` comparisons always fold both sides with
    /// ``folded(_:flags:)``; pattern lookups still use ``asciiCaseInsensitiveLike(_:)``.
    var hasASCIICaseInsensitiveCollation: Bool { get }
    /// Whether the database's own `LIKE` ignores the case of ASCII letters (SQLite's does,
    /// PostgreSQL's does not): a filter pattern written with SQL's `%` and `_` follows it.
    var likeIgnoresASCIICase: Bool { get }
    /// The type of a single-column INTEGER primary key whose values the database assigns
    /// (`BIGINT GENERATED BY DEFAULT AS IDENTITY`), or nil to use ``typeName(for:)`` (SQLite's
    /// INTEGER PRIMARY KEY is the rowid already). Nil by default.
    var integerPrimaryKeyType: String? { get }
    /// How a query that reads bounded prefixes (``Query/prefixingValues(to:except:)``) selects
    /// `sql`, the qualified SQL of `column`: `value` is the column, or its first `maxLength`
    /// characters (text) or bytes (blob) when it is longer; `fullSize` is the whole value's size
    /// in bytes when it was cut, NULL otherwise. Nil when the column's values are never long, or
    /// cannot be cut as they are (the column is then read whole). By default, SQLite's (see the
    /// extension).
    func valuePrefix(of sql: String, column: Column, maxLength: Int) -> (value: String, fullSize: String)?
    /// ``valuePrefix(of:column:maxLength:)`` for a column of a raw query's result, whose type is not
    /// known beforehand and may be anything (SQLite: a value of any storage class; nil where the
    /// expression could not be written for every type, PostgreSQL's: such results are read whole).
    func valuePrefixOfAnyType(of column: String, maxLength: Int) -> (value: String, fullSize: String)?
    /// A condition that always holds (`1` in SQLite, `TRUE` in PostgreSQL, whose WHERE wants a boolean).
    var trueCondition: String { get }
    /// A condition that never holds (`0`; `FALSE`).
    var falseCondition: String { get }
    /// The LIMIT and OFFSET clause of a SELECT, with a leading space, or empty for neither.
    func limitClause(limit: Int?, offset: Int?) -> String
    /// The sum of `column` that is `0.0` over no rows and always a real (SQLite's `TOTAL`).
    func totalAggregate(_ column: String) -> String
    /// The whole number at or below `sql`, a quotient that is never negative (the index of a
    /// value's range in a value profile): `CAST(sql AS INTEGER)` in SQLite, which truncates;
    /// PostgreSQL's cast rounds, so it takes `FLOOR` first.
    func binIndex(_ sql: String) -> String
    /// The values of `column` joined by `,`, or by one bound separator when `separator` (SQLite's `GROUP_CONCAT`).
    func groupConcatAggregate(_ column: String, separator: Bool) -> String
    /// A query whose one value is the number of rows the last statement changed, or nil when the
    /// engine has none (then raw SQL that writes reports the rows it returned).
    var changesQuery: String? { get }
    /// A query whose one integer value changes when another connection commits a change (SQLite's
    /// `PRAGMA data_version`), for noticing changes made elsewhere; nil when the engine has none.
    var dataVersionQuery: String? { get }
    /// A query whose one value changes whenever the schema changes (SQLite's
    /// `PRAGMA schema_version`), for ``Session/catalogVersion()``; nil when the engine keeps none
    /// (the session then counts the DDL it runs).
    var catalogVersionQuery: String? { get }
    /// Whether the engine has SQLite's `INSERT OR REPLACE` (delete the conflicting rows, then
    /// insert) as one statement; when false, ``Session/replaceDeletingConflicts(_:)-(AmigoModel...)``
    /// deletes the rows itself before a plain INSERT.
    var hasInsertOrReplace: Bool { get }
    /// A query of one bound parameter, a table's name as ``quoteTable(_:)`` writes it, whose one
    /// value is the engine's estimate of the table's row count (PostgreSQL's `reltuples`), for
    /// showing a huge table's size at once; nil when the engine keeps none.
    var rowEstimateQuery: String? { get }
    /// The statement that asks the engine how it would run `sql`, without running it: SQLite's
    /// `EXPLAIN QUERY PLAN …` (one row per step: id, parent, detail); PostgreSQL's `EXPLAIN …`
    /// (one line of text per row, steps indented under their parent).
    func explainStatement(_ sql: String) -> String
    /// Whether `ALTER TABLE` can drop columns and change NOT NULL in place (PostgreSQL), so that
    /// ``AmigoDatabase/syncSchema(preserve:)`` alters a table instead of rebuilding it (SQLite).
    var altersColumnsInPlace: Bool { get }
    /// What the migrator runs, once, before it reads its version (PostgreSQL creates the table
    /// that keeps it), or nil.
    var schemaVersionSetup: String? { get }
    /// A query whose one value is the schema version the migrator last recorded (0 for none).
    var schemaVersionQuery: String { get }
    /// The statements that record `version` inside a migration step's transaction.
    func recordSchemaVersion(_ version: Int) -> String
    /// The statements a migration step runs right after its `BEGIN` (``TransactionMode/immediate``)
    /// to keep other migrators out until it ends: none in SQLite, whose `BEGIN IMMEDIATE` takes
    /// the write lock; PostgreSQL locks the table that keeps the version.
    var migrationLock: [String] { get }
    /// The SQL of a transaction-control statement, savepoint names quoted with ``quote(_:)``:
    /// `BEGIN IMMEDIATE`, `SAVEPOINT "amigo_3"`, `ROLLBACK TO SAVEPOINT "amigo_3"` (SQLite's by default).
    func transactionControlSQL(_ control: TransactionControl) -> String
    /// How the values of `column` are written (``ValueForm``): SQLite's are all
    /// ``ValueForm/plain``; PostgreSQL gives the form of the column's type.
    func valueForm(of column: Column) -> ValueForm
}

extension SQLDialect {
    /// ``ValueForm/plain``: values are written as their storage class says.
    public func valueForm(of column: Column) -> ValueForm { .plain }
    /// Nil: the key comes from the connection's last rowid.
    public func returning(_ column: String) -> String? { nil }
    /// ``insertSuffix(onConflict:)`` for ``ConflictResolution/replace``.
    public func upsertSuffix(key: [String], columns: [String]) -> String { insertSuffix(onConflict: .replace) }
    /// The pattern unchanged.
    public func globArgument(_ pattern: String) -> String { pattern }
    /// The column unchanged: SQLite's LIKE, GLOB and REGEXP read any value as text.
    public func textOperand(_ sql: String, kind: ColumnKind) -> String { sql }
    /// True.
    public var hasASCIICaseInsensitiveCollation: Bool { true }
    public var likeIgnoresASCIICase: Bool { true }
    /// Nil.
    public var integerPrimaryKeyType: String? { nil }
    /// SQLite's. A TEXT column (whose affinity stores numbers as text) is cut with
    /// `substr(c, 1, N)`; a column of BLOB, NUMERIC or date affinity, or of no declared type,
    /// which can hold numbers too, with `CASE WHEN length(c) > N THEN substr(c, 1, N) ELSE c END`
    /// (a number's text is never as long as the 32 characters `maxLength` is at least); INTEGER,
    /// REAL and boolean columns are read as they are. The full size is
    /// `CASE WHEN length(c) > N THEN length(CAST(c AS BLOB)) END`.
    /// SQLite's: as for a BLOB column, which may hold any storage class.
    public func valuePrefixOfAnyType(of column: String, maxLength: Int) -> (value: String, fullSize: String)? {
        sqlitePrefix(of: column, kind: .blob, maxLength: maxLength)
    }
    /// SQLite's, by the column's kind (see ``sqlitePrefix(of:kind:maxLength:)``).
    public func valuePrefix(of sql: String, column: Column, maxLength: Int) -> (value: String, fullSize: String)? {
        sqlitePrefix(of: sql, kind: column.kind, maxLength: maxLength)
    }
    /// SQLite's prefix of a column of the given kind (its affinity): see below.
    func sqlitePrefix(of column: String, kind: ColumnKind, maxLength: Int) -> (value: String, fullSize: String)? {
        let n = Swift.max(32, maxLength)
        let isLong = "length(\(column)) > \(n)"
        let size = "CASE WHEN \(isLong) THEN length(CAST(\(column) AS BLOB)) END"
        switch kind {
        case .text:
            return ("substr(\(column), 1, \(n))", size)
        case .blob, .numeric, .date:
            return ("CASE WHEN \(isLong) THEN substr(\(column), 1, \(n)) ELSE \(column) END", size)
        default:
            return nil
        }
    }
    /// ``quote(_:)``: one identifier, dots and all.
    public func quoteTable(_ name: String) -> String { quote(name) }
    /// `NULL`; an integer; a real as the shortest text that reads back the same (`9e999` and
    /// `-9e999` for the infinities, which SQLite reads so; `NULL` for NaN); text in single quotes,
    /// each quote doubled; a blob as `X'…'` hex.
    public func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let d):
            if d.isNaN { return "NULL" }
            if d.isInfinite { return d < 0 ? "-9e999" : "9e999" }
            return "\(d)"
        case .text(let s): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let b): return "X'" + ByteText.hex(b).uppercased() + "'"
        }
    }
    /// Nil: no attached files.
    public func attachStatement(as name: String) -> String? { nil }
    /// Nil: no attached files.
    public func detachStatement(_ name: String) -> String? { nil }
    /// `1`.
    public var trueCondition: String { "1" }
    /// `0`.
    public var falseCondition: String { "0" }
    /// ` LIMIT n`, ` LIMIT n OFFSET m`, or ` LIMIT -1 OFFSET m` (SQLite needs a LIMIT before an OFFSET).
    public func limitClause(limit: Int?, offset: Int?) -> String {
        var text = limit.map { " LIMIT \($0)" } ?? ""
        if let offset { text += (limit == nil ? " LIMIT -1" : "") + " OFFSET \(offset)" }
        return text
    }
    /// `TOTAL(column)`.
    public func totalAggregate(_ column: String) -> String { "TOTAL(\(column))" }
    /// `CAST(sql AS INTEGER)`.
    public func binIndex(_ sql: String) -> String { "CAST(\(sql) AS INTEGER)" }
    /// `GROUP_CONCAT(column)`, or `GROUP_CONCAT(column, ?)` with a bound `separator`.
    public func groupConcatAggregate(_ column: String, separator: Bool) -> String {
        separator ? "GROUP_CONCAT(\(column), \(placeholder))" : "GROUP_CONCAT(\(column))"
    }
    /// `SELECT changes()`.
    public var changesQuery: String? { "SELECT changes()" }
    /// `PRAGMA data_version`.
    public var dataVersionQuery: String? { "PRAGMA data_version" }
    /// `PRAGMA schema_version`.
    public var catalogVersionQuery: String? { "PRAGMA schema_version" }
    /// True: SQLite's `INSERT OR REPLACE`.
    public var hasInsertOrReplace: Bool { true }
    /// Nil: SQLite keeps no row estimates (without ANALYZE).
    public var rowEstimateQuery: String? { nil }
    /// `EXPLAIN QUERY PLAN sql`.
    public func explainStatement(_ sql: String) -> String { "EXPLAIN QUERY PLAN " + sql }
    /// False: SQLite rebuilds a table to drop a column or change its constraints.
    public var altersColumnsInPlace: Bool { false }
    /// Nil: SQLite keeps the version in the file's header.
    public var schemaVersionSetup: String? { nil }
    /// `PRAGMA user_version`.
    public var schemaVersionQuery: String { "PRAGMA user_version" }
    /// `PRAGMA user_version = N` (a PRAGMA takes no parameter; `version` is an integer).
    public func recordSchemaVersion(_ version: Int) -> String { "PRAGMA user_version = \(version)" }
    /// None: `BEGIN IMMEDIATE` takes the write lock from the start.
    public var migrationLock: [String] { [] }
    /// SQLite's spelling: `BEGIN`, `BEGIN IMMEDIATE`, `BEGIN EXCLUSIVE` (a read-only transaction
    /// is a plain `BEGIN`), `COMMIT`, `ROLLBACK`, `SAVEPOINT "s"`, `RELEASE SAVEPOINT "s"`,
    /// `ROLLBACK TO SAVEPOINT "s"`.
    public func transactionControlSQL(_ control: TransactionControl) -> String {
        switch control {
        case .begin(.immediate): return "BEGIN IMMEDIATE"
        case .begin(.exclusive): return "BEGIN EXCLUSIVE"
        case .begin(.deferred), .begin(.readOnly): return "BEGIN"
        case .commit: return "COMMIT"
        case .rollback: return "ROLLBACK"
        case .savepoint(let name): return "SAVEPOINT " + quote(name)
        case .releaseSavepoint(let name): return "RELEASE SAVEPOINT " + quote(name)
        case .rollbackToSavepoint(let name): return "ROLLBACK TO SAVEPOINT " + quote(name)
        }
    }
}

/// SQLite's dialect.
public struct SQLiteDialect: SQLDialect {
    /// The files attached to the connection, whose tables ``quoteTable(_:)`` qualifies
    /// (`"b"."orders"`); empty for a dialect made on its own.
    public let attached: AttachedSchemas

    /// Creates the dialect of a connection with `attached` files (none by default).
    public init(attached: AttachedSchemas = AttachedSchemas()) {
        self.attached = attached
    }

    /// Double-quotes `identifier`, doubling any double quote inside it.
    public func quote(_ identifier: String) -> String {
        if identifier.utf8.contains(UInt8(ascii: "\"")) {
            return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return "\"" + identifier + "\""
    }

    /// ``quote(_:)``: one identifier, dots and all (`"sales 2024.Q1"`), but for a name whose part
    /// before the first dot is an attached file's (`b.orders`): that file's table, `"b"."orders"`.
    public func quoteTable(_ name: String) -> String {
        if let dot = name.firstIndex(of: "."), attached.contains(String(name[..<dot])) {
            return quote(String(name[..<dot])) + "." + quote(String(name[name.index(after: dot)...]))
        }
        return quote(name)
    }

    /// `ATTACH DATABASE ? AS "name"`.
    public func attachStatement(as name: String) -> String? { "ATTACH DATABASE ? AS " + quote(name) }
    /// `DETACH DATABASE "name"`.
    public func detachStatement(_ name: String) -> String? { "DETACH DATABASE " + quote(name) }

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
    public func typeName(for kind: ColumnKind) -> String { kind.portableTypeName }
}
