import Amigo

/// One uncommitted write of the session, as `changes` lists it: what it was, its exact
/// statements with their bound values, what it did, the rows it changed and its cascade.
package struct PendingChange {
    /// Its place in the log, from 1.
    public let number: Int
    /// The command that made it (`set`, `insert`, `delete`, `link`, `unlink`, `sql`, `update`).
    public let command: String
    /// What it did to which rows, in a few words (`delete Artist 1 "AC/DC"`, `set Name of Genre 1 "Rock"`).
    public let title: String
    /// Its statements, each with its bound values (`UPDATE "Genre" SET "Name" = ? WHERE "GenreId" = ?  ['x', 1]`).
    public let statements: [String]
    /// What it reported (`deleted Artist 1 "AC/DC"; also 10 rows of Album deleted`).
    package let summary: String
    /// The rows it inserted, updated or deleted (as the database counted them).
    public let rows: Int
    /// What foreign keys also did (a delete's ON DELETE CASCADE and SET NULL), if anything.
    package let cascade: CascadePreview?
    /// Schema changes it made (DDL), which undoing it takes back.
    let schemaChanges: Int
    /// Writes it made that report no rows (TRUNCATE, a DO block).
    let unreportedWrites: Int
    /// The savepoint it runs after, kept open so that undoing it rolls back to it; nil for a
    /// statement of a script's own BEGIN … COMMIT, which cannot be undone alone.
    let savepoint: KeptSavepoint?

    /// `3. delete Artist 1 "AC/DC" — 1 row`, then its statements and cascade, indented.
    public var lines: [String] {
        var lines = ["\(number). \(title) — \(Plural.count(rows, "row"))" + (schemaChanges > 0 ? ", schema changed" : "")
                     + (savepoint == nil ? " (inside the script's transaction: not undoable alone)" : "")]
        lines += statements.map { "   " + $0 }
        lines += (cascade?.lines ?? []).map { "   " + $0 }
        if !summary.isEmpty { lines.append("   → " + summary) }
        return lines
    }
}

/// The session's uncommitted writes, in the order they ran: `changes` lists them, `undo` takes
/// back the last (each keeps the savepoint it ran after), and the status line counts them. The
/// log is emptied when the transaction ends (commit, rollback, a lost connection).
package final class PendingChangeLog {
    /// The writes, oldest first.
    package private(set) var changes: [PendingChange] = []
    /// How the last transaction ended with changes in it (`committed 3 changes`), said by an
    /// `undo` with nothing left to undo; nil once a new change is logged.
    package private(set) var lastEnding: String?

    /// An empty log.
    package init() {}

    /// The rows all pending writes changed.
    package var rowCount: Int { changes.reduce(0) { $0 + $1.rows } }

    /// Whether no write is pending.
    public var isEmpty: Bool { changes.isEmpty }

    /// Adds a write that just ran.
    func append(command: String, title: String, statements: [String], summary: String, rows: Int, cascade: CascadePreview?,
                schemaChanges: Int, unreportedWrites: Int, savepoint: KeptSavepoint?) {
        lastEnding = nil
        changes.append(PendingChange(number: changes.count + 1, command: command, title: title, statements: statements, summary: summary,
                                     rows: rows, cascade: cascade, schemaChanges: schemaChanges, unreportedWrites: unreportedWrites,
                                     savepoint: savepoint))
    }

    /// Forgets the last write (it was undone).
    func removeLast() { _ = changes.popLast() }

    /// Forgets every write: the transaction ended as `ending` says (`committed`, `rolled back`).
    func end(_ ending: String) {
        if !changes.isEmpty { lastEnding = "\(ending) \(Plural.count(changes.count, "change")) (\(Plural.count(rowCount, "row")))" }
        changes.removeAll()
    }

    /// The list `changes` prints: a line per write with its statements and cascade under it.
    package var listing: String {
        guard !changes.isEmpty else {
            return "no uncommitted changes" + (lastEnding.map { " (last: \($0))" } ?? "")
        }
        let head = "\(Plural.count(changes.count, "uncommitted change")), \(Plural.count(rowCount, "row")) (undo takes back the last; commit keeps them; rollback undoes all):"
        return ([head] + changes.flatMap(\.lines)).joined(separator: "\n")
    }

    /// `3 changes, 1297 rows`, for the status line.
    package var statusText: String { "\(Plural.count(changes.count, "change")), \(Plural.count(rowCount, "row"))" }
}
