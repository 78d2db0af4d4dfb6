import CSQLite
import Foundation

/// What sqlite3's shell reports about its connection — `.databases`, `.indexes` and `.changes` —
/// read from SQLite as sqlite3 reads it, so that a script's output is the same.
extension SQLiteEngine {
    /// One database of the connection, as sqlite3's `.databases` lists it.
    public struct DatabaseListing: Sendable, Equatable {
        /// The schema name: `main`, `temp` or an attached file's.
        public let name: String
        /// The file as SQLite resolved it; empty for a database in memory.
        public let path: String
        /// Whether the database is read-only.
        public let isReadOnly: Bool
        /// The transaction open on it: none, a read or a write.
        public let transaction: TransactionState

        /// `name: path r/w` (with ` write-txn` while a write transaction is open), as sqlite3
        /// writes it; an in-memory database's path is `""`. A read transaction is not named: the
        /// shell holds one of its own while a command runs, which sqlite3 would not have.
        public var sqlite3Line: String {
            "\(name): \(path.isEmpty ? "\"\"" : path) \(isReadOnly ? "r/o" : "r/w")" + transaction.sqlite3Suffix
        }
    }

    /// The transaction state of one database (`sqlite3_txn_state`).
    public enum TransactionState: Sendable, Equatable {
        /// No transaction.
        case none
        /// A read transaction.
        case read
        /// A write transaction.
        case write

        var sqlite3Suffix: String {
            self == .write ? " write-txn" : ""
        }
    }

    /// The connection's databases in `PRAGMA database_list` order (sqlite3's `.databases`).
    public func databaseListings() throws -> [DatabaseListing] {
        var names: [(String, String)] = []
        try fetch("PRAGMA database_list", []) { row in names.append((row.string(at: 1), row.string(at: 2))); return true }
        return names.map { name, path in
            DatabaseListing(name: name, path: path, isReadOnly: isReadOnly(schema: name), transaction: transactionState(schema: name))
        }
    }

    /// The names of the indexes (SQLite's own `sqlite_autoindex_…` too) on the tables whose
    /// names match the `LIKE` pattern `tablesLike` (bound; every table when nil), in the main
    /// file, the temporary schema and each attached file (named `schema.index` there), sorted
    /// as sqlite3's `.indexes` sorts them.
    public func indexNames(tablesLike pattern: String?) throws -> [String] {
        var schemas: [String] = []
        try fetch("PRAGMA database_list", []) { row in schemas.append(row.string(at: 1)); return true }
        var names: [String] = []
        for schema in schemas {
            let catalog = schema == "temp" ? "sqlite_temp_schema" : dialect.quote(schema) + ".sqlite_schema"
            let prefix = schema == "main" || schema == "temp" ? "" : schema + "."
            try fetch("SELECT name FROM \(catalog) WHERE type = 'index' AND tbl_name LIKE ?", [.text(pattern ?? "%")]) { row in
                names.append(prefix + row.string(at: 0))
                return true
            }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The transaction open on the database attached as `schema` (`sqlite3_txn_state`).
    public func transactionState(schema: String) -> TransactionState {
        withConnectionHandle { handle in
            switch sqlite3_txn_state(handle, schema) {
            case SQLITE_TXN_WRITE: return .write
            case SQLITE_TXN_READ: return .read
            default: return .none
            }
        }
    }

    /// The rows the last statement changed and the rows changed since the connection opened
    /// (`sqlite3_changes64`, `sqlite3_total_changes64`), as sqlite3's `.changes on` writes them.
    public func changeCounts() -> (last: Int, total: Int) {
        withConnectionHandle { (Int(sqlite3_changes64($0)), Int(sqlite3_total_changes64($0))) }
    }
}

extension SQLiteEngine {
    /// One row of `EXPLAIN QUERY PLAN`: the step's id, its parent's, and SQLite's words for it.
    public struct QueryPlanRow: Sendable, Equatable {
        /// The step's id.
        public let id: Int64
        /// The id of the step it is under (0 at the top).
        public let parent: Int64
        /// SQLite's words (`SCAN t`, `SEARCH t USING INDEX …`).
        public let detail: String
    }

    /// The rows of `EXPLAIN QUERY PLAN` for the statement `sql` (sqlite3's `.eqp on`), which is
    /// explained, never run. A statement with parameters needs the parameter table
    /// (``setParameterTable(_:)``), as when it runs. Empty for a statement SQLite has no plan
    /// steps for (a `CREATE`, a `PRAGMA`).
    ///
    /// - Throws: what preparing `sql` throws (one statement only, as ``Engine/fetch(_:_:_:)``).
    public func queryPlanRows(of sql: String) throws -> [QueryPlanRow] {
        var rows: [QueryPlanRow] = []
        try fetch("EXPLAIN QUERY PLAN " + sql, []) { row in
            rows.append(QueryPlanRow(id: row.int64(at: 0), parent: row.int64(at: 1), detail: row.string(at: 3)))
            return true
        }
        return rows
    }
}
