/// Aggregates over a query's rows, respecting its filters and relationship scope:
///
///     try session.query("Track").filter("GenreId = 1").avg("Milliseconds")
///     // SELECT AVG("Track"."Milliseconds") FROM "Track" WHERE "Track"."GenreId" = ?
///
/// Results follow SQLite: `max`, `min`, `sum` and `avg` are nil on no rows (or only NULLs),
/// `total` is 0.0 then, `count` is 0.
extension Query {
    /// One aggregate function over a column (a name or a to-one path such as `album.Title`).
    public enum Aggregate: Sendable, Hashable {
        /// `COUNT(*)`.
        case count
        /// `COUNT(column)`: non-null values.
        case countValues(String)
        /// `COUNT(DISTINCT column)`.
        case countDistinct(String)
        /// Number of NULLs in the column.
        case nulls(String)
        /// `AVG(column)`.
        case avg(String)
        /// `SUM(column)`.
        case sum(String)
        /// `TOTAL(column)`: like SUM, but 0.0 on no rows and always a real.
        case total(String)
        /// `MIN(column)`.
        case min(String)
        /// `MAX(column)`.
        case max(String)
        /// `GROUP_CONCAT(column)` or `GROUP_CONCAT(column, separator)`.
        case groupConcat(String, separator: String?)

        var column: String? {
            switch self {
            case .count: return nil
            case .countValues(let c), .countDistinct(let c), .nulls(let c), .avg(let c), .sum(let c), .total(let c),
                 .min(let c), .max(let c), .groupConcat(let c, _): return c
            }
        }

        func sql(_ column: String?, dialect: any SQLDialect, arguments: inout [DatabaseValue]) -> String {
            let c = column ?? "*"
            switch self {
            case .count: return "COUNT(*)"
            case .countValues: return "COUNT(\(c))"
            case .countDistinct: return "COUNT(DISTINCT \(c))"
            // An integer, like the counts (TOTAL(c IS NULL) would be a real).
            case .nulls: return "(COUNT(*) - COUNT(\(c)))"
            case .avg: return "AVG(\(c))"
            case .sum: return "SUM(\(c))"
            case .total: return dialect.totalAggregate(c)
            case .min: return "MIN(\(c))"
            case .max: return "MAX(\(c))"
            case .groupConcat(_, let separator):
                guard let separator else { return dialect.groupConcatAggregate(c, separator: false) }
                arguments.append(.text(separator))
                return dialect.groupConcatAggregate(c, separator: true)
            }
        }
    }

    /// Computes several aggregates in one statement; one value per aggregate, in order.
    ///
    /// A query with a limit or offset is aggregated over the rows it returns: its SELECT becomes a
    /// subquery that returns each aggregated column under an alias (`"c0"`, `"c1"`, …), since the
    /// outer SELECT cannot name the inner tables.
    public func aggregate(_ aggregates: [Aggregate]) throws -> [DatabaseValue] {
        let paths = aggregates.compactMap(\.column)
        let compiled = try compile(columns: false, resolving: paths)
        var statement = compiled.statement
        var columns = compiled.resolved
        // A path into a JSON column binds its keys where its expression stands.
        var pathArguments = compiled.resolvedArguments
        var innerArguments: [DatabaseValue] = []
        if statement.limit != nil || statement.offset != nil {
            let quote = amigo.engine.dialect.quote
            statement.columns = columns.isEmpty ? ["1"] : columns.enumerated().map { "\($1) AS \(quote("c\($0)"))" }
            columns = columns.indices.map { quote("c\($0)") }
            innerArguments = pathArguments.flatMap { $0 }
            pathArguments = pathArguments.map { _ in [] }
        }
        var resolved = columns.makeIterator()
        var boundPaths = pathArguments.makeIterator()
        var selectArguments: [DatabaseValue] = []
        let expressions = aggregates.map { aggregate in
            if aggregate.column != nil { selectArguments += boundPaths.next() ?? [] }
            return aggregate.sql(aggregate.column == nil ? nil : resolved.next(), dialect: amigo.engine.dialect, arguments: &selectArguments)
        }
        let sql = statement.aggregateSQL(expressions.joined(separator: ", "))
        var values: [DatabaseValue] = []
        try onConnection {
            _ = try amigo.engine.fetch(sql, selectArguments + innerArguments + statement.aggregateArguments) { row in
                values = row.values
                return false
            }
        }
        return values
    }

    private func single(_ function: Aggregate) throws -> DatabaseValue { try self.aggregate([function]).first ?? .null }

    /// The number of non-null values of `column`.
    public func count(_ column: String) throws -> Int { Int(try single(.countValues(column)).integerValue ?? 0) }
    /// The average of `column`, nil when there are no non-null values.
    public func avg(_ column: String) throws -> Double? { try single(.avg(column)).doubleValue }
    /// The sum of `column` (an integer when every value is one), nil when there are no non-null values.
    public func sum(_ column: String) throws -> DatabaseValue? { try single(.sum(column)).nonNull }
    /// The sum of `column` as a real, 0.0 on no rows.
    public func total(_ column: String) throws -> Double { try single(.total(column)).doubleValue ?? 0 }
    /// The smallest value of `column`, nil on no rows.
    public func min(_ column: String) throws -> DatabaseValue? { try single(.min(column)).nonNull }
    /// The largest value of `column`, nil on no rows.
    public func max(_ column: String) throws -> DatabaseValue? { try single(.max(column)).nonNull }
    /// The non-null values of `column` joined by `separator` (`,` by default), nil on no rows.
    public func groupConcat(_ column: String, separator: String? = nil) throws -> String? {
        try single(.groupConcat(column, separator: separator)).textValue
    }
}

extension DatabaseValue {
    /// The value, or nil for NULL.
    ///
    /// Written out because `DatabaseValue` is `ExpressibleByNilLiteral`: in `v.isNull ? nil : v`
    /// the `nil` is `DatabaseValue.null`, so the result was `.some(.null)`, never nil.
    var nonNull: DatabaseValue? {
        if isNull { return Optional.none }
        return self
    }
}
