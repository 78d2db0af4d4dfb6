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

    /// Appends the row field by field to `output`: this is the hot loop of `export csv` and `--csv`.
    package mutating func appendRow(_ values: [DatabaseValue], to output: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if index < forms.count, forms[index] != .plain, let text = ValueText.formText(value, form: forms[index]) {
                Self.appendText(text, to: &output)
            } else {
                Self.append(value, to: &output)
            }
        }
        output.append(UInt8(ascii: "\r"))
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends one field to `output`: NULL nothing, numbers as they are, BLOBs as hex (an empty
    /// one as `""`), text quoted when needed.
    static func append(_ value: DatabaseValue, to output: inout [UInt8]) {
        switch value {
        case .null: return
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .real(let number): appendText(ValueText.exactReal(number), to: &output)
        case .text(let text): appendText(text, to: &output)
        case .blob(let bytes):
            if bytes.isEmpty { appendText("", to: &output) } else { ByteText.appendHex(bytes, to: &output) }
        }
    }

    /// Appends `text`, quoted when it is empty or holds a comma, a quote or a line break (its
    /// UTF-8 bytes are scanned: those four are ASCII), its quotes doubled.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var quote = bytes.isEmpty
            var hasQuote = false
            for byte in bytes where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
                quote = true
                if byte == 0x22 { hasQuote = true; break }
            }
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
