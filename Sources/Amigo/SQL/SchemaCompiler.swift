/// Turns tables into DDL: `CREATE TABLE IF NOT EXISTS …` with real `REFERENCES` constraints,
/// and `CREATE [UNIQUE] INDEX IF NOT EXISTS …`.
///
/// For example:
///
///     CREATE TABLE IF NOT EXISTS "person" (
///     	"id" INTEGER PRIMARY KEY NOT NULL,
///     	"label" TEXT NULL,
///     	"dog_id" INTEGER NULL REFERENCES "dog" ("id")
///     );
///     CREATE INDEX IF NOT EXISTS "person_dog_id_idx" ON "person" ("dog_id");
public struct SchemaCompiler: Sendable {
    /// The dialect used for quoting and type names.
    public let dialect: any SQLDialect

    /// Creates a compiler.
    public init(dialect: any SQLDialect = SQLiteDialect()) { self.dialect = dialect }

    /// The definition of one column inside CREATE TABLE.
    public func columnDefinition(_ column: Column, inlinePrimaryKey: Bool) -> String {
        var type = column.hasDeclaredType ? column.declaredType : dialect.typeName(for: column.kind)
        if column.primaryKey && inlinePrimaryKey && column.declaredType.uppercased() == "INTEGER",
           let keyType = dialect.integerPrimaryKeyType {
            type = keyType
        }
        var parts = [dialect.quote(column.label), type]
        if column.primaryKey && inlinePrimaryKey {
            parts.append("PRIMARY KEY NOT NULL")
        } else {
            parts.append(column.optional && !column.primaryKey ? "NULL" : "NOT NULL")
            if column.unique && !column.indexed { parts.append("UNIQUE") }
        }
        if let d = column.defaultSQL { parts.append("DEFAULT \(d)") }
        if let fk = column.foreignKey {
            parts.append("REFERENCES \(dialect.quoteTable(fk.relatedTableName)) (" + fk.relatedColumnNames.map(dialect.quote).joined(separator: ", ") + ")")
            if let onDelete = fk.onDelete { parts.append("ON DELETE \(onDelete)") }
        }
        return parts.joined(separator: " ")
    }

    /// `CREATE TABLE IF NOT EXISTS` for `table`.
    public func createTable(_ table: Table, ifNotExists: Bool = true) -> String {
        let pk = table.primaryKey
        let inline = pk.count == 1
        var lines = table.columns.map { "\t" + columnDefinition($0, inlinePrimaryKey: inline) }
        if pk.count > 1 {
            lines.append("\tPRIMARY KEY (" + pk.map { dialect.quote($0.label) }.joined(separator: ", ") + ")")
        }
        for fk in table.foreignKeys where fk.columns.count > 1 || table.column(named: fk.columns[0])?.foreignKey == nil {
            lines.append("\tFOREIGN KEY (" + fk.columns.map(dialect.quote).joined(separator: ", ") + ") REFERENCES "
                         + dialect.quoteTable(fk.referencedTable) + " (" + fk.referencedColumns.map(dialect.quote).joined(separator: ", ")
                         + ")" + (fk.onDelete == "NO ACTION" ? "" : " ON DELETE \(fk.onDelete)"))
        }
        return "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(dialect.quoteTable(table.name)) (\n"
            + lines.joined(separator: ",\n") + "\n)" + (table.withoutRowID ? " WITHOUT ROWID" : "") + ";"
    }

    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS` for one index of `table`.
    public func createIndex(_ index: Index, on table: Table) -> String {
        let columns = index.columns.map { table.column(named: $0)?.label ?? $0 }
        return "CREATE \(index.unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(dialect.quote(index.label)) ON "
            + "\(dialect.quoteTable(table.name)) (" + columns.map(dialect.quote).joined(separator: ", ") + ");"
    }

    /// The table and all its indexes, one statement per line.
    public func createAll(_ table: Table) -> String {
        ([createTable(table)] + table.indexes.map { createIndex($0, on: table) }).joined(separator: "\n")
    }
}
