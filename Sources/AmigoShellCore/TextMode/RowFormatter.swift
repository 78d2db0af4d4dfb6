import Amigo

/// Turns rows into the text of one ``OutputMode``: what comes before the rows, each row, and
/// what ends them. A formatter sees one row at a time, so that output can stream; the table
/// formatter alone holds a first batch back, to size its columns.
package protocol RowFormatter {
    /// What comes before the first row (a header line, `[`), given the column names.
    mutating func begin(columns: [String]) -> String
    /// What comes before the first row, given the column names and the ``ValueForm`` of each
    /// column's values (which a formatter keeps, to write every row of a column alike).
    mutating func begin(columns: [String], forms: [ValueForm]) -> String
    /// The text of one row (with its line end).
    mutating func row(_ values: [DatabaseValue]) -> String
    /// Appends the UTF-8 text of one row to `output` (a formatter on the hot path of streaming
    /// writes its bytes there directly, without a string of its own per row or per value).
    mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8])
    /// Appends the UTF-8 text of the first `columns` columns of `row`, read in place from the
    /// engine (CSV and TSV write each ``RowCell`` without a ``DatabaseValue`` or a string per
    /// value; the others write the row's values).
    mutating func appendRow(_ row: StatementRow, columns: Int, to output: inout [UInt8])
    /// What comes after the last row (`]`, a count line, rows held back), given how many there were.
    mutating func end(rowCount: Int) -> String
}

extension RowFormatter {
    /// ``begin(columns:)``: a formatter that writes every form alike.
    public mutating func begin(columns: [String], forms: [ValueForm]) -> String { begin(columns: columns) }

    /// ``row(_:)``'s UTF-8 appended to `output`.
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        output.append(contentsOf: row(values).utf8)
    }

    /// ``appendRow(_:to:)`` with the row's first `columns` values.
    package mutating func appendRow(_ row: StatementRow, columns: Int, to output: inout [UInt8]) {
        appendRow((0..<columns).map(row.value(at:)), to: &output)
    }
}

extension OutputMode {
    /// A fresh formatter for this mode. `header` switches the header line of CSV and TSV.
    package func formatter(header: Bool = true) -> any RowFormatter {
        formatter(header: header, separator: "|", nullValue: "")
    }

    /// A fresh formatter for this mode, with sqlite3's `.separator` (list mode) and `.nullvalue`
    /// (list, column, box and line modes), the table `.mode insert` names, and whether CSV is
    /// quoted as sqlite3 quotes it (``CSVFormatter/sqlite3Quoting``); `rowSeparator` ends list
    /// and CSV rows instead of their own line end (sqlite3's `-newline`).
    package func formatter(header: Bool, separator: String, nullValue: String, insertTable: String? = nil,
                           sqlite3CSV: Bool = false, rowSeparator: String? = nil) -> any RowFormatter {
        switch self {
        case .list: return ListFormatter(header: header, separator: separator, nullValue: nullValue, rowEnd: rowSeparator ?? "\n")
        case .column: return ColumnFormatter(style: .column, header: header, nullValue: nullValue)
        case .box: return ColumnFormatter(style: .box, header: true, nullValue: nullValue)
        case .asciiTable: return ColumnFormatter(style: .table, header: true, nullValue: nullValue)
        case .qbox: return ColumnFormatter(style: .qbox, header: true, nullValue: nullValue)
        case .sqlite3JSON: return SQLite3JSONFormatter()
        case .tabs: return ListFormatter(header: header, separator: separator, nullValue: nullValue, rowEnd: rowSeparator ?? "\n")
        case .line: return LineFormatter(nullValue: nullValue)
        case .csv: return CSVFormatter(header: header, sqlite3Quoting: sqlite3CSV, lineEnd: rowSeparator ?? "\r\n",
                                       separator: separator, nullValue: nullValue)
        case .tsv: return TSVFormatter(header: header)
        case .json: return JSONFormatter()
        case .jsonl: return JSONLinesFormatter()
        case .table: return TableFormatter()
        case .markdown: return ColumnFormatter(style: .markdown, header: true, nullValue: nullValue)
        case .quote: return QuoteFormatter(header: header)
        case .insert: return InsertFormatter(table: insertTable, header: header)
        case .html: return HTMLFormatter(header: header, nullValue: nullValue)
        case .ascii: return ListFormatter(header: header, separator: separator, nullValue: nullValue, rowEnd: rowSeparator ?? "\u{1E}")
        case .tcl: return TclFormatter(header: header, separator: separator, nullValue: nullValue)
        }
    }
}

extension ValueText {
    /// A value as raw text for machine output: nil for NULL (each mode writes it its own way),
    /// reals with every digit, BLOBs as hex, text and integers as they are.
    public static func raw(_ value: DatabaseValue) -> String? {
        switch value {
        case .null: return nil
        case .blob(let b): return ByteText.hex(b)
        case .real(let d): return exactReal(d)
        default: return display(value)
        }
    }
}
