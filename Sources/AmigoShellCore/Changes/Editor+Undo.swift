import Amigo
import Foundation

/// `undo`: the last uncommitted write taken back alone, through the savepoint it ran after.
extension Editor {
    /// Undoes the last write of ``changeLog`` (rolling the session back to the savepoint kept
    /// before it), then brings the models (after DDL), the counts and the current view up to
    /// date. Returns the change undone.
    ///
    /// - Throws: ``ShellError/nothingToUndo(reason:)`` when no write is pending (after a commit:
    ///   what it made permanent); ``ShellError/cannotUndo(change:reason:)`` when the last write
    ///   has no savepoint of its own or its savepoint is gone — nothing is changed then.
    @discardableResult
    func undoLastChange() throws -> PendingChange {
        guard let last = changeLog.changes.last else {
            throw ShellError.nothingToUndo(reason: changeLog.lastEnding.map { "the last transaction ended: \($0)" } ?? "no uncommitted change")
        }
        guard let savepoint = last.savepoint else {
            throw ShellError.cannotUndo(change: last.title, reason: "it ran inside the script's BEGIN … COMMIT, with no savepoint of its own; rollback undoes every pending change")
        }
        do {
            try session.rollBack(to: savepoint)
        } catch AmigoError.savepointGone(_, let reason) {
            throw ShellError.cannotUndo(change: last.title, reason: "its savepoint is gone (\(reason))")
        }
        changeLog.removeLast()
        pending.schemaChangesPending -= last.schemaChanges
        pending.unreportedWritesPending -= last.unreportedWrites
        // DDL undone: the models go back to the schema as it is again.
        if watcher.schemaVersion() != watcher.reflectedSchemaVersion { try refresher.reflectAgain(keepingChanges: true); _ = watcher.takeNotice() }
        try tableList.reload()
        try navigator.reloadCurrentView(undoneHere: true)
        return last
    }
}
