import Amigo

/// PostgreSQL's ``SchemaCatalog``: reads `pg_catalog` into the same ``Table`` values SQLite's
/// ``SQLiteCatalog`` builds, so that reflection and relationship discovery work alike on both.
///
/// - **Which tables.** Ordinary, partitioned and foreign tables, views and materialized views of
///   every schema except the system ones (`pg_catalog`, `information_schema`, `pg_toast`,
///   temporary schemas). A partition is a table of its own, with ``SchemaEntry/partitionOf``
///   (and ``Table/partitionOf``) naming its parent; the parent browses every partition's rows.
/// - **Names.** A table the connection's `search_path` finds (`pg_table_is_visible`) is named
///   bare (`album`); any other is `schema.table` (`audit.log`), which
///   ``PostgresDialect/quoteTable(_:)`` quotes as `"audit"."log"`. A name that itself contains a
///   dot is always qualified, so that the first dot always ends the schema.
/// - **Columns.** The declared type as `format_type` spells it (`character varying(40)`,
///   `numeric(10,2)`), its ``ColumnKind`` (``kind(ofType:)``), NOT NULL, the default expression,
///   primary-key order, generated (`GENERATED ALWAYS AS … STORED`) and identity or `serial`
///   columns (auto-increment keys); the comments on columns and tables (`COMMENT ON`).
/// - **Keys and indexes.** Foreign keys one per constraint, composite ones grouped, with the
///   referenced table named as above; indexes without the primary key's own (the key is
///   described by its columns), partial indexes as not unique, expression columns left out.
///
/// Every name is bound as a `$n` parameter; nothing is spliced into the catalog queries.
public struct PostgresCatalog: SchemaCatalog {
    /// The engine read from.
    public let engine: PostgresEngine
    /// The schemas read, or nil for every schema but the system ones.
    public let schemas: [String]?

    /// Creates a catalog reader over `engine`, reading `schemas` only when given (by default
    /// the engine's ``PostgresEngine/reflectedSchemas``).
    public init(engine: PostgresEngine, schemas: [String]? = nil) {
        self.engine = engine
        self.schemas = schemas ?? engine.reflectedSchemas
    }

    /// The name reflection gives table `name` of `schema`: bare when the `search_path` finds it
    /// (`visible`) and it has no dot, `schema.name` otherwise.
    public static func displayName(schema: String, name: String, visible: Bool) -> String {
        visible && !name.contains(".") ? name : schema + "." + name
    }

    /// A hash of what reflection reads from the catalog for the schemas of ``schemas`` (else every
    /// one but the system ones): each table's and view's name, kind and comment; each column's
    /// name, type (with its modifier: `varchar(20)`), NOT NULL, identity, generation, default and
    /// comment; every constraint and index. It changes when a table,
    /// column, constraint, index or comment is added, changed, renamed or dropped.
    public func schemaVersion() throws -> Int64? {
        let only = schemas ?? []
        let inSchemas = only.isEmpty
            ? "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'"
            : "n.nspname IN (" + only.map { _ in "?" }.joined(separator: ", ") + ")"
        let relations = "c.relkind IN ('r', 'v', 'm', 'p', 'f') AND \(inSchemas)"
        let sql = """
            SELECT hashtext(coalesce((SELECT string_agg(c.oid::text || ':' || c.relname || ':' || c.relkind::text || ':' \
            || coalesce(obj_description(c.oid, 'pg_class'), ''), ',' ORDER BY c.oid) \
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE \(relations)), '') \
            || '|' || coalesce((SELECT string_agg(a.attrelid::text || '.' || a.attname || ':' || a.atttypid::text || ':' \
            || a.atttypmod::text || ':' || a.attnotnull::text || ':' || a.attidentity::text || ':' || a.attgenerated::text || ':' \
            || coalesce(pg_get_expr(d.adbin, d.adrelid), '') || ':' || coalesce(col_description(a.attrelid, a.attnum), ''), \
            ',' ORDER BY a.attrelid, a.attnum) \
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace \
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum \
            WHERE a.attnum > 0 AND NOT a.attisdropped AND \(relations)), '') \
            || '|' || coalesce((SELECT string_agg(co.oid::text, ',' ORDER BY co.oid) FROM pg_constraint co \
            JOIN pg_namespace n ON n.oid = co.connamespace WHERE \(inSchemas)), '') \
            || '|' || coalesce((SELECT string_agg(i.indexrelid::text, ',' ORDER BY i.indexrelid) FROM pg_index i \
            JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE \(inSchemas)), ''))
            """
        let names = only.map(DatabaseValue.text)
        return try engine.fetchScalar(sql, names + names + names + names).integerValue
    }

    /// The schemas of the database but the system ones (`pg_catalog`, `information_schema`,
    /// `pg_toast`, temporary schemas), sorted, as psql's `\dn` lists them.
    public func schemaNames() throws -> [String] {
        var names: [String] = []
        try engine.fetch("""
            SELECT nspname FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%' ORDER BY nspname
            """, []) { row in names.append(row.string(at: 0)); return true }
        return names
    }

    /// Tables and views of the non-system schemas, sorted by name.
    public func entries() throws -> [SchemaEntry] {
        var entries: [SchemaEntry] = []
        let sql = """
            SELECT n.nspname, c.relname, c.relkind IN ('v', 'm'), pg_table_is_visible(c.oid), \
            CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid) END, c.relkind = 'm', \
            pn.nspname, pc.relname, pg_table_is_visible(pc.oid) \
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
            LEFT JOIN pg_inherits i ON c.relispartition AND i.inhrelid = c.oid \
            LEFT JOIN pg_class pc ON pc.oid = i.inhparent LEFT JOIN pg_namespace pn ON pn.oid = pc.relnamespace \
            WHERE c.relkind IN ('r', 'p', 'f', 'v', 'm') \
            AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
            """
        // The schemas asked for, each a bound parameter (in the WHERE clause, so that no other
        // schema's relation is looked at: one being dropped meanwhile would fail the query).
        let only = schemas ?? []
        let filter = only.isEmpty ? "" : " AND n.nspname IN (" + only.indices.map { "$\($0 + 1)" }.joined(separator: ", ") + ")"
        try engine.fetch(schemas == nil ? sql : sql + filter, only.map(DatabaseValue.text)) { row in
            let schema = row.string(at: 0), local = row.string(at: 1)
            let name = Self.displayName(schema: schema, name: local, visible: row.int64(at: 3) != 0)
            // A view's definition as the DDL that makes it, as SQLite keeps it.
            let kind = row.int64(at: 5) != 0 ? "MATERIALIZED VIEW" : "VIEW"
            let definition = row.isNull(at: 4) ? nil : "CREATE \(kind) \(engine.dialect.quoteTable(name)) AS\n" + row.string(at: 4)
            // A partition names its parent as reflection names tables.
            let parent = row.isNull(at: 7) ? nil
                : Self.displayName(schema: row.string(at: 6), name: row.string(at: 7), visible: row.int64(at: 8) != 0)
            entries.append(SchemaEntry(type: row.int64(at: 2) != 0 ? "view" : "table", name: name,
                                       sql: definition, schema: schema, localName: local, partitionOf: parent))
            return true
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The table or view of `entry`, with columns, keys and indexes.
    public func table(_ entry: SchemaEntry) throws -> Table {
        let schema = entry.schema ?? "public"
        let key: [DatabaseValue] = [.text(schema), .text(entry.localName)]
        var columns: [Column] = []
        var comment: String?
        let sql = """
            SELECT a.attname, format_type(a.atttypid, a.atttypmod), COALESCE(b.typname, t.typname), a.attnotnull, \
            pg_get_expr(d.adbin, d.adrelid), a.attidentity <> '', a.attgenerated <> '', \
            COALESCE((SELECT k.ord FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) \
            WHERE i.indrelid = c.oid AND i.indisprimary AND k.attnum = a.attnum), 0), \
            col_description(c.oid, a.attnum), obj_description(c.oid, 'pg_class') \
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace \
            JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type b ON b.oid = t.typbasetype AND t.typtype = 'd' \
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum \
            WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped \
            ORDER BY a.attnum
            """
        try engine.fetch(sql, key) { row in
            let generated = row.int64(at: 6) != 0
            let defaultSQL = row.isNull(at: 4) || generated ? nil : row.string(at: 4)
            let pkPosition = row.isNull(at: 7) ? 0 : Int(row.int64(at: 7))
            let identity = row.int64(at: 5) != 0
            let serial = defaultSQL?.hasPrefix("nextval(") == true
            columns.append(Column.reflected(row.string(at: 0), declaredType: row.string(at: 1), kind: Self.kind(ofType: row.string(at: 2)),
                                            notNull: row.int64(at: 3) != 0, defaultSQL: defaultSQL, primaryKeyPosition: pkPosition,
                                            isGenerated: generated, isAutoIncrement: identity || serial,
                                            comment: row.optionalString(at: 8)))
            comment = row.optionalString(at: 9)
            return true
        }
        if entry.isView {
            return Table.reflected(entry.name, columns: columns, isView: true, definition: entry.sql, hasRowID: false, comment: comment)
        }
        return Table.reflected(entry.name, columns: columns, isView: false, definition: nil, hasRowID: false,
                               foreignKeys: try foreignKeys(key), indexes: try indexes(key), comment: comment,
                               partitionOf: entry.partitionOf)
    }

    /// The foreign keys of the table `key` (schema, name), in the order they were declared.
    func foreignKeys(_ key: [DatabaseValue]) throws -> [ForeignKeyConstraint] {
        let sql = """
            SELECT con.oid, ca.attname, fn.nspname, fc.relname, pg_table_is_visible(fc.oid), fa.attname, \
            con.confupdtype, con.confdeltype \
            FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace \
            JOIN pg_class fc ON fc.oid = con.confrelid JOIN pg_namespace fn ON fn.oid = fc.relnamespace \
            CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, fattnum, ord) \
            JOIN pg_attribute ca ON ca.attrelid = con.conrelid AND ca.attnum = k.attnum \
            JOIN pg_attribute fa ON fa.attrelid = con.confrelid AND fa.attnum = k.fattnum \
            WHERE con.contype = 'f' AND n.nspname = $1 AND c.relname = $2 \
            ORDER BY con.oid, k.ord
            """
        var order: [Int64] = []
        var byID: [Int64: ForeignKeyConstraint] = [:]
        try engine.fetch(sql, key) { row in
            let id = row.int64(at: 0)
            if byID[id] == nil {
                order.append(id)
                let parent = Self.displayName(schema: row.string(at: 2), name: row.string(at: 3), visible: row.int64(at: 4) != 0)
                byID[id] = ForeignKeyConstraint(columns: [], referencedTable: parent, referencedColumns: [],
                                                onDelete: Self.action(row.string(at: 7)), onUpdate: Self.action(row.string(at: 6)))
            }
            byID[id]?.columns.append(row.string(at: 1))
            byID[id]?.referencedColumns.append(row.string(at: 5))
            return true
        }
        return order.compactMap { byID[$0] }
    }

    /// The indexes of the table `key` (schema, name), but its primary key's: a partial index is
    /// not unique over the whole table; expression columns and INCLUDE columns are left out.
    func indexes(_ key: [DatabaseValue]) throws -> [Index] {
        let sql = """
            SELECT ic.relname, i.indisunique AND i.indpred IS NULL, a.attname \
            FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace \
            JOIN pg_class ic ON ic.oid = i.indexrelid \
            CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) \
            LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum AND k.attnum > 0 \
            WHERE n.nspname = $1 AND c.relname = $2 AND NOT i.indisprimary AND k.ord <= i.indnkeyatts \
            ORDER BY ic.relname, k.ord
            """
        var indexes: [Index] = []
        try engine.fetch(sql, key) { row in
            let name = row.string(at: 0)
            if indexes.last?.label != name { indexes.append(Index(name, unique: row.int64(at: 1) != 0, columns: [])) }
            if !row.isNull(at: 2) { indexes[indexes.count - 1].columns.append(row.string(at: 2)) }
            return true
        }
        return indexes
    }

    /// A referential action code of `pg_constraint` as SQL words (`c` → `CASCADE`), as SQLite reports them.
    static func action(_ code: String) -> String {
        switch code {
        case "c": return "CASCADE"
        case "n": return "SET NULL"
        case "d": return "SET DEFAULT"
        case "r": return "RESTRICT"
        default: return "NO ACTION"
        }
    }

    /// The ``ColumnKind`` of a column of the built-in type `type` (a domain's base type):
    /// `int2`/`int4`/`int8`/`oid` → integer; `float4`/`float8` → real; `numeric`, `money` →
    /// numeric; `bool` → boolean; `bytea` → blob; `uuid` → uuid; `date`, `time`, `timestamp`
    /// (with or without time zone) → date; anything else (text, `varchar`, `json`, enums,
    /// arrays, …) → text.
    public static func kind(ofType type: String) -> ColumnKind {
        switch type {
        case "int2", "int4", "int8", "oid": return .integer
        case "float4", "float8": return .real
        case "numeric", "money": return .numeric
        case "bool": return .boolean
        case "bytea": return .blob
        case "uuid": return .uuid
        case "date", "time", "timetz", "timestamp", "timestamptz": return .date
        default: return .text
        }
    }
}
