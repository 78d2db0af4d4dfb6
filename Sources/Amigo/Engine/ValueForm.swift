/// What a result column's values are beyond their storage class: how an output (CSV, JSON,
/// text, the grid) writes them so that they read back as the engine's own tools write them.
///
/// A ``DatabaseValue`` says how a value is stored (SQLite's five classes); the form says what the
/// column means. SQLite's columns are all ``plain`` (its output is as it always was); PostgreSQL
/// gives each column the form of its type (`boolean`, `numeric`, `float8`, `bytea`, `json`), so
/// that every row of a column is written the same way whatever its value.
public enum ValueForm: String, Sendable, Hashable, CaseIterable {
    /// As the storage class says: integers and reals as numbers, text as text, BLOBs as hex.
    case plain
    /// A boolean stored as 1 and 0, written `true` and `false` (a JSON boolean in JSON).
    case boolean
    /// An exact decimal kept as the server's text (`100.00`, `NaN`): a number — right-aligned,
    /// written as its text, in JSON a number when the text is a JSON number (else a string).
    case decimal
    /// A floating-point number whose special values are written `NaN`, `Infinity` and `-Infinity`
    /// (in JSON, as strings).
    case floatingPoint
    /// Bytes written `\x` and lowercase hex (`\x0aff`), as PostgreSQL writes `bytea`.
    case escapedHex
    /// JSON text, nested as it is in JSON output.
    case json

    /// Whether the column holds numbers (right-aligned where columns are aligned).
    public var isNumber: Bool { self == .decimal || self == .floatingPoint }
}
