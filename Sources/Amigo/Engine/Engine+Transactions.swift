// Engine: the one home of "begin, run, commit — or roll back on error" and its savepoint twin.

extension Engine {
    /// Runs `body` inside a transaction of its own: `BEGIN` (of `mode`), `body`, then `COMMIT`
    /// (or `ROLLBACK` when `ending` is ``TransactionEnding/rollBack``). When `body` or the
    /// COMMIT throws, the transaction is rolled back and *that* error is rethrown: a failing
    /// ROLLBACK never hides it. The engine stays serialized for this thread throughout.
    ///
    ///     try engine.inTransaction(.immediate) { try engine.executeScript(ddl) }
    ///     // BEGIN IMMEDIATE; …; COMMIT   (ROLLBACK instead if the script fails)
    ///
    /// - Throws: what BEGIN, `body` or COMMIT throws.
    @discardableResult
    package func inTransaction<T>(_ mode: TransactionMode = .deferred, ending: TransactionEnding = .commit,
                                 _ body: () throws -> T) throws -> T {
        try serialized {
            try execute(.begin(mode))
            do {
                let result = try body()
                try execute(ending == .commit ? .commit : .rollback)
                return result
            } catch {
                if isInTransaction { try? execute(.rollback) }
                throw error
            }
        }
    }

    /// Runs `body` inside a savepoint named `name` of the open transaction: `SAVEPOINT`, `body`,
    /// then, as `ending` says, `RELEASE` (its changes join the transaction), `ROLLBACK TO` and
    /// `RELEASE` (nothing it did stays), or nothing (the savepoint stays open, for a later
    /// rollback to it). When `body` or the ending throws, the savepoint is rolled back to and
    /// released and *that* error is rethrown: a failing rollback never hides it.
    ///
    ///     try engine.inSavepoint("amigo_7") { try engine.execute(insert, arguments) }
    ///     // SAVEPOINT "amigo_7"; INSERT …; RELEASE SAVEPOINT "amigo_7"
    ///
    /// - Throws: what SAVEPOINT, `body` or the ending throws.
    @discardableResult
    package func inSavepoint<T>(_ name: String, ending: SavepointEnding = .release, _ body: () throws -> T) throws -> T {
        try serialized {
            try execute(.savepoint(name))
            do {
                let result = try body()
                switch ending {
                case .release:
                    try execute(.releaseSavepoint(name))
                case .rollBack:
                    try execute(.rollbackToSavepoint(name))
                    try execute(.releaseSavepoint(name))
                case .leaveOpen:
                    break
                }
                return result
            } catch {
                try? execute(.rollbackToSavepoint(name))
                try? execute(.releaseSavepoint(name))
                throw error
            }
        }
    }

    /// Runs `body` atomically: in a savepoint named `savepointName` when a transaction is open
    /// (so that the transaction's owner decides whether it stays), else in a transaction of its
    /// own (``inTransaction(_:ending:_:)``).
    @discardableResult
    public func atomically<T>(savepointName: String, _ body: () throws -> T) throws -> T {
        try serialized {
            isInTransaction ? try inSavepoint(savepointName, body) : try inTransaction(.deferred, body)
        }
    }
}
