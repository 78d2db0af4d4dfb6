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
        let pending = pendingChanges
        let duringCommit = commitInterruptedByLostConnection
        let uncommittedDDL = schemaChangesPending > 0
        try amigo.engine.reconnect()
        commitInterruptedByLostConnection = false
        schemaChangesPending = 0
        // The old session's transaction ended with the connection: begin the next one at once,
        // so that whatever fails below, no write runs outside a transaction.
        try session.rollback()
        var said = ""
        if uncommittedDDL || schemaVersion() != reflectedSchemaVersion {
            try reflectAgain()
            said = takeNotice().map { " · " + $0 } ?? ""
        }
        try reloadTables()
        // Rows of the lost transaction leave the view: that is what the summary says, not news.
        try reloadCurrentView(undoneHere: true)
        var summary = "reconnected to \(displayPath)"
        if pending > 0 {
            summary += duringCommit
                ? "; the connection broke during the commit of \(Plural.count(pending, "change")): the server kept all of them or none — look before doing them again"
                : "; the \(Plural.count(pending, "uncommitted change")) went with the old connection"
        }
        return summary + said
    }
}
