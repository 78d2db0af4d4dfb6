import Amigo
import Foundation

/// Notices what changed under the explorer without a command of its own: another program's
/// commits (the data version), schema changes (the schema version, and on a server the
/// session's catalog version, which its own DDL and the rollback of it move), and a database
/// file moved or replaced. Keeps the notice the user should read once.
package final class ChangeWatcher {
    /// The database watched.
    let database: BrowsedDatabase
    /// The session's pending changes: while there are some, other programs' commits cannot be
    /// seen (the transaction's snapshot), so they are not looked for.
    let pending: PendingTransaction

    /// The data version (``dataVersion()``) when the table counts were last read: it changes
    /// when another connection commits, so counts and rows read before are stale.
    var readVersion: Int64?
    /// The schema's version (``schemaVersion()``) when the models were reflected.
    var reflectedSchemaVersion: Int64?
    /// The device and inode of the database file when it was opened (nil in memory).
    let openedFile: [UInt64]?
    /// Whether the notice that the file was replaced has been given.
    var replacementNoticed = false
    /// Something the user should know that no command of theirs caused (another program changed
    /// the file); shown once, then cleared.
    var notice: String?

    /// Watches `database`, whose file is as it is now and whose models were just reflected.
    init(database: BrowsedDatabase, pending: PendingTransaction) {
        self.database = database
        self.pending = pending
        self.openedFile = Self.fileIdentity(database.amigo.engine.path)
        self.reflectedSchemaVersion = schemaVersion()
    }

    /// The pending notice, if any, which is then forgotten.
    package func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// The device and inode of the file at `path`, or nil when there is none.
    static func fileIdentity(_ path: String) -> [UInt64]? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Whether the file the explorer opened was since deleted, moved or replaced by another file:
    /// the connection still reads the old one, so what is shown is no longer what is at the path.
    package var fileReplacedElsewhere: Bool {
        guard let openedFile else { return false }
        return Self.fileIdentity(database.amigo.engine.path) != openedFile
    }

    /// Notes, once, that the file was moved, replaced or deleted (a notice says so); true when it
    /// was noted now.
    func noticeReplacement() -> Bool {
        guard !replacementNoticed, fileReplacedElsewhere else { return false }
        replacementNoticed = true
        notice = "\(database.displayPath) was moved, replaced or deleted by another program: what is shown is the file as it was opened; open it again to see what is there now"
        return true
    }

    /// The connection's data version (see ``readVersion``), as the engine reads it
    /// (``Engine/dataVersion()``: SQLite's `PRAGMA data_version`, its attached files' too, a hash
    /// of PostgreSQL's current snapshot), without echo:
    /// housekeeping, not the user's SQL. nil when the dialect has none.
    ///
    /// - Throws: when it cannot be read (the file locked by another program): not knowing is
    ///   not the same as "changed", and what was read before is not current either.
    func dataVersion() throws -> Int64? {
        let engine = database.amigo.engine
        return try engine.unechoed { try engine.dataVersion() }
    }

    /// Notes that what is shown was read now (unknown when the version cannot be read: the
    /// next check then reads everything again).
    func noteRead() { readVersion = try? dataVersion() }

    /// Whether another program committed changes to the file since the counts were read.
    ///
    /// - Throws: when the data version cannot be read (the file locked by another program), so
    ///   that counts and rows read before are never shown as current.
    package func fileChangedElsewhere() throws -> Bool { try dataVersion() != readVersion }

    /// Whether another program committed changes since the counts were read, asked only while
    /// the session has no pending change (whose transaction could not see them).
    func changedElsewhereWhileIdle() throws -> Bool {
        try pending.count == 0 && fileChangedElsewhere()
    }

    /// The schema's version (see ``reflectedSchemaVersion``) as the engine's catalog reads it
    /// (SQLite's `PRAGMA schema_version`, a hash of PostgreSQL's catalog for the schemas
    /// reflected), plus, where the catalog keeps no version of its own, the session's
    /// (``Session/catalogVersion()``, moved by its DDL and by rolling that back); nil when it
    /// cannot be read.
    func schemaVersion() -> Int64? {
        let engine = database.amigo.engine
        do {
            let catalog = try engine.unechoed { try engine.schemaCatalog.schemaVersion() } ?? 0
            let session = engine.dialect.catalogVersionQuery == nil ? try database.session.catalogVersion() : 0
            return catalog &+ session
        } catch {
            return nil
        }
    }

    /// Notes that the models were reflected from the schema as it is now.
    func noteReflected() { reflectedSchemaVersion = schemaVersion() }

    /// Whether the schema is known to have changed since the models were reflected. A version
    /// that cannot be read now (the file locked by another program) is no change: busy is not
    /// "changed", and reflecting again would only fail or wait.
    var schemaChangedSinceReflection: Bool {
        guard let version = schemaVersion() else { return false }
        return version != reflectedSchemaVersion
    }
}
