import Amigo

/// Tab-separated values, one row a line (`\n`): a tab, a line break or a backslash inside a
/// value is escaped (`\t`, `\n`, `\r`, `\\`), so every line is one row and every tab a column
/// boundary. NULL is an empty field; reals have every digit and BLOBs are hex.
public struct TSVFormatter: RowFormatter {
    /// Whether the column names come first, as a header line.
    public var header: Bool

    /// A TSV formatter, with a header line unless `header` is false.
    public init(header: Bool = true) { self.header = header }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map(Self.escape).joined(separator: "\t") + "\n" : ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        values.map { ValueText.raw($0).map(Self.escape) ?? "" }.joined(separator: "\t") + "\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// `text` with backslash, tab, line feed and carriage return escaped.
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
