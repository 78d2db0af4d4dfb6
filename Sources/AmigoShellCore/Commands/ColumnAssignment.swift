/// One `COLUMN = VALUE` of an `insert` or a `link` payload, the value as typed (parsed later
/// against the column, as `set` parses its value: NULL, numbers, 'quoted text').
package struct ColumnAssignment: Equatable, Sendable {
    /// The column, unquoted.
    public var column: String
    /// The value as typed.
    public var value: String

    /// Creates an assignment.
    package init(column: String, value: String) {
        self.column = column
        self.value = value
    }

    /// Splits `Name='Foo, Bar', ArtistId=3` at commas outside quotes into assignments.
    /// Throws ``ShellError/usage(command:usage:)`` for a part without `=` or without a column.
    package static func parseList(_ text: String, command: String, usage: String) throws -> [ColumnAssignment] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var previous: Character?
        for c in text {
            if let q = quote {
                // A backslash before a quote keeps it inside (as `set` reads 'it\'s').
                if c == q && previous != "\\" { quote = nil }
            } else if c == "'" || c == "\"" || c == "`" || c == "[" {
                quote = c == "[" ? "]" : c
            } else if c == "," {
                parts.append(current)
                current = ""
                previous = nil
                continue
            }
            current.append(c)
            previous = previous == "\\" && c == "\\" ? nil : c
        }
        parts.append(current)
        if parts.count == 1 && parts[0].trimmingCharacters(in: .whitespaces).isEmpty { return [] }
        return try parts.map { part in
            guard let eq = ColumnAssignment.equalsSign(in: part) else { throw ShellError.usage(command: command, usage: usage) }
            let column = CommandParser.unquote(String(part[..<eq]).trimmingCharacters(in: .whitespaces))
            let value = String(part[part.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
            guard !column.isEmpty else { throw ShellError.usage(command: command, usage: usage) }
            return ColumnAssignment(column: column, value: value)
        }
    }

    /// The first `=` outside a quoted column name.
    private static func equalsSign(in part: String) -> String.Index? {
        var quote: Character?
        var i = part.startIndex
        while i < part.endIndex {
            let c = part[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "`" || c == "[" {
                quote = c == "[" ? "]" : c
            } else if c == "=" {
                return i
            }
            i = part.index(after: i)
        }
        return nil
    }
}
