/// What a browser asks of a query besides its rows: the DELETE of its rows as a statement value,
/// and the query narrowed to one row by key.
extension Query {
    /// The DELETE of every row the query selects (its filters and relationship scope), without
    /// running it. Rows are picked by key through a subquery, since SQLite's DELETE cannot join;
    /// a table without a primary key is keyed by its rowid.
    ///
    /// For example:
    ///
    ///     try session.query(Dog.self).filter("owner.name = 'Ada'").deleteStatement()
    ///     // DELETE FROM "dog" WHERE "id" IN (SELECT "dog"."id" FROM "dog" LEFT JOIN "owner" … WHERE "owner"."name" = 'Ada')
    ///
    /// - Throws: ``AmigoError/missingPrimaryKey(model:operation:)`` for a table with neither a
    ///   primary key nor a rowid; any error the query has (an unknown column in its filter …).
    package func deleteStatement() throws -> SQLStatement {
        let model = try modelResult.get()
        let (keys, subquery, arguments) = try keySubquery(model)
        return SQLStatement(sql: amigo.engine.dialect.delete(from: model.table.name, where: "\(keys) IN (\(subquery))"),
                            arguments: arguments)
    }

    /// The query narrowed to the row whose (possibly composite) primary key is `key`.
    ///
    ///     session.query("Artist").havingKey([1])   // … WHERE "Artist"."ArtistId" = ?
    ///
    /// - Throws: ``AmigoError/keyCountMismatch(model:keyColumns:values:)`` when `key` has not one value per key column.
    package func havingKey(_ key: [DatabaseValue]) throws -> Query {
        let model = try modelResult.get()
        let columns = model.keyColumnsForGet
        guard columns.count == key.count else {
            throw AmigoError.keyCountMismatch(model: model.name, keyColumns: columns.count, values: key.count)
        }
        let values = zip(columns, key).map { $0.kind.toDatabase($1) }
        var copy = self
        copy.extraConditions.append(({ scope in
            columns.map { scope.statement.qualified(scope.alias, $0.label) + " = ?" }.joined(separator: " AND ")
        }, values))
        return copy
    }

    /// The SQL condition on the query's table that picks the query's rows by key:
    /// `"id" IN (SELECT "dog"."id" FROM "dog" WHERE …)`, with its arguments.
    func keySelection() throws -> RowSelection {
        let model = try modelResult.get()
        let (keys, subquery, arguments) = try keySubquery(model)
        return RowSelection(table: model.table.name, condition: "\(keys) IN (\(subquery))", arguments: arguments)
    }
}
