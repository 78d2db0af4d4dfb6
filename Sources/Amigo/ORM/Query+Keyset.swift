/// Keyset ("seek") paging: reading the rows just after or just before a given row in a given
/// order, with a WHERE condition on the order's values instead of an OFFSET that SQLite would
/// have to count through. amigo-shell pages through tables of millions of rows this way.
extension Query {
    /// One column of a keyset order.
    package struct KeysetColumn: Sendable, Hashable {
        /// The column's name on the queried model (`rowid` allowed for rowid tables).
        public var name: String
        /// Ascending or descending.
        public var ascending: Bool
        /// Creates an order column.
        public init(_ name: String, ascending: Bool = true) { self.name = name; self.ascending = ascending }
    }

    /// The columns that make `order` a total order: `order` followed by the primary key (or the
    /// rowid), without duplicates. Nil when the model has neither (views): use OFFSET then.
    package func keysetColumns(for order: [KeysetColumn]) throws -> [KeysetColumn]? {
        let model = try modelResult.get()
        var columns = order
        var key = model.table.primaryKey.map(\.label)
        if key.isEmpty {
            guard model.table.hasRowID else { return nil }
            key = ["rowid"]
        }
        for name in key where !columns.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            columns.append(KeysetColumn(name, ascending: true))
        }
        return columns
    }

    /// The values of `columns` in `record`, as stored (the rowid for `rowid`): where a keyset
    /// page starting after (or before) that row begins.
    package static func keysetValues(_ columns: [KeysetColumn], of record: Record) -> [DatabaseValue] {
        columns.map { column in
            if column.name.lowercased() == "rowid", record.model.table.column(named: column.name) == nil {
                return record.rowID.map { .integer($0) } ?? .null
            }
            return record.model.table.column(named: column.name).map { $0.kind.toDatabase(record.value(at: $0.index)) } ?? .null
        }
    }

    /// Orders by `columns` (reversed when `backward`) and keeps only the rows strictly after
    /// `values` in that order (before them when `backward`). With `values` nil, starts at the
    /// beginning (or the end, when `backward`). NULLs sort first, as in SQLite.
    ///
    /// For `columns` = [Name ASC, id ASC] and values ['Lucy', 7], moving forward:
    ///
    ///     WHERE ("t"."Name" > ? OR ("t"."Name" = ? AND "t"."id" > ?)) ORDER BY "t"."Name" ASC, "t"."id" ASC
    package func seek(_ columns: [KeysetColumn], after values: [DatabaseValue]?, backward: Bool = false) -> Query {
        var copy = unordered()
        for column in columns {
            copy.orderings.append((column.name, column.ascending != backward, true))
        }
        guard let values, values.count == columns.count else { return copy }
        copy.extraConditions.append(({ scope in
            let model = scope.model
            var alternatives: [String] = []
            var arguments: [DatabaseValue] = []
            var equalities: [String] = []
            var equalityArguments: [DatabaseValue] = []
            for (i, column) in columns.enumerated() {
                let sql: String
                var nullable = false
                if column.name.lowercased() == "rowid" && model.table.column(named: column.name) == nil {
                    sql = scope.statement.qualified(scope.alias, "rowid")
                } else {
                    guard let c = model.table.column(named: column.name) else {
                        throw AmigoError.unknownColumn(column: column.name, model: model.name)
                    }
                    sql = scope.statement.qualified(scope.alias, c.label)
                    // Only NULL-able columns need the IS NULL branches (which keep SQLite off the index).
                    nullable = c.optional && !(c.primaryKey && model.table.hasIntegerPrimaryKey)
                }
                let value = values[i]
                // Moving "up" in ascending terms when the column is ascending and we go forward.
                let greater = column.ascending != backward
                var term: String
                var termArguments: [DatabaseValue] = []
                if value.isNull {
                    term = greater ? "\(sql) IS NOT NULL" : scope.statement.dialect.falseCondition
                } else {
                    term = greater || !nullable ? "\(sql) \(greater ? ">" : "<") ?" : "(\(sql) < ? OR \(sql) IS NULL)"
                    termArguments = [value]
                }
                if term != scope.statement.dialect.falseCondition {
                    alternatives.append((equalities + [term]).joined(separator: " AND "))
                    arguments += equalityArguments + termArguments
                }
                if value.isNull { equalities.append("\(sql) IS NULL") } else {
                    equalities.append("\(sql) = ?")
                    equalityArguments.append(value)
                }
            }
            scope.pendingArguments = arguments
            return alternatives.isEmpty ? scope.statement.dialect.falseCondition : "(" + alternatives.map { "(\($0))" }.joined(separator: " OR ") + ")"
        }, []))
        return copy
    }
}
