import Amigo
import Foundation

/// sqlite3's `.mode quote`: each value as an SQL literal, joined by commas, one row a line —
/// text in single quotes (a quote doubled), NULL as `NULL`, a BLOB as `X'00ff'`, a real with 20
/// significant digits as sqlite3 writes it (`0.10000000000000000555`, `2.0`). A header line of the
/// quoted column names when headers are on.
///
///     1,'it''s',NULL,X'00ff',2.0
package struct QuoteFormatter: RowFormatter {
    private let header: Bool

    /// A quote formatter; `header` writes the column names first (`.headers on`).
    package init(header: Bool) { self.header = header }

    public mutating func begin(columns: [String]) -> String {
        header ? columns.map(Self.text).joined(separator: ",") + "\n" : ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        values.map(Self.literal).joined(separator: ",") + "\n"
    }

    public mutating func end(rowCount: Int) -> String { "" }

    /// The value as sqlite3's quote mode writes it.
    static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return String(i)
        case .real(let d): return real(d)
        case .text(let s): return text(s)
        case .blob(let b): return "X'" + ByteText.hex(b) + "'"
        default: return ValueText.raw(value).map(text) ?? "NULL"
        }
    }

    /// `'text'`, a single quote doubled.
    static func text(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }

    /// sqlite3's `%!.20g` (SQLite's own printf): 20 significant digits, always with a decimal
    /// point; infinities `Inf` and `-Inf`, as sqlite3 3.40's quote mode writes them.
    static func real(_ d: Double) -> String {
        if d.isInfinite { return d < 0 ? "-Inf" : "Inf" }
        return d.isNaN ? "NULL" : SQLiteRealText.twentyDigits(d)
    }
}
