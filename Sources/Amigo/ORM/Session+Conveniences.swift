/// CRUD conveniences in the style of SQLiteORM-Swift, on top of the session API.
extension Session {
    /// Inserts the objects with their primary key as given, or overwrites the rows with those keys;
    /// an object without a key is inserted and gets one. All or nothing (inside a savepoint).
    ///
    /// An existing row is overwritten with an UPDATE of every column, not with INSERT OR REPLACE:
    /// REPLACE deletes the old row first, which fires `ON DELETE CASCADE` (wiping, for instance,
    /// every many-to-many link of the row) and `SET NULL` on the rows that reference it. A model
    /// without a declared primary key has nothing to look the row up by and is written with
    /// ``replaceDeletingConflicts(_:)-(AmigoModel...)``.
    ///
    ///     let rex = Dog(); rex.id = 7; rex.label = "Rex"
    ///     try session.upsert(rex)   // SELECT 1 … WHERE "id" = ?, then INSERT … or UPDATE … WHERE "id" = ?
    public func upsert(_ objects: AmigoModel...) throws {
        try checkWritable("upsert rows")
        let persisted = objects.map(\.isPersisted)
        do {
            try replaceRows(objects)
        } catch {
            for (object, flag) in zip(objects, persisted) { object.isPersisted = flag }   // rolled back
            throw error
        }
    }

    /// The 0.2 name of ``upsert(_:)`` (it never used REPLACE: see ``replaceDeletingConflicts(_:)-(AmigoModel...)`` for that).
    @available(*, deprecated, renamed: "upsert(_:)")
    public func replace(_ objects: AmigoModel...) throws {
        for object in objects { try upsert(object) }
    }

    private func replaceRows(_ objects: [AmigoModel]) throws {
        try savepoint {
            for object in objects {
                let model = try amigo.model(of: object)
                let pk = model.table.primaryKey
                let keys = model.primaryKeyValues(of: object)
                if pk.isEmpty || keys.count != pk.count || keys.contains(where: \.isNull) {
                    try add([object], deletingConflicts: true)
                    continue
                }
                let sql = engine.dialect.rowExistsQuery(table: model.table.name, key: pk.map(\.label))
                let exists = try engine.fetch(sql, keys) { _ in false } > 0     // keys are stored values already
                object.isPersisted = exists       // add() then UPDATEs every column, or INSERTs with the key
                try add([object])
            }
        }
    }

    /// Updates every column of each object's row, by primary key, whether or not the object was
    /// fetched. Throws when an object has no key or no row has it; all or nothing (inside a savepoint).
    public func update(_ objects: AmigoModel...) throws {
        try checkWritable("update rows")
        try savepoint {
            for object in objects {
                let model = try amigo.model(of: object)
                let write = try ModelWriter(model: model, dialect: engine.dialect).update(object)
                guard !write.sql.isEmpty else { continue }
                try executeUpdate(write, of: object, model: model)
                object.isPersisted = true
                (object as? Record)?.originalKey = nil
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

    /// All rows of the run-time or reflected model `model`, optionally filtered:
    /// `session.all("Album", where: "artist.Name = %@", "AC/DC")`.
    public func all(_ model: String, where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> [Record] {
        let q = query(model)
        return try (filter.map { q.filter($0, arguments: arguments.map(\.filterArgument)) } ?? q).all()
    }

    /// The first row of the run-time or reflected model `model` matching the filter, or nil.
    public func first(_ model: String, where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> Record? {
        let q = query(model)
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
        guard !values.isEmpty else { return 0 }
        let statement = try q.updateStatement(setting: values.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value?.databaseValue ?? .null) })
        let changes = try onConnection {
            try checkOpen()
            return try amigo.engine.execute(statement.sql, statement.arguments).changes
        }
        session?.recordChanges(changes)
        return changes
    }

    /// Deletes every row the query selects, optionally narrowed by `filter`; returns the number deleted.
    @discardableResult
    public func delete(where filter: String? = nil, _ arguments: any FilterArgumentConvertible...) throws -> Int {
        let q = filter.map { self.filter($0, arguments: arguments.map(\.filterArgument)) } ?? self
        let model = try q.modelResult.get()
        try checkWritable(model, "delete rows")
        let statement = try q.deleteStatement()
        let changes = try onConnection {
            try checkOpen()
            return try amigo.engine.execute(statement.sql, statement.arguments).changes
        }
        session?.recordChanges(changes)
        return changes
    }

    /// A query of a session writes only while that session is open (checked again on the connection,
    /// in case another thread closed it meanwhile).
    private func checkOpen() throws {
        if let session, !session.isActive { throw AmigoError.sessionClosed }
    }

    private func checkWritable(_ model: ORMModel, _ operation: String) throws {
        if let session { try session.checkWritable(operation) }
        if amigo.engine.isReadOnly { throw AmigoError.readOnly(path: amigo.engine.path, operation: operation) }
        if model.table.isView { throw AmigoError.viewNotWritable(view: model.name, operation: operation) }
    }

    /// `("id", "SELECT "t"."id" FROM … WHERE …", arguments)` selecting the keys of the query's rows.
    func keySubquery(_ model: ORMModel) throws -> (String, String, [DatabaseValue]) {
        let dialect = amigo.engine.dialect
        var names = model.table.primaryKey.map(\.label)
        if names.isEmpty {
            guard model.table.hasRowID else { throw AmigoError.missingPrimaryKey(model: model.name, operation: "update or delete rows of") }
            names = ["rowid"]
        }
        var compiled = try compile(columns: false).statement
        compiled.columns = names.map { compiled.qualified(compiled.alias, $0) }
        compiled.orderings = compiled.limit == nil && compiled.offset == nil ? [] : compiled.orderings
        let keys = names.count == 1 ? (names[0] == "rowid" ? "rowid" : dialect.quote(names[0])) : "(" + names.map(dialect.quote).joined(separator: ", ") + ")"
        return (keys, compiled.sql, compiled.arguments)
    }
}
