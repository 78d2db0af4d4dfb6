import Amigo

/// Aligned columns, as ``TextTable`` draws them, for a result of any length: the first
/// ``batchSize`` rows size the columns, later rows are padded to those widths as they come
/// (a wider cell pushes its line out rather than being held back), and a count line ends it.
/// Values are shown as on screen: NULL as `∅`, BLOBs as their size and first bytes.
package struct TableFormatter: RowFormatter {
    /// How many rows are held back to size the columns.
    package var batchSize: Int
    private var columns: [String] = []
    private var batch: [[String]] = []
    private var widths: [Int]?
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A table formatter sizing its columns on the first `batchSize` rows.
    package init(batchSize: Int = 1000) { self.batchSize = max(1, batchSize) }

    public mutating func begin(columns: [String]) -> String {
        self.columns = columns.map(DisplayWidth.sanitize)
        return ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        let cells = values.enumerated().map { DisplayWidth.sanitize(ValueText.display($1, form: ValueText.form(forms, $0))) }
        if let widths { return TextTable.line(cells, widths: widths, overflow: true, rightAligned: rightAligned) + "\n" }
        batch.append(cells)
        return batch.count >= batchSize ? flush() : ""
    }

    public mutating func end(rowCount: Int) -> String {
        (widths == nil ? flush() : "") + "(" + Plural.count(rowCount, "row") + ")\n"
    }

    /// Which columns are right-aligned: those of numbers (exact decimals, floating point).
    private var rightAligned: [Bool] { columns.indices.map { ValueText.form(forms, $0).isNumber } }

    /// The header, its rule and the rows held back, with the widths fixed from now on.
    private mutating func flush() -> String {
        let widths = TextTable.widths(header: columns, rows: batch)
        self.widths = widths
        let lines = [TextTable.line(columns, widths: widths, rightAligned: rightAligned), TextTable.rule(widths)]
            + batch.map { TextTable.line($0, widths: widths, rightAligned: rightAligned) }
        batch = []
        return lines.joined(separator: "\n") + "\n"
    }
}
