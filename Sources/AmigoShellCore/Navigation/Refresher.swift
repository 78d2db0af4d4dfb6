// Refresher: reading again what changed elsewhere, and reflecting the schema again.

import Amigo

/// Brings what the explorer shows up to date with the database: the table counts and the
/// current view read again after another program's commit, and the models reflected again (the
/// navigation rebuilt on them) when the schema changed.
struct Refresher {
    /// The database whose models are reflected again.
    let database: BrowsedDatabase
    /// The session's pending changes (while there are some, other programs' changes are not looked for).
    let pending: PendingTransaction
    /// Says what changed, and takes the notices.
    let watcher: ChangeWatcher
    /// The tables list, read again.
    let tableList: TableList
    /// The views, read again or rebuilt.
    let navigator: Navigator

    /// Reads the table counts and the current view again (keeping its filter, order and
    /// position): after another program changed the file, or on request. When the schema itself
    /// changed (a table added, altered or dropped), the models are reflected again first.
    func refresh() throws {
        if pending.count == 0, watcher.schemaChangedSinceReflection { try reflectAgain() }
        try tableList.reload()
        try navigator.reloadCurrentView()
    }

    /// Reflects the file's models again on the same engine, with a new session, and rebuilds the
    /// navigation on the new models (``Navigator/rebuild(_:)``). What was lost is said in a notice.
    ///
    /// With `keepingChanges` (after DDL the user ran inside the session), the open transaction
    /// and its pending changes are handed to the new models' session instead of being closed.
    func reflectAgain(keepingChanges: Bool = false) throws {
        let oldStacks = navigator.earlierStacks + [navigator.stack]
        try database.reflectAgain(keepingChanges: keepingChanges)
        watcher.noteReflected()
        try tableList.reload()
        let lost = navigator.rebuild(oldStacks)
        if keepingChanges {
            // The user's own DDL: only what it took away is worth a notice.
            if !lost.isEmpty { watcher.notice = lost.joined(separator: "; ") }
            return
        }
        let note = "the schema was changed by another program" + (lost.isEmpty ? "" : ": " + lost.joined(separator: "; "))
        watcher.notice = watcher.notice.map { note + "; " + $0 } ?? note
    }

    /// ``refresh()`` when another program committed changes since the last read (and this
    /// session has none pending). Returns whether it refreshed; false also when the file could
    /// not be read (see ``refreshIfChangedElsewhereOrFail()``).
    @discardableResult
    func refreshIfChangedElsewhere() -> Bool {
        (try? refreshIfChangedElsewhereOrFail()) ?? false
    }

    /// ``refreshIfChangedElsewhere()``, throwing when the check or the refresh cannot read the
    /// file (locked by another program), so that a caller never shows what it read before as
    /// current.
    @discardableResult
    func refreshIfChangedElsewhereOrFail() throws -> Bool {
        if watcher.noticeReplacement() { return true }
        guard try watcher.changedElsewhereWhileIdle() else { return false }
        try refresh()
        return true
    }
}
