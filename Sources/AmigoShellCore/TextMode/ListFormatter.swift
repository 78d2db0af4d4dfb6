import Amigo

/// sqlite3's default `.mode list`: the values of a row joined by a separator (`|` unless
/// `.separator` says otherwise), NULL as the `.nullvalue` text (empty by default), a header line
/// of the column names when headers are on. Streams: one row at a time.
///
///     1|Rock
///     2|Jazz
///
/// Reals have every digit and BLOBs are hex (sqlite3 writes a BLOB's raw bytes).
package struct ListFormatter: RowFormatter {
    private let header: Bool
    private let separator: String
    private let nullValue: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A list formatter.
    package init(header: Bool, separator: String = "|", nullValue: String = "") {
        self.header = header
        self.separator = separator
        self.nullValue = nullValue
    }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.joined(separator: separator) + "\n" : ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        values.enumerated().map { ValueText.raw($1, form: ValueText.form(forms, $0)) ?? nullValue }.joined(separator: separator) + "\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
