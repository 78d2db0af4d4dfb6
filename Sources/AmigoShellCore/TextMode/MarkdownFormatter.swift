import Amigo

/// A GitHub-flavoured Markdown table: a header row, a `|---|` rule, a line a row. A `|` in a
/// value is escaped (`\|`) and a line break becomes `<br>`, so every row stays one table row.
/// NULL is an empty cell; reals have every digit and BLOBs are hex.
package struct MarkdownFormatter: RowFormatter {
    /// A Markdown table formatter.
    package init() {}

    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    public mutating func begin(columns: [String]) -> String {
        Self.line(columns) + Self.line(columns.map { _ in "---" })
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        Self.line(values.enumerated().map { ValueText.raw($1, form: ValueText.form(forms, $0)) ?? "" })
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `| a | b |` and a line break, each cell escaped.
    static func line(_ cells: [String]) -> String {
        "| " + cells.map(cell).joined(separator: " | ") + " |\n"
    }

    /// A cell's text with `|` escaped and line breaks as `<br>`.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r\n", with: "<br>")
            .replacingOccurrences(of: "\n", with: "<br>").replacingOccurrences(of: "\r", with: "<br>")
    }
}
