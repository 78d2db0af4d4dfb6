import Amigo
import Foundation

/// The last statements an engine ran, for the echo pane (a bounded ring, newest last).
///
/// `@unchecked Sendable`: its ring of entries is guarded by a lock.
package final class EchoLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [EchoEvent] = []
    private let capacity: Int
    private var subscription: EchoSubscription?
    private var total = 0

    /// Subscribes to `stream` and keeps the last `capacity` events.
    package init(stream: EchoStream, capacity: Int = 300) {
        self.capacity = capacity
        subscription = stream.subscribe { [weak self] event in self?.append(event) }
    }

    deinit { subscription?.cancel() }

    private var muted = false

    /// Runs `body` without keeping the statements it runs: the reads the interface makes on its
    /// own for the links line, which would otherwise push the statements the keys ran out of the
    /// pane on every cursor move (`r` runs the same counts, shown).
    func unrecorded<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { muted = true }
        defer { lock.withLock { muted = false } }
        return try body()
    }

    func append(_ event: EchoEvent) {
        lock.withLock {
            if muted { return }
            events.append(event)
            total += 1
            if events.count > capacity { events.removeFirst(events.count - capacity) }
        }
    }

    /// The kept events, oldest first.
    package var entries: [EchoEvent] { lock.withLock { events } }

    /// The kept events and how many were ever recorded, read together (the last kept event is
    /// the `total`-th).
    package var entriesAndTotal: (entries: [EchoEvent], total: Int) { lock.withLock { (events, total) } }

    /// How many events were ever recorded (to notice new ones).
    public var totalCount: Int { lock.withLock { total } }

    /// Forgets the kept events.
    package func clear() { lock.withLock { events.removeAll() } }
}
