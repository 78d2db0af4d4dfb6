import Foundation

/// One reader connection of an ``AmigoPool``: its engine (opened read-only) and its database.
struct PoolReader: @unchecked Sendable {
    let engine: SQLiteEngine
    let database: AmigoDatabase
}

/// Who is using an ``AmigoPool``: its idle reader connections, how many are open, the threads
/// inside a `read` or a `write`, and whether it is closing. Every wait is on one condition (no
/// polling): a `read` waits for a reader to come back, ``close(_:)`` for every access to end.
///
/// `@unchecked Sendable`: its state is guarded by its condition.
final class PoolAccess: @unchecked Sendable {
    private let condition = NSCondition()
    private let path: String
    private let maximumReaders: Int
    /// Readers opened and not in use, the last returned on top (its caches are warmest).
    private var idle: [PoolReader] = []
    /// Readers opened (idle or in use), or being opened.
    private var opened = 0
    /// Threads inside a `read`, one entry per read.
    private var readingThreads: [pthread_t] = []
    /// Threads inside a `write`, one entry per write.
    private var writingThreads: [pthread_t] = []
    /// Reads waiting for a reader.
    private var waiting = 0
    private var closing = false

    init(path: String, maximumReaders: Int) {
        self.path = path
        self.maximumReaders = maximumReaders
    }

    /// An idle reader, one opened by `open` while fewer than the maximum are open, or the next
    /// one returned (waiting for it).
    ///
    /// - Throws: ``AmigoPoolError/closed(path:)`` when the pool is closing;
    ///   ``AmigoPoolError/nestedRead(path:)`` when this thread is inside a read of the pool;
    ///   what `open` throws.
    func takeReader(opening open: () throws -> PoolReader) throws -> PoolReader {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if readingThreads.contains(where: { pthread_equal($0, me) != 0 }) { throw AmigoPoolError.nestedRead(path: path) }
        while true {
            if closing { throw AmigoPoolError.closed(path: path) }
            if let reader = idle.popLast() {
                readingThreads.append(me)
                return reader
            }
            if opened < maximumReaders {
                opened += 1
                condition.unlock()
                let reader: PoolReader
                do {
                    reader = try open()
                } catch {
                    condition.lock()
                    opened -= 1
                    condition.broadcast()
                    throw error
                }
                condition.lock()
                readingThreads.append(me)
                return reader
            }
            waiting += 1
            condition.wait()
            waiting -= 1
        }
    }

    /// Gives `reader` back (to the next waiting read), or, when it cannot be trusted any more
    /// (`keep` false: its transaction could not be ended), drops it so that a new one opens.
    func giveBack(_ reader: PoolReader, keep: Bool = true) {
        let me = pthread_self()
        condition.withLock {
            if let index = readingThreads.lastIndex(where: { pthread_equal($0, me) != 0 }) { readingThreads.remove(at: index) }
            if keep { idle.append(reader) } else { opened -= 1 }
            condition.broadcast()
        }
    }

    /// Notes that this thread begins a write.
    ///
    /// - Throws: ``AmigoPoolError/closed(path:)`` when the pool is closing.
    func beginWrite() throws {
        try condition.withLock {
            if closing { throw AmigoPoolError.closed(path: path) }
            writingThreads.append(pthread_self())
        }
    }

    /// Notes that this thread's write ended.
    func endWrite() {
        let me = pthread_self()
        condition.withLock {
            if let index = writingThreads.lastIndex(where: { pthread_equal($0, me) != 0 }) { writingThreads.remove(at: index) }
            condition.broadcast()
        }
    }

    /// Refuses every new access, waits until every read and write has ended, runs `last` (the
    /// checkpoint) and drops the readers. Closing again does nothing.
    ///
    /// - Throws: ``AmigoPoolError/closedFromInside(path:)`` when called inside one of the pool's
    ///   reads or writes; what `last` throws.
    func close(_ last: () throws -> Void) throws {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if (readingThreads + writingThreads).contains(where: { pthread_equal($0, me) != 0 }) {
            throw AmigoPoolError.closedFromInside(path: path)
        }
        if closing { return }
        closing = true
        condition.broadcast()
        while !readingThreads.isEmpty || !writingThreads.isEmpty || idle.count < opened {
            condition.wait()
        }
        try last()
        idle.removeAll()
        opened = 0
    }

    /// Whether ``close(_:)`` has begun.
    var isClosing: Bool { condition.withLock { closing } }
    /// Reader connections open (idle or in use).
    var openedReaders: Int { condition.withLock { opened } }
    /// Reads waiting for a reader to come back.
    var waitingReads: Int { condition.withLock { waiting } }
}
