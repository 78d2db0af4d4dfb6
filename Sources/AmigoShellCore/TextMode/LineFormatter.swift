import Amigo

/// One `column = value` line per column, names right-aligned (in five columns at least), a blank
/// line between rows, as sqlite3's `.mode line` writes them:
///
///     ArtistId = 1
///         Name = AC/DC
///
///        id = 1
///
/// NULL is empty (sqlite3's default `.nullvalue`); reals as SQLite writes them (15 significant digits) and BLOBs are hex.
package struct LineFormatter: RowFormatter {
    private var names: [String] = []
    private var count = 0
    private let nullValue: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A line formatter; NULL is written as `nullValue` (sqlite3's `.nullvalue`).
    package init(nullValue: String = "") { self.nullValue = nullValue }

    public mutating func begin(columns: [String]) -> String {
        // sqlite3 right-aligns the names in at least five columns.
        let width = max(5, columns.map { DisplayWidth.of($0) }.max() ?? 0)
        names = columns.map { String(repeating: " ", count: width - DisplayWidth.of($0)) + $0 }
        return ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        defer { count += 1 }
        let lines = zip(names, values).enumerated().map { index, pair in
            pair.0 + " = " + (ValueText.sqlite3Text(pair.1, form: ValueText.form(forms, index)) ?? nullValue) + "\n"
        }
        return (count == 0 ? "" : "\n") + lines.joined()
    }

    public mutating func end(rowCount: Int) -> String { "" }
}
