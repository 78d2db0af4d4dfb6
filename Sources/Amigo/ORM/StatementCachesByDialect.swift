import Synchronization

/// A model's ``ModelStatementCaches``, one per dialect, found in O(1) without allocating.
///
/// Why two levels: almost every process uses a model with one dialect, so the first dialect's
/// bundle sits in a set-once atomic reference that is read without a lock (one load and one
/// comparison of ``DialectIdentity``); any other dialect's bundle (a model used with SQLite and
/// PostgreSQL) is found in a small dictionary behind a lock, created on first use.
final class StatementCachesByDialect: Sendable {
    /// The bundle of the first dialect that asked: read without a lock.
    private let first = AtomicLazyReference<ModelStatementCaches>()
    /// The bundles of every other dialect.
    private let others = Mutex<[DialectIdentity: ModelStatementCaches]>([:])

    /// An empty set of caches.
    init() {}

    /// The bundle for `dialect`, created on first use.
    func caches(for dialect: any SQLDialect) -> ModelStatementCaches {
        let identity = DialectIdentity(dialect)
        if let cached = first.load(), cached.dialect == identity { return cached }
        return slowCaches(for: identity)
    }

    /// The bundle for a dialect that is not (or not yet) in ``first``.
    private func slowCaches(for identity: DialectIdentity) -> ModelStatementCaches {
        if first.load() == nil {
            let claimed = first.storeIfNil(ModelStatementCaches(for: identity))
            if claimed.dialect == identity { return claimed }
        }
        return others.withLock { bundles in
            if let bundle = bundles[identity] { return bundle }
            let bundle = ModelStatementCaches(for: identity)
            bundles[identity] = bundle
            return bundle
        }
    }
}
