// sqlite3's `.mode insert`: each row as the INSERT statement that would add it.

/// The text of sqlite3's `.mode insert` lines: `INSERT INTO t(a,b) VALUES(1,'x');`, written as
/// sqlite3's shell writes them, so that a script's output compares byte for byte.
package enum SQLiteInsertText {
    /// The statement that inserts one row: `table` (quoted as sqlite3 quotes it: only when it is
    /// not a plain identifier, or is a keyword), `columns` when the header is on, and the values'
    /// SQL literals in order.
    package static func statement(into table: String, columns: [String]?, literals: [String]) -> String {
        var text = "INSERT INTO " + SQLiteDump.identifier(table)
        if let columns { text += "(" + columns.map(SQLiteDump.identifier).joined(separator: ",") + ")" }
        return text + " VALUES(" + literals.joined(separator: ",") + ");\n"
    }

    /// `value` as an SQL literal that reads back as the same value and type, as sqlite3's insert
    /// mode and its `.dump` write it: `NULL`, an integer, a real by ``SQLiteRealText/literal(_:)``
    /// (`2.0`, `0.10000000000000000555`, `1e999`; NaN as NULL), a text by ``textLiteral(_:)``, a
    /// BLOB as `X'00ff'`.
    package static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return SQLiteRealText.literal(number)
        case .text(let text): return textLiteral(text)
        case .blob(let bytes): return "X'" + ByteText.hex(bytes) + "'"
        }
    }

    /// A text value as sqlite3's insert mode writes it: in single quotes (a quote doubled), and
    /// a text holding line breaks wrapped in `replace(…,'\n',char(10))` (and `'\r',char(13)`),
    /// so that the statement stays on one line. The marker is `\n` (`\r`), or `\012` (`\015`) when
    /// the text holds the first, or `(\n0)`, `(\n1)`, … until one it does not hold.
    package static func textLiteral(_ text: String) -> String {
        let hasNewline = text.contains("\n"), hasReturn = text.contains("\r")
        let body = text.replacingOccurrences(of: "'", with: "''")
        guard hasNewline || hasReturn else { return "'" + body + "'" }
        let newline = hasNewline ? unusedMarker(in: text, "\\n", "\\012") : ""
        let carriageReturn = hasReturn ? unusedMarker(in: text, "\\r", "\\015") : ""
        var out = (hasNewline ? "replace(" : "") + (hasReturn ? "replace(" : "") + "'"
        for scalar in body.unicodeScalars {
            switch scalar {
            case "\n": out += newline
            case "\r": out += carriageReturn
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "'"
        if hasReturn { out += ",'" + carriageReturn + "',char(13))" }
        if hasNewline { out += ",'" + newline + "',char(10))" }
        return out
    }

    /// The first of `first`, `second`, `(first0)`, `(first1)`, … that `text` does not hold.
    private static func unusedMarker(in text: String, _ first: String, _ second: String) -> String {
        if !text.contains(first) { return first }
        if !text.contains(second) { return second }
        var counter = 0
        while true {
            let candidate = "(" + first + String(counter) + ")"
            if !text.contains(candidate) { return candidate }
            counter += 1
        }
    }
}
