/// Some rows of one table, picked by a condition on its columns (with its bound values): the
/// unit a ``CascadePreview`` follows from table to table.
struct RowSelection {
    /// The table.
    var table: String
    /// A condition on the table's columns, unqualified.
    var condition: String
    /// The values bound to the condition's placeholders, in order.
    var arguments: [DatabaseValue]

    /// The rows of `child` whose foreign key `columns` name a row of this selection (by
    /// `referenced`, the columns of this table they refer to).
    ///
    ///     "artist_id" IN (SELECT "id" FROM "artist" WHERE <this condition>)
    func children(_ child: String, columns: [String], referenced: [String], dialect: any SQLDialect) -> RowSelection {
        let left = columns.count == 1 ? dialect.quote(columns[0]) : "(" + columns.map(dialect.quote).joined(separator: ", ") + ")"
        let condition = dialect.inSubquery(left, selecting: referenced.map(dialect.quote).joined(separator: ", "), from: table,
                                           where: self.condition)
        return RowSelection(table: child, condition: condition, arguments: arguments)
    }

    /// The rows of this selection that are not in `other` (of the same table).
    func excluding(_ other: RowSelection) -> RowSelection {
        RowSelection(table: table, condition: "(\(condition)) AND NOT (\(other.condition))", arguments: arguments + other.arguments)
    }

    /// The rows of any of `selections` (of the same table), or nil when there are none.
    static func union(_ selections: [RowSelection]) -> RowSelection? {
        guard let first = selections.first else { return nil }
        return RowSelection(table: first.table, condition: selections.map { "(\($0.condition))" }.joined(separator: " OR "),
                            arguments: selections.flatMap(\.arguments))
    }

    /// The number of rows selected.
    ///
    ///     SELECT count(*) FROM "book" WHERE "author_id" IN (SELECT "id" FROM "author" WHERE …)
    func count(_ engine: any Engine) throws -> Int {
        Int(try engine.fetchScalar(engine.dialect.countRows(of: table, where: condition), arguments).integerValue ?? 0)
    }
}
