// The parts of a Query shared between copies, and its compiled forms (FetchPlan, CompiledQuery).

import Synchronization

/// The parts of a ``Query``, shared between copies until one of them changes.
///
/// The session is not part of it (``Query`` holds it), so that a session can keep the bare state
/// of each model it queried and hand it to every `session.query(T.self)` without a cycle (see
/// ``BareQueryStates``).
final class QueryState {
    let amigo: AmigoDatabase
    let modelResult: Result<ORMModel, Error>
    var filters: [(expression: FilterExpression, arguments: [FilterArgument], source: String)] = []
    var pendingError: Error?
    var orderings: [(key: String, ascending: Bool, column: Bool)] = []
    var limitCount: Int?
    var offsetCount: Int?
    var related: [String] = []
    var owner: AmigoModel?
    var relationshipName: String?
    var extraConditions: [(sql: (QueryScope) throws -> String, arguments: [DatabaseValue])] = []
    var valuePrefix: ValuePrefix?
    /// The ``GetPlan``s `get` ran on this state, for objects and for records (retained
    /// pointers, 0 until the first `get`): a kept bare state then finds its plan without the
    /// model's caches. Never changed once set, so no query changes them (see ``copy()``).
    private let keptObjectPlan = Atomic<UInt>(0)
    private let keptRecordPlan = Atomic<UInt>(0)

    init(amigo: AmigoDatabase, modelResult: Result<ORMModel, Error>) {
        self.amigo = amigo
        self.modelResult = modelResult
    }

    deinit {
        QueryState.release(keptObjectPlan.load(ordering: .acquiring))
        QueryState.release(keptRecordPlan.load(ordering: .acquiring))
    }

    /// Releases a kept plan's pointer (nothing for 0).
    private static func release(_ bits: UInt) {
        if bits != 0 { Unmanaged<GetPlan>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// The ``GetPlan`` of `get` on this (bare) state: the one kept, or the model's for the
    /// engine's dialect (built by `build` the first time), then kept.
    func getPlan(asRecord: Bool, build: (ORMModel, Bool) throws -> GetPlan) throws -> GetPlan {
        let bits = asRecord ? keptRecordPlan.load(ordering: .acquiring) : keptObjectPlan.load(ordering: .acquiring)
        if bits != 0 { return Unmanaged<GetPlan>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue() }
        let model = try modelResult.get()
        let plan = try model.caches(for: amigo.engine.dialect).getStatements.plan(asRecord: asRecord) { try build(model, asRecord) }
        let retained = UInt(bitPattern: Unmanaged.passRetained(plan).toOpaque())
        let stored = asRecord
            ? keptRecordPlan.compareExchange(expected: 0, desired: retained, ordering: .acquiringAndReleasing).exchanged
            : keptObjectPlan.compareExchange(expected: 0, desired: retained, ordering: .acquiringAndReleasing).exchanged
        if !stored { Unmanaged.passUnretained(plan).release() }   // another thread kept one first
        return plan
    }

    /// A copy to change.
    func copy() -> QueryState {
        let copy = QueryState(amigo: amigo, modelResult: modelResult)
        copy.filters = filters
        copy.pendingError = pendingError
        copy.orderings = orderings
        copy.limitCount = limitCount
        copy.offsetCount = offsetCount
        copy.related = related
        copy.owner = owner
        copy.relationshipName = relationshipName
        copy.extraConditions = extraConditions
        copy.valuePrefix = valuePrefix
        return copy
    }

    /// Whether nothing but, at most, a relationship scope was added (see ``Query/isPlain``).
    var isPlain: Bool {
        filters.isEmpty && extraConditions.isEmpty && related.isEmpty && orderings.isEmpty
            && limitCount == nil && offsetCount == nil && pendingError == nil && valuePrefix == nil
    }
}

/// What running a query needs: its SQL and arguments, and how to build objects from its rows.
struct FetchPlan {
    var sql: String
    var arguments: [DatabaseValue]
    var model: ORMModel
    var rowIDIndex: Int?
    var related: [(relationship: Relationship, offset: Int, rowIDIndex: Int?)]
    /// For a query that reads prefixes: which result column holds each cut column's full size.
    var prefixSizes: [ValuePrefix.SizeColumn] = []

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
        self.prefixSizes = compiled.prefixSizes
    }
}

/// What a compiled query reads: the statement and where each selected model's columns start.
struct CompiledQuery {
    var statement: SelectStatement
    var model: ORMModel
    var rowIDIndex: Int?
    var related: [(relationship: Relationship, offset: Int, rowIDIndex: Int?)]
    /// For a query that reads prefixes: which result column holds each cut column's full size.
    var prefixSizes: [ValuePrefix.SizeColumn] = []
    /// SQL for the key paths passed to `compile(resolving:)`, in order.
    var resolved: [String] = []
    /// The arguments each of ``resolved`` binds (a path into a JSON column binds its keys), in order.
    var resolvedArguments: [[DatabaseValue]] = []
    /// Whether a resolved path binds arguments: SQL placed before the statement's own must bind them first.
    var resolvedBindArguments: Bool { resolvedArguments.contains { !$0.isEmpty } }
    /// The statement's text, built once.
    var sql: String = ""
}
