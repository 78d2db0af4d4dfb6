import Dispatch

/// Work submitted with ``Session/async(queue:_:)``: run it, or run it and receive its result.
///
/// `@unchecked Sendable`: its state is set before the work is queued and read after it ran, on one queue.
public final class AmigoSessionAsyncAction<R>: @unchecked Sendable {
    let queue: DispatchQueue
    let action: () throws -> R

    init(queue: DispatchQueue, action: @escaping () throws -> R) {
        self.queue = queue
        self.action = action
    }

    /// Runs the action on its queue, ignoring the result.
    public func run() { queue.async { _ = try? self.action() } }

    /// Runs the action on its queue, then `callback` with its result on `callbackQueue`
    /// (the action's queue when nil).
    public func then(on callbackQueue: DispatchQueue? = nil, _ callback: @escaping @Sendable (Result<R, Error>) -> Void) {
        queue.async {
            let result = Result { try self.action() }
            let box = UncheckedBox(result)
            if let callbackQueue { callbackQueue.async { callback(box.value) } } else { callback(result) }
        }
    }

    /// Runs the action on its queue and waits for its result (Swift concurrency).
    public func value() async throws -> R {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedBox<R>, Error>) in
            queue.async {
                do { continuation.resume(returning: UncheckedBox(try self.action())) } catch { continuation.resume(throwing: error) }
            }
        }.value
    }
}

/// `@unchecked Sendable`: carries a value across a `@Sendable` boundary for code that runs on one thread at a time.
struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}

extension Session {
    /// Prepares `action` to run on `queue` (a global queue when nil):
    /// `session.async { try session.add(dog); return dog }.then { result in … }`.
    public func async<R>(queue: DispatchQueue? = nil, _ action: @escaping () throws -> R) -> AmigoSessionAsyncAction<R> {
        AmigoSessionAsyncAction(queue: queue ?? .global(), action: action)
    }

    /// Runs `body` with this session off the caller's thread and returns its result (Swift concurrency).
    public func run<R>(_ body: @escaping (Session) throws -> R) async throws -> R {
        try await async { try body(self) }.value()
    }
}
