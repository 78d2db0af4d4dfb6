/// A statement with its bound values written in place, to copy and run elsewhere.
extension SQLText {
    /// `sql` with each placeholder — `?` (the next argument), `?N` or `$N` (the `N`th) — replaced
    /// by its argument as the dialect writes a literal (``SQLDialect/literal(_:)``); placeholders
    /// inside quoted text, quoted names and comments are left alone, as is one without an
    /// argument. For showing and copying a statement that ran, never for running one: every
    /// statement amigo runs binds its values.
    ///
    ///     SQLText.inlined(#"SELECT * FROM "t" WHERE "a" = ? AND "b" = '?'"#, arguments: ["it's"], dialect: SQLiteDialect())
    ///     // SELECT * FROM "t" WHERE "a" = 'it''s' AND "b" = '?'
    public static func inlined(_ sql: String, arguments: [DatabaseValue], dialect: any SQLDialect) -> String {
        guard !arguments.isEmpty else { return sql }
        let chars = Array(sql)
        var out = ""
        var next = 0
        var i = 0
        /// Copies from `i` up to and including the first `end` (or to the end of the text).
        func copy(through end: [Character]) {
            var j = i + 1
            while j < chars.count, !(Array(chars[j..<min(chars.count, j + end.count)]) == end) { j += 1 }
            let stop = min(chars.count, j + end.count)
            out += String(chars[i..<stop])
            i = stop
        }
        /// The number written from `i` on, and where it ends.
        func number(from start: Int) -> (Int, Int)? {
            var j = start
            while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
            guard j > start, let n = Int(String(chars[start..<j])) else { return nil }
            return (n, j)
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "'": copy(through: ["'"])
            case "\"": copy(through: ["\""])
            case "`": copy(through: ["`"])
            case "-" where i + 1 < chars.count && chars[i + 1] == "-": copy(through: ["\n"])
            case "/" where i + 1 < chars.count && chars[i + 1] == "*": copy(through: ["*", "/"])
            case "?", "$":
                if let (n, end) = number(from: i + 1), n >= 1, n <= arguments.count {
                    out += dialect.literal(arguments[n - 1])
                    i = end
                } else if c == "?", next < arguments.count {
                    out += dialect.literal(arguments[next])
                    next += 1
                    i += 1
                } else {
                    out.append(c)
                    i += 1
                }
            default:
                out.append(c)
                i += 1
            }
        }
        return out
    }
}
