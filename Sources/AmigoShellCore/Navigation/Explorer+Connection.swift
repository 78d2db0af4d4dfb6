// Explorer: a server connection that was lost, and connecting again.

import Amigo

extension Explorer {
    /// Whether the connection to the database server is gone: every read and write fails until
    /// ``reconnect()``. Never for a SQLite file.
    public var isConnectionLost: Bool { amigo.engine.isConnectionLost }

    /// Connects to the server again after the connection was lost, reflects its schema again
    /// (it may have changed while the server was away) and reads the views again, each keeping
    /// its filter, order and row where they still apply. The server rolled back the session's
    /// transaction with the old connection: the summary says how many uncommitted changes were
    /// lost with it.
    ///
    /// - Throws: the engine's error when the server cannot be reached (yet); nothing changes
    ///   then, and ``reconnect()`` may be tried again.
    @discardableResult
    public func reconnect() throws -> String {
        guard isConnectionLost else { return "the connection to \(displayPath) is open" }
        let lost = pendingChanges
        let uncommittedDDL = schemaChangesPending > 0
        try amigo.engine.reconnect()
        schemaChangesPending = 0
        // The old session's transaction ended with the connection: rolling it back sends only
        // the next BEGIN. A schema changed meanwhile (or DDL of the session, now undone) is
        // reflected again, and the views rebuilt on the new models.
        var said = ""
        if uncommittedDDL || schemaVersion() != reflectedSchemaVersion {
            try reflectAgain()
            said = takeNotice().map { " · " + $0 } ?? ""
        } else {
            try session.rollback()
        }
        try reloadTables()
        // Rows of the lost transaction leave the view: that is what the summary says, not news.
        try reloadCurrentView(undoneHere: true)
        return "reconnected to \(displayPath)"
            + (lost > 0 ? "; the \(Plural.count(lost, "uncommitted change")) went with the old connection" : "") + said
    }
}
