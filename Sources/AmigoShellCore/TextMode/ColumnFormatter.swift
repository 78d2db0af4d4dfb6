import Amigo

/// sqlite3's `.mode column`, `.mode box` and `.mode markdown`: every row read first (as sqlite3
/// does), then each column as wide as its widest value or name, values left-aligned; no rows,
/// no output (not even the names), as in sqlite3.
///
/// `column` writes the names over a rule of dashes, columns two spaces apart:
///
///     a   bb
///     --  -----
///     1   hello
///
/// `box` draws the same grid with box-drawing lines, names centred; `markdown` is a GitHub table
/// (`| a |`, a `|---|` rule) with the names centred as sqlite3 writes it, a `|` in a value escaped
/// (`\|`) and a line break written `<br>`, so that every row stays one table row. NULL is the
/// `.nullvalue` text, reals as SQLite writes them (15 significant digits), BLOBs are hex; widths count display cells.
package struct ColumnFormatter: RowFormatter {
    /// The two layouts.
    package enum Style: Sendable { case column, box, markdown }

    private let style: Style
    private let header: Bool
    private let nullValue: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []
    private var names: [String] = []
    private var rows: [[String]] = []
    /// The least width of each column, in order (sqlite3's `.width`); a negative one right-aligns.
    package var minimumWidths: [Int] = []

    /// A formatter for `style`; `header` applies to `column` (box and markdown always name their columns).
    package init(style: Style, header: Bool, nullValue: String = "") {
        self.style = style
        self.header = header
        self.nullValue = nullValue
    }

    public mutating func begin(columns: [String]) -> String {
        names = columns.map { DisplayWidth.sanitize(style == .markdown ? Self.markdownCell($0) : $0) }
        return ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        rows.append(values.enumerated().map { index, value in
            let text = ValueText.sqlite3Text(value, form: ValueText.form(forms, index)) ?? nullValue
            return DisplayWidth.sanitize(style == .markdown ? Self.markdownCell(text) : text)
        })
        return ""
    }

    public mutating func end(rowCount: Int) -> String {
        guard !rows.isEmpty else { return "" }
        let showsNames = style != .column || header
        var widths = names.indices.map { index in
            max(showsNames ? DisplayWidth.of(names[index]) : 0, index < minimumWidths.count ? abs(minimumWidths[index]) : 0)
        }
        // Negative widths, and columns of numbers (exact decimals, floating point), are right-aligned.
        let rightAligned = names.indices.map { ($0 < minimumWidths.count && minimumWidths[$0] < 0) || ValueText.form(forms, $0).isNumber }
        for row in rows {
            for (index, value) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(value))
            }
        }
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        }
        func aligned(_ row: [String]) -> [String] {
            row.indices.map { index in
                guard index < widths.count else { return row[index] }
                let room = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(row[index])))
                return rightAligned[index] ? room + row[index] : row[index] + room
            }
        }
        func centred(_ text: String, _ width: Int) -> String {
            let room = max(0, width - DisplayWidth.of(text))
            return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
        }
        var out = ""
        switch style {
        case .column:
            if showsNames {
                out += zip(names, widths).map { padded($0, $1) }.joined(separator: "  ") + "\n"
                out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            }
            for row in rows { out += aligned(row).joined(separator: "  ") + "\n" }
        case .box:
            let rule = { (left: String, middle: String, right: String) in
                left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right + "\n"
            }
            out += rule("┌", "┬", "┐")
            out += "│" + zip(names, widths).map { " " + centred($0, $1) + " " }.joined(separator: "│") + "│\n"
            out += rule("├", "┼", "┤")
            for row in rows { out += "│" + aligned(row).map { " " + $0 + " " }.joined(separator: "│") + "│\n" }
            out += rule("└", "┴", "┘")
        case .markdown:
            out += "|" + zip(names, widths).map { " " + centred($0, $1) + " " }.joined(separator: "|") + "|\n"
            out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
            for row in rows { out += "|" + aligned(row).map { " " + $0 + " " }.joined(separator: "|") + "|\n" }
        }
        rows.removeAll()
        return out
    }

    /// A Markdown cell's text: `|` escaped, line breaks as `<br>`.
    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r\n", with: "<br>")
            .replacingOccurrences(of: "\n", with: "<br>").replacingOccurrences(of: "\r", with: "<br>")
    }
}
