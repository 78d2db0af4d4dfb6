import Amigo

/// sqlite3's columnar modes — `.mode column`, `box`, `table`, `markdown` and `qbox` — written as
/// sqlite3 writes them: every row read first, then each column as wide as its widest line (its
/// name's too, even with the header off), values left-aligned; no rows, no output.
///
/// `column` writes the names over a rule of dashes, columns two spaces apart:
///
///     a   bb
///     --  -----
///     1   hello
///
/// `box` draws the same grid with box-drawing lines and `table` with `+`, `-` and `|`, names
/// centred; `markdown` is a table of `|` with a `|---|` rule; `qbox` is `box` with each value an
/// SQL literal (`'it''s'`, `NULL`, `x'00ff'`).
///
/// A value is cut into lines as sqlite3 cuts it (``ColumnWrap``): at 60 columns, or the column's
/// `.width`, and at each line break. When a row takes more than one line, `table` and `box` draw a
/// rule between rows and `column` leaves an empty line. NULL is the `.nullvalue` text, reals as
/// SQLite writes them (15 significant digits), BLOBs are hex; widths count display cells.
package struct ColumnFormatter: RowFormatter {
    /// The layouts.
    package enum Style: Sendable { case column, box, table, markdown, qbox }

    private let style: Style
    private let header: Bool
    private let nullValue: String
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []
    private var names: [String] = []
    /// Each row's cells, each cell its lines.
    private var rows: [[[String]]] = []
    /// The width of each column, in order (sqlite3's `.width`): the least width, and where values
    /// are cut; a negative one right-aligns; 0 (or none) cuts at ``ColumnWrap/defaultWidth``.
    package var minimumWidths: [Int] = []

    /// A formatter for `style`; `header` applies to `column` (the others always name their columns).
    package init(style: Style, header: Bool, nullValue: String = "") {
        self.style = style
        self.header = header
        self.nullValue = nullValue
        self.quotesValues = style == .qbox
    }

    /// Where values are cut when `.width` gives a column none (sqlite3's `--wrap`; 0: never).
    package var wrapWidth = ColumnWrap.defaultWidth
    /// Whether a full line is cut at a word's end (sqlite3's `--wordwrap on`).
    package var wordWrap = false
    /// Whether each value is written as an SQL literal (sqlite3's `--quote`; `qbox` unless `--noquote`).
    package var quotesValues: Bool

    /// Column `index`'s `.width` (0 when none).
    private func width(_ index: Int) -> Int { index < minimumWidths.count ? minimumWidths[index] : 0 }
    /// Where column `index`'s values are cut: its `.width`, else ``wrapWidth``.
    private func wrap(_ index: Int) -> Int { width(index) != 0 ? width(index) : wrapWidth }

    public mutating func begin(columns: [String]) -> String {
        names = columns.enumerated().map { index, name in
            DisplayWidth.sanitize(ColumnWrap.lines(name, width: wrap(index), wordWrap: wordWrap)[0])
        }
        return ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        rows.append(values.enumerated().map { index, value in
            let text = quotesValues ? Self.literal(value) : ValueText.sqlite3Text(value, form: ValueText.form(forms, index)) ?? nullValue
            return ColumnWrap.lines(text, width: wrap(index), wordWrap: wordWrap).map(DisplayWidth.sanitize)
        })
        return ""
    }

    public mutating func end(rowCount: Int) -> String {
        guard !rows.isEmpty else { return "" }
        var widths = names.indices.map { max(DisplayWidth.of(names[$0]), abs(width($0))) }
        // Negative widths, and columns of numbers (exact decimals, floating point), are right-aligned.
        let rightAligned = names.indices.map { width($0) < 0 || ValueText.form(forms, $0).isNumber }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                for line in cell { widths[index] = max(widths[index], DisplayWidth.of(line)) }
            }
        }
        let multiLine = rows.contains { $0.contains { $0.count > 1 } }
        func aligned(_ text: String, _ index: Int) -> String {
            guard index < widths.count else { return text }
            let room = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
            return rightAligned[index] ? room + text : text + room
        }
        func centred(_ text: String, _ width: Int) -> String {
            let room = max(0, width - DisplayWidth.of(text))
            return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
        }
        func rule(_ left: String, _ line: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: line, count: $0 + 2) }.joined(separator: middle) + right + "\n"
        }
        let (open, separator, close): (String, String, String) = switch style {
        case .column: ("", "  ", "\n")
        case .box, .qbox: ("│ ", " │ ", " │\n")
        case .table, .markdown: ("| ", " | ", " |\n")
        }
        var out = ""
        switch style {
        case .column:
            if header {
                out += names.indices.map { aligned(names[$0], $0) }.joined(separator: "  ") + "\n"
                out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            }
        case .box, .qbox:
            out += rule("┌", "─", "┬", "┐")
            out += open + zip(names, widths).map { centred($0, $1) }.joined(separator: separator) + close
            out += rule("├", "─", "┼", "┤")
        case .table:
            out += rule("+", "-", "+", "+")
            out += open + zip(names, widths).map { centred($0, $1) }.joined(separator: separator) + close
            out += rule("+", "-", "+", "+")
        case .markdown:
            out += open + zip(names, widths).map { centred($0, $1) }.joined(separator: separator) + close
            out += rule("|", "-", "|", "|")
        }
        for (number, row) in rows.enumerated() {
            let height = row.map(\.count).max() ?? 1
            for line in 0..<height {
                out += open + row.indices.map { aligned(line < row[$0].count ? row[$0][line] : "", $0) }.joined(separator: separator) + close
            }
            guard multiLine, number < rows.count - 1 else { continue }
            switch style {
            case .column: out += "\n"
            case .box, .qbox: out += rule("├", "─", "┼", "┤")
            case .table: out += rule("+", "-", "+", "+")
            case .markdown: break
            }
        }
        switch style {
        case .box, .qbox: out += rule("└", "─", "┴", "┘")
        case .table: out += rule("+", "-", "+", "+")
        case .column, .markdown: break
        }
        rows.removeAll()
        return out
    }

    /// A value as `qbox` (or `--quote`) writes it: sqlite3's quoted column, ``SQLLiteral/text(_:blob:)``
    /// with a BLOB as `x'…'` in lower case.
    static func literal(_ value: DatabaseValue) -> String { SQLLiteral.text(value, blob: .lowercase) }
}
