import Amigo

/// Where the rows a writing statement returns (`INSERT … RETURNING id`) go: a script writes them
/// as sqlite3 does, in the output mode, as the statement runs.
package struct ReturnedRows {
    /// Called once, before the first returned row, with the result's columns.
    package let columns: ([ResultColumn]) throws -> Void
    /// Called with each returned row, read in place.
    package let row: (StatementRow) throws -> Void

    /// A destination for returned rows.
    package init(columns: @escaping ([ResultColumn]) throws -> Void, row: @escaping (StatementRow) throws -> Void) {
        self.columns = columns
        self.row = row
    }
}
