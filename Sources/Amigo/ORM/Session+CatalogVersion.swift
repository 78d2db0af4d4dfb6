// Session: a number that changes whenever the schema the session sees may have changed.

import Synchronization

/// What ``Session/catalogVersion()`` counts on an engine without a schema cookie (PostgreSQL):
/// the version now, and what it was when the transaction began, so that a rollback of DDL is
/// seen as a change too.
struct CatalogMarks: Sendable {
    /// Hands out version numbers, unique in the process: a new session (a reconnect) never
    /// repeats one an earlier session reported, so a reader that compares never misses a change.
    static let numbers = Atomic<Int64>(0)

    /// The version now.
    var version: Int64
    /// ``version`` when the current transaction began.
    var atTransactionStart: Int64

    /// A new number, which is also the transaction's starting point.
    init() {
        version = CatalogMarks.nextNumber()
        atTransactionStart = version
    }

    /// A number never handed out before.
    static func nextNumber() -> Int64 { numbers.add(1, ordering: .relaxed).newValue }

    /// DDL ran, or DDL was undone: a new version.
    mutating func bump() { version = CatalogMarks.nextNumber() }

    /// Undoing what was done since the version was `before` changes the schema back when DDL
    /// ran since then.
    mutating func rolledBack(since before: Int64) { if version != before { bump() } }
}

extension Session {
    /// A number that changes whenever the database's schema may have changed for this session,
    /// so that a reader reflects again only then. Compare it for equality with the last one
    /// seen, never for order.
    ///
    /// - SQLite: `PRAGMA schema_version` (``SQLDialect/catalogVersionQuery``), which SQLite
    ///   raises on every schema change by any connection and puts back when DDL is rolled back.
    /// - An engine without such a number (PostgreSQL): a counter this session moves when it runs
    ///   a statement the classifier calls a schema change (``StatementKind/schemaChange``, through
    ///   ``execute(_:_:)`` or ``executeBetweenTransactions(_:)``) and when a rollback (of the
    ///   transaction, a ``savepoint(_:)``, a kept savepoint, a `ROLLBACK TO` run through
    ///   ``execute(_:_:)``) undoes such a statement. It carries
    ///   over ``handOver(to:)``; DDL run on the engine outside the session, or by other
    ///   connections, does not move it.
    ///
    /// - Throws: ``AmigoError/database(_:)`` when the engine's number cannot be read.
    public func catalogVersion() throws -> Int64 {
        guard let query = engine.dialect.catalogVersionQuery else { return catalogMarks.withLock { $0.version } }
        return try engine.fetchScalar(query).integerValue ?? 0
    }

    /// Counts `sql`, just run, as a schema change when the classifier says it is one; a
    /// `ROLLBACK TO` of the caller's own savepoint counts as undoing DDL when any ran in the
    /// transaction (which savepoint it came after is not known here).
    func noteStatementRan(_ sql: String, readsOnly: Bool) {
        switch StatementKind.of(sql) {
        case .schemaChange where !readsOnly:
            catalogMarks.withLock { $0.bump() }
        case .transaction(.rollbackToSavepoint):
            catalogMarks.withLock { $0.rolledBack(since: $0.atTransactionStart) }
        default:
            break
        }
    }

    /// The catalog version now, to hand to ``noteRolledBack(since:)`` after a savepoint's rollback.
    var catalogMark: Int64 { catalogMarks.withLock { $0.version } }

    /// A rollback undid what ran since `mark` (``catalogMark``).
    func noteRolledBack(since mark: Int64) { catalogMarks.withLock { $0.rolledBack(since: mark) } }

    /// The transaction ended: rolled back (by the session or the database), or committed.
    func noteTransactionEnded(rolledBack: Bool) {
        catalogMarks.withLock { marks in
            if rolledBack { marks.rolledBack(since: marks.atTransactionStart) }
            marks.atTransactionStart = marks.version
        }
    }
}
