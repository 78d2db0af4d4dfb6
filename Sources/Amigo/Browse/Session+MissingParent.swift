extension Session {
    /// The first foreign key of `record` whose values name no row of the table it refers to,
    /// with those values; nil when every parent row exists (or a key is NULL, which refers to
    /// nothing). What a browser says after SQLite's bare `FOREIGN KEY constraint failed`, which
    /// does not say which key.
    ///
    /// One count per foreign key, for example:
    ///
    ///     SELECT count(*) FROM "Artist" WHERE "ArtistId" = ?
    package func foreignKeyWithoutParent(_ record: Record) throws -> (foreignKey: ForeignKeyConstraint, values: [DatabaseValue])? {
        let table = record.model.table
        for fk in table.foreignKeys {
            let values = fk.columns.compactMap { table.column(named: $0) }.map { record.value(at: $0.index) }
            guard values.count == fk.columns.count, !values.contains(where: \.isNull) else { continue }
            guard fk.referencedColumns.count == values.count else { continue }
            let selection = RowSelection(table: fk.referencedTable,
                                         condition: fk.referencedColumns.map { engine.dialect.quote($0) + " = ?" }.joined(separator: " AND "),
                                         arguments: values)
            if (try? selection.count(engine)) == 0 { return (fk, values) }
        }
        return nil
    }
}
