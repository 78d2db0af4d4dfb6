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
    /// The requested operation is not valid in this state (message explains).
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

    /// What ``commitRolledBack(changesLost:cause:)`` puts before its cause's message, so that a
    /// line cut short still says it: `commit refused, 2 changes lost (the transaction was rolled back): `.
    package static func commitRolledBackPrefix(changesLost lost: Int) -> String {
        "commit refused, " + (lost == 1 ? "1 change" : "\(lost) changes") + " lost (the transaction was rolled back): "
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
        case .invalidOperation(let message): return message
        case .partialValue(let model, let column, let operation):
            return "cannot \(operation) this \(model) row: it holds only the first part of \(column) (read the row again by key)"
        case .commitRolledBack(let lost, let cause):
            return AmigoError.commitRolledBackPrefix(changesLost: lost) + cause.description
        case .savepointGone(let name, let reason):
            return "savepoint \(name) is gone (\(reason)); nothing was changed"
        }
    }
}
