import Amigo

/// Mistakes in the shell's own command language.
package enum ShellError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first word is not a command.
    case unknownCommand(String, suggestion: String?)
    /// A command's arguments are missing or malformed; `usage` shows the right form.
    case usage(command: String, usage: String)
    /// The command needs an open table or view.
    case noView(command: String)
    /// The command needs a current row, and the view is empty.
    case noCurrentRow(command: String)
    /// There is nothing to go back to.
    case nothingToGoBack
    /// The demo would be written over a file that exists (`demo/write-demo-db FILE`).
    case demoTargetExists(path: String)
    /// The demo would be mixed into a database that has tables (`tables`: the first few).
    case demoTargetNotEmpty(path: String, tables: [String], total: Int)
    /// Text typed for a number column (`value`, empty when nothing was typed).
    case notANumber(column: String, value: String)
    /// A write `command` broke a constraint (`detail`: which one, with the values that broke it);
    /// it was undone alone, and the session's earlier changes are kept.
    case constraintViolated(command: String, detail: String)
    /// `command` was asked to preview a write but does not write (a caller's mistake, not the user's).
    case notAWrite(command: String)
    /// `sql` was given a statement that writes.
    case notReadOnly
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// A script's transaction statement cannot run (`reason`, in sqlite3's words where it has them).
    case scriptTransaction(reason: String)
    /// The script ended with `count` changes it did not commit: they are rolled back.
    case uncommittedAtEnd(count: Int)
    /// `command` works on SQLite files only.
    case sqliteOnly(command: String)
    /// An export was stopped by the interrupt (Esc, Ctrl-C). A file (`rowsWritten` nil) is as it
    /// was, or still absent; standard output, a pipe, a FIFO or a device got `rowsWritten` whole rows.
    case exportStopped(path: String, rowsWritten: Int?)
    /// A file export could not be written to its end (`reason`: a full disk, an I/O error): its
    /// temporary file was removed, and `path` is as it was, or still absent.
    case exportDiscarded(path: String, reason: String)
    /// Standard output's reader went away (`| head`): a text run ends quietly, as sqlite3's does.
    case outputClosed
    /// `command` would write, and the database is open read-only: `--read-only`, a read-only file, or
    /// `reason`, what the engine found (a PostgreSQL hot standby).
    case readOnlyDatabase(command: String, path: String, reason: String? = nil)
    /// `command` would write to `table` (nil: an SQL statement), which is in `file`, attached
    /// read-only; `mainReadOnly` when the open database is read-only too (then no attach makes it
    /// writable). Nothing was written; the changes pending are kept.
    case attachedReadOnly(command: String, table: String?, file: AttachedFile, mainReadOnly: Bool)
    /// No row of `table` has the key `key` (as typed).
    case noRowWithKey(command: String, table: String, key: String)
    /// A search found nothing: no row `place` (`in Name`, `in any column`) contains `text`.
    case noMatch(command: String, place: String, text: String)
    /// `command` needs a table's rows, and the view is a raw `sql` result; `instead` says what to do.
    case sqlResult(command: String, instead: String)
    /// `command` would change a view's rows (`table` is a view).
    case viewNotEditable(command: String, view: String)
    /// `column` is part of `table`'s primary key, which `command` does not change.
    case keyColumnNotEditable(command: String, column: String, table: String)
    /// `set` on a generated column (`GENERATED ALWAYS AS …`): the database computes its value.
    case generatedColumnNotEditable(command: String, column: String, table: String)
    /// A value typed for `column` cannot be used; `reason` says why and how to write it.
    case badValue(column: String, reason: String)
    /// A write (`insert`, `delete`, `link`, `unlink`, a writing `sql`) was refused before it ran,
    /// or undone: `reason` says why, and what was kept.
    case writeRefused(command: String, reason: String)
    /// A row cannot be found by its key here (no key, the wrong number of key values, a row
    /// outside the view, a failed `get`): `reason` says which.
    case keyLookup(command: String, reason: String)
    /// A search cannot run or ran out of rows to read: `reason` says which.
    case searchFailed(command: String, reason: String)
    /// `=` cannot keep the rows equal to this cell (a BLOB, an infinite real).
    case cannotNarrow(reason: String)
    /// `help` was asked about something that is no command.
    case unknownHelpTopic(String)
    /// A filter typed at the shell used `%@`, `%d`… (placeholders take arguments in Swift code).
    case placeholderInFilter
    /// `command` would write to standard output, which is the screen (the terminal UI).
    case standardOutputIsTheScreen(command: String)
    /// `read FILE` cannot run `path`: `reason` says why (unreadable, or files reading each other too deep).
    case scriptFile(path: String, reason: String)
    /// `import FILE TABLE` cannot read `path`: `reason` says why (missing, a folder, not UTF-8).
    case importFile(path: String, reason: String)
    /// `command` only works in text mode (`-c`, or commands on standard input).
    case textModeOnly(command: String)
    /// `table` is listed but cannot be read (`reason`: an unknown tokenizer, module, collation…).
    case unreadableTable(command: String, table: String, reason: String)
    /// No table or view is called `name`; `suggestion` is the nearest one, if any is near.
    case unknownTable(command: String, name: String, suggestion: String?)
    /// No table or view matches `name` (typed at the table prompt).
    case noSuchTable(String)
    /// The foreign key `column` of the current row is NULL: there is no `target` row to go to.
    case nullLink(column: String, target: String)
    /// `undo` found no uncommitted write to take back (`reason`: none was made, or how the last
    /// transaction ended — a commit cannot be undone).
    case nothingToUndo(reason: String)
    /// A column command (`hide`, `unhide`, `pin`, `width`, a key such as `-`) named no column
    /// of the view (`columns`: the view's columns, to choose from).
    case unknownViewColumn(command: String, column: String, columns: [String])
    /// A column command cannot do what was asked (`reason`: the last visible column cannot be hidden …).
    case columnLayout(command: String, reason: String)
    /// `column PATH` was given a `path` that is not a key of a JSON column of the table (`reason`).
    case jsonColumn(path: String, reason: String)
    /// `undo` cannot take back the last write (`change`): `reason` says why. Nothing was changed.
    case cannotUndo(change: String, reason: String)
    /// The saved-queries file at `path` cannot be read or is malformed (`reason`, with the line):
    /// it is left as it is, and nothing is saved to it until it is fixed.
    case savedQueriesFile(path: String, reason: String)
    /// `run` was given a name no query was saved under (`available`: the saved names).
    case noSavedQuery(name: String, available: [String])
    /// `save` has nothing to save: no command ran yet this session, and none was given.
    case nothingToSave
    /// A copy asked of a pane with nothing in it (`place`: the echo pane).
    case nothingToCopy(place: String)

    public var description: String {
        switch self {
        case .demoTargetExists(let path): return "\(path) already exists; choose a new file name"
        case .demoTargetNotEmpty(let path, let tables, let total):
            return "\(path) already has tables (\(tables.joined(separator: ", "))\(total > tables.count ? ", …" : "")); give an empty database for the demo"
        case .unknownCommand(let word, let suggestion):
            return "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; type help for the list"
        case .usage(let command, let usage): return "\(command): usage: \(usage)"
        case .noView(let command): return "\(command): open a table first (tables lists them)"
        case .noCurrentRow(let command): return "\(command): the view has no rows"
        case .nothingToGoBack: return "nothing to go back to"
        case .notANumber(let column, let value):
            return "\(column) holds numbers: \(value.isEmpty ? "an empty value" : value) is not one (type a number, NULL, or quote text to store it anyway)"
        case .constraintViolated(let command, let detail): return "\(command): \(detail); nothing was changed by it, earlier changes are kept"
        case .notAWrite(let command): return "\(command) does not write"
        case .notReadOnly: return "sql runs read-only statements only (SELECT, PRAGMA, EXPLAIN, WITH …); edit rows with set"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .exportStopped(let path, nil): return "export stopped; nothing written to \(path)"
        case .exportStopped(let path, let rows?):
            return "export stopped after \(Plural.count(rows, "row"))" + (path == "-" ? "" : " to \(path)")
        case .exportDiscarded(let path, let reason): return "cannot write \(path): \(reason); nothing written"
        case .outputClosed: return "standard output was closed by its reader"
        case .sqliteOnly(let command): return "\(command): only for SQLite files (pg_dump writes a PostgreSQL database as SQL)"
        case .scriptTransaction(let reason): return reason
        case .uncommittedAtEnd(let count): return "the input ended with \(count) uncommitted change(s): rolled back (commit keeps changes; a statement outside BEGIN … COMMIT is committed at once)"
        case .readOnlyDatabase(let command, let path, let reason):
            return "\(command): \(path) is open read-only (\(reason ?? "--read-only or a read-only file")); nothing is written"
        case .attachedReadOnly(let command, let table, let file, let mainReadOnly):
            // What to do comes first: a status line cut short still says it.
            let what = table.map { "\($0) is read-only (\(file.name) is attached without rw)" } ?? "\(file.name) is attached read-only (without rw)"
            let how = mainReadOnly ? "the open database is read-only too: open it without --read-only to write \(file.path)"
                : "to write it: detach \(file.name), then attach \(AttachArguments.quoted(file.path)) AS \(file.name) rw"
            return "\(command): \(what); \(how); nothing was written, pending changes are kept"
        case .noRowWithKey(let command, let table, let key): return "\(command): no \(table) row with key \(key)"
        case .nothingToCopy(let place): return "nothing to copy: \(place) is empty"
        case .noMatch(let command, let place, let text): return "\(command): no row \(place) contains '\(text)'"
        case .sqlResult(let command, let instead): return "\(command): a sql result \(instead)"
        case .viewNotEditable(let command, let view): return "\(command): \(view) is a view; its rows cannot be changed"
        case .keyColumnNotEditable(let command, let column, let table): return "\(command): \(column) is part of \(table)'s primary key and cannot be edited"
        case .generatedColumnNotEditable(let command, let column, let table):
            return "\(command): \(column) is a generated column of \(table): the database computes it from the other columns, so it cannot be set"
        case .badValue(let column, let reason): return "\(column): \(reason)"
        case .writeRefused(let command, let reason): return "\(command): \(reason)"
        case .keyLookup(let command, let reason), .searchFailed(let command, let reason): return "\(command): \(reason)"
        case .cannotNarrow(let reason): return "=: \(reason)"
        case .unknownHelpTopic(let topic): return "help: no command \(topic) (help lists them)"
        case .placeholderInFilter: return "filter: %@ and other placeholders take arguments in Swift code; here, write the value itself ('text', 42, nil)"
        case .standardOutputIsTheScreen(let command): return "\(command): standard output is the screen here; give a file name"
        case .scriptFile(let path, let reason): return "read: \(path): \(reason)"
        case .importFile(let path, let reason): return "import: \(path): \(reason)"
        case .textModeOnly(let command): return "\(command): only in text mode (-c, or commands on standard input)"
        case .unreadableTable(let command, let table, let reason): return "\(command): \(table) cannot be read: \(reason)"
        case .unknownTable(let command, let name, let suggestion):
            return "\(command): no table or view '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; tables lists them"
        case .noSuchTable(let name): return "no table or view matches '\(name)'"
        case .nullLink(let column, let target): return "\(column) is NULL: no \(target) to jump to"
        case .nothingToUndo(let reason): return "undo: nothing to undo (\(reason))"
        case .unknownViewColumn(let command, let column, let columns):
            return "\(command): no column '\(column)' in this view (its columns: \(columns.joined(separator: ", ")))"
        case .columnLayout(let command, let reason): return "\(command): \(reason)"
        case .jsonColumn(let path, let reason): return "column \(path): \(reason)"
        case .cannotUndo(let change, let reason): return "undo: cannot undo \(change): \(reason); nothing was changed"
        case .savedQueriesFile(let path, let reason): return "saved queries: \(path): \(reason); the file is left as it is"
        case .noSavedQuery(let name, let available):
            return "run: no query saved as '\(name)'" + (available.isEmpty ? " (none saved: save NAME saves the last command)" : "; saved: " + available.joined(separator: ", "))
        case .nothingToSave: return "save: no command ran yet to save (save NAME COMMAND saves one given)"
        }
    }
}

/// The one place that turns any error into the text the shell shows (status line or stderr).
package enum ErrorText {
    /// A single-line (first line) or multi-line message for `error`.
    package static func describe(_ error: Error) -> String {
        switch error {
        case let e as ShellError: return e.description
        case let e as AmigoError:
            switch e {
            case .database(let db):
                // The code and one-line message (a server's never holds the password), and what it means here.
                guard let explanation = explanation(of: db.kind) else { return db.summary }
                return db.summary + " — " + explanation
            case .fileNotFound(let path):
                return "no such database file: \(path) (--create makes a new one)"
            case .commitRolledBack(let lost, let cause):
                return AmigoError.commitRolledBackPrefix(changesLost: lost) + describe(AmigoError.database(cause))
            default: return e.description
            }
        case let e as FilterError: return e.description
        default: return String(describing: error)
        }
    }

    /// What a database error means for someone at the shell, when its message does not say it
    /// plainly: a lock held elsewhere, why a file is read-only, a foreign key SQLite cannot check.
    static func explanation(of kind: DatabaseError.Kind) -> String? {
        switch kind {
        case .busy, .locked: return "the database is locked by another connection"
        case .readOnly(.fileMoved): return "the database file was moved, replaced or deleted while open; open it again"
        case .readOnly(.directoryNotWritable): return "the folder of the database cannot be written (SQLite keeps its journal beside the file)"
        case .readOnly(.hotJournal): return "the file has an unfinished transaction (a hot journal) that only a writable open can roll back"
        case .readOnly(.walNeedsRecovery): return "the file's write-ahead log needs recovery, which a read-only open cannot do"
        case .readOnly(.walLocked): return "another connection holds the write-ahead log's shared memory read-only"
        case .readOnly(.file): return "the file (or its folder) is read-only"
        case .foreignKeyMismatch:
            return "a foreign key of this file points at columns that are not a key of their table, so SQLite refuses writes that must check it (schema TABLE shows the keys)"
        default: return nil
        }
    }

    /// The first line of ``describe(_:)``, for the status line.
    public static func line(_ error: Error) -> String {
        describe(error).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}
