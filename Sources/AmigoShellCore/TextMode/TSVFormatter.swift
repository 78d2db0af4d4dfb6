import Amigo

/// Tab-separated values, one row a line (`\n`): a tab, a line break or a backslash inside a
/// value is escaped (`\t`, `\n`, `\r`, `\\`), so every line is one row and every tab a column
/// boundary. NULL is an empty field; reals have every digit and BLOBs are hex.
package struct TSVFormatter: RowFormatter {
    /// Whether the column names come first, as a header line.
    public var header: Bool
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A TSV formatter, with a header line unless `header` is false.
    package init(header: Bool = true) { self.header = header }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map(Self.escape).joined(separator: "\t") + "\n" : ""
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
            if index > 0 { output.append(UInt8(ascii: "\t")) }
            appendField(value, column: index, to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends the first `columns` cells of `row`, read in place (no value or string per cell):
    /// the hot loop of `export tsv` and `--tsv`. Writes what ``appendRow(_:to:)`` writes for the
    /// row's values.
    package mutating func appendRow(_ row: StatementRow, columns: Int, to output: inout [UInt8]) {
        for index in 0..<columns {
            if index > 0 { output.append(UInt8(ascii: "\t")) }
            switch row.cell(at: index) {
            case .null: break
            case .text(let bytes): Self.appendEscaped(bytes, to: &output)
            case .blob(let bytes):
                if index < forms.count && forms[index] == .escapedHex {
                    // `\x`, its backslash escaped as any other.
                    output.append(0x5C)
                    output.append(0x5C)
                    output.append(UInt8(ascii: "x"))
                }
                ByteText.appendHex(bytes, to: &output)
            case .value(let value): appendField(value, column: index, to: &output)
            }
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends `value`, in column `column`'s form when it has one.
    private func appendField(_ value: DatabaseValue, column: Int, to output: inout [UInt8]) {
        if column < forms.count, forms[column] != .plain, let text = ValueText.formText(value, form: forms[column]) {
            Self.appendEscaped(text, to: &output)
            return
        }
        switch value {
        case .null: break
        case .integer(let number): CellBytes.appendInteger(number, to: &output)
        case .real(let number): Self.appendEscaped(ValueText.exactReal(number), to: &output)
        case .text(let text): Self.appendEscaped(text, to: &output)
        case .blob(let bytes): ByteText.appendHex(bytes, to: &output)
        }
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `text` with backslash, tab, line feed and carriage return escaped.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` to `output` with backslash, tab, line feed and carriage return escaped.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
    }

    /// Appends the UTF-8 `bytes` escaped as ``appendEscaped(_:to:)-(String,_)`` escapes their
    /// text: the bytes are scanned for the four ASCII characters to escape (and for bytes that
    /// are not valid UTF-8, written as U+FFFD as a string of them would be).
    static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var escapes = false
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            if byte == 0x5C || byte == 0x09 || byte == 0x0A || byte == 0x0D { escapes = true }
        }
        CellBytes.withValidText(bytes, hasHighBytes: high >= 0x80) { bytes in
            guard escapes else {
                output.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case 0x5C: output.append(0x5C); output.append(0x5C)
                case 0x09: output.append(0x5C); output.append(UInt8(ascii: "t"))
                case 0x0A: output.append(0x5C); output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(0x5C); output.append(UInt8(ascii: "r"))
                default: output.append(byte)
                }
            }
        }
    }
}
