/// The texts of the reads the library composes outside a ``SelectStatement`` — counts, a
/// table's columns, a bounded query as a subquery — and the subquery conditions (`IN (SELECT …)`,
/// `EXISTS (SELECT 1 …)`) that relationship paths and cascades build: every identifier quoted
/// by the dialect, every value a placeholder. Conditions and expressions passed in are already
/// SQL the caller compiled, with their own placeholders.
///
///     dialect.countRows(of: "book", where: "\"author_id\" = ?")
///     // SELECT count(*) FROM "book" WHERE "author_id" = ?
///     dialect.inSubquery("\"artist_id\"", selecting: "\"id\"", from: "artist", where: "\"id\" > ?")
///     // "artist_id" IN (SELECT "id" FROM "artist" WHERE "id" > ?)
extension SQLDialect {
    /// `SELECT count(*) FROM "t"`, with ` WHERE condition` when given.
    package func countRows(of table: String, where condition: String? = nil) -> String {
        "SELECT count(*) FROM " + quoteTable(table) + (condition.map { " WHERE " + $0 } ?? "")
    }

    /// `SELECT * FROM "t" LIMIT 0`: the table's columns, and no row.
    package func columnsOnly(of table: String) -> String {
        "SELECT * FROM " + quoteTable(table) + " LIMIT 0"
    }

    /// `INSERT INTO "t" VALUES (?, ?)`: a row of `valueCount` values for the table's columns in order.
    package func insertRow(into table: String, valueCount: Int) -> String {
        "INSERT INTO " + quoteTable(table) + " VALUES (" + placeholders(valueCount) + ")"
    }

    /// `left IN (SELECT selected FROM "t" [AS "a"] WHERE condition)`. `alias` is left out when nil.
    package func inSubquery(_ left: String, selecting selected: String, from table: String, alias: String? = nil,
                            where condition: String) -> String {
        left + " IN (SELECT " + selected + source(table, alias: alias) + " WHERE " + condition + ")"
    }

    /// `EXISTS (SELECT 1 FROM "t" [AS "a"] WHERE condition)`. `alias` is left out when nil.
    package func existsSubquery(from table: String, alias: String? = nil, where condition: String) -> String {
        "EXISTS (SELECT 1" + source(table, alias: alias) + " WHERE " + condition + ")"
    }

    /// ` FROM "t"`, or ` FROM "t" AS "a"`.
    private func source(_ table: String, alias: String?) -> String {
        " FROM " + quoteTable(table) + (alias.map { " AS " + quote($0) } ?? "")
    }

    // MARK: Value frequencies

    /// `expression AS "name"`: a result column named `name`.
    package func named(_ expression: String, _ name: String) -> String {
        expression + " AS " + quote(name)
    }

    /// `FROM (sql) AS alias`: the rows of a compiled SELECT as a source.
    package func fromSubquery(_ sql: String, alias: String) -> String {
        "FROM (" + sql + ") AS " + alias
    }
}
