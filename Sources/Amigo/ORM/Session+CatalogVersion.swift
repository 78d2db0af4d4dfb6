// Session: a number that changes whenever the schema the session sees may have changed.

import Synchronization

/// What ``Session/catalogVersion()`` counts on an engine without a schema cookie (PostgreSQL):
/// the version now, and the DDL of the current transaction still in effect, so that undoing DDL
/// (a rollback, or a rollback to a savepoint taken before it) is a change too — and undoing
/// nothing that is still in effect is none.
struct CatalogMarks: Sendable {
    /// Hands out version numbers, unique and increasing in the process: a new session (a
    /// reconnect) never repeats one an earlier session reported, so a reader that compares never
    /// misses a change; a mark taken before a statement is smaller than the version it makes.
    static let numbers = Atomic<Int64>(0)

    /// The version now.
    var version: Int64
    /// ``version`` when the current transaction began.
    var atTransactionStart: Int64
    /// The versions the transaction's DDL made, oldest first, that no rollback has undone yet.
    var ddlInEffect: [Int64] = []

    /// A new number, which is also the transaction's starting point.
    init() {
        version = CatalogMarks.nextNumber()
        atTransactionStart = version
    }

    /// A number never handed out before.
    static func nextNumber() -> Int64 { numbers.add(1, ordering: .relaxed).newValue }

    /// DDL ran: a new version, in effect until a rollback takes it back.
    mutating func ranDDL() {
        version = CatalogMarks.nextNumber()
        ddlInEffect.append(version)
    }

    /// Undoing what was done since the version was `before` changes the schema back when DDL
    /// that ran since then is still in effect (a new version); otherwise nothing changes.
    mutating func rolledBack(since before: Int64) {
        let undone = ddlInEffect.filter { $0 > before }
        guard !undone.isEmpty else { return }
        ddlInEffect.removeAll { $0 > before }
        version = CatalogMarks.nextNumber()
    }

    /// A `ROLLBACK TO` of a savepoint the session did not mark (typed by its user): any DDL in
    /// effect may have been undone (a new version), and any may still be (kept in effect, so that
    /// the transaction's rollback is a change too).
    mutating func rolledBackToAnUnknownSavepoint() {
        if !ddlInEffect.isEmpty { version = CatalogMarks.nextNumber() }
    }

    /// The transaction ended: rolled back (its DDL still in effect undone) or committed (kept).
    mutating func transactionEnded(rolledBack: Bool) {
        if rolledBack { self.rolledBack(since: atTransactionStart) }
        ddlInEffect.removeAll()
        atTransactionStart = version
    }
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
    /// `ROLLBACK TO` of the caller's own savepoint counts as undoing DDL when any is in effect
    /// (which savepoint it came after is not known here).
    func noteStatementRan(_ sql: String, readsOnly: Bool) {
        switch StatementKind.of(sql) {
        case .schemaChange where !readsOnly:
            catalogMarks.withLock { $0.ranDDL() }
        case .transaction(.rollbackToSavepoint):
            catalogMarks.withLock { $0.rolledBackToAnUnknownSavepoint() }
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
        catalogMarks.withLock { $0.transactionEnded(rolledBack: rolledBack) }
    }
}
