/// Rows of delimited text as sqlite3's `.import` reads them: fields split by a separator (`,`
/// for CSV), a field in double quotes may hold the separator, line breaks and `""` for a quote
/// (RFC 4180); lines end with LF or CRLF; a byte-order mark at the start is skipped.
enum DelimitedText {
    /// The rows of `text`, split by `separator` (a single character).
    static func rows(_ text: String, separator: Character) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var fieldStarted = false
        var chars = Substring(text)
        if chars.first == "\u{FEFF}" { chars = chars.dropFirst() }
        func endField() { row.append(field); field = ""; fieldStarted = false }
        func endRow() { endField(); rows.append(row); row = [] }
        while let ch = chars.popFirst() {
            if quoted {
                if ch == "\"" {
                    if chars.first == "\"" { field.append("\""); chars = chars.dropFirst() } else { quoted = false }
                } else {
                    field.append(ch)
                }
                continue
            }
            switch ch {
            case "\"" where !fieldStarted && field.isEmpty:
                quoted = true
                fieldStarted = true
            case separator:
                endField()
            case "\n", "\r\n":
                endRow()
            case "\r":
                if chars.first == "\n" { chars = chars.dropFirst() }
                endRow()
            default:
                field.append(ch)
                fieldStarted = true
            }
        }
        if fieldStarted || !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }
}
