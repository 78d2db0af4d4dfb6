import Amigo

/// sqlite3's `.mode html`: each row a `<TR>` of `<TD>` cells, one cell a line, the text
/// escaped (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&#39;`); with headers on, a first row of `<TH>`
/// names. No `<TABLE>` around it, as sqlite3 writes none. NULL is the `.nullvalue` text.
///
///     <TR><TD>1</TD>
///     <TD>AC/DC</TD>
///     </TR>
package struct HTMLFormatter: RowFormatter {
    private let header: Bool
    private let nullValue: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// An HTML formatter; `header` writes the names first; NULL is written as `nullValue`.
    package init(header: Bool, nullValue: String = "") {
        self.header = header
        self.nullValue = nullValue
    }

    public mutating func begin(columns: [String]) -> String {
        header ? Self.row(columns, tag: "TH") : ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        Self.row(values.enumerated().map { ValueText.sqlite3Text($1, form: ValueText.form(forms, $0)) ?? nullValue }, tag: "TD")
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `<TR><TAG>a</TAG>` and one `<TAG>…</TAG>` a line after it, then `</TR>`.
    static func row(_ cells: [String], tag: String) -> String {
        "<TR>" + cells.map { "<\(tag)>" + escaped($0) + "</\(tag)>\n" }.joined() + "</TR>\n"
    }

    /// `text` with the five characters HTML gives a meaning escaped, as sqlite3 escapes them.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
