/// A table (or view): its columns, primary key, foreign keys and indexes.
///
/// `@unchecked Sendable`: built while ``AmigoDatabase`` is created (or reflected), read-only once it is shared.
public final class Table: @unchecked Sendable {
    /// The table's name, exactly as in the database.
    public let name: String
    /// Columns in declaration order.
    public private(set) var columns: [Column]
    /// Indexes (declared, implied by `indexed:`/`unique:`, or reflected).
    public internal(set) var indexes: [Index]
    /// Foreign-key constraints.
    public internal(set) var foreignKeys: [ForeignKeyConstraint]
    /// Whether this is a view (read-only).
    public internal(set) var isView: Bool = false
    /// The partitioned table this table is a partition of (PostgreSQL's `PARTITION OF`), by its
    /// name as reflection gives it; nil for any other table. A partition is browsed on its own,
    /// and its rows through its parent too: relationships are the parent's, not its partitions'.
    public internal(set) var partitionOf: String?
    /// The attached database file that holds the table (SQLite's `ATTACH … AS schema`), whose
    /// name then starts ``name`` (`b.orders`); nil for the main file's tables (and on other engines).
    public internal(set) var schema: String?
    /// ``name`` without the ``schema`` it starts with (`orders` for `b.orders`): what names
    /// relationships after the table.
    public var localName: String {
        guard let schema, name.count > schema.count, name.hasPrefix(schema + ".") else { return name }
        return String(name.dropFirst(schema.count + 1))
    }
    /// Whether the table was declared `WITHOUT ROWID`.
    public internal(set) var withoutRowID: Bool = false
    /// The DDL SQLite stores for it, when reflected.
    public internal(set) var sql: String?
    /// Why the table or view could not be read when reflected (`unknown tokenizer: mozporter`,
    /// `no such module: x`), or nil. Such a table has no columns; the rest of the file works.
    public internal(set) var unreadableReason: String?
    /// The comment the database keeps for the table or view (PostgreSQL's `COMMENT ON TABLE`),
    /// when reflected; nil when there is none (SQLite has no comments).
    public internal(set) var comment: String?
    private var lookup: [String: Int] = [:]

    /// Creates a table from its columns.
    public init(_ name: String, columns: [Column], indexes: [Index] = [], foreignKeys: [ForeignKeyConstraint] = []) {
        self.name = name
        self.columns = []
        self.indexes = indexes
        self.foreignKeys = foreignKeys
        for column in columns { add(column) }
    }

    func add(_ column: Column) {
        cachedPrimaryKey = nil
        column.table = self
        column.index = columns.count
        lookup[column.label.lowercased()] = columns.count
        columns.append(column)
    }

    /// The column named `label`, compared case-insensitively as SQLite does: `table.c["id"]`.
    public var c: ColumnLookup { ColumnLookup(table: self) }

    /// The column named `label` (case-insensitive), or nil.
    public func column(named label: String) -> Column? {
        if let i = lookup[label] ?? lookup[label.lowercased()] { return columns[i] }
        return nil
    }

    /// The primary-key columns, in key order (empty for a table keyed only by its rowid).
    public var primaryKey: [Column] {
        if let cachedPrimaryKey { return cachedPrimaryKey }
        let found = columns.filter(\.primaryKey)
        let key = found.count > 1 ? found.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition } : found
        cachedPrimaryKey = key
        return key
    }
    private var cachedPrimaryKey: [Column]?

    /// Whether no two rows can hold the same values in the columns `names`: the primary key or a
    /// UNIQUE index covers some of them (a junction's pair of foreign keys, for instance).
    public func isUnique(over names: [String]) -> Bool {
        let set = Set(names.map { $0.lowercased() })
        let pk = primaryKey.map { $0.label.lowercased() }
        if !pk.isEmpty && Set(pk).isSubset(of: set) { return true }
        return indexes.contains { $0.unique && !$0.columns.isEmpty && Set($0.columns.map { $0.lowercased() }).isSubset(of: set) }
    }

    /// Whether rows have a rowid usable as a key: tables that are not views, not WITHOUT ROWID,
    /// and have no column of their own called `rowid` (which `rowid` in SQL would then name, so
    /// that a key on it could match several rows).
    public var hasRowID: Bool { !isView && !withoutRowID && column(named: "rowid") == nil }

    /// Whether the primary key is a single integer column whose values the database assigns: an
    /// alias of the rowid in SQLite (declared INTEGER), an identity or `serial` column in PostgreSQL
    /// (``Column/isAutoIncrement``).
    public var hasIntegerPrimaryKey: Bool {
        if let cachedIntegerKey { return cachedIntegerKey }
        let pk = primaryKey
        let result = pk.count == 1 && (pk[0].isAutoIncrement || pk[0].declaredType.uppercased() == "INTEGER" && !withoutRowID)
        cachedIntegerKey = result
        return result
    }
    private var cachedIntegerKey: Bool?
}

/// Subscript access to a table's columns by name: `table.c["label"]`.
public struct ColumnLookup {
    let table: Table
    /// The column named `label` (case-insensitive), or nil.
    public subscript(_ label: String) -> Column? { table.column(named: label) }
}
