import Foundation
import Synchronization

/// One statement the engine ran, as shown by echo.
public struct EchoEvent: Sendable, Equatable {
    /// What kind of statement it was.
    public enum Kind: Sendable, Equatable {
        /// A statement with SQL and bound arguments.
        case statement
        /// BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE.
        case transaction
    }
    /// The kind.
    public var kind: Kind
    /// The SQL text, with `?` placeholders.
    public var sql: String
    /// The values bound to the placeholders, in order.
    public var arguments: [DatabaseValue]
    /// How long it ran, in seconds (for a query: until its last row was read).
    public var duration: Double
    /// Rows read (queries) or changed (writes), when known.
    public var rowCount: Int?
    /// The error it failed with, if any.
    public var error: String?
    /// Why it ran: what was asked for, or bookkeeping around it (``EchoPurpose``).
    public var purpose: EchoPurpose

    /// Creates an event.
    public init(kind: Kind, sql: String, arguments: [DatabaseValue], duration: Double, rowCount: Int? = nil, error: String? = nil,
                purpose: EchoPurpose = .statement) {
        self.kind = kind; self.sql = sql; self.arguments = arguments; self.duration = duration
        self.rowCount = rowCount; self.error = error; self.purpose = purpose
    }

    /// The event as text, for example:
    ///
    ///     [SQL] SELECT "dog"."id", "dog"."label" FROM "dog" WHERE "dog"."label" = ?
    ///     [PARAMS] ['Lucy']  0.042 ms, 1 row
    public var formatted: String {
        var second = "[PARAMS] [" + arguments.map(\.description).joined(separator: ", ") + "]"
        second += String(format: "  %.3f ms", duration * 1000)
        if let rowCount { second += ", \(rowCount) row" + (rowCount == 1 ? "" : "s") }
        if let error { second += "  ERROR: \(error)" }
        return "[SQL] \(sql)\n\(second)"
    }
}

/// The observable stream of every statement an engine runs.
///
/// Echo is off until ``isEnabled`` is set (``SQLiteEngineFactory`` does it for `echo: true`,
/// together with a subscriber that writes to standard error). Anything may subscribe: amigo-shell
/// shows the stream in its echo pane; tests record it.
///
/// `@unchecked Sendable`: its subscribers are guarded by a lock; events are delivered on the emitting thread.
public final class EchoStream: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: @Sendable (EchoEvent) -> Void] = [:]
    private var nextToken = 0
    private let enabled = Atomic<Bool>(false)

    /// Creates a stream with no subscribers, disabled.
    public init() {}

    /// Whether statements are being reported. While false, nothing is timed or formatted.
    public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Calls `handler` for every event until the returned subscription is cancelled.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (EchoEvent) -> Void) -> EchoSubscription {
        lock.withLock {
            nextToken += 1
            subscribers[nextToken] = handler
            return EchoSubscription(stream: self, token: nextToken)
        }
    }

    func unsubscribe(_ token: Int) { _ = lock.withLock { subscribers.removeValue(forKey: token) } }

    /// Emits a statement that started at `start` (``DispatchTime`` nanoseconds) and just ended:
    /// what every engine reports after running one, with its duration, row count or error.
    package func emit(_ kind: EchoEvent.Kind, _ sql: String, _ arguments: [DatabaseValue], startedAt start: UInt64,
                     rows: Int? = nil, error: Error? = nil) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        emit(EchoEvent(kind: kind, sql: sql, arguments: arguments, duration: seconds, rowCount: rows,
                       error: error.map { "\($0)" }))
    }

    /// Reports an event to every subscriber (none inside ``unechoed(_:)`` on this thread),
    /// marked with the purpose ``marking(_:_:)`` set here unless it has one of its own.
    package func emit(_ event: EchoEvent) {
        if isSilencedHere { return }
        var event = event
        if event.purpose == .statement { event.purpose = Self.markedPurpose }
        let handlers = lock.withLock { Array(subscribers.values) }
        for handler in handlers { handler(event) }
    }

    /// A subscriber that writes each event's ``EchoEvent/formatted`` text to standard error.
    /// A write that fails (standard error closed by its reader, a full disk) is dropped: the
    /// echo never stops or crashes the program it watches.
    package static let standardErrorSink: @Sendable (EchoEvent) -> Void = { event in
        var bytes = Array((event.formatted + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// A handle on a subscription to an ``EchoStream``; call ``cancel()`` to stop receiving events.
public struct EchoSubscription: Sendable {
    let stream: EchoStream
    let token: Int
    /// Stops delivering events to this subscriber.
    public func cancel() { stream.unsubscribe(token) }
}
