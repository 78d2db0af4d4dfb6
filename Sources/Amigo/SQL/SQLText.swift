/// Facts about SQL text that do not need a database (``isComplete(_:)``, which asks SQLite's
/// tokenizer, is with the engine).
package enum SQLText {

    /// `sql` — one `SELECT`, `WITH` or `VALUES` statement — read a page at a time:
    /// `SELECT * FROM (sql) AS result LIMIT ? OFFSET ?` (PostgreSQL wants the alias), the count
    /// and the offset bound as arguments.
    /// Nil for another statement (a `PRAGMA` or `EXPLAIN` cannot be a subquery).
    package static func paged(_ sql: String, dialect: any SQLDialect) -> String? {
        subquery(sql).map { "SELECT * FROM " + $0 + " AS result LIMIT \(dialect.placeholder) OFFSET \(dialect.placeholder)" }
    }

    /// Like ``paged(_:dialect:)``, but each value of `columns` — the names SQLite gives the
    /// columns of `sql` as a subquery (`a`, `a:1` for a second `a`) — is read as its first
    /// `maxLength` characters or bytes (``SQLDialect/valuePrefixOfAnyType(of:maxLength:)``),
    /// and the full sizes of the cut values follow, one result
    /// column per column. Nil when `sql` cannot be paged or the dialect cannot cut such columns.
    package static func pagedPrefixes(_ sql: String, columns: [String], maxLength: Int, dialect: any SQLDialect) -> String? {
        guard let from = subquery(sql) else { return nil }
        var values: [String] = []
        var sizes: [String] = []
        for name in columns {
            guard let cut = dialect.valuePrefixOfAnyType(of: dialect.quote(name), maxLength: maxLength) else { return nil }
            values.append(cut.value)
            sizes.append(cut.fullSize)
        }
        guard !values.isEmpty else { return nil }
        return "SELECT " + (values + sizes).joined(separator: ", ") + " FROM " + from
            + " AS result LIMIT \(dialect.placeholder) OFFSET \(dialect.placeholder)"
    }

    /// The number of rows `sql` — one `SELECT`, `WITH` or `VALUES` statement — returns:
    /// `SELECT count(*) FROM (sql) AS result`, or with `bounded` `SELECT count(*) FROM (SELECT 1
    /// FROM (sql) AS result LIMIT ?) AS bounded`, which stops at the bound given as its argument.
    /// Nil for another statement.
    public static func counted(_ sql: String, bounded: Bool = false, dialect: any SQLDialect) -> String? {
        subquery(sql).map {
            bounded ? "SELECT count(*) FROM (SELECT 1 FROM " + $0 + " AS result LIMIT \(dialect.placeholder)) AS bounded" : "SELECT count(*) FROM " + $0 + " AS result"
        }
    }

    /// `(sql)` with its trailing `;`s removed, on lines of its own (so that a trailing `--`
    /// comment ends before the parenthesis), when `sql` starts a query; nil otherwise.
    private static func subquery(_ sql: String) -> String? {
        guard ["SELECT", "WITH", "VALUES"].contains(leadingKeyword(of: sql)) else { return nil }
        var body = Substring(sql)
        while let last = body.last, last.isWhitespace || last == ";" { body = body.dropLast() }
        return "(\n" + body + "\n)"
    }

    /// The statements of `text`, each with its `;`, split where SQLite says a statement is
    /// complete (so a `;` in a string, a comment or a trigger's body does not split); a last
    /// statement without `;` is kept as it is, and blank pieces are left out.
    ///
    ///     SQLText.statements(in: "BEGIN; INSERT INTO t VALUES ('a;b'); COMMIT;")
    ///     // ["BEGIN;", " INSERT INTO t VALUES ('a;b');", " COMMIT;"]
    public static func statements(in text: String) -> [String] {
        var pieces: [String] = []
        var start = text.startIndex
        var index = text.startIndex
        while let semicolon = text[index...].firstIndex(of: ";") {
            let end = text.index(after: semicolon)
            let piece = String(text[start..<end])
            if isComplete(piece) {
                pieces.append(piece)
                start = end
            }
            index = end
        }
        let rest = String(text[start...])
        if !droppingLeadingComments(rest).isEmpty { pieces.append(rest) }
        return pieces.filter { !droppingLeadingComments($0).trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// `sql` after its leading whitespace and `--` and `/* */` comments (empty when nothing else
    /// is there, or a block comment is not closed).
    package static func droppingLeadingComments(_ sql: String) -> Substring {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return "" }
                rest = rest[end.upperBound...]
            } else {
                return rest
            }
        }
    }

    /// The first keyword of `sql`, upper-cased, after whitespace and `--` and `/* */` comments
    /// (`"/*x*/ commit"` → `"COMMIT"`); empty when there is none.
    package static func leadingKeyword(of sql: String) -> String {
        droppingLeadingComments(sql).prefix { $0.isLetter || $0 == "_" }.uppercased()
    }

    /// Whether `sql` holds no statement at all: only whitespace, `;` and comments (`sql --`).
    package static func holdsNoStatement(_ sql: String) -> Bool {
        SQLiteConnection.isBlankTail(sql)
    }
}
