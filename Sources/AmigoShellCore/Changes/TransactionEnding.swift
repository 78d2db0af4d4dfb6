import Amigo

/// Ends the session's transaction — commit, rollback — and keeps its connection: idle locks
/// released, a server connection that was lost noticed and made again; after each, what is
/// shown is brought up to date with what the database now holds.
struct TransactionEnding: OverTheExplorersParts {
    /// The database whose session's transaction is ended.
    let database: BrowsedDatabase
    /// The session's pending changes and their log.
    let pending: PendingTransaction
    /// Says whether the schema changed, and takes notices.
    let watcher: ChangeWatcher
    /// The tables list, read again.
    let tableList: TableList
    /// The views, read again.
    let navigator: Navigator

    /// Commits the session, then reads again what other programs committed meanwhile (their
    /// changes could not be seen, or their schema changes reflected, while edits were pending).
    func commit() throws {
        let carrying = pending.count
        do {
            try session.commit()
        } catch AmigoError.commitRolledBack(let lost, let cause) {
            // The server ended the transaction: what was pending is gone, so the views (and the
            // models, after DDL) are read again before the error is shown.
            changeLog.end("lost when the server refused the commit:")
            pending.forgetStatements()
            if watcher.schemaChangedSinceReflection { try? refresher.reflectAgain(); _ = watcher.takeNotice() }
            try? tableList.reload()
            try? navigator.reloadCurrentView(undoneHere: true)
            throw AmigoError.commitRolledBack(changesLost: lost, cause: cause)
        } catch {
            if isConnectionLost { pending.commitLostWithConnection = (carrying, !TransactionEnding.serverEndedTheConnectionFirst(error)) }
            throw error
        }
        changeLog.end("committed")
        pending.forgetStatements()
        try refresher.refresh()
    }

    /// Rolls the session back and reloads the current view.
    func rollback() throws {
        try session.rollback()
        changeLog.end("rolled back")
        pending.forgetStatements()
        // DDL rolled back: the models go back to the schema as it is again.
        if watcher.schemaChangedSinceReflection { try refresher.reflectAgain(keepingChanges: true); _ = watcher.takeNotice() }
        try tableList.reload()
        try navigator.reloadCurrentView(undoneHere: true)
    }

    /// Ends the session's read transaction when nothing is pending and begins the next (whose
    /// BEGIN takes no lock until the next read), so that an idle explorer never keeps other
    /// programs from writing the file. Not echoed: it is housekeeping, not the user's SQL.
    func releaseIdleLocks() {
        guard pending.count == 0, amigo.engine.isInTransaction else { return }
        try? amigo.engine.unechoed { try session.refresh() }
    }

    // MARK: The connection

    /// Whether the connection to the database server is gone: every read and write fails until
    /// ``reconnect()``. Never for a SQLite file.
    var isConnectionLost: Bool { amigo.engine.isConnectionLost }

    /// Connects to the server again after the connection was lost, reflects its schema again
    /// if it changed while the server was away (or the session had DDL, now undone) and reads
    /// the views again, each keeping its filter, order and row where they still apply. The
    /// server rolled back the session's transaction with the old connection: the summary says how
    /// many uncommitted changes went with it — or, when the connection broke during a commit,
    /// that the server may have kept them.
    ///
    /// - Throws: the engine's error when the server cannot be reached (yet); nothing changes
    ///   then, and ``reconnect()`` may be tried again.
    @discardableResult
    func reconnect() throws -> String {
        guard isConnectionLost else {
            // A reconnect whose reading failed after the connection was made leaves the session
            // outside a transaction: begin it, so that no write is committed on its own.
            if session.isActive && !amigo.engine.isInTransaction {
                try session.rollback()
                try navigator.reloadCurrentView(undoneHere: true)
            }
            return "the connection to \(database.displayPath) is open"
        }
        let lostChanges = pending.lostChangesText
        let uncommittedDDL = pending.schemaChangesPending > 0
        do {
            try amigo.engine.reconnect()
        } catch {
            // Connected, but setting the connection up failed: the session must not go on outside
            // a transaction meanwhile.
            if !isConnectionLost && session.isActive && !amigo.engine.isInTransaction { try? session.rollback() }
            throw error
        }
        pending.commitLostWithConnection = nil
        changeLog.end("lost with the connection:")
        pending.forgetStatements()
        // The old session's transaction ended with the connection: begin the next one at once,
        // so that whatever fails below, no write runs outside a transaction.
        try session.rollback()
        var said = ""
        if uncommittedDDL || watcher.schemaChangedSinceReflection {
            try refresher.reflectAgain()
            said = watcher.takeNotice().map { " · " + $0 } ?? ""
        }
        try tableList.reload()
        // Rows of the lost transaction leave the view: that is what the summary says, not news.
        try navigator.reloadCurrentView(undoneHere: true)
        return "reconnected to \(database.displayPath)" + (lostChanges.map { "; " + $0 } ?? "") + said
    }

    /// While changes are pending (so the idle check for other programs' commits does not run),
    /// whether the server ended the connection is read from what it sent (``Engine/pollConnection()``),
    /// so that it is noticed while idle, not at the next commit. No statement is sent: one would
    /// keep the idle transaction alive on the server, defeating its
    /// `idle_in_transaction_session_timeout`, which then ends the connection as the server means
    /// it to (noticed here). Nothing for a file.
    func checkConnectionWhilePending() {
        guard pending.count > 0, !isConnectionLost else { return }
        amigo.engine.pollConnection()
    }

    /// Whether `error`, from a statement that lost the connection, shows that the server ended the
    /// connection before the statement reached it (it said why: an administrator's command, a
    /// timeout, a shutdown), or that there was no connection to send it on.
    static func serverEndedTheConnectionFirst(_ error: Error) -> Bool {
        guard case AmigoError.database(let db) = error else { return false }
        return db.kind == .connectionLost(.endedByServer)
    }
}
