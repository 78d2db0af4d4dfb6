/// Rows brought in from outside (sqlite3's `.import`): into an existing table, or into a new one
/// whose columns are named by the first row, every column TEXT (as sqlite3 makes it).
extension Session {
    /// What ``importRows(into:header:rows:)`` did.
    public struct ImportResult: Sendable, Equatable {
        /// Whether the table was made for the rows.
        package let createdTable: Bool
        /// The rows inserted.
        public let rowCount: Int
    }

    /// Inserts `rows` into `table` inside the session's transaction (a savepoint: all or none).
    /// When no table or view `table` exists, it is created first with the columns `header` names,
    /// each TEXT; when it exists, `header` is ignored and each row fills its columns in order.
    /// A row with fewer values than the table has columns is padded with NULL; one with more is
    /// an error naming its number (1-based, header not counted).
    ///
    /// For example:
    ///
    ///     try session.importRows(into: "people", header: ["name", "age"], rows: [["Ada", "36"]])
    ///     // CREATE TABLE "people" ("name" TEXT, "age" TEXT)
    ///     // INSERT INTO "people" VALUES (?, ?)
    ///
    /// - Throws: ``AmigoError/importHeaderIncomplete(table:)`` for a header without names,
    ///   ``AmigoError/importRowTooLong(table:row:values:columns:)`` for a row too long; a database error (the table's constraints) — nothing is kept then.
    @discardableResult
    package func importRows(into table: String, header: [String], rows: [[DatabaseValue]]) throws -> ImportResult {
        let dialect = engine.dialect
        let existing = try engine.schemaCatalog.entries().first { $0.name.lowercased() == table.lowercased() }
        return try savepoint {
            var columnCount: Int
            let created = existing == nil
            if created {
                guard !header.isEmpty, !header.contains(where: \.isEmpty) else {
                    throw AmigoError.importHeaderIncomplete(table: table)
                }
                try execute(SchemaCompiler(dialect: dialect).createTable(table, textColumns: header))
                columnCount = header.count
            } else {
                columnCount = try engine.fetchAll(dialect.columnsOnly(of: existing?.name ?? table)).columns.count
            }
            let insert = dialect.insertRow(into: existing?.name ?? table, valueCount: columnCount)
            for (index, row) in rows.enumerated() {
                guard row.count <= columnCount else {
                    throw AmigoError.importRowTooLong(table: table, row: index + 1, values: row.count, columns: columnCount)
                }
                try execute(insert, row + Array(repeating: .null, count: columnCount - row.count))
            }
            return ImportResult(createdTable: created, rowCount: rows.count)
        }
    }
}
