/// Why a data file (``DataFile``) could not become a table. Each says which file and, where
/// one is to blame, which line; nothing is created when one is thrown.
package enum DataFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (missing, a directory, no permission): `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The file holds no header line (delimited text) or no object (JSON).
    case empty(path: String)
    /// A record (starting on `line`) has more fields than the header names columns.
    case tooManyFields(path: String, line: Int, fields: Int, columns: Int)
    /// A quoted field starting in the record on `line` is still open at the end of the file.
    case unclosedQuote(path: String, line: Int)
    /// The file has more columns than the database allows in a table.
    case tooManyColumns(path: String, columns: Int, limit: Int)
    /// The JSON is well formed but not an array of objects (or, one a line, not an object on
    /// `line`): `found` says what it is instead.
    case notObjects(path: String, line: Int, found: String)
    /// The JSON is not well formed at `line`.
    case invalidJSON(path: String, line: Int, reason: String)
    /// The database already has a table (or view) of that name.
    case tableExists(table: String, database: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .empty(let path):
            return "\(path) is empty: there is no header line or object to make a table of"
        case .tooManyFields(let path, let line, let fields, let columns):
            return "\(path) line \(line): \(fields) fields, but the header names \(columns) columns"
        case .unclosedQuote(let path, let line):
            return "\(path) line \(line): a quoted field is not closed before the end of the file"
        case .tooManyColumns(let path, let columns, let limit):
            return "\(path) has \(columns) columns; a SQLite table holds at most \(limit)"
        case .notObjects(let path, let line, let found):
            return "\(path) line \(line): expected an array of objects (or one object a line), found \(found)"
        case .invalidJSON(let path, let line, let reason):
            return "\(path) line \(line): not valid JSON: \(reason)"
        case .tableExists(let table, let database):
            return "\(database) already has a table named \(table); nothing was imported"
        }
    }
}
