/// How often one value of a column occurs among a query's rows.
public struct ValueCount: Sendable, Equatable {
    /// The value (NULL is a value of its own here).
    public let value: DatabaseValue
    /// The rows that hold it.
    public let count: Int

    /// A value and its count.
    public init(value: DatabaseValue, count: Int) {
        self.value = value
        self.count = count
    }
}

/// A column's value profile over a query's rows (VisiData's frequency sheet, datasette's facets):
/// the most frequent values with their counts, and how many rows and distinct values there are.
package struct ValueProfile: Sendable, Equatable {
    /// The column or to-one path profiled (`Name`, `genre.Name`).
    public let column: String
    /// The most frequent values, most frequent first (ties in value order).
    public let values: [ValueCount]
    /// The rows of the query.
    public let rowCount: Int
    /// The distinct values, NULL counted as one.
    package let distinctCount: Int
}

extension Query {
    /// The `limit` most frequent values of `column` (a name, or a to-one path such as
    /// `genre.Name`) among the query's rows, with the row count and the distinct count.
    ///
    /// For example:
    ///
    ///     try session.query("Track").valueProfile(of: "genre.Name", limit: 3)
    ///     // SELECT "genre"."Name", COUNT(*) FROM "Track" LEFT JOIN "Genre" AS "genre" ON …
    ///     //   GROUP BY "genre"."Name" ORDER BY COUNT(*) DESC, "genre"."Name" LIMIT ?
    ///
    /// - Throws: ``AmigoError/unknownColumn(column:model:)`` for a column or path that leads
    ///   nowhere; a database error.
    package func valueProfile(of column: String, limit: Int = 100) throws -> ValueProfile {
        let compiled = try compile(columns: false, resolving: [column])
        var statement = compiled.statement
        guard var expression = compiled.resolved.first else { throw AmigoError.unknownColumn(column: column, model: try modelResult.get().name) }
        let dialect = amigo.engine.dialect
        let from: String
        if statement.limit != nil || statement.offset != nil {
            // Over the rows a limited query returns: its SELECT becomes the subquery.
            statement.columns = [dialect.named(expression, "value")]
            from = dialect.fromSubquery(statement.sql, alias: "bounded")
            expression = dialect.quote("value")
        } else {
            from = statement.fromClause + statement.whereClause
        }
        let sql = dialect.mostFrequentValues(of: expression, from: from)
        let totals = dialect.valueCountTotals(of: expression, from: from)
        var values: [ValueCount] = []
        var rowCount = 0
        var distinctCount = 0
        try onConnection {
            _ = try amigo.engine.fetch(sql, statement.arguments + [.integer(Int64(Swift.max(0, limit)))]) { row in
                values.append(ValueCount(value: row.value(at: 0), count: Int(row.value(at: 1).integerValue ?? 0)))
                return true
            }
            _ = try amigo.engine.fetch(totals, statement.arguments) { row in
                rowCount = Int(row.value(at: 0).integerValue ?? 0)
                distinctCount = Int(row.value(at: 1).integerValue ?? 0)
                return false
            }
        }
        return ValueProfile(column: column, values: values, rowCount: rowCount, distinctCount: distinctCount)
    }
}
