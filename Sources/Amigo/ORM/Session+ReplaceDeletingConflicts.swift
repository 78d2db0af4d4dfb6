// Session: the destructive replace — delete the rows an object conflicts with, then insert it.

extension Session {
    /// Inserts each object after **deleting** every row it conflicts with — the row with its
    /// primary key and any row with one of its UNIQUE values — as SQLite's `INSERT OR REPLACE`
    /// (the original Amigo's `add(x, upsert: true)`) does. The deleted rows' `ON DELETE CASCADE`
    /// children (many-to-many links, for instance) go with them and `SET NULL` references are
    /// cleared. Use ``upsert(_:)`` to overwrite a row in place, keeping what references it.
    ///
    /// SQLite runs `INSERT OR REPLACE INTO …`; an engine without that statement (PostgreSQL)
    /// runs, inside one savepoint, a `DELETE` per unique key of the object, then the `INSERT`.
    ///
    ///     try session.replaceDeletingConflicts(rex)
    ///     // SQLite:     INSERT OR REPLACE INTO "dog" ("id", "label") VALUES (?, ?)
    ///     // PostgreSQL: SAVEPOINT …; DELETE FROM "dog" WHERE "id" = ?; INSERT INTO "dog" …; RELEASE SAVEPOINT …
    public func replaceDeletingConflicts(_ objects: AmigoModel...) throws {
        try add(objects, deletingConflicts: true)
    }

    /// ``replaceDeletingConflicts(_:)-(AmigoModel...)`` of an array of objects.
    public func replaceDeletingConflicts(_ objects: [AmigoModel]) throws {
        try add(objects, deletingConflicts: true)
    }

    /// The earlier name of ``replaceDeletingConflicts(_:)-(AmigoModel...)``.
    @available(*, deprecated, renamed: "replaceDeletingConflicts(_:)")
    public func insertOrReplace(_ objects: AmigoModel...) throws {
        try add(objects, deletingConflicts: true)
    }

    /// The original Amigo's spelling: `upsert: true` is ``replaceDeletingConflicts(_:)-(AmigoModel...)``
    /// (it deletes the conflicting row; ``upsert(_:)`` updates in place), false ``add(_:)-(AmigoModel...)``.
    @available(*, deprecated, message: "upsert: true deletes the conflicting row: call replaceDeletingConflicts(_:), or add(_:) without it")
    public func add(_ objects: AmigoModel..., upsert: Bool) throws {
        try add(objects, deletingConflicts: upsert)
    }

    /// The array form of the deprecated ``add(_:upsert:)-(AmigoModel...,_)``.
    @available(*, deprecated, message: "upsert: true deletes the conflicting row: call replaceDeletingConflicts(_:), or add(_:) without it")
    public func add(_ objects: [AmigoModel], upsert: Bool) throws {
        try add(objects, deletingConflicts: upsert)
    }

    /// Deletes the rows `object` would conflict with on insert: one `DELETE` per unique key
    /// (the primary key, each UNIQUE column, each unique index) whose values in `object` are
    /// all non-NULL (NULLs never conflict). What replaces SQLite's `INSERT OR REPLACE` elsewhere.
    func deleteRowsConflicting(with object: AmigoModel, model: ORMModel) throws {
        let table = model.table
        var keys: [[String]] = [table.primaryKey.map(\.label)]
        keys += table.columns.filter { $0.unique && !$0.primaryKey }.map { [$0.label] }
        keys += table.indexes.filter(\.unique).map(\.columns)
        var seen = Set<[String]>()
        for key in keys where !key.isEmpty && seen.insert(key).inserted {
            let columns = key.compactMap(table.column(named:))
            guard columns.count == key.count else { continue }     // an expression index: no values to match
            let values = columns.map { model.storedValue(of: $0, in: object) }
            if values.contains(where: \.isNull) { continue }
            let dialect = engine.dialect
            let result = try engine.execute(dialect.delete(from: table.name, where: dialect.equalityCondition(key)), values)
            recordChanges(result.changes)
        }
    }
}
