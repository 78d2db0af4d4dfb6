import CSQLite
import Dispatch
import Foundation

/// How a connection waits for a lock another connection holds: SQLite's busy handler, which
/// sleeps a few milliseconds at a time up to the busy timeout and asks the interrupt check
/// (``InterruptCheck``) between sleeps, so that a wait can be seen and cancelled like any work.
final class LockWait {
    /// How long one wait may last before the statement fails with SQLITE_BUSY.
    let timeoutNanoseconds: UInt64
    /// The check asked between sleeps; nil when none is installed.
    var check: InterruptCheck?
    /// When the current wait began.
    private var started: UInt64 = 0
    /// Whether the last wait ended because the check asked to stop (not because it timed out).
    var wasCancelled = false

    init(timeoutMilliseconds: Int32) {
        timeoutNanoseconds = UInt64(max(0, timeoutMilliseconds)) * 1_000_000
    }

    /// SQLite's busy handler: true to try again, false to give up with SQLITE_BUSY.
    func shouldRetry(attempt: Int32) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if attempt == 0 {
            started = now
            wasCancelled = false
        }
        if let check, check.shouldInterrupt(.lockHeldElsewhere) {
            wasCancelled = true
            return false
        }
        let waited = now - started
        guard waited < timeoutNanoseconds else { return false }
        usleep(useconds_t(min(10_000_000, timeoutNanoseconds - waited) / 1000))
        return true
    }
}

extension SQLiteConnection {
    /// Installs ``lockWait`` as the connection's busy handler.
    func installLockWait() {
        sqlite3_busy_handler(handle, { context, attempt in
            guard let context else { return 0 }
            return Unmanaged<LockWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: attempt) ? 1 : 0
        }, Unmanaged.passUnretained(lockWait).toOpaque())
    }

    /// The error for a statement that failed with `code`: a busy failure after the interrupt
    /// check cancelled the wait is "interrupted", as any cancelled statement is.
    func cancelledWaitError(_ code: Int32, sql: String?, arguments: [DatabaseValue]) -> AmigoError? {
        guard code & 0xff == SQLITE_BUSY, lockWait.wasCancelled else { return nil }
        lockWait.wasCancelled = false
        return AmigoError.database(DatabaseError(
            code: SQLITE_INTERRUPT, message: "interrupted while waiting for a lock held by another program",
            sql: sql, arguments: arguments, path: path))
    }
}
