import Amigo

/// `undo`: the last uncommitted write taken back alone, through the savepoint it ran after.
extension Explorer {
    /// Undoes the last write of ``changeLog`` (rolling the session back to the savepoint kept
    /// before it), then brings the models (after DDL), the counts and the current view up to
    /// date. Returns the change undone.
    ///
    /// - Throws: ``ShellError/nothingToUndo(reason:)`` when no write is pending (after a commit:
    ///   what it made permanent); ``ShellError/cannotUndo(change:reason:)`` when the last write
    ///   has no savepoint of its own or its savepoint is gone — nothing is changed then.
    @discardableResult
    public func undoLastChange() throws -> PendingChange {
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
        schemaChangesPending -= last.schemaChanges
        unreportedWritesPending -= last.unreportedWrites
        if !isSQLite && last.schemaChanges > 0 { catalogGeneration += 1 }
        // DDL undone: the models go back to the schema as it is again.
        if schemaVersion() != reflectedSchemaVersion { try reflectAgain(keepingChanges: true); _ = takeNotice() }
        try reloadTables()
        try reloadCurrentView(undoneHere: true)
        return last
    }
}
