/// What `get(key)` on a bare query of one model runs: the SQL (compiled once for objects and
/// once for records) and the ``RowLoader`` that builds the object, so that `get` only binds the
/// key. One per dialect, in ``ModelStatementCaches``; a kept bare state (``BareQueryStates``)
/// keeps its own reference, so that a `get` in a loop finds it without the model's caches.
final class GetPlan: Sendable {
    /// The SELECT with one `?` per key column and `LIMIT 1`.
    let sql: String
    /// Builds the object from the row (its access plan looked up once, not on every `get`).
    let loader: RowLoader
    /// The kind of the model's primary key when it is one column (`get` then converts the key
    /// it is given to the column's stored form and binds it alone); nil otherwise.
    let singleKeyKind: ColumnKind?

    init(sql: String, loader: RowLoader) {
        self.sql = sql
        self.loader = loader
        self.singleKeyKind = loader.model.primaryKey?.kind
    }

    /// Runs the plan with `key` (already in the key columns' stored form) where `state`'s
    /// queries run (in `session` while it is open): the object of the row found, or nil.
    ///
    /// - Throws: ``AmigoError/typeMismatch(expected:actual:)`` when the plan builds objects of
    ///   another class than `builtType`; the engine's error.
    func fetch(_ key: GetKey, in state: QueryState, session: Session?, builtType: AmigoModel.Type) throws -> AmigoModel? {
        // A model's access plan is rebuilt only while its database resolves relationships; a
        // loader kept from before then would read the old plan.
        guard loader.isCurrent else {
            let loader = RowLoader(loader.model, offset: 0, asRecord: loader.asRecord, rowIDIndex: loader.rowIDIndex)
            return try GetPlan(sql: sql, loader: loader).fetch(key, in: state, session: session, builtType: builtType)
        }
        guard loader.builtType == builtType else {
            throw AmigoError.typeMismatch(expected: String(describing: builtType), actual: String(describing: loader.builtType))
        }
        let engine = state.amigo.engine
        var result: AmigoModel?
        // In an open session, a one-column key: the session's check and the fetch in one round
        // trip through the engine's lock. A closed session's `get` runs as outside any session.
        if let session, case .one(let value) = key,
           try engine.fetch(sql, argument: value, if: { session.isActive }, { row in result = self.loader.load(row); return false }) != nil {
            return result
        }
        // Closures written out in each case: a local function capturing `result` would put it in
        // a heap box on every call. They read `self.loader` in place (a copy of the loader would
        // retain and release what it holds).
        try state.onConnection(session: session) {
            switch key {
            case .one(let value): _ = try engine.fetch(sql, argument: value) { row in result = self.loader.load(row); return false }
            case .composite(let values): _ = try engine.fetch(sql, values) { row in result = self.loader.load(row); return false }
            }
        }
        return result
    }
}
