import Amigo
import Foundation

/// The changes pending in the session's transaction: the writes logged for `changes` and `undo`,
/// the statements counted apart from the session's changed rows (DDL, writes that report no
/// rows), how long they have been pending, and what a commit lost with the connection carried.
package final class PendingTransaction {
    /// The database whose session holds the transaction.
    let database: BrowsedDatabase
    /// The uncommitted writes, in order, each undoable alone while it is the last (`changes`, `undo`).
    package let changeLog = PendingChangeLog()
    /// Schema changes (DDL run with `sql`) not yet committed: pending like changed rows.
    var schemaChangesPending = 0
    /// Writes run with `sql` that report no rows (TRUNCATE, DO, REFRESH MATERIALIZED VIEW) not
    /// yet committed: pending like changed rows, so that the idle rollback never drops them.
    var unreportedWritesPending = 0
    /// A commit that failed because the connection was lost: how many changes it carried, and
    /// whether the server may have kept them (the connection broke with no word from the
    /// server, so the COMMIT may have reached it) — said on reconnecting and by the UI.
    var commitLostWithConnection: (changes: Int, uncertain: Bool)?
    /// When the pending changes were first noticed (see ``age(now:)``), or nil when none are pending.
    var pendingSince: Date?

    /// The pending changes of `database`'s session.
    init(database: BrowsedDatabase) { self.database = database }

    /// Rows changed in the session and not yet committed, with the statements counted apart.
    public var count: Int { database.session.pendingChangeCount + schemaChangesPending + unreportedWritesPending }

    /// Forgets the statements counted apart from the session's rows: the transaction ended.
    func forgetStatements() {
        changeLog.end("ended")
        schemaChangesPending = 0
        unreportedWritesPending = 0
    }

    /// How long, in seconds at `now`, changes have been pending in the session's transaction
    /// (since the first of them was noticed), or nil when none are pending. A transaction held
    /// open keeps locks and old row versions on the server: the UI shows its age.
    ///
    /// The start is noted the first time this is asked with changes pending (the run loop asks
    /// after every key) and forgotten once nothing is pending.
    package func age(now: Date = Date()) -> TimeInterval? {
        guard count > 0 else {
            pendingSince = nil
            return nil
        }
        if pendingSince == nil { pendingSince = now }
        return now.timeIntervalSince(pendingSince ?? now)
    }

    /// `45s`, `2m05s`, `1h02m`: an age as the status line shows it.
    package static func ageText(_ seconds: TimeInterval) -> String {
        let s = Int(seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" + String(format: "%02ds", s % 60) }
        return "\(s / 3600)h" + String(format: "%02dm", s % 3600 / 60)
    }

    /// What became of the session's changes with the lost connection, or nil when it had none:
    /// rolled back by the server with it, or — when the connection broke during a commit with
    /// no word from the server — kept or not, which only the server can say.
    package var lostChangesText: String? {
        if let lost = commitLostWithConnection, lost.changes > 0 {
            return lost.uncertain
                ? "the connection broke during the commit of \(Plural.count(lost.changes, "change")): the server kept all of them or none — look before doing them again"
                : "the \(Plural.count(lost.changes, "uncommitted change")) went with the old connection (the commit did not reach the server)"
        }
        let pending = count
        return pending > 0 ? "the \(Plural.count(pending, "uncommitted change")) went with the old connection" : nil
    }
}
