import Foundation

/// Reads an existing database's schema from `sqlite_schema` and the table-valued PRAGMA
/// functions (`pragma_table_xinfo`, `pragma_foreign_key_list`, `pragma_index_list`,
/// `pragma_index_info`), binding every table name as a parameter.
///
/// It builds ``Table`` values: columns with their declared types, affinity, NOT NULL, defaults and
/// primary-key order; composite keys; WITHOUT ROWID tables; views; foreign keys; indexes. It is
/// SQLite's ``SchemaCatalog``, kept beside its engine as PostgreSQL's catalog is beside its own:
/// the one place that writes SQLite's catalog queries.
public struct SQLiteCatalog: SchemaCatalog {
    /// The engine read from.
    public let engine: any Engine

    /// Creates an inspector over `engine`.
    public init(engine: any Engine) { self.engine = engine }

    /// `main`, `temp` when it holds anything, and each attached file (`PRAGMA database_list`).
    public func schemaNames() throws -> [String] {
        var names: [String] = []
        try engine.fetch("PRAGMA database_list", []) { row in names.append(row.string(at: 1)); return true }
        return names
    }

    /// The files attached to the connection (`PRAGMA database_list`'s paths, as SQLite resolved
    /// them), without the main file, its temporary tables or an in-memory database.
    public func attachedFiles() throws -> [String] {
        try attachedDatabases().map(\.path).filter { !$0.isEmpty }
    }

    /// The databases attached to the connection, in the order they were attached, with their
    /// paths (empty in memory) and whether each is read-only.
    public func attachedDatabases() throws -> [AttachedFile] {
        var files: [AttachedFile] = []
        try engine.fetch("PRAGMA database_list", []) { row in
            let name = row.string(at: 1), file = row.string(at: 2)
            if name != "main", name != "temp" { files.append(AttachedFile(name: name, path: file, isReadOnly: false)) }
            return true
        }
        guard let sqlite = engine as? SQLiteEngine else { return files }
        return files.map { AttachedFile(name: $0.name, path: $0.path, isReadOnly: sqlite.isReadOnly(schema: $0.name)) }
    }

    /// Tables and views, without SQLite's internal tables: the main file's, sorted by name, then
    /// each attached file's (in the order they were attached), named `schema.table` (see
    /// ``SQLiteDialect/quoteTable(_:)``), with ``SchemaEntry/schema`` set. The engine's
    /// ``SQLiteEngine/attachedSchemas`` is set to the attached files found.
    public func entries() throws -> [SchemaEntry] {
        let attached = try schemaNames().filter { $0 != "main" && $0 != "temp" }
        (engine.dialect as? SQLiteDialect)?.attached.replace(with: attached)
        var all = try entries(in: nil)
        for schema in attached { all += try entries(in: schema) }
        return all
    }

    /// The tables and views of the main file (`schema` nil) or of the attached file `schema`.
    private func entries(in schema: String?) throws -> [SchemaEntry] {
        var entries: [SchemaEntry] = []
        let catalog = schema.map { engine.dialect.quote($0) + ".sqlite_schema" } ?? "sqlite_schema"
        try engine.fetch("SELECT type, name, sql FROM \(catalog) WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name", []) { row in
            let name = row.string(at: 1)
            entries.append(SchemaEntry(type: row.string(at: 0), name: schema.map { $0 + "." + name } ?? name,
                                       sql: row.isNull(at: 2) ? nil : row.string(at: 2), schema: schema, localName: name))
            return true
        }
        return entries
    }

    /// The table (or view) named `name`, with columns, keys and indexes.
    public func table(_ entry: SchemaEntry) throws -> Table {
        var columns: [Column] = []
        let schema = entry.schema ?? "main"
        try engine.fetch("SELECT cid, name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?)",
                         [.text(entry.localName), .text(schema)]) { row in
            let hidden = row.int64(at: 6)
            if hidden == 1 { return true }  // hidden columns of virtual tables
            let declared = row.string(at: 2)
            let pkPosition = Int(row.int64(at: 5))
            let column = Column(label: row.string(at: 1), kind: ColumnKind.affinity(ofDeclaredType: declared), declaredType: declared,
                                primaryKey: pkPosition > 0, indexed: false, optional: row.int64(at: 3) == 0,
                                unique: false, defaultValue: nil, foreignKey: nil, property: nil)
            column.optional = row.int64(at: 3) == 0 && pkPosition == 0
            column.primaryKeyPosition = pkPosition
            column.defaultSQL = row.isNull(at: 4) ? nil : row.string(at: 4)
            column.isGenerated = hidden == 2 || hidden == 3
            columns.append(column)
            return true
        }
        let table = Table(entry.name, columns: columns)
        table.sql = entry.sql
        table.isView = entry.type == "view"
        if table.isView {
            table.schema = entry.schema
            return table
        }
        table.schema = entry.schema
        table.withoutRowID = try isWithoutRowID(entry.localName, schema: schema)
        table.foreignKeys = try foreignKeys(of: entry.localName, schema: schema)
        table.indexes = try indexes(of: entry.localName, schema: schema)
        for index in table.indexes where index.unique && index.columns.count == 1 {
            table.column(named: index.columns[0])?.unique = true
        }
        return table
    }

    /// Foreign keys of `table` in the file `schema`, one per constraint (composite keys grouped);
    /// an attached file's keys reference its own tables, named `schema.table` as its entries are.
    /// Referenced columns left implicit in the DDL are reported empty;
    /// ``AmigoDatabase/init(reflecting:)`` fills them in.
    package func foreignKeys(of table: String, schema: String = "main") throws -> [ForeignKeyConstraint] {
        let qualifier = schema == "main" ? "" : schema + "."
        var byID: [Int64: ForeignKeyConstraint] = [:]
        var order: [Int64] = []
        try engine.fetch("SELECT id, seq, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq",
                         [.text(table), .text(schema)]) { row in
            let id = row.int64(at: 0)
            if byID[id] == nil {
                order.append(id)
                byID[id] = ForeignKeyConstraint(columns: [], referencedTable: qualifier + row.string(at: 2), referencedColumns: [],
                                                onDelete: row.string(at: 6), onUpdate: row.string(at: 5))
            }
            byID[id]?.columns.append(row.string(at: 3))
            if !row.isNull(at: 4) { byID[id]?.referencedColumns.append(row.string(at: 4)) }
            return true
        }
        // pragma_foreign_key_list lists constraints in reverse declaration order; restore it.
        return order.reversed().compactMap { byID[$0] }
    }

    /// Indexes of `table` in the file `schema` with their columns (expression columns are left out).
    public func indexes(of table: String, schema: String = "main") throws -> [Index] {
        var list: [(name: String, unique: Bool)] = []
        try engine.fetch("SELECT name, \"unique\" FROM pragma_index_list(?, ?)", [.text(table), .text(schema)]) { row in
            list.append((row.string(at: 0), row.int64(at: 1) != 0))
            return true
        }
        var indexes: [Index] = []
        for (name, unique) in list {
            var columns: [String] = []
            try engine.fetch("SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno", [.text(name), .text(schema)]) { row in
                if !row.isNull(at: 0) { columns.append(row.string(at: 0)) }
                return true
            }
            indexes.append(Index(name, unique: unique, columns: columns))
        }
        return indexes.sorted { $0.label < $1.label }
    }

    /// Whether `table` was declared WITHOUT ROWID, as SQLite reports it rather than as the DDL reads
    /// (a comment after the closing parenthesis fooled a text scan): such a table's primary-key index
    /// holds every column and no rowid, while a rowid table's key index ends with the rowid (cid -1).
    /// A table without a key index (INTEGER PRIMARY KEY or no key) always has a rowid.
    public func isWithoutRowID(_ table: String, schema: String = "main") throws -> Bool {
        var keyIndex: String?
        try engine.fetch("SELECT name FROM pragma_index_list(?, ?) WHERE origin = 'pk'", [.text(table), .text(schema)]) { row in
            keyIndex = row.string(at: 0)
            return false
        }
        guard let keyIndex else { return false }
        var hasRowID = false
        try engine.fetch("SELECT 1 FROM pragma_index_xinfo(?, ?) WHERE cid = -1", [.text(keyIndex), .text(schema)]) { _ in
            hasRowID = true
            return false
        }
        return !hasRowID
    }

    /// One notice per collation the schema names that SQLite does not know, saying what stands
    /// in: each name is tried once in a comparison, which makes the engine register its stand-in.
    public func warnings() -> [String] {
        var sqls: [String] = []
        _ = try? engine.fetch("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL", []) { row in
            sqls.append(row.string(at: 0))
            return true
        }
        var names: [String] = []
        for name in sqls.flatMap(Self.collationNames) where !names.contains(where: { $0.lowercased() == name.lowercased() }) {
            names.append(name)
        }
        for name in names {
            _ = try? engine.fetch("SELECT 'a' < 'b' COLLATE \(engine.dialect.quote(name))", []) { _ in false }
        }
        return engine.collationSubstitutes.map(\.notice)
    }

    /// `PRAGMA schema_version`: raised by SQLite on every change to the schema; combined with
    /// each attached file's (`PRAGMA "name".schema_version`), so that a change to any shows.
    public func schemaVersion() throws -> Int64? {
        var version = try engine.fetchScalar("PRAGMA schema_version").integerValue ?? 0
        for name in (engine.dialect as? SQLiteDialect)?.attached.all ?? [] {
            let attached = try engine.fetchScalar("PRAGMA \(engine.dialect.quote(name)).schema_version").integerValue ?? 0
            version = version &* 31 &+ attached
        }
        return version
    }

    /// `PRAGMA user_version`.
    package func userVersion() throws -> Int {
        Int(try engine.fetchScalar("PRAGMA user_version").integerValue ?? 0)
    }

    /// The collation names `sql` uses after `COLLATE` (quoted or not), in order.
    static func collationNames(in sql: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: #"\bCOLLATE\s+(?:"([^"]+)"|'([^']+)'|`([^`]+)`|\[([^\]]+)\]|([A-Za-z_][A-Za-z0-9_$]*))"#,
                                                   options: [.caseInsensitive]) else { return [] }
        let range = NSRange(sql.startIndex..., in: sql)
        return regex.matches(in: sql, range: range).compactMap { match in
            (1...5).lazy.compactMap { Range(match.range(at: $0), in: sql).map { String(sql[$0]) } }.first
        }
    }
}

/// The earlier name of ``SQLiteCatalog``.
@available(*, deprecated, renamed: "SQLiteCatalog")
public typealias SchemaInspector = SQLiteCatalog
