import Amigo

/// Comma-separated values as RFC 4180 writes them: CRLF line ends, a field quoted when it holds
/// a comma, a quote or a line break (a quote doubled). NULL is an empty field and empty text a
/// quoted one (`""`), so the two stay apart; reals have every digit and BLOBs are hex.
package struct CSVFormatter: RowFormatter {
    /// Whether the column names come first, as a header line.
    public var header: Bool
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A CSV formatter, with a header line unless `header` is false.
    package init(header: Bool = true) { self.header = header }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map { Self.field(.text($0)) }.joined(separator: ",") + "\r\n" : ""
    }

    public mutating func begin(columns: [String], forms: [ValueForm]) -> String {
        self.forms = forms
        return begin(columns: columns)
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        var line: [UInt8] = []
        appendRow(values, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the row field by field to `output`.
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendField(value, column: index, to: &output)
        }
        output.append(UInt8(ascii: "\r"))
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends the first `columns` cells of `row`, read in place (no value or string per cell):
    /// this is the hot loop of `export csv` and `--csv`. Writes what ``appendRow(_:to:)`` writes
    /// for the row's values.
    package mutating func appendRow(_ row: StatementRow, columns: Int, to output: inout [UInt8]) {
        for index in 0..<columns {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            switch row.cell(at: index) {
            case .null: break
            case .text(let bytes): Self.appendText(bytes, to: &output)
            case .blob(let bytes):
                if index < forms.count && forms[index] == .escapedHex {
                    output.append(UInt8(ascii: "\\"))
                    output.append(UInt8(ascii: "x"))
                    ByteText.appendHex(bytes, to: &output)
                } else if bytes.isEmpty {
                    output.append(0x22)
                    output.append(0x22)
                } else {
                    ByteText.appendHex(bytes, to: &output)
                }
            case .value(let value): appendField(value, column: index, to: &output)
            }
        }
        output.append(UInt8(ascii: "\r"))
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends `value`, in column `column`'s form when it has one.
    private func appendField(_ value: DatabaseValue, column: Int, to output: inout [UInt8]) {
        if column < forms.count, forms[column] != .plain, let text = ValueText.formText(value, form: forms[column]) {
            Self.appendText(text, to: &output)
        } else {
            Self.append(value, to: &output)
        }
    }

    /// Appends one field to `output`: NULL nothing, numbers as they are, BLOBs as hex (an empty
    /// one as `""`), text quoted when needed.
    static func append(_ value: DatabaseValue, to output: inout [UInt8]) {
        switch value {
        case .null: return
        case .integer(let number): CellBytes.appendInteger(number, to: &output)
        case .real(let number): appendText(ValueText.exactReal(number), to: &output)
        case .text(let text): appendText(text, to: &output)
        case .blob(let bytes):
            if bytes.isEmpty { appendText("", to: &output) } else { ByteText.appendHex(bytes, to: &output) }
        }
    }

    /// Appends `text`, quoted when it is empty or holds a comma, a quote or a line break, its
    /// quotes doubled.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendText(UnsafeRawBufferPointer($0), to: &output) }
    }

    /// Appends the UTF-8 `bytes` as ``appendText(_:to:)-(String,_)`` appends their text: the
    /// bytes are scanned for the four ASCII characters that need quoting (and for bytes that
    /// are not valid UTF-8, written as U+FFFD as a string of them would be).
    static func appendText(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var quote = bytes.isEmpty
        var hasQuote = false
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            if byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
                quote = true
                if byte == 0x22 { hasQuote = true }
            }
        }
        CellBytes.withValidText(bytes, hasHighBytes: high >= 0x80) { bytes in
            guard quote else { output.append(contentsOf: bytes); return }
            output.append(0x22)
            if hasQuote {
                for byte in bytes {
                    output.append(byte)
                    if byte == 0x22 { output.append(0x22) }
                }
            } else {
                output.append(contentsOf: bytes)
            }
            output.append(0x22)
        }
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// One field: NULL empty, empty text `""`, quoted when needed.
    public static func field(_ value: DatabaseValue) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
