import Amigo

/// Attaches more SQLite files to the explorer's connection and detaches them (`attach FILE
/// [AS NAME]`, `detach NAME`, more than one file on the command line): the library runs the
/// statement between the session's transactions, then the models are reflected again so that
/// the file's tables are listed as `NAME.table`, browsable, filterable and followable, and
/// written through the same session.
struct FileAttacher {
    /// The models and session.
    let database: BrowsedDatabase
    /// The session's pending changes: attaching waits until there are none.
    let pending: PendingTransaction
    /// Reflects the models again and rebuilds the views on them.
    let refresher: Refresher

    /// Attaches the file at `path` as `name` (its file name's stem when nil: ``AttachName``),
    /// read-only unless `writable`, made when missing if `creating` (sqlite3's `ATTACH`); returns
    /// what to say.
    ///
    /// - Throws: ``ShellError/writeRefused(command:reason:)`` while changes are pending; the
    ///   library's ``AmigoError`` (PostgreSQL has no attached files, the name is taken, no such
    ///   file, the open file itself, not a database, locked by another program).
    func attach(_ path: String, as name: String?, writable: Bool, creating: Bool = false) throws -> String {
        try refuseWhilePending("attach")
        let session = database.session
        let name = try name ?? AttachName.forFile(path, taken: session.attachedNames())
        try session.attach(path, as: name, readOnly: !writable, creating: creating && writable)
        database.attached = try session.attachments()
        try refresher.reflectAgain(keepingChanges: true)
        let tables = database.amigo.models.filter { $0.table.schema?.lowercased() == name.lowercased() }
        let readOnly = database.attached.first { $0.name.lowercased() == name.lowercased() }?.isReadOnly ?? true
        let mode = readOnly ? " (read-only" + (writable ? ", as the open database is" : "; attach … rw to write it") + ")" : ""
        // SQLite commits a transaction over several files atomically across them only when the
        // main file is not in WAL mode (each file's part is still atomic on its own).
        let walMain = !readOnly && (try? (database.engine as? SQLiteEngine)?.journalMode()) == "wal"
        let atomicity = walMain ? "; the open database is in WAL mode, so a commit over both files is atomic in each file, not across them" : ""
        return "attached \(path) as \(name)\(mode): " + Plural.count(tables.count, "table") + ", listed as \(name).TABLE" + atomicity
    }

    /// Detaches the file attached as `name`; returns what to say.
    ///
    /// - Throws: as ``attach(_:as:)``, and ``AmigoError/notAttached(name:attached:)``.
    func detach(_ name: String) throws -> String {
        try refuseWhilePending("detach")
        try database.session.detach(name)
        database.attached = try database.session.attachments()
        try refresher.reflectAgain(keepingChanges: true)
        return "detached \(name)"
    }

    /// Refuses `command` while the session has changes pending: SQLite attaches and detaches
    /// only between transactions.
    private func refuseWhilePending(_ command: String) throws {
        guard pending.count == 0 else {
            throw ShellError.writeRefused(command: command, reason: "\(Plural.count(pending.count, "change")) not yet committed: commit or rollback first (SQLite attaches files only between transactions)")
        }
    }
}
