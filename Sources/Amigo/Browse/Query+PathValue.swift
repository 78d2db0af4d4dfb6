// Query: the value of one path (a column, a value through to-one links, a key inside a JSON column) for the first row.

extension Query {
    /// The value of `path` in the query's first row (in its order), or NULL when it has no row:
    /// a column (`Name`), a value through to-one links (`artist.Name`), a count
    /// (`albums.@count`) or a value inside a JSON column (`json(body).address.city`, read as a
    /// filter reads it, its keys bound). The shell reads a grid's JSON columns this way, one row
    /// by its key at a time. A row whose column holds text that is not JSON has no value there
    /// (NULL) on every engine.
    ///
    ///     session.query("Note").havingKey([7]).value(at: "json(body).address.city")
    ///     // SELECT CASE WHEN json_valid("Note"."body") THEN json_extract("Note"."body", ?) END
    ///     //   FROM "Note" WHERE "Note"."id" = ? LIMIT 1
    package func value(at path: String) throws -> DatabaseValue {
        let compiled = try compile(columns: false, resolving: [path])
        var statement = compiled.statement
        statement.columns = compiled.resolved
        statement.limit = 1
        let arguments = (compiled.resolvedArguments.first ?? []) + statement.arguments
        var value = DatabaseValue.null
        do {
            try onConnection {
                _ = try amigo.engine.fetch(statement.sql, arguments) { row in
                    value = row.value(at: 0)
                    return false
                }
            }
        } catch AmigoError.database(let error) where error.kind == .invalidJSON {
            // A PostgreSQL server older than 16 refuses to read text that is not JSON: no value
            // there, as SQLite (and PostgreSQL from 16 on) read it.
            return .null
        }
        return value
    }
}

extension Query {
    /// The SQL and arguments of ``all()`` with the values of `paths` (columns, values through
    /// to-one links, keys inside JSON columns: as ``value(at:)`` reads them) selected after the
    /// row's own columns — and after the rowid a table without a key is read with — in order.
    /// An export reads a grid's JSON columns with its rows this way.
    package func sql(appending paths: [String]) throws -> (sql: String, arguments: [DatabaseValue]) {
        guard !paths.isEmpty else { return try sql() }
        let compiled = try compile(resolving: paths)
        var statement = compiled.statement
        statement.columns += compiled.resolved
        // The result columns come first in the text: their bound keys before the rest.
        return (statement.sql, compiled.resolvedArguments.flatMap { $0 } + statement.arguments)
    }
}
