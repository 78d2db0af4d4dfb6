import Amigo

/// An edit waiting for confirmation: the exact UPDATE and its bound values.
package struct PendingEdit {
    /// The row index in the view.
    public let row: Int
    /// The row.
    package let record: Record
    /// The column.
    public let column: String
    /// The new value.
    public let value: DatabaseValue
    /// The statement.
    public let sql: String
    /// Its arguments.
    public let arguments: [DatabaseValue]

    /// `UPDATE "Artist" SET "Name" = ? WHERE "ArtistId" = ?  ['AC/DC!', 1]`.
    package var preview: String { sql + "  [" + arguments.map(\.description).joined(separator: ", ") + "]" }
}
