import Amigo

/// Comma-separated values as RFC 4180 writes them: CRLF line ends, a field quoted when it holds
/// a comma, a quote or a line break (a quote doubled). NULL is an empty field and empty text a
/// quoted one (`""`), so the two stay apart; reals have every digit and BLOBs are hex.
public struct CSVFormatter: RowFormatter {
    /// Whether the column names come first, as a header line.
    public var header: Bool

    /// A CSV formatter, with a header line unless `header` is false.
    public init(header: Bool = true) { self.header = header }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map { Self.field(.text($0)) }.joined(separator: ",") + "\r\n" : ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        var line = ""
        appendRow(values, to: &line)
        return line
    }

    /// Appends the row field by field to `output`: this is the hot loop of `export csv` and `--csv`.
    public mutating func appendRow(_ values: [DatabaseValue], to output: inout String) {
        var first = true
        for value in values {
            if !first { output.append(",") }
            first = false
            Self.append(value, to: &output)
        }
        output.append("\r\n")
    }

    /// Appends one field to `line`: NULL nothing, numbers as they are, text quoted when needed.
    static func append(_ value: DatabaseValue, to line: inout String) {
        switch value {
        case .null: return
        case .integer(let number): line.append(String(number))
        case .text(let text): appendText(text, to: &line)
        default: if let text = ValueText.raw(value) { appendText(text, to: &line) }
        }
    }

    /// Appends `text`, quoted when it is empty or holds a comma, a quote or a line break (its
    /// UTF-8 bytes are scanned: those four are ASCII).
    static func appendText(_ text: String, to line: inout String) {
        var quote = text.isEmpty
        var hasQuote = false
        for byte in text.utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
            quote = true
            if byte == 0x22 { hasQuote = true; break }
        }
        guard quote else { line.append(text); return }
        line.append("\"")
        line.append(hasQuote ? text.replacingOccurrences(of: "\"", with: "\"\"") : text)
        line.append("\"")
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// One field: NULL empty, empty text `""`, quoted when needed.
    public static func field(_ value: DatabaseValue) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }
}
