// Query: running a query — on the right connection, all, first, get by key, count, exists.

extension Query {
    // MARK: Execution

    /// Runs `body`, which uses the engine, where the query belongs: in its session while that is
    /// open (with the engine serialized, so the session cannot close halfway), otherwise — a query
    /// outside any session, or of a closed one — once no other thread's session owns the engine,
    /// so that it never reads or writes inside another thread's transaction (see ``TransactionGate``).
    func onConnection<R>(_ body: () throws -> R) throws -> R {
        let engine = amigo.engine
        if let session {
            var result: R?
            try engine.serialized {
                if session.isActive { result = try body() }
            }
            if let result { return result }
        }
        return try engine.transactionGate.withoutOtherSessions(path: engine.path, body)
    }

    /// Streams the results, one object at a time, until `body` returns false. Nothing is accumulated.
    public func forEach(_ body: (T) throws -> Bool) throws {
        try run(try compileForFetch(), body)
    }

    /// Runs a query, streaming objects to `body`.
    func run(_ plan: FetchPlan, _ body: (T) throws -> Bool) throws {
        try explainingInvalidJSON { try runObjects(plan) { try body(unsafeDowncast($0, to: T.self)) } }
    }

    /// Runs a query, streaming the objects (all of type `T`) to `body`, which is not generic:
    /// the per-row path then needs no generic metadata.
    ///
    /// `body` takes ownership of each object, so that collecting them costs no extra reference count.
    func runObjects(_ plan: FetchPlan, _ body: (consuming AmigoModel) throws -> Bool) throws {
        let asRecord = T.self == Record.self
        let loader = RowLoader(plan.model, offset: 0, asRecord: asRecord, rowIDIndex: plan.rowIDIndex, prefixSizes: plan.prefixSizes)
        // The objects are handed on as `T` without a cast per row: make sure, once, that they are.
        guard loader.builtType == T.self else {
            throw AmigoError.typeMismatch(expected: String(describing: T.self), actual: String(describing: loader.builtType))
        }
        let related = plan.related.map { RelatedLoader($0.relationship, offset: $0.offset, rowIDIndex: $0.rowIDIndex, asRecord: asRecord) }
        let engine = amigo.engine
        if related.isEmpty {
            try state.onConnection(session: session) { _ = try engine.fetch(plan.sql, plan.arguments) { row in try body(loader.load(row)) } }
            return
        }
        try state.onConnection(session: session) {
            _ = try amigo.engine.fetch(plan.sql, plan.arguments) { row in
                let object = loader.load(row)
                for loader in related { loader.attach(row: row, to: object) }
                return try body(object)
            }
        }
    }

    /// All results.
    public func all() throws -> [T] {
        var collector = ObjectCollector()
        try explainingInvalidJSON { try runObjects(try compileForFetch()) { (object: consuming AmigoModel) in collector.append(object); return true } }
        let objects = collector.array()
        // Every object is a `T` (checked by runObjects: the loader builds `T`, or for records one
        // of `Record`'s own subclasses), and arrays of class references share one
        // representation: reinterpret the array instead of casting each element again.
        assert(objects.allSatisfy { $0 is T })
        return unsafeBitCast(objects, to: [T].self)
    }

    /// The first result, or nil.
    public func first() throws -> T? {
        var result: T?
        try limit(Swift.min(limitCount ?? 1, 1)).forEach { result = $0; return false }  // keeps a limit(0)
        return result
    }

    /// The object whose primary key is `key`, or nil. Earlier filters still apply (ANDed).
    public func get(_ key: any DatabaseValueConvertible) throws -> T? {
        if isBare {
            let plan = try getPlan()
            if let kind = plan.singleKeyKind { return try fetchByKey(.one(kind.toDatabase(key.databaseValue)), plan: plan) }   // no array at all
        }
        return try get([key.databaseValue])
    }

    /// The object whose (possibly composite) primary key is `key`, or nil.
    public func get(_ key: [DatabaseValue]) throws -> T? {
        let model = try modelResult.get()
        let columns = model.keyColumnsForGet
        guard columns.count == key.count else {
            throw AmigoError.keyCountMismatch(model: model.name, keyColumns: columns.count, values: key.count)
        }
        let values = columns.count == 1 ? [columns[0].kind.toDatabase(key[0])] : zip(columns, key).map { $0.kind.toDatabase($1) }
        func keyed() -> Query {
            var copy = self
            copy.extraConditions.append(({ scope in
                columns.map { scope.statement.qualified(scope.alias, $0.label) + " = ?" }.joined(separator: " AND ")
            }, values))
            copy.limitCount = 1
            return copy
        }
        guard isBare else { return try keyed().first() }
        return try fetchByKey(values.count == 1 ? .one(values[0]) : .composite(values), plan: try getPlan())
    }

    /// Whether the query is `session.query(X)` and nothing more: no filter, order, limit,
    /// related rows or relationship scope. Its `get` SQL depends only on the model.
    var isBare: Bool { isPlain && owner == nil && relationshipName == nil }

    /// The ``GetPlan`` of `get` on a bare query (see ``isBare``): the same SQL every time
    /// (compiled once per model and dialect, and kept by the state).
    func getPlan() throws -> GetPlan {
        try state.getPlan(asRecord: T.self == Record.self) { model, asRecord in
            var keyed = self
            keyed.extraConditions.append(({ scope in
                model.keyColumnsForGet.map { scope.statement.qualified(scope.alias, $0.label) + " = ?" }.joined(separator: " AND ")
            }, model.keyColumnsForGet.map { _ in DatabaseValue.null }))
            keyed.limitCount = 1
            let compiled = try keyed.compile()
            return GetPlan(sql: compiled.sql, loader: RowLoader(model, offset: 0, asRecord: asRecord, rowIDIndex: compiled.rowIDIndex))
        }
    }

    /// `get` on a bare query: `plan` run with `key`, whose values are already in the key
    /// columns' stored form (only they change from call to call).
    func fetchByKey(_ key: GetKey, plan: GetPlan) throws -> T? {
        guard let object = try plan.fetch(key, in: state, session: session, builtType: T.self) else { return nil }
        return unsafeDowncast(object, to: T.self)
    }

    /// Whether the query has nothing but, at most, a relationship scope: its SQL then depends only
    /// on the model, the relationship and the dialect, and is compiled once and reused.
    var isPlain: Bool { state.isPlain }

    /// What fetching runs: the compiled query, or for a plain relationship query the SQL compiled
    /// once per model, relationship and dialect with the owner's key as arguments.
    func compileForFetch() throws -> FetchPlan {
        guard isPlain, let owner, let name = relationshipName else { return FetchPlan(try compile()) }
        let model = try modelResult.get()
        let ownerModel = try amigo.model(of: owner)
        guard let relationship = ownerModel.relationship(named: name) else { return FetchPlan(try compile()) }
        let keys = relationship.sourceColumns.map { ownerModel.storedValue(of: $0, in: owner) }
        if keys.isEmpty || keys.contains(where: \.isNull) { return FetchPlan(try compile()) }
        let asRecord = T.self == Record.self
        let relationshipQueries = model.caches(for: amigo.engine.dialect).relationshipQueries
        if let (sql, rowIDIndex) = relationshipQueries.statement(for: relationship, asRecord: asRecord) {
            return FetchPlan(sql: sql, arguments: keys, model: model, rowIDIndex: rowIDIndex, related: [])
        }
        let compiled = try compile()
        // Only a query whose arguments are exactly the owner's key can be run again with another key.
        if compiled.statement.joinArguments.isEmpty && compiled.statement.whereArguments == keys && compiled.related.isEmpty {
            relationshipQueries.store(compiled.sql, rowIDIndex: compiled.rowIDIndex, for: relationship, asRecord: asRecord)
        }
        return FetchPlan(compiled)
    }

    /// The number of results (respecting filters, relationship scope, limit and offset).
    public func count() throws -> Int {
        let compiled = try compile(columns: false)
        let value = try explainingInvalidJSON { try onConnection {
            try amigo.engine.marking(.count(bounded: limitCount != nil)) {
                try amigo.engine.fetchScalar(compiled.statement.aggregateSQL("COUNT(*)"), compiled.statement.aggregateArguments)
            }
        } }
        return Int(value.integerValue ?? 0)
    }

    /// Whether there is at least one result.
    public func exists() throws -> Bool {
        let compiled = try limit(Swift.min(limitCount ?? 1, 1)).compile(columns: false)  // keeps a limit(0)
        var found = false
        var statement = compiled.statement
        statement.columns = ["1"]
        try onConnection {
            _ = try amigo.engine.marking(.linkProbe) { try amigo.engine.fetch(statement.sql, statement.arguments) { _ in found = true; return false } }
        }
        return found
    }
}

// The per-call paths of fetching, kept out of `Query<T>`: its methods are compiled once in this
// module, generic over `T` (not specialised for the caller's model), so anything generic they
// do — an optional of a generic result, a generic closure — looks metadata up on every call.
extension QueryState {
    /// ``Query/onConnection(_:)`` for a body that returns nothing, without generics; `session`
    /// is the query's.
    func onConnection(session: Session?, _ body: () throws -> Void) throws {
        let engine = amigo.engine
        if let session {
            var ran = false
            try engine.serialized {
                if session.isActive { try body(); ran = true }
            }
            if ran { return }
        }
        try engine.transactionGate.withoutOtherSessions(path: engine.path, body)
    }
}
