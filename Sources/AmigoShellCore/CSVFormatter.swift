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
        values.map(Self.field).joined(separator: ",") + "\r\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// One field: NULL empty, empty text `""`, quoted when needed.
    public static func field(_ value: DatabaseValue) -> String {
        guard let text = ValueText.raw(value) else { return "" }
        if text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return text
    }
}
