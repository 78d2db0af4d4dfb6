/// Building reflected tables and columns from what a ``SchemaCatalog`` of another module reads
/// (``Table``'s and ``Column``'s other properties are set by this module only).
extension Table {
    /// A reflected table or view named `name` (bare, or `schema.table`: ``SchemaEntry/name``)
    /// with `columns` in declaration order. `hasRowID` is false for tables without SQLite's
    /// implicit rowid (WITHOUT ROWID tables, and every PostgreSQL table); a unique single-column
    /// index marks its column ``Column/unique``. `comment` is the database's comment on it;
    /// `partitionOf` the partitioned table it is a partition of.
    public static func reflected(_ name: String, columns: [Column], isView: Bool, definition: String?, hasRowID: Bool,
                                 foreignKeys: [ForeignKeyConstraint] = [], indexes: [Index] = [], comment: String? = nil,
                                 partitionOf: String? = nil) -> Table {
        let table = Table(name, columns: columns)
        table.partitionOf = partitionOf
        table.sql = definition
        table.comment = comment
        table.isView = isView
        table.withoutRowID = !isView && !hasRowID
        table.foreignKeys = foreignKeys
        table.indexes = indexes.sorted { $0.label < $1.label }
        for index in table.indexes where index.unique && index.columns.count == 1 {
            table.column(named: index.columns[0])?.unique = true
        }
        return table
    }
}

extension Column {
    /// A reflected column: its name, declared type (as the catalog spells it) and ``ColumnKind``;
    /// whether it is declared NOT NULL; its default as SQL text; its position in the primary key
    /// (1-based, 0 when not part of it); whether it is generated (computed from other columns,
    /// never written) or assigned by the database (an identity or `serial` key); the database's
    /// comment on it.
    public static func reflected(_ name: String, declaredType: String, kind: ColumnKind, notNull: Bool, defaultSQL: String?,
                                 primaryKeyPosition: Int, isGenerated: Bool = false, isAutoIncrement: Bool = false,
                                 comment: String? = nil) -> Column {
        let column = Column(label: name, kind: kind, declaredType: declaredType, primaryKey: primaryKeyPosition > 0, indexed: false,
                            optional: !notNull, unique: false, defaultValue: nil, foreignKey: nil, property: nil)
        column.optional = !notNull && primaryKeyPosition == 0
        column.primaryKeyPosition = primaryKeyPosition
        column.defaultSQL = defaultSQL
        column.isGenerated = isGenerated
        column.isAutoIncrement = isAutoIncrement
        column.comment = comment
        return column
    }
}
