/// A lazy, chainable query over one model. Every refinement returns a new query; nothing runs
/// until ``all()``, ``first()``, ``get(_:)``, ``count()``, ``exists()`` or ``forEach(_:)``.
///
///     let people = try session.query(Person.self)
///         .filter("age >= %@ AND dog.label BEGINSWITH[c] 'l'", 3)   // joins dog, binds 3 and 'l*'
///         .orderBy("label", ascending: false)
///         .limit(10)
///         .all()
///     // SELECT "person"."id", … FROM "person" LEFT JOIN "dog" AS "dog" ON "dog"."id" = "person"."dog_id"
///     //   WHERE "person"."age" >= ? AND "dog"."label" LIKE ? ESCAPE '\' ORDER BY "person"."label" DESC LIMIT 10
///
/// Successive ``filter(_:_:)`` calls are combined with AND. Errors in a filter (syntax, unknown
/// column) are thrown by the method that runs the query, before anything reaches SQLite.
public struct Query<T: AmigoModel>: @unchecked Sendable {
    /// Everything the query holds, in one copy-on-write box: copying a query (which every
    /// refinement and every call through a generic boundary does) costs one reference count.
    private var state: QueryState

    init(amigo: AmigoDatabase, model: Result<ORMModel, Error>, session: Session? = nil) {
        self.state = QueryState(amigo: amigo, modelResult: model)
        state.session = session
    }

    /// A query over the compiled model of `M` (called from inlinable code, so that callers pass
    /// `Query<M>`'s metadata along rather than the library looking it up on every query).
    @usableFromInline
    init(amigo: AmigoDatabase, compiled type: T.Type, session: Session?) {
        self.init(amigo: amigo, model: Result { try amigo.model(for: type) }, session: session)
    }

    /// The state, copied first when another query shares it.
    private var mutableState: QueryState {
        mutating get {
            if !isKnownUniquelyReferenced(&state) { state = state.copy() }
            return state
        }
    }

    var amigo: AmigoDatabase { state.amigo }
    var modelResult: Result<ORMModel, Error> { state.modelResult }
    /// The session that created the query, if any (bulk writes count their changes there).
    var session: Session? {
        get { state.session }
        set { mutableState.session = newValue }
    }
    var filters: [(expression: FilterExpression, arguments: [FilterArgument], source: String)] {
        get { state.filters }
        set { mutableState.filters = newValue }
    }
    var pendingError: Error? {
        get { state.pendingError }
        set { mutableState.pendingError = newValue }
    }
    /// Orderings: a key path (`dog.label`, `-label`), or with `column` a column name taken as is
    /// (keyset paging orders by names that may contain dots).
    var orderings: [(key: String, ascending: Bool, column: Bool)] {
        get { state.orderings }
        set { mutableState.orderings = newValue }
    }
    var limitCount: Int? {
        get { state.limitCount }
        set { mutableState.limitCount = newValue }
    }
    var offsetCount: Int? {
        get { state.offsetCount }
        set { mutableState.offsetCount = newValue }
    }
    var related: [String] {
        get { state.related }
        set { mutableState.related = newValue }
    }
    var owner: AmigoModel? {
        get { state.owner }
        set { mutableState.owner = newValue }
    }
    var relationshipName: String? {
        get { state.relationshipName }
        set { mutableState.relationshipName = newValue }
    }
    /// Extra SQL conditions added by the library itself (keyset paging), with their arguments.
    var extraConditions: [(sql: (QueryScope) throws -> String, arguments: [DatabaseValue])] {
        get { state.extraConditions }
        set { mutableState.extraConditions = newValue }
    }

    /// The model queried.
    public var model: ORMModel { get throws { try modelResult.get() } }

    /// Adds a filter in the filter language, ANDed with earlier ones. `%@` placeholders take
    /// `arguments` in order; every value is bound as a `?` parameter.
    public func filter(_ format: String, _ arguments: any FilterArgumentConvertible...) -> Query {
        filter(format, arguments: arguments.map(\.filterArgument))
    }

    /// Adds a filter with arguments given as an array.
    public func filter(_ format: String, arguments: [FilterArgument]) -> Query {
        var copy = self
        do {
            let expression = try FilterParser.parseCached(format)
            let expected = FilterParser.argumentCount(in: expression)
            if expected != arguments.count {
                throw AmigoError.argumentCountMismatch(expected: expected, actual: arguments.count, filter: format)
            }
            copy.filters.append((expression, arguments, format))
        } catch let error as FilterError {
            copy.pendingError = copy.pendingError ?? AmigoError.filter(error)
        } catch {
            copy.pendingError = copy.pendingError ?? error
        }
        return copy
    }

    /// Adds an already-parsed filter.
    public func filter(_ expression: FilterExpression, arguments: [FilterArgument] = [], source: String = "") -> Query {
        var copy = self
        copy.filters.append((expression, arguments, source))
        return copy
    }

    /// Adds an ordering: a column (`label`), a path through to-one relationships (`dog.label`),
    /// or a column prefixed by `-` for descending.
    public func orderBy(_ key: String, ascending: Bool = true) -> Query {
        var copy = self
        copy.orderings.append((key, ascending, false))
        return copy
    }

    /// Removes all orderings.
    public func unordered() -> Query {
        var copy = self
        copy.orderings = []
        return copy
    }

    /// Returns at most `count` objects.
    public func limit(_ count: Int) -> Query {
        var copy = self
        copy.limitCount = Swift.max(0, count)
        return copy
    }

    /// Skips the first `count` objects.
    public func offset(_ count: Int) -> Query {
        var copy = self
        copy.offsetCount = Swift.max(0, count)
        return copy
    }

    /// Loads the objects of these to-one relationships in the same query (one LEFT JOIN each)
    /// and sets them on each result. Results pointing at the same related row by an integer key
    /// share one related object, built once per query (up to 65,536 of them are remembered).
    public func selectRelated(_ relationships: String...) -> Query {
        var copy = self
        copy.related += relationships
        return copy
    }

    /// Scopes the query to the objects related to `owner`; name the relationship with
    /// ``relationship(_:)``: `query(Post.self).using(author).relationship("posts")`.
    public func using(_ owner: AmigoModel) -> Query {
        var copy = self
        copy.owner = owner
        return copy
    }

    /// Names the relationship of the ``using(_:)`` owner whose related objects are queried.
    /// An unknown name is an error (thrown when the query runs), never "all rows".
    public func relationship(_ name: String) -> Query {
        var copy = self
        copy.relationshipName = name
        return copy
    }

    // MARK: Compilation


    func compile(columns selectColumns: Bool = true, resolving paths: [String] = []) throws -> CompiledQuery {
        if let pendingError { throw pendingError }
        let model = try modelResult.get()
        let dialect = amigo.engine.dialect
        var statement = SelectStatement(dialect: dialect, table: model.table.name)
        let scope = QueryScope(model: model, alias: statement.alias, statement: statement)
        var rowIDIndex: Int?
        var selectedCount = 0
        var relatedLayout: [(Relationship, Int, Int?)] = []
        if selectColumns {
            // The root's column list is the same text for every query of the model: built once.
            scope.statement.columns = [model.selectList(alias: scope.alias, dialect: dialect)]
            selectedCount = model.table.columns.count
            if model.table.primaryKey.isEmpty && model.table.hasRowID {
                rowIDIndex = selectedCount
                scope.statement.columns.append(scope.statement.qualified(scope.alias, "rowid"))
                selectedCount += 1
            }
        }
        try applyRelationshipScope(to: scope, model: model)
        for (expression, arguments, source) in filters {
            let filterScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: source, filterArguments: arguments)
            filterScope.joinAliases = scope.joinAliases
            let sql = try filterScope.compile(expression)
            scope.statement = filterScope.statement
            scope.joinAliases = filterScope.joinAliases
            if case .or = expression { scope.statement.conditions.append("(\(sql))") } else { scope.statement.conditions.append(sql) }
            scope.statement.whereArguments += filterScope.arguments
        }
        for extra in extraConditions {
            scope.pendingArguments = []
            scope.statement.conditions.append(try extra.sql(scope))
            scope.statement.whereArguments += extra.arguments + scope.pendingArguments
        }
        if selectColumns {
            for name in related {
                guard let relationship = model.relationship(named: name) else {
                    throw AmigoError.unknownRelationship(relationship: name, model: model.name, available: model.relationships.map(\.name))
                }
                guard relationship.isToOne else {
                    throw AmigoError.invalidOperation("selectRelated(\"\(name)\"): only to-one relationships can be joined; query a \(relationship.kind.rawValue) relationship with using(row).relationship(\"\(name)\")")
                }
                let alias = scope.joinToOne(relationship, path: relationship.name, fromAlias: scope.alias)
                let offset = selectedCount
                scope.statement.columns.append(relationship.target.selectList(alias: alias, dialect: dialect))
                selectedCount += relationship.target.table.columns.count
                var relatedRowID: Int?
                if relationship.target.table.primaryKey.isEmpty && relationship.target.table.hasRowID {
                    relatedRowID = selectedCount
                    scope.statement.columns.append(scope.statement.qualified(alias, "rowid"))
                    selectedCount += 1
                }
                relatedLayout.append((relationship, offset, relatedRowID))
            }
        }
        for (key, ascending, isColumn) in orderings {
            if isColumn {
                let sql: String
                if let column = model.table.column(named: key) {
                    sql = scope.statement.qualified(scope.alias, column.label)
                } else if key.lowercased() == "rowid" && model.table.hasRowID {
                    sql = scope.statement.qualified(scope.alias, "rowid")
                } else {
                    throw AmigoError.unknownColumn(column: key, model: model.name)
                }
                scope.statement.orderings.append(sql + (ascending ? " ASC" : " DESC"))
                continue
            }
            // A scope of its own, like a filter's, so that an error quotes the ordering key as its input.
            let orderScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: key)
            orderScope.joinAliases = scope.joinAliases
            let term = try orderScope.ordering(key, ascending: ascending)
            scope.statement = orderScope.statement
            scope.joinAliases = orderScope.joinAliases
            scope.statement.orderings.append(term)
        }
        var resolved: [String] = []
        for path in paths {
            let segments = path.split(separator: ".").map(String.init)
            // A scope of its own too, so that an error quotes the path as its input.
            let pathScope = QueryScope(model: model, alias: scope.alias, statement: scope.statement, input: path)
            pathScope.joinAliases = scope.joinAliases
            let sql: String
            if segments.count > 1, segments.last!.hasPrefix("@") {
                // `albums.@count`: aggregates over how many rows each row's relationship has.
                sql = try pathScope.countExpression(Array(segments.dropLast()), operator: segments.last!, position: 0)
            } else {
                guard case .column(let columnSQL, _) = try pathScope.resolve(segments, position: 0, allowToMany: false) else {
                    throw AmigoError.invalidOperation("'\(path)' is not a column")
                }
                sql = columnSQL
            }
            scope.statement = pathScope.statement
            scope.joinAliases = pathScope.joinAliases
            resolved.append(sql)
        }
        statement = scope.statement
        statement.limit = limitCount
        statement.offset = offsetCount
        return CompiledQuery(statement: statement, model: model, rowIDIndex: rowIDIndex, related: relatedLayout, resolved: resolved,
                        sql: selectColumns ? statement.sql : "")
    }

    /// Adds the WHERE terms (and junction join) that restrict the query to `owner`'s related rows.
    private func applyRelationshipScope(to scope: QueryScope, model: ORMModel) throws {
        guard let owner else {
            if relationshipName != nil { throw AmigoError.invalidOperation("relationship(_:) needs an owner: call using(object) first") }
            return
        }
        guard let name = relationshipName else {
            throw AmigoError.invalidOperation("using(object) needs a relationship name: call relationship(_:)")
        }
        let ownerModel = try amigo.model(of: owner)
        guard let relationship = ownerModel.relationship(named: name) else {
            throw AmigoError.unknownRelationship(relationship: name, model: ownerModel.name, available: ownerModel.relationships.map(\.name))
        }
        let keys = relationship.sourceColumns.map { ownerModel.storedValue(of: $0, in: owner) }
        if keys.contains(where: \.isNull) || keys.isEmpty {
            // An unsaved owner (or a null foreign key) has no related rows.
            scope.statement.conditions.append("0")
            return
        }
        let s = scope.statement
        switch relationship.kind {
        case .toOne, .oneToMany:
            guard relationship.target.table === model.table else {
                throw AmigoError.typeMismatch(expected: relationship.target.name, actual: model.name)
            }
            for (column, key) in zip(relationship.targetColumns, keys) {
                scope.statement.conditions.append(s.qualified(scope.alias, column.label) + " = ?")
                scope.statement.whereArguments.append(key)
            }
        case .manyToMany:
            guard let junction = relationship.junction else { throw AmigoError.mapping("\(name) has no junction table") }
            if let through = relationship.through, through.table === model.table {
                for (column, key) in zip(relationship.junctionSourceColumns, keys) {
                    scope.statement.conditions.append(s.qualified(scope.alias, column.label) + " = ?")
                    scope.statement.whereArguments.append(key)
                }
                return
            }
            guard relationship.target.table === model.table else {
                throw AmigoError.typeMismatch(expected: relationship.target.name, actual: model.name)
            }
            let alias = scope.uniqueAlias(junction.name)
            let pair = (relationship.junctionSourceColumns + relationship.junctionTargetColumns).map(\.label)
            if junction.isUnique(over: pair) {
                // Each pair is linked once (a key or UNIQUE index says so): a plain JOIN.
                let condition = zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                    s.qualified(alias, $0.label) + " = " + s.qualified(scope.alias, $1.label)
                }.joined(separator: " AND ")
                scope.statement.joins.append(.init(kind: "JOIN", table: junction.name, alias: alias, condition: condition))
                for (column, key) in zip(relationship.junctionSourceColumns, keys) {
                    scope.statement.conditions.append(s.qualified(alias, column.label) + " = ?")
                    scope.statement.whereArguments.append(key)
                }
                return
            }
            // Otherwise a semi-join, not a JOIN: each related row comes once even when the junction
            // links the same pair several times (a junction with its own key and a payload, such
            // as attendance per day).
            let owned = relationship.junctionSourceColumns.map { s.qualified(alias, $0.label) + " = ?" }
            let from = " FROM " + s.dialect.quote(junction.name) + (alias == junction.name ? "" : " AS " + s.dialect.quote(alias)) + " WHERE "
            if relationship.targetColumns.count == 1, let targetColumn = relationship.targetColumns.first,
               let junctionColumn = relationship.junctionTargetColumns.first {
                scope.statement.conditions.append(s.qualified(scope.alias, targetColumn.label) + " IN (SELECT "
                    + s.qualified(alias, junctionColumn.label) + from + owned.joined(separator: " AND ") + ")")
            } else {
                let linked = zip(relationship.junctionTargetColumns, relationship.targetColumns).map {
                    s.qualified(alias, $0.label) + " = " + s.qualified(scope.alias, $1.label)
                }
                scope.statement.conditions.append("EXISTS (SELECT 1" + from + (linked + owned).joined(separator: " AND ") + ")")
            }
            scope.statement.whereArguments.append(contentsOf: keys)
        }
    }

    /// The SQL and arguments this query runs for ``all()``.
    public func sql() throws -> (sql: String, arguments: [DatabaseValue]) {
        let compiled = try compile()
        return (compiled.statement.sql, compiled.statement.arguments)
    }

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
        try runObjects(plan) { try body(unsafeDowncast($0, to: T.self)) }
    }

    /// Runs a query, streaming the objects (all of type `T`) to `body`, which is not generic:
    /// the per-row path then needs no generic metadata.
    ///
    /// `body` takes ownership of each object, so that collecting them costs no extra reference count.
    private func runObjects(_ plan: FetchPlan, _ body: (consuming AmigoModel) throws -> Bool) throws {
        let asRecord = T.self == Record.self
        let loader = RowLoader(plan.model, offset: 0, asRecord: asRecord, rowIDIndex: plan.rowIDIndex)
        // The objects are handed on as `T` without a cast per row: make sure, once, that they are.
        guard loader.builtType == T.self else {
            throw AmigoError.typeMismatch(expected: String(describing: T.self), actual: String(describing: loader.builtType))
        }
        let related = plan.related.map { RelatedLoader($0.relationship, offset: $0.offset, rowIDIndex: $0.rowIDIndex, asRecord: asRecord) }
        if related.isEmpty {
            try onConnection { _ = try amigo.engine.fetch(plan.sql, plan.arguments) { row in try body(loader.load(row)) } }
            return
        }
        try onConnection {
            _ = try amigo.engine.fetch(plan.sql, plan.arguments) { row in
                let object = loader.load(row)
                for loader in related { loader.attach(row: row, to: object) }
                return try body(object)
            }
        }
    }

    /// All results.
    public func all() throws -> [T] {
        var objects: [AmigoModel] = []
        objects.reserveCapacity(Swift.min(limitCount ?? 16, 16))
        try runObjects(try compileForFetch()) { (object: consuming AmigoModel) in objects.append(object); return true }
        // Every object is exactly a `T` (checked by runObjects), and arrays of class references
        // share one representation: reinterpret the array instead of casting each element again.
        assert(objects.allSatisfy { type(of: $0) == T.self })
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
        if isBare, let column = try modelResult.get().primaryKey {
            return try fetchByKey([column.kind.toDatabase(key.databaseValue)])   // one array, not two
        }
        return try get([key.databaseValue])
    }

    /// The object whose (possibly composite) primary key is `key`, or nil.
    public func get(_ key: [DatabaseValue]) throws -> T? {
        let model = try modelResult.get()
        let columns = model.keyColumnsForGet
        guard columns.count == key.count else {
            throw AmigoError.invalidOperation("\(model.name) has a primary key of \(columns.count) column(s); \(key.count) value(s) given")
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
        return try fetchByKey(values)
    }

    /// Whether the query is `session.query(X)` and nothing more: no filter, order, limit,
    /// related rows or relationship scope. Its `get` SQL depends only on the model.
    var isBare: Bool { isPlain && owner == nil && relationshipName == nil }

    /// `get` on a bare query (see ``isBare``): the same SQL every time (compiled once per model);
    /// only the key values, already in the key columns' stored form, change.
    private func fetchByKey(_ values: [DatabaseValue]) throws -> T? {
        let model = try modelResult.get()
        let asRecord = T.self == Record.self
        let (sql, rowIDIndex) = try model.getStatements.statement(asRecord: asRecord) {
            var keyed = self
            keyed.extraConditions.append(({ scope in
                model.keyColumnsForGet.map { scope.statement.qualified(scope.alias, $0.label) + " = ?" }.joined(separator: " AND ")
            }, values))
            keyed.limitCount = 1
            let compiled = try keyed.compile()
            return (compiled.sql, compiled.rowIDIndex)
        }
        let loader = RowLoader(model, offset: 0, asRecord: asRecord, rowIDIndex: rowIDIndex)
        guard loader.builtType == T.self else {
            throw AmigoError.typeMismatch(expected: String(describing: T.self), actual: String(describing: loader.builtType))
        }
        var result: T?
        try onConnection {
            _ = try amigo.engine.fetch(sql, values) { row in
                result = unsafeDowncast(loader.load(row), to: T.self)
                return false
            }
        }
        return result
    }

    /// Whether the query has nothing but, at most, a relationship scope: its SQL then depends only
    /// on the model and the relationship, and is compiled once and reused.
    var isPlain: Bool { state.isPlain }

    /// What fetching runs: the compiled query, or for a plain relationship query the SQL compiled
    /// once per model and relationship with the owner's key as arguments.
    func compileForFetch() throws -> FetchPlan {
        guard isPlain, let owner, let name = relationshipName else { return FetchPlan(try compile()) }
        let model = try modelResult.get()
        let ownerModel = try amigo.model(of: owner)
        guard let relationship = ownerModel.relationship(named: name) else { return FetchPlan(try compile()) }
        let keys = relationship.sourceColumns.map { ownerModel.storedValue(of: $0, in: owner) }
        if keys.isEmpty || keys.contains(where: \.isNull) { return FetchPlan(try compile()) }
        let asRecord = T.self == Record.self
        if let (sql, rowIDIndex) = model.relationshipQueries.statement(for: relationship, asRecord: asRecord) {
            return FetchPlan(sql: sql, arguments: keys, model: model, rowIDIndex: rowIDIndex, related: [])
        }
        let compiled = try compile()
        // Only a query whose arguments are exactly the owner's key can be run again with another key.
        if compiled.statement.joinArguments.isEmpty && compiled.statement.whereArguments == keys && compiled.related.isEmpty {
            model.relationshipQueries.store(compiled.sql, rowIDIndex: compiled.rowIDIndex, for: relationship, asRecord: asRecord)
        }
        return FetchPlan(compiled)
    }

    /// The number of results (respecting filters, relationship scope, limit and offset).
    public func count() throws -> Int {
        let compiled = try compile(columns: false)
        let value = try onConnection { try amigo.engine.fetchScalar(compiled.statement.aggregateSQL("COUNT(*)"), compiled.statement.arguments) }
        return Int(value.integerValue ?? 0)
    }

    /// Whether there is at least one result.
    public func exists() throws -> Bool {
        let compiled = try limit(Swift.min(limitCount ?? 1, 1)).compile(columns: false)  // keeps a limit(0)
        var found = false
        var statement = compiled.statement
        statement.columns = ["1"]
        try onConnection { _ = try amigo.engine.fetch(statement.sql, statement.arguments) { _ in found = true; return false } }
        return found
    }
}

/// Builds the object of a `selectRelated` relationship from its columns of a result row and sets
/// it on the row's object. Everything that does not depend on the row is worked out once per query.
final class RelatedLoader {
    let relationship: Relationship
    let loader: RowLoader
    /// Result columns of the related key: all NULL means the LEFT JOIN found no row.
    let keyIndexes: [Int]
    let rowIDIndex: Int?
    let setter: ((AmigoModel, AmigoModel?) -> Void)?
    /// The offset of the object property when the related objects can be stored there directly.
    let directOffset: Int?
    let slot: Int?
    let name: String
    /// The related objects already built in this query, by their integer key: a row that
    /// appears again (the same parent of many children) is the same object, built once. Bounded,
    /// so that streaming a huge result with `forEach` does not keep every related object alive.
    private var seen: [Int64: AmigoModel] = [:]
    private var lastKey: Int64?
    private var lastObject: AmigoModel?
    private static let seenLimit = 65_536

    init(_ relationship: Relationship, offset: Int, rowIDIndex: Int?, asRecord: Bool) {
        self.relationship = relationship
        self.loader = RowLoader(relationship.target, offset: offset, asRecord: asRecord, rowIDIndex: rowIDIndex)
        self.rowIDIndex = rowIDIndex
        self.keyIndexes = relationship.target.table.primaryKey.map { offset + $0.index }
        self.setter = relationship.accessor?.object?.1
        if !loader.asRecord, let objectSlot = relationship.accessor?.objectSlot, objectSlot.accepts(relationship.target.modelType) {
            self.directOffset = objectSlot.offset
        } else {
            self.directOffset = nil
        }
        self.slot = relationship.foreignKeySlot
        self.name = relationship.name
    }

    func attach(row: StatementRow, to object: AmigoModel) {
        let related = relatedObject(in: row)
        if type(of: object) == Record.self {
            unsafeDowncast(object, to: Record.self).setRelated(related as? Record, for: name)
            return
        }
        if let directOffset {
            // Objects of the target model's class, which the property accepts (checked once above).
            StoredPropertyOffset.pointer(object, directOffset, AmigoModel?.self).pointee = related
        } else if let setter {
            setter(object, related)
        } else {
            return
        }
        if let slot, related != nil {
            // The object property now carries the key; the raw value must not override a later change.
            object.setForeignKeyValue(.null, slot: slot)
        }
    }

    /// The related object in `row`: nil when the LEFT JOIN found none, the one built before for
    /// the same integer key, or a new one.
    private func relatedObject(in row: StatementRow) -> AmigoModel? {
        let key: Int64
        if keyIndexes.count == 1 {
            let i = keyIndexes[0]
            switch row.type(at: i) {
            case .null: return nil
            case .integer: key = row.int64(at: i)
            default: return loader.load(row)
            }
        } else if keyIndexes.isEmpty {
            guard let rowIDIndex, !row.isNull(at: rowIDIndex) else { return nil }
            key = row.int64(at: rowIDIndex)
        } else {
            guard keyIndexes.contains(where: { !row.isNull(at: $0) }) else { return nil }
            return loader.load(row)
        }
        // Rows pointing at the same related row often come together: check the last one first.
        if key == lastKey, let lastObject { return lastObject }
        let object: AmigoModel
        if let known = seen[key] {
            object = known
        } else {
            object = loader.load(row)
            if seen.count >= RelatedLoader.seenLimit { seen.removeAll(keepingCapacity: true) }
            seen[key] = object
        }
        lastKey = key
        lastObject = object
        return object
    }
}

/// The parts of a ``Query``, shared between copies until one of them changes.
final class QueryState {
    let amigo: AmigoDatabase
    let modelResult: Result<ORMModel, Error>
    var session: Session?
    var filters: [(expression: FilterExpression, arguments: [FilterArgument], source: String)] = []
    var pendingError: Error?
    var orderings: [(key: String, ascending: Bool, column: Bool)] = []
    var limitCount: Int?
    var offsetCount: Int?
    var related: [String] = []
    var owner: AmigoModel?
    var relationshipName: String?
    var extraConditions: [(sql: (QueryScope) throws -> String, arguments: [DatabaseValue])] = []

    init(amigo: AmigoDatabase, modelResult: Result<ORMModel, Error>) {
        self.amigo = amigo
        self.modelResult = modelResult
    }

    /// A copy to change.
    func copy() -> QueryState {
        let copy = QueryState(amigo: amigo, modelResult: modelResult)
        copy.session = session
        copy.filters = filters
        copy.pendingError = pendingError
        copy.orderings = orderings
        copy.limitCount = limitCount
        copy.offsetCount = offsetCount
        copy.related = related
        copy.owner = owner
        copy.relationshipName = relationshipName
        copy.extraConditions = extraConditions
        return copy
    }

    /// Whether nothing but, at most, a relationship scope was added (see ``Query/isPlain``).
    var isPlain: Bool {
        filters.isEmpty && extraConditions.isEmpty && related.isEmpty && orderings.isEmpty
            && limitCount == nil && offsetCount == nil && pendingError == nil
    }
}

/// What running a query needs: its SQL and arguments, and how to build objects from its rows.
struct FetchPlan {
    var sql: String
    var arguments: [DatabaseValue]
    var model: ORMModel
    var rowIDIndex: Int?
    var related: [(relationship: Relationship, offset: Int, rowIDIndex: Int?)]

    init(sql: String, arguments: [DatabaseValue], model: ORMModel, rowIDIndex: Int?,
         related: [(relationship: Relationship, offset: Int, rowIDIndex: Int?)]) {
        self.sql = sql
        self.arguments = arguments
        self.model = model
        self.rowIDIndex = rowIDIndex
        self.related = related
    }

    init(_ compiled: CompiledQuery) {
        self.init(sql: compiled.sql, arguments: compiled.statement.arguments, model: compiled.model,
                  rowIDIndex: compiled.rowIDIndex, related: compiled.related)
    }
}

/// What a compiled query reads: the statement and where each selected model's columns start.
struct CompiledQuery {
    var statement: SelectStatement
    var model: ORMModel
    var rowIDIndex: Int?
    var related: [(relationship: Relationship, offset: Int, rowIDIndex: Int?)]
    /// SQL for the key paths passed to `compile(resolving:)`, in order.
    var resolved: [String] = []
    /// The statement's text, built once.
    var sql: String = ""
}
