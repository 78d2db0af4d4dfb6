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
///
/// `@unchecked Sendable`: a value whose shared parts are immutable once built (copied on change); running it goes through the engine's lock.
public struct Query<T: AmigoModel>: @unchecked Sendable {
    /// Everything the query holds, in one copy-on-write box: copying a query (which every
    /// refinement and every call through a generic boundary does) costs one reference count.
    var state: QueryState
    /// The session that created the query, if any (bulk writes count their changes there).
    var session: Session?

    init(amigo: AmigoDatabase, model: Result<ORMModel, Error>, session: Session? = nil) {
        self.init(state: QueryState(amigo: amigo, modelResult: model), session: session)
    }

    /// A query with `state` (shared until it changes) in `session`.
    init(state: QueryState, session: Session?) {
        self.state = state
        self.session = session
    }

    /// A query over the compiled model of `M` (called from inlinable code, so that callers pass
    /// `Query<M>`'s metadata along rather than the library looking it up on every query).
    ///
    /// In a session, the bare state is the one the session keeps for the model (see
    /// ``BareQueryStates``): no allocation and no model lookup by type per query.
    @usableFromInline
    init(amigo: AmigoDatabase, compiled type: T.Type, session: Session?) {
        if let session {
            self.init(state: session.bareQueryStates.state(for: type, in: amigo), session: session)
        } else {
            self.init(amigo: amigo, model: Result { try amigo.model(for: type) }, session: nil)
        }
    }

    /// The state, copied first when another query shares it.
    var mutableState: QueryState {
        mutating get {
            if !isKnownUniquelyReferenced(&state) { state = state.copy() }
            return state
        }
    }

    var amigo: AmigoDatabase { state.amigo }
    var modelResult: Result<ORMModel, Error> { state.modelResult }
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

    /// How much of each long value the query reads (nil: all of it; see ``prefixingValues(to:except:)``).
    var valuePrefix: ValuePrefix? {
        get { state.valuePrefix }
        set { mutableState.valuePrefix = newValue }
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
}

