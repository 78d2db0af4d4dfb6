/// How many rows a writing statement would change, learnt by running it and undoing it: what a
/// browser says before it asks "run this UPDATE?".
extension Session {
    /// Runs `sql` (an INSERT, UPDATE or DELETE) inside a savepoint of the session's transaction,
    /// reads how many rows it changed, and rolls the savepoint back: nothing it did stays, and
    /// the session's pending changes are as they were. The count is the database's own (the
    /// rows the statement itself changed, not those its triggers or cascades changed).
    ///
    ///     try session.changesIfRun("UPDATE Track SET Composer = 'X' WHERE GenreId = 2")   // 130, nothing changed
    ///
    /// It takes as long as the statement; run it only on a statement about to be shown.
    ///
    /// - Throws: ``AmigoError/notCountable(keyword:)`` for a statement that is not an INSERT,
    ///   UPDATE or DELETE (DDL and the like are not run to be counted); what the statement throws.
    package func changesIfRun(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int {
        // Only statements a savepoint undoes whole: never COPY (files, programs) or MERGE.
        guard StatementKind.of(sql) == .dataChange,
              ["INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"].contains(SQLText.leadingKeyword(of: sql)) else {
            throw AmigoError.notCountable(keyword: SQLText.leadingKeyword(of: sql))
        }
        return try engine.serialized {
            let before = pendingChangeCount
            defer { changes = before }
            let name = "amigo_dry_\(Session.savepointCounter.next())"
            guard isActive else { throw AmigoError.sessionClosed }
            return try engine.inSavepoint(name, ending: .rollBack) { try execute(sql, arguments).changes }
        }
    }
}
