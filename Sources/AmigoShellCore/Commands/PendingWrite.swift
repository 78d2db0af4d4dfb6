import Amigo

/// A write the shell is about to make (an `insert`, `delete`, `link`, `unlink` or a writing
/// `sql` statement): the exact statements, what the database will also do, and how to run it.
/// The terminal UI shows ``preview`` and asks; text mode runs it at once.
package struct PendingWrite {
    /// The command, for messages (`insert`, `delete` …).
    public let command: String
    /// What it does, in a few words (`delete Artist 1 "AC/DC"`).
    public let title: String
    /// The statements it runs, each with its bound values (`DELETE FROM "Artist" WHERE "ArtistId" = ?  [1]`).
    public let statements: [String]
    /// What the database will also do (rows ON DELETE CASCADE removes …), for a delete.
    package let cascade: CascadePreview?
    /// How many rows it will change, counted by running it and undoing it (a `sql` INSERT,
    /// UPDATE or DELETE in the UI's confirmation), or nil when not counted.
    package var rowsIfRun: Int?
    /// Runs the write (inside a savepoint, by ``Explorer/perform(_:)``); returns what it did.
    let run: () throws -> String
    /// Brings the views up to date after the write (the new row current, the neighbour of a deleted one).
    let settle: () throws -> Void

    /// The statements and what the database will also do, one a line.
    package var preview: String {
        (statements + (cascade?.lines ?? [])).joined(separator: "\n")
    }

    /// A write of `command` titled `title` running `statements`, `run` then `settle`.
    init(command: String, title: String, statements: [String], cascade: CascadePreview?,
         run: @escaping () throws -> String, settle: @escaping () throws -> Void) {
        self.command = command
        self.title = title
        self.statements = statements
        self.cascade = cascade
        self.run = run
        self.settle = settle
    }

    /// A statement and its values as the preview shows them.
    static func text(_ sql: String, _ arguments: [DatabaseValue]) -> String {
        arguments.isEmpty ? sql : sql + "  [" + arguments.map(\.description).joined(separator: ", ") + "]"
    }
}
