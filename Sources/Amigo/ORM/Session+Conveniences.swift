/// CRUD conveniences in the style of SQLiteORM-Swift, on top of the session API.
extension Session {
    /// Inserts the objects with their primary key as given, or overwrites the rows with those keys
    /// (INSERT OR REPLACE).
    public func replace(_ objects: AmigoModel...) throws { try add(objects, upsert: true) }

    /// Updates every column of each object's row, by primary key, whether or not the object was
    /// fetched. Throws when an object has no key or no row has it.
    public func update(_ objects: AmigoModel...) throws {
        try checkWritable("update rows")
        try engine.serialized {
            for object in objects {
                let model = try amigo.model(of: object)
                let write = try ModelWriter(model: model, dialect: engine.dialect).update(object)
                guard !write.sql.isEmpty else { continue }
                let result = try engine.execute(write.sql, write.arguments)
                if result.changes == 0 {
                    throw AmigoError.invalidOperation("no \(model.name) row with key \(model.primaryKeyValues(of: object).map(\.description).joined(separator: ", ")) to update")
                }
                recordChanges(result.changes)
                object.isPersisted = true
            }
        }
    }

    /// The object of `type` with primary key `key`, or nil.
    public func get<M: AmigoModel>(_ type: M.Type, _ key: any DatabaseValueConvertible) throws -> M? {
        try query(type).get(key)
    }

    /// The row of the run-time model `model` with primary key `key`, or nil.
    public func get(_ model: String, _ key: any DatabaseValueConvertible) throws -> Record? {
        try query(model).get(key)
    }

    /// All objects of `type`, optionally filtered: `session.all(Dog.self, where: "label BEGINSWITH %@", "L")`.
    public func all<M: AmigoModel>(_ type: M.Type, where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> [M] {
        let q = query(type)
        return try (filter.map { q.filter($0, arguments: arguments.map(\.filterArgument)) } ?? q).all()
    }

    /// The first object of `type` matching the filter, or nil.
    public func first<M: AmigoModel>(_ type: M.Type, where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> M? {
        let q = query(type)
        return try (filter.map { q.filter($0, arguments: arguments.map(\.filterArgument)) } ?? q).first()
    }
}

/// Bulk UPDATE and DELETE of the rows a query selects (its filters and relationship scope; joins
/// are applied through a key subquery, since SQLite's UPDATE and DELETE cannot join).
extension Query {
    /// Sets `values` on every row the query selects, optionally narrowed by `filter`; returns the
    /// number of rows changed.
    ///
    ///     try session.query(Dog.self).update(set: ["label": "Rex"], where: "label = %@", "Lucy")
    ///     // UPDATE "dog" SET "label" = ? WHERE "id" IN (SELECT "dog"."id" FROM "dog" WHERE "dog"."label" = ?)
    @discardableResult
    public func update(set values: [String: (any DatabaseValueConvertible)?], where filter: String? = nil,
                       _ arguments: any FilterArgumentConvertible...) throws -> Int {
        let q = filter.map { self.filter($0, arguments: arguments.map(\.filterArgument)) } ?? self
        let model = try q.modelResult.get()
        try checkWritable(model, "update rows")
        var assignments: [String] = []
        var setArguments: [DatabaseValue] = []
        let dialect = amigo.engine.dialect
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let column = model.table.column(named: name) else { throw AmigoError.unknownColumn(column: name, model: model.name) }
            assignments.append(dialect.quote(column.label) + " = ?")
            setArguments.append(column.kind.toDatabase(value?.databaseValue ?? .null))
        }
        guard !assignments.isEmpty else { return 0 }
        let (keys, subquery, subArguments) = try q.keySubquery(model)
        let sql = "UPDATE \(dialect.quote(model.table.name)) SET " + assignments.joined(separator: ", ") + " WHERE \(keys) IN (\(subquery))"
        let changes = try amigo.engine.execute(sql, setArguments + subArguments).changes
        session?.recordChanges(changes)
        return changes
    }

    /// Deletes every row the query selects, optionally narrowed by `filter`; returns the number deleted.
    @discardableResult
    public func delete(where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> Int {
        let q = filter.map { self.filter($0, arguments: arguments.map(\.filterArgument)) } ?? self
        let model = try q.modelResult.get()
        try checkWritable(model, "delete rows")
        let (keys, subquery, subArguments) = try q.keySubquery(model)
        let sql = "DELETE FROM \(amigo.engine.dialect.quote(model.table.name)) WHERE \(keys) IN (\(subquery))"
        let changes = try amigo.engine.execute(sql, subArguments).changes
        session?.recordChanges(changes)
        return changes
    }

    private func checkWritable(_ model: ORMModel, _ operation: String) throws {
        if let session { try session.checkWritable(operation) }
        if amigo.engine.isReadOnly { throw AmigoError.readOnly(path: amigo.engine.path, operation: operation) }
        if model.table.isView { throw AmigoError.invalidOperation("\(model.name) is a view: cannot \(operation)") }
    }

    /// `("id", "SELECT "t"."id" FROM … WHERE …", arguments)` selecting the keys of the query's rows.
    private func keySubquery(_ model: ORMModel) throws -> (String, String, [DatabaseValue]) {
        let dialect = amigo.engine.dialect
        var names = model.table.primaryKey.map(\.label)
        if names.isEmpty {
            guard model.table.hasRowID else { throw AmigoError.missingPrimaryKey(model: model.name, operation: "update or delete rows of") }
            names = ["rowid"]
        }
        var compiled = try compile(columns: false).statement
        compiled.columns = names.map { compiled.qualified(compiled.alias, $0) }
        compiled.orderings = compiled.limit == nil ? [] : compiled.orderings
        let keys = names.count == 1 ? (names[0] == "rowid" ? "rowid" : dialect.quote(names[0])) : "(" + names.map(dialect.quote).joined(separator: ", ") + ")"
        return (keys, compiled.sql, compiled.arguments)
    }
}
