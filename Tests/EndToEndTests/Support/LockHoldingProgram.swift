import Foundation
import Testing

/// Another program holding a SQLite file's lock: the `sqlite3` shell after `BEGIN EXCLUSIVE`
/// (``SQLite3Session``), until ``release()``.
final class LockHoldingProgram {
    private let session: SQLite3Session
    private var released = false

    /// Starts `sqlite3 database` and returns once its exclusive transaction has begun (it waits
    /// up to 10 s for a lock another program holds; a failure is recorded as an issue).
    init(_ database: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        session = try SQLite3Session(database, sourceLocation: sourceLocation)
        try session.run(".timeout 10000\nBEGIN EXCLUSIVE;")
    }

    /// Rolls the transaction back (the lock is let go) and ends the program.
    func release() {
        guard !released else { return }
        released = true
        try? session.run("ROLLBACK;")
        try? session.finish()
    }

    deinit { release() }
}
