import Foundation
import Synchronization

/// A unit of work on one engine: it opens a transaction when created, and everything it writes
/// stays invisible to other connections until ``commit()``.
///
///     let session = try amigo.openSession()              // BEGIN
///     let lucy = Dog(); lucy.label = "Lucy"
///     try session.add(lucy)                        // INSERT INTO "dog" ("label") VALUES (?); lucy.id is set
///     lucy.label = "Ollie"
///     try session.add(lucy)                        // lucy was inserted, so: UPDATE "dog" SET "label" = ? WHERE "id" = ?
///     try session.commit()                         // COMMIT, then BEGIN again
///     try session.close()                          // ROLLBACK of what was not committed; other sessions may begin
///
/// `add` inserts objects that have no row yet and updates the ones that do (fetched, or added
/// before) — change a property and add the object again to save it. ``rollback()`` undoes the
/// session's changes and begins again; ``close()`` (or releasing the session) rolls back
/// whatever was not committed. When ``commit()`` returns, the rows are committed (durable);
/// when it throws, nothing was committed and the transaction is still open.
///
/// **One session per engine at a time.** An engine has one connection, so a session owns the
/// engine's transaction from its creation until it is closed (see ``TransactionGate``): a
/// session created meanwhile on another thread waits for it to close (up to
/// ``Engine/sessionWaitTimeout``, then ``AmigoError/sessionBusy(path:waited:)``), and one
/// created on the same thread throws ``AmigoError/sessionAlreadyOpen(path:)``. Sessions never
/// nest implicitly; nesting is ``savepoint(_:)``. Close a session (or let it go) when its work
/// is done, so that other threads' sessions can begin. For truly concurrent transactions, give
/// each thread its own engine (connection) on the same file: SQLite's busy timeout
/// (``OpenOptions/busyTimeoutMilliseconds``) then arbitrates between them.
///
/// **Threads.** A session may be shared by several threads: every operation runs with exclusive
/// use of the engine, and ``commit()`` and ``rollback()`` end the transaction and begin the next
/// in one step, so another thread never finds the session closed in between; its statements
/// simply run before or after the commit. Objects and queries passed between threads are
/// the caller's to synchronize.
///
/// `@unchecked Sendable`: every operation takes the session's lock or the engine's (see the threading note above).
public final class Session: @unchecked Sendable {
    /// The models and engine.
    public let amigo: AmigoDatabase
    /// The engine statements run on.
    public var engine: any Engine { amigo.engine }
    /// Serializes begin, commit, rollback and close (never held while waiting for the engine's gate
    /// on behalf of another session).
    let lock = NSRecursiveLock()
    /// Whether the transaction is open, and rows changed since the last commit or rollback:
    /// atomics, so that the hot path of `add` takes no lock. `active` changes only while the
    /// engine is serialized, so a statement that checks it inside `engine.serialized` cannot
    /// run after the session closed.
    let activeFlag = Atomic<Bool>(false)
    let changeCounter = Atomic<Int>(0)
    var active: Bool {
        get { activeFlag.load(ordering: .acquiring) }
        set { activeFlag.store(newValue, ordering: .releasing) }
    }
    var changes: Int {
        get { changeCounter.load(ordering: .relaxed) }
        set { changeCounter.store(newValue, ordering: .relaxed) }
    }
    /// The savepoints ``keepingSavepoint(_:)`` left open in the current transaction, oldest first.
    let keptSavepointStack = Mutex<[KeptSavepoint]>([])
    /// What ``catalogVersion()`` reports on an engine without a schema cookie.
    let catalogMarks = Mutex(CatalogMarks())
    /// The state of a bare `query(T.self)` per model queried, shared by every such query.
    let bareQueryStates = BareQueryStates()

    init(amigo: AmigoDatabase) throws {
        self.amigo = amigo
        try begin()
    }

    /// A session that has not begun (see ``handOver(to:)``).
    init(takingOver amigo: AmigoDatabase) {
        self.amigo = amigo
    }

    /// Hands this session's open transaction, with its pending changes, to a new session over
    /// `amigo` — models reflected again on the same engine after a schema change made inside the
    /// transaction (a `CREATE TABLE` the user ran) — and ends this one without committing or
    /// rolling anything back. Nothing is lost and no other session can begin in between.
    ///
    /// - Throws: ``AmigoError/sessionClosed`` when this session is closed;
    ///   ``AmigoError/handOverToOtherEngine(from:to:)`` when `amigo` is on another engine.
    package func handOver(to amigo: AmigoDatabase) throws -> Session {
        try lock.withLock {
            guard active else { throw AmigoError.sessionClosed }
            guard amigo.engine === self.engine else {
                throw AmigoError.handOverToOtherEngine(from: engine.path, to: amigo.engine.path)
            }
            let next = Session(takingOver: amigo)
            engine.serialized {
                next.changes = changes
                next.keptSavepointStack.withLock { $0 = keptSavepointStack.withLock { $0 } }
                next.catalogMarks.withLock { $0 = catalogMarks.withLock { $0 } }
                next.active = true
                engine.transactionGate.transfer(from: self, to: next)
                active = false
                transactionEnded()
            }
            return next
        }
    }

    deinit {
        if active { try? finish(commit: false, restart: false) }
    }

    /// Whether the session's transaction is open (it owns the engine).
    public var isActive: Bool { active }

    /// Rows inserted, updated or deleted since the last commit or rollback.
    public var pendingChangeCount: Int { changes }

    static let savepointCounter = SavepointCounter()

    // MARK: Queries

    /// A query over the compiled model `type`.
    @inlinable
    public func query<M: AmigoModel>(_ type: M.Type) -> Query<M> {
        Query(amigo: amigo, compiled: type, session: self)
    }

    /// A query over the run-time or reflected model named `name`.
    public func query(_ name: String) -> Query<Record> {
        Query(amigo: amigo, model: Result { try amigo.model(named: name) }, session: self)
    }
}

/// Hands out unique savepoint names.
///
/// `@unchecked Sendable`: its counter is guarded by a lock.
final class SavepointCounter: @unchecked Sendable {
    let lock = NSLock()
    var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
