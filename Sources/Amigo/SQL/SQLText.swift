/// Facts about SQL text that do not need a database.
public enum SQLText {
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
