import CSQLite

/// Facts about SQL text that do not need a database.
public enum SQLText {
    /// Whether `sql` ends a statement: its last token is a `;` outside quotes, comments and a
    /// trigger's `BEGIN … END` (SQLite's own `sqlite3_complete`), as sqlite3 decides when to run
    /// what was typed over several lines. Blank text is not a statement, so not complete.
    public static func isComplete(_ sql: String) -> Bool {
        sqlite3_complete(sql) != 0
    }

    /// The first keyword of `sql`, upper-cased, after whitespace and `--` and `/* */` comments
    /// (`"/*x*/ commit"` → `"COMMIT"`); empty when there is none.
    public static func leadingKeyword(of sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return "" }
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return rest.prefix { $0.isLetter || $0 == "_" }.uppercased()
    }
}
