/// A row of a raw SQL query: its column names and values.
public struct Row: Sendable, Equatable, CustomStringConvertible {
    /// Column names, in result order.
    public let columns: [String]
    /// Values, one per column.
    public let values: [DatabaseValue]

    /// Creates a row.
    public init(columns: [String], values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the first column named `column` (case-insensitive); NULL when there is none.
    public subscript(_ column: String) -> DatabaseValue {
        if let i = columns.firstIndex(where: { $0.caseInsensitiveCompare(column) == .orderedSame }) { return values[i] }
        return .null
    }

    /// The value at `index`.
    public subscript(_ index: Int) -> DatabaseValue { values[index] }

    public var description: String {
        "[" + zip(columns, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}

extension Session {
    /// Runs a query and returns its rows, through the session's transaction, echo and errors.
    ///
    ///     let rows = try session.fetch("SELECT Name, count(*) AS n FROM Track WHERE GenreId = ? GROUP BY 1", [1])
    ///     rows[0]["n"]   // .integer(…)
    ///
    /// Like ``execute(_:_:)``, it refuses several statements at once and, on a read-only database,
    /// a statement that writes (`INSERT … RETURNING`) before anything runs; the changes of a
    /// statement that writes count in ``pendingChangeCount``.
    public func fetch(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [Row] {
        try engine.serialized {
            let readsOnly = try checkRawStatement(sql)
            var columns: [String] = []
            var rows: [Row] = []
            try engine.fetch(sql, arguments, columns: { columns = $0 }) { row in
                rows.append(Row(columns: columns, values: row.values))
                return true
            }
            if !readsOnly {
                let changes = try engine.dialect.changesQuery.map { Int(try engine.fetchScalar($0).integerValue ?? 0) }
                recordChanges(changes ?? rows.count)
            }
            return rows
        }
    }
}
