import Amigo

/// Comma-separated values as RFC 4180 writes them: CRLF line ends, a field quoted when it holds
/// a comma, a quote or a line break (a quote doubled). NULL is an empty field and empty text a
/// quoted one (`""`), so the two stay apart; reals have every digit and BLOBs are hex.
///
/// With ``sqlite3Quoting`` (text mode, where rows go out as sqlite3 writes them) a field is
/// quoted as sqlite3's `.mode csv` quotes it — also when it holds a space, an apostrophe, a
/// control character or any byte outside ASCII — and a real has SQLite's 15 digits.
package struct CSVFormatter: RowFormatter {
    /// Whether the column names come first, as a header line.
    public var header: Bool
    /// Whether fields are quoted, and reals written, as sqlite3's `.mode csv` does.
    package var sqlite3Quoting = false
    /// What ends each line (CRLF, as RFC 4180 says; sqlite3's `-csv` writes a line feed).
    private let lineEnd: [UInt8]
    /// What stands between fields (a comma; sqlite3's `.separator` with ``sqlite3Quoting``).
    private let separator: [UInt8]
    /// How NULL is written (empty; sqlite3's `.nullvalue` with ``sqlite3Quoting``).
    private let nullValue: [UInt8]
    /// The separator when it is one byte (a comma, `;`, a tab): appended alone, on the hot path.
    private let separatorByte: UInt8?
    /// The ``ValueForm`` of each column (booleans `true`/`false`, bytes `\\x…`, `NaN`).
    var forms: [ValueForm] = []

    /// A CSV formatter, with a header line unless `header` is false; quoting as sqlite3 does with `sqlite3Quoting`.
    package init(header: Bool = true, sqlite3Quoting: Bool = false, lineEnd: String = "\r\n", separator: String = ",", nullValue: String = "") {
        self.header = header
        self.sqlite3Quoting = sqlite3Quoting
        self.lineEnd = Array(lineEnd.utf8)
        self.separator = sqlite3Quoting && !separator.isEmpty ? Array(separator.utf8) : [UInt8(ascii: ",")]
        self.nullValue = sqlite3Quoting ? Array(nullValue.utf8) : []
        self.separatorByte = self.separator.count == 1 ? self.separator[0] : nil
    }

    /// RFC 4180's separator, shared (a default argument of its own would be an array a call).
    static let comma: [UInt8] = [0x2C]

    /// Appends the separator between two fields.
    @inline(__always) private func appendSeparator(to output: inout [UInt8]) {
        if let separatorByte { output.append(separatorByte) } else { output.append(contentsOf: separator) }
    }

    public mutating func begin(columns: [String]) -> String {
        guard header else { return "" }
        var line: [UInt8] = []
        for (index, column) in columns.enumerated() {
            if index > 0 { appendSeparator(to: &line) }
            Self.appendText(column, to: &line, sqlite3: sqlite3Quoting, separator: separator)
        }
        line.append(contentsOf: lineEnd)
        return String(decoding: line, as: UTF8.self)
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
            if index > 0 { appendSeparator(to: &output) }
            appendField(value, column: index, to: &output)
        }
        output.append(contentsOf: lineEnd)
    }

    /// Appends the first `columns` cells of `row`, read in place (no value or string per cell):
    /// this is the hot loop of `export csv` and `--csv`. Writes what ``appendRow(_:to:)`` writes
    /// for the row's values.
    package mutating func appendRow(_ row: StatementRow, columns: Int, to output: inout [UInt8]) {
        for index in 0..<columns {
            if index > 0 { appendSeparator(to: &output) }
            switch row.cell(at: index) {
            case .null: output.append(contentsOf: nullValue)
            case .text(let bytes): Self.appendText(bytes, to: &output, sqlite3: sqlite3Quoting, separator: separator)
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
        output.append(contentsOf: lineEnd)
    }

    /// Appends `value`, in column `column`'s form when it has one.
    private func appendField(_ value: DatabaseValue, column: Int, to output: inout [UInt8]) {
        if column < forms.count, forms[column] != .plain, let text = ValueText.formText(value, form: forms[column]) {
            Self.appendText(text, to: &output, sqlite3: sqlite3Quoting, separator: separator)
        } else if case .null = value {
            output.append(contentsOf: nullValue)
        } else {
            Self.append(value, to: &output, sqlite3: sqlite3Quoting, separator: separator)
        }
    }

    /// Appends one field to `output`: NULL nothing, numbers as they are (a real as SQLite writes
    /// it with `sqlite3`), BLOBs as hex (an empty one as `""`), text quoted when needed.
    static func append(_ value: DatabaseValue, to output: inout [UInt8], sqlite3: Bool = false, separator: [UInt8] = CSVFormatter.comma) {
        switch value {
        case .null: return
        case .integer(let number): CellBytes.appendInteger(number, to: &output)
        case .real(let number):
            // SQLite's text of a real needs no quotes (digits, `.`, `-`, `e`, `+`, `Inf`).
            if sqlite3 && !number.isNaN { SQLiteRealText.append(number, to: &output) } else { appendText(ValueText.exactReal(number), to: &output) }
        case .text(let text): appendText(text, to: &output, sqlite3: sqlite3, separator: separator)
        case .blob(let bytes):
            if bytes.isEmpty { appendText("", to: &output) } else { ByteText.appendHex(bytes, to: &output) }
        }
    }

    /// Appends `text`, quoted when it is empty or holds a comma, a quote or a line break (with
    /// `sqlite3`, what sqlite3 quotes), its quotes doubled.
    static func appendText(_ text: String, to output: inout [UInt8], sqlite3: Bool = false, separator: [UInt8] = CSVFormatter.comma) {
        var text = text
        text.withUTF8 { appendText(UnsafeRawBufferPointer($0), to: &output, sqlite3: sqlite3, separator: separator) }
    }

    /// Appends the UTF-8 `bytes` as ``appendText(_:to:sqlite3:separator:)-(String,_,_,_)`` appends their
    /// text: the bytes are scanned for the four ASCII characters that need quoting — with
    /// `sqlite3`, also a space, an apostrophe, a control character, DEL and every byte outside
    /// ASCII, as sqlite3's `needCsvQuote` table says — and for bytes that are not valid UTF-8
    /// (written as U+FFFD, as a string of them would be).
    static func appendText(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8], sqlite3: Bool = false, separator: [UInt8] = CSVFormatter.comma) {
        var quote = bytes.isEmpty
        // sqlite3 also quotes a field that holds its separator (`.separator ;`).
        let separatorByte = separator.count == 1 ? separator[0] : 0x2C
        if sqlite3 && separator.count > 1 && !quote && bytes.count >= separator.count {
            quote = (0...(bytes.count - separator.count)).contains { start in (0..<separator.count).allSatisfy { bytes[start + $0] == separator[$0] } }
        }
        var hasQuote = false
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            if byte == separatorByte || byte == 0x22 || byte == 0x0A || byte == 0x0D {
                quote = true
                if byte == 0x22 { hasQuote = true }
            } else if sqlite3 && (byte <= 0x20 || byte == 0x27 || byte >= 0x7F) {
                quote = true
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
        append(value, to: &bytes, sqlite3: false)
        return String(decoding: bytes, as: UTF8.self)
    }
}
