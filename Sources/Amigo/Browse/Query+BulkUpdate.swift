/// The UPDATE of every row a query selects, as a statement value: what a browser previews
/// before it sets one column over a whole view.
extension Query {
    /// The UPDATE that sets `values` (column name and value, in order) on every row the query
    /// selects (its filters and relationship scope), without running it. Rows are picked by key
    /// through a subquery, as ``deleteStatement()`` picks them; each value is converted to its
    /// column's kind, as ``update(set:where:_:)`` converts it.
    ///
    ///     try session.query("Track").filter("genre.Name = 'Jazz'").updateStatement(setting: [("Composer", .text("X"))])
    ///     // UPDATE "Track" SET "Composer" = ? WHERE "TrackId" IN (SELECT "Track"."TrackId" FROM "Track" LEFT JOIN "Genre" … WHERE "Genre"."Name" = ?)
    ///     // ['X', 'Jazz']
    ///
    /// - Throws: ``AmigoError/unknownColumn(column:model:)`` for a column the table lacks;
    ///   ``AmigoError/emptyUpdate(model:)`` when `values` is empty;
    ///   ``AmigoError/missingPrimaryKey(model:operation:)`` for a table with neither a primary key
    ///   nor a rowid; any error the query has.
    package func updateStatement(setting values: [(column: String, value: DatabaseValue)]) throws -> SQLStatement {
        let model = try modelResult.get()
        guard !values.isEmpty else { throw AmigoError.emptyUpdate(model: model.name) }
        var assigned: [String] = []
        var setArguments: [DatabaseValue] = []
        for (name, value) in values {
            guard let column = model.table.column(named: name) else { throw AmigoError.unknownColumn(column: name, model: model.name) }
            assigned.append(column.label)
            setArguments.append(column.kind.toDatabase(value))
        }
        let (keys, subquery, arguments) = try keySubquery(model)
        return SQLStatement(sql: amigo.engine.dialect.update(model.table.name, set: assigned, where: "\(keys) IN (\(subquery))"),
                            arguments: setArguments + arguments)
    }
}
