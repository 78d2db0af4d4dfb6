import Amigo

/// sqlite3's `.mode json` (and `-json`), byte for byte: one array, each row an object on a line of
/// its own after the first (`[{"a":1},` ⏎ `{"a":2}]`), no spaces; reals with SQLite's twenty
/// digits (`0.10000000000000000555`, `2.0`, `1e999` for infinity), text escaped as sqlite3
/// escapes it (`\"`, `\\`, `\n`, `\u0001`, characters outside ASCII as they are); no rows, no
/// output at all. A BLOB is written as a string of its bytes read as UTF-8 (sqlite3 writes the
/// raw bytes, the same for any BLOB that is UTF-8 text).
///
/// amigo-shell's own `json` (``JSONFormatter``) is spaced for reading and writes `[]` for no rows.
package struct SQLite3JSONFormatter: RowFormatter {
    private var names: [String] = []
    private var rows = 0

    package init() {}

    public mutating func begin(columns: [String]) -> String {
        names = columns.map(Self.string)
        rows = 0
        return ""
    }

    public mutating func row(_ values: [DatabaseValue]) -> String {
        var out = rows == 0 ? "[{" : ",\n{"
        rows += 1
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            out += (index < names.count ? names[index] : Self.string("column\(index + 1)")) + ":" + Self.json(value)
        }
        return out + "}"
    }

    public mutating func end(rowCount: Int) -> String { rows > 0 ? "]\n" : "" }

    /// A value as sqlite3's JSON mode writes it.
    static func json(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "null"
        case .integer(let i): return String(i)
        case .real(let d): return d.isInfinite ? (d < 0 ? "-1e999" : "1e999") : d.isNaN ? "null" : SQLiteRealText.twentyDigits(d)
        case .text(let s): return string(s)
        case .blob(let bytes): return string(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `text` as a JSON string, escaped as sqlite3's `output_json_string` escapes it.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONFormatter.appendString(text, escaping: .sqlite3, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
