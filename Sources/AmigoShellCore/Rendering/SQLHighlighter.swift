import Amigo
import Foundation

/// Syntax colour for SQL text — the `sql` prompt and the echo pane — from one small tokenizer:
/// keywords, names (double-quoted, backquoted, bracketed), strings, numbers, comments,
/// placeholders and the rest, each with a ``TextStyle``. It reads words for colour only, never
/// meaning: nothing it finds changes what runs.
///
/// Text shown a line at a time is read with a ``Carry``, so a string or comment that goes on
/// over a line break keeps its colour on the next line.
///
/// For example:
///
/// ```swift
/// var carry = SQLHighlighter.Carry.none
/// SQLHighlighter.spans("SELECT 'a' -- b", carry: &carry).map(\.kind)
/// // [.keyword, .space, .string, .space, .comment]
/// ```
///
/// Colours are styles like any other: a terminal without colours, or `NO_COLOR`, draws them
/// without (the terminal adapter leaves colour pairs out), keeping bold for keywords.
package enum SQLHighlighter {
    /// What a piece of SQL text is.
    package enum Kind: Sendable, Equatable {
        case keyword, name, quotedName, string, number, comment, placeholder, punctuation, space
    }

    /// A run of text of one kind.
    package struct Span: Sendable, Equatable {
        /// The text.
        package let text: String
        /// Its kind.
        package let kind: Kind
    }

    /// What an earlier line left open.
    package enum Carry: Sendable, Equatable {
        /// Nothing.
        case none
        /// A string or quoted name, closed by this quote (`'`, `"`, `` ` ``, `]`).
        case quote(Character)
        /// A `/* … */` comment.
        case blockComment
    }

    /// The words shown as keywords (matched ignoring case).
    static let keywords: Set<String> = [
        "ABORT", "ADD", "ALL", "ALTER", "ANALYZE", "AND", "AS", "ASC", "ATTACH", "AUTOINCREMENT", "BEGIN", "BETWEEN", "BY",
        "CASCADE", "CASE", "CAST", "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "CREATE", "CROSS",
        "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DATABASE", "DEFAULT", "DEFERRABLE", "DELETE", "DESC", "DETACH",
        "DISTINCT", "DO", "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "EXPLAIN", "FALSE", "FILTER", "FOREIGN", "FROM",
        "FULL", "GLOB", "GROUP", "HAVING", "IF", "IGNORE", "ILIKE", "IN", "INDEX", "INNER", "INSERT", "INTERSECT", "INTO", "IS",
        "ISNULL", "JOIN", "KEY", "LEFT", "LIKE", "LIMIT", "MATCH", "NATURAL", "NOT", "NOTHING", "NOTNULL", "NULL", "NULLS",
        "OF", "OFFSET", "ON", "OR", "ORDER", "OUTER", "OVER", "PARTITION", "PLAN", "PRAGMA", "PRIMARY", "QUERY", "RECURSIVE",
        "REFERENCES", "REGEXP", "RELEASE", "RENAME", "REPLACE", "RETURNING", "RIGHT", "ROLLBACK", "ROWID", "SAVEPOINT",
        "SELECT", "SET", "TABLE", "TEMP", "TEMPORARY", "THEN", "TO", "TRANSACTION", "TRIGGER", "TRUE", "UNION", "UNIQUE",
        "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "WHEN", "WHERE", "WINDOW", "WITH", "WITHOUT",
    ]

    /// The spans of `text`, continuing what `carry` says an earlier line left open, and leaving
    /// in it what this one leaves open. Joined, the spans' texts are `text`.
    package static func spans(_ text: String, carry: inout Carry) -> [Span] {
        let chars = Array(text)
        var spans: [Span] = []
        var i = 0
        /// Appends `chars[start..<end]` as a span of `kind` (merged with an equal one before it).
        func add(_ start: Int, _ end: Int, _ kind: Kind) {
            guard end > start else { return }
            let piece = String(chars[start..<end])
            if let last = spans.last, last.kind == kind, kind != .keyword, kind != .name {
                spans[spans.count - 1] = Span(text: last.text + piece, kind: kind)
            } else {
                spans.append(Span(text: piece, kind: kind))
            }
        }
        /// Where the text closed by `close` ends (after it), from `start`; nil when it runs on.
        func closing(_ close: Character, from start: Int) -> Int? {
            var j = start
            while j < chars.count {
                if chars[j] == close {
                    // A doubled quote stands for one inside ('it''s', "a""b").
                    if close != "]", j + 1 < chars.count, chars[j + 1] == close { j += 2; continue }
                    return j + 1
                }
                j += 1
            }
            return nil
        }
        /// The end of a block comment started before `start`, or nil.
        func commentEnd(from start: Int) -> Int? {
            var j = start
            while j + 1 < chars.count {
                if chars[j] == "*" && chars[j + 1] == "/" { return j + 2 }
                j += 1
            }
            return nil
        }
        switch carry {
        case .none: break
        case .quote(let close):
            let end = closing(close, from: 0)
            add(0, end ?? chars.count, close == "'" ? .string : .quotedName)
            if end != nil { carry = .none }
            i = end ?? chars.count
        case .blockComment:
            let end = commentEnd(from: 0)
            add(0, end ?? chars.count, .comment)
            if end != nil { carry = .none }
            i = end ?? chars.count
        }
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c.isWhitespace {
                var j = i
                while j < chars.count, chars[j].isWhitespace { j += 1 }
                add(i, j, .space)
                i = j
            } else if c == "-" && next == "-" {
                add(i, chars.count, .comment)
                i = chars.count
            } else if c == "/" && next == "*" {
                let end = commentEnd(from: i + 2)
                add(i, end ?? chars.count, .comment)
                if end == nil { carry = .blockComment }
                i = end ?? chars.count
            } else if c == "'" || c == "\"" || c == "`" || c == "[" {
                let close: Character = c == "[" ? "]" : c
                let end = closing(close, from: i + 1)
                add(i, end ?? chars.count, c == "'" ? .string : .quotedName)
                if end == nil { carry = .quote(close) }
                i = end ?? chars.count
            } else if c.isNumber || (c == "." && next?.isNumber == true) {
                var j = i + 1
                while j < chars.count, chars[j].isNumber || chars[j].isLetter || chars[j] == "." { j += 1 }
                add(i, j, .number)
                i = j
            } else if c == "?" || ((c == "$" || c == ":" || c == "@") && (next?.isNumber == true || next?.isLetter == true)) {
                var j = i + 1
                while j < chars.count, chars[j].isNumber || chars[j].isLetter || chars[j] == "_" { j += 1 }
                add(i, j, .placeholder)
                i = j
            } else if c.isLetter || c == "_" {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "$" { j += 1 }
                let word = String(chars[i..<j])
                add(i, j, keywords.contains(word.uppercased()) ? .keyword : .name)
                i = j
            } else {
                add(i, i + 1, .punctuation)
                i += 1
            }
        }
        return spans
    }

    /// The spans of one piece of text, nothing carried in or out.
    package static func spans(_ text: String) -> [Span] {
        var carry = Carry.none
        return spans(text, carry: &carry)
    }

    /// How a kind is drawn: keywords bold blue, strings green, numbers magenta, quoted names
    /// cyan, placeholders yellow, comments dim; names and the rest plain.
    package static func style(_ kind: Kind) -> TextStyle {
        switch kind {
        case .keyword: return TextStyle(.bold, color: .blue)
        case .string: return TextStyle(color: .green)
        case .number: return TextStyle(color: .magenta)
        case .quotedName: return TextStyle(color: .cyan)
        case .placeholder: return TextStyle(color: .yellow)
        case .comment: return TextStyle(.dim)
        case .name, .punctuation, .space: return .plain
        }
    }

    /// Where the SQL of a line typed at the `:` prompt starts (in `Character`s), or nil when the
    /// line is not SQL: after `sql ` (and a leading `:`), or at the start of a line that reads as
    /// a statement (`SELECT …`, `INSERT INTO …`), as ``CommandParser`` decides.
    package static func sqlStart(inCommandLine line: String) -> Int? {
        let chars = Array(line)
        var i = 0
        while i < chars.count, chars[i].isWhitespace || chars[i] == ":" { i += 1 }
        var j = i
        while j < chars.count, !chars[j].isWhitespace { j += 1 }
        let word = String(chars[i..<j]).lowercased()
        guard !word.isEmpty else { return nil }
        if word == "sql" {
            while j < chars.count, chars[j].isWhitespace { j += 1 }
            return j
        }
        let rest = String(chars[j...]).trimmingCharacters(in: .whitespaces)
        return CommandParser.isSQLStatement(word: word, rest: rest) ? i : nil
    }

    /// A coloured run of a prompt's line: where it starts (in display columns from the line's
    /// start), its text and its style.
    package struct Run: Sendable, Equatable {
        /// Its first column, from the start of the line.
        package let column: Int
        /// The text (sanitized for display).
        package let text: String
        /// How it is drawn.
        package let style: TextStyle
    }

    /// The coloured runs of a line typed at the `:` prompt: its SQL (``sqlStart(inCommandLine:)``)
    /// in SQL's colours, plain runs left out; none when the line is not SQL.
    package static func promptRuns(commandLine line: String) -> [Run] {
        guard let start = sqlStart(inCommandLine: line) else { return [] }
        let shown = DisplayWidth.sanitize(line)
        var column = DisplayWidth.of(String(shown.prefix(start)))
        var runs: [Run] = []
        for span in spans(String(shown.dropFirst(start))) {
            let style = self.style(span.kind)
            if style != .plain { runs.append(Run(column: column, text: span.text, style: style)) }
            column += DisplayWidth.of(span.text)
        }
        return runs
    }
}
