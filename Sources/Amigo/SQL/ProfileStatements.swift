/// The statements of a value profile (``ValueProfile``), over the rows of a query given as its
/// `FROM … WHERE …` text (`from`) and the SQL of the value profiled (`value`). Every constant is
/// a placeholder; the caller binds, in textual order, what each statement's doc names.
enum ProfileStatements {
    /// The `LIMIT ?` most frequent values with their counts, and on every row the total of rows
    /// and the number of values, in one pass: arguments of `from`, then the limit.
    ///
    ///     SELECT v, COUNT(*), CAST(SUM(COUNT(*)) OVER () AS BIGINT), COUNT(*) OVER () FROM … GROUP BY v
    ///       ORDER BY COUNT(*) DESC, v LIMIT ?
    static func mostFrequent(_ value: String, from: String, dialect: any SQLDialect) -> String {
        "SELECT \(value), COUNT(*), CAST(SUM(COUNT(*)) OVER () AS BIGINT), COUNT(*) OVER () \(from) GROUP BY \(value) "
            + "ORDER BY COUNT(*) DESC, \(value) LIMIT \(dialect.placeholder)"
    }

    /// The smallest and the largest value: arguments of `from`.
    static func bounds(_ value: String, from: String) -> String {
        "SELECT MIN(\(value)), MAX(\(value)) \(from)"
    }

    /// The index of each value's range (from a low end, so wide) with its count, NULL's own:
    /// the low end and the width, arguments of `from`, the limit.
    static func ranges(_ value: String, from: String, dialect: any SQLDialect) -> String {
        let index = dialect.binIndex("(\(value) - \(dialect.placeholder)) / \(dialect.placeholder)")
        return "SELECT \(index), COUNT(*) \(from) GROUP BY 1 LIMIT \(dialect.placeholder)"
    }

    /// Each period (the first 4, 7 or 10 characters of a date's ISO text: its year, month or
    /// day) with its count, NULL's own: the length, arguments of `from`, the limit.
    static func periods(_ value: String, from: String, dialect: any SQLDialect) -> String {
        let prefix = "substr(\(dialect.textOperand(value, kind: .date)), 1, \(dialect.placeholder))"
        return "SELECT \(prefix), COUNT(*) \(from) GROUP BY 1 LIMIT \(dialect.placeholder)"
    }

    /// Each related count (`value`, a correlated count) with the rows that have it, in count
    /// order, over a derived table (PostgreSQL groups by no correlated subquery): arguments of
    /// `from`, the limit.
    static func relatedCounts(_ value: String, from: String, dialect: any SQLDialect) -> String {
        let n = dialect.quote("n")
        return "SELECT \(n), COUNT(*) FROM (SELECT \(value) AS \(n) \(from)) AS counts GROUP BY \(n) ORDER BY \(n) LIMIT \(dialect.placeholder)"
    }

    /// The keys (`key`) of the rows (`fromClause` with its `conditions`) whose parent (`parentKey`,
    /// joined) is missing, with their counts and on every row their total: arguments of the
    /// clause and conditions, the limit.
    static func danglingKeys(_ key: String, parentKey: String, fromClause: String, conditions: [String], dialect: any SQLDialect) -> String {
        let all = conditions + ["\(key) IS NOT NULL", "\(parentKey) IS NULL"]
        return "SELECT \(key), COUNT(*), CAST(SUM(COUNT(*)) OVER () AS BIGINT) \(fromClause) WHERE " + all.joined(separator: " AND ")
            + " GROUP BY \(key) LIMIT \(dialect.placeholder)"
    }
}
