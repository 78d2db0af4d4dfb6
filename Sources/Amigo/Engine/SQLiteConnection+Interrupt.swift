import CSQLite

/// A cancellation check that SQLite calls while a statement runs, told what the statement is
/// doing (working, or waiting for another program's lock).
final class InterruptCheck {
    let shouldInterrupt: (EngineWait) -> Bool
    init(_ shouldInterrupt: @escaping (EngineWait) -> Bool) { self.shouldInterrupt = shouldInterrupt }
}

extension SQLiteConnection {
    /// Calls `check` every `instructions` virtual-machine steps of any running statement; when it
    /// returns true the statement stops with SQLITE_INTERRUPT. nil removes the check.
    ///
    /// The check runs on the thread executing the statement, inside SQLite: it must not use this
    /// connection. The same check is asked while the connection waits for a lock (``LockWait``).
    func setInterruptCheck(_ check: InterruptCheck?, everyInstructions instructions: Int32) {
        lockWait.check = check
        guard let check else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            return
        }
        sqlite3_progress_handler(handle, instructions, { context in
            guard let context else { return 0 }
            return Unmanaged<InterruptCheck>.fromOpaque(context).takeUnretainedValue().shouldInterrupt(.working) ? 1 : 0
        }, Unmanaged.passUnretained(check).toOpaque())
    }
}

extension SQLiteConnection {
    /// The rows the running statements have stepped through so far in full scans of a table or
    /// an index (SQLite's `SQLITE_STMTSTATUS_FULLSCAN_STEP`, reset each time a statement is
    /// bound): how far a scan of every row has come. Reads counters only, so the interrupt
    /// check may call it while a statement runs.
    func rowsScanned() -> Int {
        var total = 0
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 {
                total += Int(sqlite3_stmt_status(current, Int32(SQLITE_STMTSTATUS_FULLSCAN_STEP), 0))
            }
            statement = sqlite3_next_stmt(handle, current)
        }
        return total
    }
}
