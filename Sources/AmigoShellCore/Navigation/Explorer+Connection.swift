// Explorer: a server connection that was lost, and connecting again.

import Amigo

extension Explorer {
    /// Whether the connection to the database server is gone: every read and write fails until
    /// ``reconnect()``. Never for a SQLite file.
    public var isConnectionLost: Bool { amigo.engine.isConnectionLost }

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
    public func reconnect() throws -> String {
        guard isConnectionLost else {
            // A reconnect whose reading failed after the connection was made leaves the session
            // outside a transaction: begin it, so that no write is committed on its own.
            if session.isActive && !amigo.engine.isInTransaction {
                try session.rollback()
                try reloadCurrentView(undoneHere: true)
            }
            return "the connection to \(displayPath) is open"
        }
        let lostChanges = lostChangesText
        let uncommittedDDL = schemaChangesPending > 0
        do {
            try amigo.engine.reconnect()
        } catch {
            // Connected, but setting the connection up failed: the session must not go on outside
            // a transaction meanwhile.
            if !isConnectionLost && session.isActive && !amigo.engine.isInTransaction { try? session.rollback() }
            throw error
        }
        commitLostWithConnection = nil
        changeLog.end("lost with the connection:")
        forgetPendingStatements()
        // The old session's transaction ended with the connection: begin the next one at once,
        // so that whatever fails below, no write runs outside a transaction.
        try session.rollback()
        var said = ""
        if uncommittedDDL || schemaChangedSinceReflection {
            try reflectAgain()
            said = takeNotice().map { " · " + $0 } ?? ""
        }
        try reloadTables()
        // Rows of the lost transaction leave the view: that is what the summary says, not news.
        try reloadCurrentView(undoneHere: true)
        return "reconnected to \(displayPath)" + (lostChanges.map { "; " + $0 } ?? "") + said
    }

    /// While changes are pending (so the idle check for other programs' commits does not run),
    /// whether the server ended the connection is read from what it sent (``Engine/pollConnection()``),
    /// so that it is noticed while idle, not at the next commit. No statement is sent: one would
    /// keep the idle transaction alive on the server, defeating its
    /// `idle_in_transaction_session_timeout`, which then ends the connection as the server means
    /// it to (noticed here). Nothing for a file.
    public func checkConnectionWhilePending() {
        guard pendingChanges > 0, !isConnectionLost else { return }
        amigo.engine.pollConnection()
    }

    /// What became of the session's changes with the lost connection, or nil when it had none:
    /// rolled back by the server with it, or — when the connection broke during a commit with
    /// no word from the server — kept or not, which only the server can say.
    public var lostChangesText: String? {
        if let lost = commitLostWithConnection, lost.changes > 0 {
            return lost.uncertain
                ? "the connection broke during the commit of \(Plural.count(lost.changes, "change")): the server kept all of them or none — look before doing them again"
                : "the \(Plural.count(lost.changes, "uncommitted change")) went with the old connection (the commit did not reach the server)"
        }
        let pending = pendingChanges
        return pending > 0 ? "the \(Plural.count(pending, "uncommitted change")) went with the old connection" : nil
    }

    /// Whether `error`, from a statement that lost the connection, shows that the server ended the
    /// connection before the statement reached it (it said why: an administrator's command, a
    /// timeout, a shutdown), or that there was no connection to send it on.
    static func serverEndedTheConnectionFirst(_ error: Error) -> Bool {
        guard case AmigoError.database(let db) = error else { return false }
        return db.kind == .connectionLost(.endedByServer)
    }
}
