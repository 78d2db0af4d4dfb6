import Synchronization

/// A model's ``ModelStatementCaches``, one per dialect, found in O(1) without allocating.
///
/// Why two levels: almost every process uses a model with one dialect, so the first dialect's
/// bundle is published once through an atomic word that is read without a lock (one load and
/// one comparison of ``DialectIdentity``); any other dialect's bundle (a model used with SQLite
/// and PostgreSQL) is found in a small dictionary behind a lock, created on first use.
///
/// Why a word and not `AtomicLazyReference`: the standard library's `AtomicLazyReference.load()`
/// is not inlinable, so every `get`, fetch and insert called it generically (looking its
/// generic metadata up each time, about a tenth of a `get`). `Atomic<UInt>` is inlined to one
/// load; the bundle it points at is kept alive by ``owned``, which never drops a bundle.
final class StatementCachesByDialect: Sendable {
    /// The address of the first dialect's bundle (0 until one is published): read without a lock.
    private let first = Atomic<UInt>(0)
    /// Every bundle created, by dialect (keeps them alive, including the one ``first`` points at).
    private let owned = Mutex<[DialectIdentity: ModelStatementCaches]>([:])

    /// An empty set of caches.
    init() {}

    /// The bundle for `dialect`, created on first use.
    @inline(__always)
    func caches(for dialect: any SQLDialect) -> ModelStatementCaches {
        let identity = DialectIdentity(dialect)
        let bits = first.load(ordering: .acquiring)
        if bits != 0 {
            let cached = Unmanaged<ModelStatementCaches>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
            if cached.dialect == identity { return cached }
        }
        return slowCaches(for: identity)
    }

    /// The bundle for a dialect that is not (or not yet) the published first one.
    @inline(never)
    private func slowCaches(for identity: DialectIdentity) -> ModelStatementCaches {
        owned.withLock { bundles in
            let bundle: ModelStatementCaches
            if let existing = bundles[identity] {
                bundle = existing
            } else {
                bundle = ModelStatementCaches(for: identity)
                bundles[identity] = bundle
            }
            // The first bundle ever created is published; `bundles` keeps it alive for good.
            if bundles.count == 1, first.load(ordering: .relaxed) == 0 {
                first.store(UInt(bitPattern: Unmanaged.passUnretained(bundle).toOpaque()), ordering: .releasing)
            }
            return bundle
        }
    }
}
