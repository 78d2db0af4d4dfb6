import Foundation

/// Every error the Amigo library throws, with the context needed to explain it.
///
/// SQLite's own failures arrive as ``database(_:)``; mistakes in filters as ``filter(_:)``;
/// the other cases name the model, column, relationship or file involved.
public enum AmigoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite reported an error (constraint violation, busy, read-only, syntax, …).
    case database(DatabaseError)
    /// A filter string could not be parsed.
    case filter(FilterError)
    /// A filter or order refers to something that does not exist or cannot be used there.
    case invalidFilter(message: String, input: String, position: Int, token: String)
    /// No model is registered under that name or type.
    case unknownModel(String)
    /// The model has no such column.
    case unknownColumn(column: String, model: String)
    /// The model has no such relationship.
    case unknownRelationship(relationship: String, model: String, available: [String])
    /// A model's declaration is inconsistent (named models and the problem).
    case mapping(String)
    /// The operation needs a primary key the model or row lacks.
    case missingPrimaryKey(model: String, operation: String)
    /// A many-to-many relationship with a through model is changed by adding or deleting through-model rows.
    case relationshipManagedThroughModel(relationship: String, throughModel: String)
    /// The object's type is not the one the relationship or query expects.
    case typeMismatch(expected: String, actual: String)
    /// A value cannot be converted to the column's type.
    case invalidValue(value: String, column: String, reason: String)
    /// The number of `%@` placeholders and the arguments passed do not match.
    case argumentCountMismatch(expected: Int, actual: Int, filter: String)
    /// The database file does not exist (and was not to be created).
    case fileNotFound(path: String)
    /// The file exists but is not a SQLite database, or is corrupt.
    case notADatabase(path: String, message: String)
    /// The file is a database, but an entry of its schema does not parse (see
    /// ``OpenOptions/readsDamagedSchema``).
    case damagedSchema(path: String, message: String)
    /// The database could not be opened.
    case cannotOpen(path: String, message: String)
    /// A write was attempted on a database opened read-only.
    case readOnly(path: String, operation: String)
    /// The session was closed and cannot be used.
    case sessionClosed
    /// Another thread's session kept the engine (the database at `path`) for longer than the
    /// engine's ``TransactionGate/timeout`` (`waited`, in seconds): an engine runs one session at
    /// a time, so a session created meanwhile waits for the owner to close, then gives up.
    case sessionBusy(path: String, waited: Double)
    /// A session is already open on this engine (the database at `path`) on the calling thread:
    /// a second one could only wait for the first forever. Close the first session, or nest work
    /// inside it with ``Session/savepoint(_:)``.
    case sessionAlreadyOpen(path: String)
    /// `relationship(_:)` was called on a query without an owner: call `using(object)` first.
    case relationshipNeedsOwner(relationship: String)
    /// `using(object)` (an `owner` row of that model) was called without naming a relationship.
    case ownerNeedsRelationship(owner: String)
    /// The operation (`preview`) needs a many-to-many relationship, and `relationship` of `model`
    /// is of another `kind`: it has no junction row.
    case notAJunction(relationship: String, model: String, kind: String, operation: String)
    /// `selectRelated` was given a to-many relationship (of that `kind`): only to-one ones are joined.
    case toManyNotJoinable(relationship: String, model: String, kind: String)
    /// A path that must name a column (`values(_:)`, `…@count` aside) names something else.
    case notAColumn(path: String, model: String)
    /// A key lookup got `values` values for a primary key of `keyColumns` columns.
    case keyCountMismatch(model: String, keyColumns: Int, values: Int)
    /// An update found no row with the object's key (deleted elsewhere, or never inserted).
    case noRowToUpdate(model: String, key: [DatabaseValue])
    /// An UPDATE statement was asked for with no column to set.
    case emptyUpdate(model: String)
    /// A write (`operation`: `add rows`, `delete rows`, …) on a view, whose rows are read-only.
    case viewNotWritable(view: String, operation: String)
    /// The operation needs the query to come from a session (`session.query(…)`).
    case needsSession(operation: String)
    /// ``Session/changesIfRun(_:_:)`` was given a statement that is not an INSERT, UPDATE or
    /// DELETE (`keyword` is its first word): only those are run and undone to be counted.
    case notCountable(keyword: String)
    /// Several statements were given where one is run (`sql` is the whole text).
    case multipleStatements(sql: String)
    /// ``Session/importRows(into:header:rows:)`` creating `table` got a header without a name for every column.
    case importHeaderIncomplete(table: String)
    /// An imported row (`row`, counted from 1) has more `values` than `table` has `columns`.
    case importRowTooLong(table: String, row: Int, values: Int, columns: Int)
    /// The same unsaved object of `model` was added to one batch twice (both rows would be the same).
    case objectAddedTwice(model: String)
    /// A session was handed from the engine at `from` to models on another engine (`to`).
    case handOverToOtherEngine(from: String, to: String)
    /// A transaction-control statement (`keyword`: BEGIN, COMMIT, …) was run inside a session;
    /// the session's own commit, rollback, close and savepoint do that.
    case transactionControlInSession(keyword: String)
    /// `count` changes are pending, and `operation` runs outside a transaction: commit or roll back first.
    case changesPending(count: Int, operation: String)
    /// The operation (`migrate`, `syncSchema`) runs its own transactions and found one open on the engine.
    case transactionOpen(operation: String)
    /// The transaction had already been rolled back by the database when the session committed
    /// (after an error, or with a lost connection): its `changesLost` changes are gone, a new
    /// transaction is open.
    case rolledBackBeforeCommit(changesLost: Int)
    /// A statement run through the session ended its transaction: `changesLost` changes are
    /// gone, a new transaction is open.
    case statementEndedTransaction(changesLost: Int)
    /// A migration step's version is not positive (it could never be above the file's version).
    case invalidMigrationVersion(version: Int, name: String)
    /// Rebuilding tables to synchronise the schema left `count` foreign-key violations; nothing was changed.
    case foreignKeyViolationsAfterRebuild(count: Int)
    /// A trigger on `table` could not be created again on its rebuilt table (`reason` is the
    /// database's error); nothing was changed.
    case triggerNotRecreated(trigger: String, table: String, reason: String)
    /// The engine's SQL dialect (`dialect`: `SQLite`, `PostgreSQL`) does not do `operation` in
    /// place; a migration can do it instead.
    case unsupportedOnDialect(operation: String, dialect: String)
    /// The requested operation is not valid in this state (the message explains). The library no
    /// longer throws it: every one of its errors is a case above with its context.
    @available(*, deprecated, message: "throw or match one of the typed cases")
    case invalidOperation(String)
    /// A write would store a value the record holds only a prefix of (it was read by a query
    /// with ``Query/prefixingValues(to:except:)``): read the row again by key first.
    case partialValue(model: String, column: String, operation: String)
    /// COMMIT failed and the database ended the transaction (PostgreSQL does, for a deferred
    /// constraint or a serialization failure): its `changesLost` changes are gone, nothing of
    /// them is kept; `cause` is the database's error. The session has begun its next transaction.
    case commitRolledBack(changesLost: Int, cause: DatabaseError)
    /// ``Session/rollBack(to:)`` was given a savepoint that is no longer open (`name`): its
    /// transaction was committed or rolled back, it was rolled back to already, or the database
    /// dropped it (`reason`). Nothing was changed.
    case savepointGone(name: String, reason: String)
    /// Attaching the database file at `path` under `name` was refused before anything ran:
    /// `reason` says why (the name is taken or not a plain name, the file is missing).
    case cannotAttach(path: String, name: String, reason: String)
    /// Detaching `name`, which names no attached file (`attached` lists those that are).
    case notAttached(name: String, attached: [String])
    /// Attaching or detaching a file on an engine that has no such thing (PostgreSQL, named
    /// `dialect`): its other databases are reached by another connection.
    case attachUnsupported(dialect: String)
    /// A filter read a key inside `column` of `model` (`json(body).city`) where a row holds
    /// text that is not JSON — on a PostgreSQL server older than 16, whose casts to `jsonb` fail
    /// at such a row (SQLite, and PostgreSQL 16 on, read no value there: the row does not match).
    /// `row` is the first such row's key (`id 3`) when it was found; `detail` the server's words.
    case invalidJSON(model: String, column: String, row: String?, detail: String)

    /// What ``commitRolledBack(changesLost:cause:)`` puts before its cause's message, so that a
    /// line cut short still says it: `commit refused, 2 changes lost (the transaction was rolled back): `.
    package static func commitRolledBackPrefix(changesLost lost: Int) -> String {
        "commit refused, " + (lost == 1 ? "1 change" : "\(lost) changes") + " lost (the transaction was rolled back): "
    }

    /// The name ``unsupportedOnDialect(operation:dialect:)`` gives `dialect`: `SQLite`, `PostgreSQL`.
    static func dialectName(_ dialect: any SQLDialect) -> String {
        let type = String(describing: Swift.type(of: dialect))
        if type.hasPrefix("Postgres") { return "PostgreSQL" }
        return type.hasSuffix("Dialect") ? String(type.dropLast("Dialect".count)) : type
    }

    public var description: String {
        switch self {
        case .database(let e): return e.description
        case .filter(let e): return e.description
        case .invalidFilter(let message, let input, let position, let token):
            let caret = String(repeating: " ", count: max(0, position)) + "^"
            return "filter error at column \(position + 1) near '\(token)': \(message)\n\(input)\n\(caret)"
        case .unknownModel(let name): return "unknown model or table '\(name)'"
        case .unknownColumn(let column, let model): return "unknown column '\(column)' in \(model)"
        case .unknownRelationship(let name, let model, let available):
            let list = available.isEmpty ? "it has none" : "available: " + available.joined(separator: ", ")
            return "unknown relationship '\(name)' on \(model) (\(list))"
        case .mapping(let message): return "mapping error: \(message)"
        case .missingPrimaryKey(let model, let operation): return "cannot \(operation) a \(model) without a primary key value"
        case .relationshipManagedThroughModel(let relationship, let through):
            return "relationship '\(relationship)' is managed through \(through): add or delete \(through) rows instead"
        case .typeMismatch(let expected, let actual): return "expected \(expected), got \(actual)"
        case .invalidValue(let value, let column, let reason): return "invalid value \(value) for \(column): \(reason)"
        case .argumentCountMismatch(let expected, let actual, let filter):
            return "filter '\(filter)' has \(expected) placeholder(s) but \(actual) argument(s) were passed"
        case .fileNotFound(let path): return "no such database file: \(path)"
        case .notADatabase(let path, let message): return "\(path) is not a usable SQLite database: \(message)"
        case .damagedSchema(let path, let message): return "the schema of \(path) is damaged: \(message)"
        case .cannotOpen(let path, let message): return "cannot open \(path): \(message)"
        case .readOnly(let path, let operation): return "cannot \(operation): \(path) is open read-only"
        case .sessionClosed: return "the session is closed"
        case .sessionBusy(let path, let waited):
            return "another thread's session kept \(path) for more than \(String(format: "%g", waited)) s: "
                + "close sessions when their work is done, or raise engine.sessionWaitTimeout"
        case .sessionAlreadyOpen(let path):
            return "a session is already open on \(path) on this thread: close it first, or nest work in it with session.savepoint { }"
        case .relationshipNeedsOwner(let relationship):
            return "relationship(\"\(relationship)\") needs an owner: call using(object) first"
        case .ownerNeedsRelationship(let owner):
            return "using(object) needs a relationship name: call relationship(_:) with one of \(owner)'s relationships"
        case .notAJunction(let relationship, let model, let kind, let operation):
            return "\(model).\(relationship) is \(kind), not many-to-many: no junction row to \(operation)"
        case .toManyNotJoinable(let relationship, _, let kind):
            return "selectRelated(\"\(relationship)\"): only to-one relationships can be joined; query a \(kind) relationship with using(row).relationship(\"\(relationship)\")"
        case .notAColumn(let path, let model): return "'\(path)' is not a column of \(model)"
        case .keyCountMismatch(let model, let keyColumns, let values):
            return "\(model) has a primary key of \(keyColumns) column(s); \(values) value(s) given"
        case .noRowToUpdate(let model, let key):
            return "no \(model) row with key \(key.map(\.description).joined(separator: ", ")) to update (deleted elsewhere?)"
        case .emptyUpdate(let model): return "an UPDATE of \(model) needs at least one column to set"
        case .viewNotWritable(let view, let operation): return "cannot \(operation): \(view) is a view, its rows are read-only"
        case .needsSession(let operation): return "\(operation) needs a session: make the query with session.query(…)"
        case .notCountable(let keyword):
            return "only an INSERT, UPDATE or DELETE is counted by running it and undoing it" + (keyword.isEmpty ? "" : " (not \(keyword))")
        case .multipleStatements: return "only one statement may be run at a time"
        case .importHeaderIncomplete(let table): return "import: the first row must name every column of the new table \(table)"
        case .importRowTooLong(let table, let row, let values, let columns):
            return "import: row \(row) has \(values) values; \(table) has \(columns) columns"
        case .objectAddedTwice(let model):
            return "the same new \(model) object was added to this batch twice; a batch reads each object's values when it runs, "
                + "so both rows would be the same — add a separate object for each row"
        case .handOverToOtherEngine(let from, let to):
            return "a session can only be handed to models on the same engine (\(from), not \(to))"
        case .transactionControlInSession(let keyword):
            return "\(keyword) cannot run inside a session: use session.commit(), session.rollback() or session.close(), and session.savepoint { } to nest"
        case .changesPending(let count, let operation):
            return "\(count) pending change(s): commit or roll back before \(operation)"
        case .transactionOpen(let operation):
            return "\(operation): commit or close open sessions first (it cannot run inside an open transaction)"
        case .rolledBackBeforeCommit(let lost):
            return "commit: the transaction had already been rolled back by the database (after an error, or with a lost connection); \(lost) pending change(s) are lost"
        case .statementEndedTransaction(let lost):
            return "the statement ended the session's transaction: \(lost) pending change(s) are lost; a new transaction is open"
        case .invalidMigrationVersion(let version, let name):
            return "migration versions must be positive: step \(version) '\(name)'"
        case .foreignKeyViolationsAfterRebuild(let count):
            return "syncSchema: \(count) foreign-key violation(s) after rebuilding; nothing was changed"
        case .triggerNotRecreated(let trigger, let table, let reason):
            return "syncSchema: the trigger \(trigger) on \(table) cannot be created again on the new table (\(reason)); nothing was changed"
        case .unsupportedOnDialect(let operation, let dialect):
            return "\(operation) is not done in place on \(dialect); write a migration for it"
        case .invalidOperation(let message): return message
        case .partialValue(let model, let column, let operation):
            return "cannot \(operation) this \(model) row: it holds only the first part of \(column) (read the row again by key)"
        case .commitRolledBack(let lost, let cause):
            return AmigoError.commitRolledBackPrefix(changesLost: lost) + cause.description
        case .savepointGone(let name, let reason):
            return "savepoint \(name) is gone (\(reason)); nothing was changed"
        case .cannotAttach(let path, let name, let reason):
            return "cannot attach \(path) as \(name): \(reason)"
        case .notAttached(let name, let attached):
            return "no file is attached as \(name)" + (attached.isEmpty ? " (none is attached)" : " (attached: \(attached.joined(separator: ", ")))")
        case .invalidJSON(let model, let column, let row, let detail):
            return "\(model).\(column) holds text that is not JSON" + (row.map { " (first at \($0))" } ?? "")
                + ": json(\(column)) cannot read it on this server (PostgreSQL 16 on, and SQLite, skip such rows); \(detail)"
        case .attachUnsupported(let dialect):
            return "\(dialect) has no attached database files: open another database in its own amigo-shell"
        }
    }
}
