// SQLDialect: reading a value inside a JSON column, SQLite's way.

extension SQLDialect {
    /// `CASE WHEN json_valid(column) THEN json_extract(column, ?) END`, binding the path as
    /// SQLite writes it (`$."address"."city"`, `$."tags"[0]`). JSON numbers come back as
    /// numbers and strings as text; with `numeric`, only a JSON number is read (SQLite ranks
    /// any text above any number, so `"41"` would pass `> 30`), as on PostgreSQL.
    ///
    /// For example, `json(body).address.city = 'Oslo'` compiles to:
    ///
    ///     CASE WHEN json_valid("t"."body") THEN json_extract("t"."body", ?) END = ?
    ///     -- arguments: ["$.\"address\".\"city\"", "Oslo"]
    public func jsonValue(of column: String, at steps: [JSONPathStep], numeric: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        let path = DatabaseValue.text(Self.sqliteJSONPath(steps))
        guard numeric else {
            return ("CASE WHEN json_valid(\(column)) THEN json_extract(\(column), \(placeholder)) END", [path])
        }
        return ("CASE WHEN json_valid(\(column)) AND json_type(\(column), \(placeholder)) IN ('integer', 'real') THEN json_extract(\(column), \(placeholder)) END",
                [path, path])
    }

    /// A path in SQLite's JSON path syntax: `$`, then `."key"` for each key (quoted, so any
    /// key but one holding a double quote, which the filter parser refuses) and `[N]` for each
    /// array index.
    public static func sqliteJSONPath(_ steps: [JSONPathStep]) -> String {
        "$" + steps.map { step in
            switch step {
            case .key(let key): return ".\"" + key + "\""
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }
}
