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

    /// Appends the row field by field to `output` (the hot loop of `export tsv` and `--tsv`).
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "\t")) }
            if index < forms.count, forms[index] != .plain, let text = ValueText.formText(value, form: forms[index]) {
                Self.appendEscaped(text, to: &output)
                continue
            }
            switch value {
            case .null: break
            case .integer(let number): output.append(contentsOf: String(number).utf8)
            case .real(let number): Self.appendEscaped(ValueText.exactReal(number), to: &output)
            case .text(let text): Self.appendEscaped(text, to: &output)
            case .blob(let bytes): ByteText.appendHex(bytes, to: &output)
            }
        }
        output.append(UInt8(ascii: "\n"))
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `text` with backslash, tab, line feed and carriage return escaped.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` to `output` with backslash, tab, line feed and carriage return escaped
    /// (its UTF-8 bytes are scanned: the four are ASCII).
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
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
