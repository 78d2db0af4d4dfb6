import Amigo

/// sqlite3's default `.mode list`: the values of a row joined by a separator (`|` unless
/// `.separator` says otherwise), NULL as the `.nullvalue` text (empty by default), a header line
/// of the column names when headers are on. Streams: one row at a time.
///
///     1|Rock
///     2|Jazz
///
/// Reals as SQLite writes them (15 significant digits: ``ValueText/sqlite3Real(_:)``) and BLOBs are hex (sqlite3 writes a BLOB's raw bytes).
package struct ListFormatter: RowFormatter {
    private let header: Bool
    private let separator: String
    private let nullValue: String
    private let rowEnd: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A list formatter; `rowEnd` ends each line (`.mode ascii`: the record separator, 0x1E).
    package init(header: Bool, separator: String = "|", nullValue: String = "", rowEnd: String = "\n") {
        self.header = header
        self.separator = separator
        self.nullValue = nullValue
        self.rowEnd = rowEnd
    }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.joined(separator: separator) + rowEnd : ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        values.enumerated().map { ValueText.sqlite3Text($1, form: ValueText.form(forms, $0)) ?? nullValue }.joined(separator: separator) + rowEnd
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
