// SQLDialect: the small queries the ORM and reflection ask the data (does this row exist, does
// this column agree with that key), written here so that no SQL text lives outside SQL/ and the engines.

extension SQLDialect {
    /// A query that returns a row when `table` has one whose `key` columns equal the bound values
    /// (one placeholder per column, in order).
    ///
    ///     SQLiteDialect().rowExistsQuery(table: "dog", key: ["id"])
    ///     // SELECT 1 FROM "dog" WHERE "id" = ?
    public func rowExistsQuery(table: String, key: [String]) -> String {
        "SELECT 1 FROM \(quoteTable(table)) WHERE \(equalityCondition(key))"
    }

    /// A query of one row and two values that says whether `child.column` looks like a link to
    /// `parent.key`: whether some value of the column is not NULL, and whether one of its first
    /// `sample` non-NULL values (bound) is missing from the parent's keys. One bounded query,
    /// answered from the parent's key index.
    ///
    ///     SELECT EXISTS (SELECT 1 FROM "album" WHERE "artist_id" IS NOT NULL),
    ///     EXISTS (SELECT 1 FROM (SELECT "artist_id" AS v FROM "album" WHERE "artist_id" IS NOT NULL LIMIT ?) AS sample
    ///             WHERE v NOT IN (SELECT "id" FROM "artist" WHERE "id" IS NOT NULL) LIMIT 1)
    public func linkAgreementQuery(child: String, column: String, parent: String, key: String,
                                   sample: Int) -> (sql: String, arguments: [DatabaseValue]) {
        let c = quote(column), t = quoteTable(child), k = quote(key), p = quoteTable(parent)
        let sampled = "SELECT \(c) AS v FROM \(t) WHERE \(c) IS NOT NULL LIMIT \(placeholder)"
        let sql = """
            SELECT EXISTS (SELECT 1 FROM \(t) WHERE \(c) IS NOT NULL), \
            EXISTS (SELECT 1 FROM (\(sampled)) AS sample WHERE v NOT IN (SELECT \(k) FROM \(p) WHERE \(k) IS NOT NULL) LIMIT 1)
            """
        return (sql, [.integer(Int64(sample))])
    }
}
