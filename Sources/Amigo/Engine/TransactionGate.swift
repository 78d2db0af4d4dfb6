import Foundation

/// Who may use an engine's connection for a transaction: at most one ``Session`` at a time.
///
/// An engine has one connection, and a connection has one transaction: two sessions on the same
/// engine cannot be two independent transactions at once. So a session *owns* its engine from
/// the moment it is created until it is closed (``Session/close()``, or released); its
/// ``Session/commit()`` and ``Session/rollback()`` keep that ownership. Meanwhile:
///
/// - creating another session on **another thread** waits, first come first served, until the
///   owner closes, for at most ``timeout`` seconds, then throws
///   ``AmigoError/sessionBusy(path:waited:)``;
/// - creating another session on **the owner's thread** (which could only deadlock) throws
///   ``AmigoError/sessionAlreadyOpen(path:)`` at once: nest work with ``Session/savepoint(_:)``;
/// - work that runs outside any session — ``AmigoDatabase/query(_:)-(String)``, ``AmigoDatabase/createAll()``,
///   ``Migrator/migrate(_:)``, reflection — waits the same way on another thread, so that it
///   never reads or writes inside another thread's transaction; on the owner's thread it runs
///   inside the owner's transaction.
///
/// Statements run directly on the ``Engine`` (`engine.execute`, `engine.fetch`) do not go
/// through the gate: they are the low-level layer and run on whatever transaction is open.
///
/// `@unchecked Sendable`: its state is guarded by a lock and condition.
public final class TransactionGate: @unchecked Sendable {
    private let condition = NSCondition()
    /// The thread holding the gate (the thread that created the owning session, or that runs
    /// work outside sessions), or nil when the gate is free.
    private var holderThread: pthread_t?
    /// The owning session, or nil when the gate is free or held by work outside sessions.
    private var holderSession: ObjectIdentifier?
    /// Waiters, in arrival order: the first one takes the gate when it is released.
    private var waiting: [UInt64] = []
    private var nextTicket: UInt64 = 0
    private var timeoutSeconds: TimeInterval

    /// A free gate whose waiters give up after `timeout` seconds.
    public init(timeout: TimeInterval = 5) {
        self.timeoutSeconds = timeout
    }

    /// How long, in seconds, a session (or work outside sessions) created on another thread
    /// waits for the owning session to close before throwing ``AmigoError/sessionBusy(path:waited:)``.
    /// 5 s unless set here or by ``OpenOptions/sessionWaitMilliseconds``.
    public var timeout: TimeInterval {
        get { condition.withLock { timeoutSeconds } }
        set { condition.withLock { timeoutSeconds = max(0, newValue) } }
    }

    /// Whether a session owns the gate (or work outside sessions holds it right now).
    public var isHeld: Bool { condition.withLock { holderThread != nil } }

    /// Whether the calling thread holds the gate.
    var isHeldByCurrentThread: Bool {
        condition.withLock { holderThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Makes `session` the owner, waiting for the current owner to close.
    ///
    /// - Throws: ``AmigoError/sessionAlreadyOpen(path:)`` when the calling thread already holds the
    ///   gate; ``AmigoError/sessionBusy(path:waited:)`` when the wait exceeds ``timeout``.
    func acquire(for session: Session, path: String) throws {
        try acquire(session: ObjectIdentifier(session), path: path)
    }

    /// Gives the gate up, if `session` owns it, and wakes the next waiter.
    func release(for session: Session) {
        condition.withLock {
            guard holderSession == ObjectIdentifier(session) else { return }
            holderThread = nil
            holderSession = nil
            if !waiting.isEmpty { condition.broadcast() }
        }
    }

    /// Passes ownership from `old` to `new` on the holding thread, with no moment in which the
    /// gate is free. Does nothing unless `old` owns it.
    func transfer(from old: Session, to new: Session) {
        condition.withLock {
            guard holderSession == ObjectIdentifier(old) else { return }
            holderSession = ObjectIdentifier(new)
        }
    }

    /// Runs `body` with no other thread's session in progress: at once when the calling thread
    /// holds the gate (its own session is open, or this is nested work outside sessions), otherwise
    /// after taking the gate — waiting as a new session would — and giving it back when `body` ends.
    ///
    /// - Throws: ``AmigoError/sessionBusy(path:waited:)`` when the wait exceeds ``timeout``, or what `body` throws.
    public func withoutOtherSessions<R>(path: String, _ body: () throws -> R) throws -> R {
        let me = pthread_self()
        let mustTake: Bool = condition.withLock {
            if let holderThread, pthread_equal(holderThread, me) != 0 { return false }
            return true
        }
        guard mustTake else { return try body() }
        try acquire(session: nil, path: path)
        defer {
            condition.withLock {
                holderThread = nil
                holderSession = nil
                if !waiting.isEmpty { condition.broadcast() }
            }
        }
        return try body()
    }

    private func acquire(session: ObjectIdentifier?, path: String) throws {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if let holderThread, pthread_equal(holderThread, me) != 0 {
            throw AmigoError.sessionAlreadyOpen(path: path)
        }
        if holderThread == nil && waiting.isEmpty {
            holderThread = me
            holderSession = session
            return
        }
        let ticket = nextTicket
        nextTicket += 1
        waiting.append(ticket)
        let limit = timeoutSeconds
        let deadline = Date(timeIntervalSinceNow: limit)
        while !(holderThread == nil && waiting.first == ticket) {
            if !condition.wait(until: deadline) && !(holderThread == nil && waiting.first == ticket) {
                waiting.removeAll { $0 == ticket }
                // The next waiter may now be first in line for a free gate.
                condition.broadcast()
                throw AmigoError.sessionBusy(path: path, waited: limit)
            }
        }
        waiting.removeFirst()
        holderThread = me
        holderSession = session
    }
}
