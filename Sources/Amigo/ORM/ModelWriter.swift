/// Builds the INSERT, UPDATE, upsert and DELETE statements for one object of a model, with
/// the SQL text cached per model and dialect and the values read straight from the object.
///
/// For example, for `Dog(label: "Lucy")`:
///
///     INSERT INTO "dog" ("label") VALUES (?)                     -- ['Lucy']
///     UPDATE "dog" SET "label" = ? WHERE "id" = ?                -- ['Ollie', 1]
///     INSERT OR REPLACE INTO "dog" ("id", "label") VALUES (?, ?)
///     DELETE FROM "dog" WHERE "id" = ?
struct ModelWriter {
    let model: ORMModel
    let dialect: any SQLDialect

    /// A statement and its arguments.
    struct Write {
        var sql: String
        var arguments: [DatabaseValue]
        /// The integer primary-key column whose value the database will assign, to write back
        /// afterwards (from ``ExecutionResult/insertedKey``: the `RETURNING` value or the rowid).
        var assignsKey: Column?
    }

    private var table: Table { model.table }

    /// The model's write texts in this writer's dialect.
    private var texts: StatementTexts { model.caches(for: dialect).statements }

    /// The key columns used in WHERE clauses: the primary key, or the rowid.
    private func keyClause() throws -> (sql: String, columns: [Column]?) {
        let pk = table.primaryKey
        if !pk.isEmpty { return (dialect.equalityCondition(pk.map(\.label)), pk) }
        if table.hasRowID, let rowid = dialect.rowIdentifier { return ("\(rowid) = \(dialect.placeholder)", nil) }
        throw AmigoError.missingPrimaryKey(model: model.name, operation: "identify a row of")
    }

    private func keyValues(_ object: AmigoModel, operation: String) throws -> [DatabaseValue] {
        if let record = object as? Record, let original = record.originalKey {
            return zip(table.primaryKey, original).map { $0.kind.toDatabase($1) }
        }
        let values = model.primaryKeyValues(of: object)
        if values.isEmpty || values.contains(where: \.isNull) {
            throw AmigoError.missingPrimaryKey(model: model.name, operation: operation)
        }
        return values
    }

    /// INSERT (or INSERT OR REPLACE when `replace`) of every column that has a value. A NULL
    /// integer primary key is left out so SQLite assigns it; nil columns with a default closure
    /// get its value, written back to the object when `writeBack`.
    func insert(_ object: AmigoModel, replace: Bool, writeBack: Bool) -> Write {
        var mask = 0
        var wide: [Int] = []     // included columns past the 56 the mask can describe
        let columns = model.writeColumns
        let returnsKey = dialect.returning("") != nil
        var arguments: [DatabaseValue] = []
        arguments.reserveCapacity(columns.count)
        var assignsKey: Column?
        let integerKey = table.hasIntegerPrimaryKey
        let record = Record.cast(object)
        let plan = model.access
        for column in columns where !column.isGenerated {
            var value: DatabaseValue
            if let record {
                value = column.index < record.valueCount ? column.kind.toDatabase(record.value(at: column.index)) : .null
            } else if column.index < plan.readers.count, let read = plan.readers[column.index] {
                value = read(object)
            } else {
                value = model.storedValue(of: table.columns[column.index], in: object)
            }
            if value.isNull, column.hasDefaultValue, let make = table.columns[column.index].defaultValue {
                // A default comes in the property's form (a UUID as text); store it in the column's
                // form, as values read from the object are (a UUID as 16 bytes).
                value = column.kind.toDatabase(make())
                if writeBack { model.setStoredValue(value, of: table.columns[column.index], in: object) }
            }
            if value.isNull {
                if column.primaryKey && integerKey {
                    assignsKey = table.columns[column.index]
                    // SQLite assigns a NULL INTEGER PRIMARY KEY; an identity column must be left out.
                    if !replace || returnsKey { continue }
                } else if column.hasDefaultSQL {
                    continue
                }
            }
            if column.index < 56 { mask |= 1 << column.index } else { wide.append(column.index) }
            arguments.append(value)
        }
        var sql = insertText(mask: mask, wide: wide, replace: replace)
        if let key = assignsKey, let returning = dialect.returning(key.label) { sql += returning }
        return Write(sql: sql, arguments: arguments, assignsKey: assignsKey)
    }

    /// The INSERT (or INSERT OR REPLACE) of the columns in `mask` (bit per column index) and
    /// `wide` (indexes past 56), cached per mask.
    func insertText(mask: Int, wide: [Int], replace: Bool) -> String {
        let build = { () -> String in
            var names: [String] = []
            for column in table.columns where !column.isGenerated {
                let included = column.index < 56 ? (mask & (1 << column.index)) != 0 : wide.contains(column.index)
                if included { names.append(column.label) }
            }
            return dialect.insert(into: table.name, columns: names, onConflict: replace ? .replace : .fail,
                                  key: table.primaryKey.map(\.label))
        }
        return table.columns.count > 56 ? build() : texts.text(replace ? .upsert : .insert, mask: mask, build)
    }

    /// Throws when `object` is a record holding only a prefix of one of `columns` (a write would
    /// store the prefix in place of the value; see ``Query/prefixingValues(to:except:)``).
    func refusePrefixes(of object: AmigoModel, in columns: [Column], operation: String) throws {
        guard let record = object as? Record else { return }
        for index in record.prefixColumns where columns.contains(where: { $0.index == index }) {
            throw AmigoError.partialValue(model: model.name, column: table.columns[index].label, operation: operation)
        }
    }

    /// UPDATE of every column but the key, by key.
    func update(_ object: AmigoModel) throws -> Write {
        try refusePrefixes(of: object, in: table.columns, operation: "update")
        let key = try keyClause()
        let keys = try keyValues(object, operation: "update")
        if let record = object as? Record, record.originalKey != nil {
            // The key itself changed: set every column, key included, on the row with the old key.
            return try update(object, columns: table.columns.filter { !$0.isGenerated })
        }
        let columns = table.columns.filter { !$0.primaryKey && !$0.isGenerated }
        guard !columns.isEmpty else { return Write(sql: "", arguments: [], assignsKey: nil) }
        let sql = texts.text(.update) { dialect.update(table.name, set: columns.map(\.label), where: key.sql) }
        return Write(sql: sql, arguments: columns.map { model.storedValue(of: $0, in: object) } + keys, assignsKey: nil)
    }

    /// UPDATE of the given columns only, by key (used to edit one cell).
    func update(_ object: AmigoModel, columns: [Column]) throws -> Write {
        try refusePrefixes(of: object, in: columns, operation: "update")
        let key = try keyClause()
        let keys = try keyValues(object, operation: "update")
        let sql = dialect.update(table.name, set: columns.map(\.label), where: key.sql)
        return Write(sql: sql, arguments: columns.map { model.storedValue(of: $0, in: object) } + keys, assignsKey: nil)
    }

    /// DELETE by key.
    func delete(_ object: AmigoModel) throws -> Write {
        let key = try keyClause()
        let keys = try keyValues(object, operation: "delete")
        let sql = texts.text(.delete) { dialect.delete(from: table.name, where: key.sql) }
        return Write(sql: sql, arguments: keys, assignsKey: nil)
    }
}
