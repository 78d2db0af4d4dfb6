import Amigo
import Foundation

/// How cell values are shown, and how typed text becomes a value.
package enum ValueText {
    /// The text shown for NULL.
    public static let null = "∅"

    /// A cell's text: numbers as SQLite prints them, text as is (control characters made visible
    /// by the grid), BLOBs as their size and first bytes in hex.
    package static func display(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return null
        case .integer(let i): return String(i)
        case .real: return value.textValue ?? ""
        case .text(let s): return s
        case .blob(let b): return blobSummary(b)
        }
    }

    /// Like ``display(_:)``, but text that is empty or starts or ends with whitespace is quoted
    /// (`'C '`), so that it cannot be mistaken for other text (`C`) where values are compared.
    package static func visible(_ value: DatabaseValue) -> String {
        if case .text(let s) = value, s.isEmpty || s.first!.isWhitespace || s.last!.isWhitespace {
            return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return display(value)
    }

    /// What a cell shows of a value read only in part, `fullSize` bytes long: its first
    /// `shownLength` characters and its size (`Lorem ipsum…(5.0 MB)`), or for a blob its size and
    /// first bytes (`⟨5.0 MB⟩ 89504e47…`). Always text: it is not the value.
    public static func cut(_ value: DatabaseValue, fullSize: Int, shownLength: Int) -> DatabaseValue {
        let size = ByteCount.text(fullSize)
        switch value {
        case .blob(let bytes):
            let hex = ByteText.hex(Array(bytes.prefix(8)))
            return .text("⟨" + size + "⟩" + (hex.isEmpty ? "" : " " + hex + "…"))
        case .text(let text):
            return .text(String(text.prefix(shownLength)) + "…(" + size + ")")
        default:
            return value
        }
    }

    /// `⟨12 bytes⟩ 89504e47…`.
    package static func blobSummary(_ bytes: [UInt8], maxBytes: Int = 8) -> String {
        let hex = ByteText.hex(Array(bytes.prefix(maxBytes)))
        return "⟨" + Plural.count(bytes.count, "byte") + "⟩" + (bytes.isEmpty ? "" : " " + hex + (bytes.count > maxBytes ? "…" : ""))
    }

    /// The plain text of a value for exports and text mode (NULL as empty in CSV is decided by the caller).
    package static func plain(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .blob(let b): return "x'" + ByteText.hex(b) + "'"
        default: return display(value)
        }
    }

    /// Parses what a user typed for a column: `NULL` (any case) is NULL; for integer, real and
    /// numeric columns a number becomes a number; for a boolean column `true`/`false` (`t`/`f`,
    /// `yes`/`no`, `on`/`off`) become 1 and 0; `x'0aff'` is a blob; everything else is text
    /// (quotes around it are removed).
    public static func parse(_ text: String, for column: Column?) -> DatabaseValue {
        parse(text, kind: column?.kind ?? .text)
    }

    /// ``parse(_:for:)`` for a column of `kind` (`.blob`: no declared type, where a number typed
    /// bare is a number — as sqlite3's `.parameter set` reads a value too).
    package static func parse(_ text: String, kind: ColumnKind) -> DatabaseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased() == "NULL" { return .null }
        if let quoted = unquoted(trimmed) { return .text(quoted) }
        if trimmed.lowercased().hasPrefix("x'"), trimmed.hasSuffix("'"), let bytes = hexBytes(String(trimmed.dropFirst(2).dropLast())) {
            return .blob(bytes)
        }
        switch kind {
        case .numeric:
            if let i = Int64(trimmed) { return .integer(i) }
            // A decimal a double cannot hold exactly (more than 15 or so digits) is sent as typed:
            // PostgreSQL reads it whole into its exact NUMERIC (SQLite's NUMERIC affinity makes
            // it the same double as before). Only plain decimals: not `nan`, `inf` or hex.
            if let d = Double(trimmed) {
                return Self.isExactDouble(trimmed, d) || !Self.isPlainDecimal(trimmed) ? .real(d) : .text(trimmed)
            }
        case .boolean:
            // Booleans are stored as 1 and 0 (PostgreSQL's `boolean` is sent as t and f).
            switch trimmed.lowercased() {
            case "true", "t", "yes", "on": return .integer(1)
            case "false", "f", "no", "off": return .integer(0)
            default: break
            }
            if let i = Int64(trimmed) { return .integer(i) }
            if let d = Double(trimmed) { return .real(d) }
        case .integer:
            if let i = Int64(trimmed) { return .integer(i) }
            if let d = Double(trimmed) { return .real(d) }
        case .real:
            if let d = Double(trimmed) { return .real(d) }
        case .blob:
            // No declared type (BLOB affinity keeps values as given): a number typed bare is a
            // number, as in sqlite3's `SET x = 7`, so that `filter x = 7` finds it afterwards.
            if let i = Int64(trimmed) { return .integer(i) }
            if let d = Double(trimmed), isPlainDecimal(trimmed) { return .real(d) }
        default: break
        }
        return .text(text)
    }

    /// Whether `text` is a plain decimal literal: `-12.50`, `.5`, `1e-3` (no `nan`, `inf` or hex).
    static func isPlainDecimal(_ text: String) -> Bool {
        text.wholeMatch(of: /[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/) != nil
    }

    /// Whether `text`, a decimal number, is the double `d` exactly (its digits come back the same).
    static func isExactDouble(_ text: String, _ d: Double) -> Bool {
        guard d.isFinite, let typed = Decimal(string: text) else { return false }
        return Decimal(string: "\(d)") == typed
    }

    /// What `set` stores for the typed `text`: as ``parse(_:for:)``, but a quote that is not
    /// closed, and text (or nothing) for a column of numbers, are errors rather than stored as
    /// typed. Quoted text goes into any column (`'abc'` is text even in an INTEGER column).
    package static func parseEdit(_ text: String, for column: Column) throws -> DatabaseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let first = trimmed.first, first == "'" || first == "\"" {
            guard let quoted = unquoted(trimmed) else {
                throw ShellError.badValue(column: column.label, reason: "\(trimmed) is not one complete quoted text (close the quote; write '' or \\' for a quote inside)")
            }
            return .text(quoted)
        }
        if trimmed.isEmpty {
            throw ShellError.badValue(column: column.label, reason: "no value given (type '' for empty text, or NULL)")
        }
        if trimmed.hasPrefix("=") {
            throw ShellError.badValue(column: column.label, reason: "the value starts with '=' (write set COLUMN = VALUE, or quote it)")
        }
        let value = parse(text, for: column)
        switch (column.kind, value) {
        case (.numeric, .text(let digits)) where isPlainDecimal(digits):
            return value    // a decimal kept exact (see parse)
        case (.integer, .text), (.real, .text), (.numeric, .text), (.boolean, .text):
            throw ShellError.notANumber(column: column.label, value: trimmed)
        default:
            return value
        }
    }

    /// The text inside quotes (`'it''s'`, `'it\\'s'`, `"say \\"hi\\""`): a doubled quote or a
    /// backslash before a quote or a backslash stands for that character; any other backslash is
    /// kept (`'C:\\new'` stays as typed). Nil when `text` is not one whole quoted string.
    static func unquoted(_ text: String) -> String? {
        guard let quote = text.first, quote == "'" || quote == "\"", text.count >= 2 else { return nil }
        var result = ""
        var characters = Array(text.dropFirst())[...]
        while let c = characters.popFirst() {
            if c == "\\", let next = characters.first, next == "'" || next == "\"" || next == "\\" {
                result.append(next)
                characters.removeFirst()
            } else if c == quote {
                guard let after = characters.popFirst() else { return result }   // the closing quote, at the end
                guard after == quote else { return nil }                         // a quote inside, not doubled
                result.append(quote)
            } else {
                result.append(c)
            }
        }
        return nil   // never closed
    }

    private static func hexBytes(_ hex: String) -> [UInt8]? {
        let chars = Array(hex)
        guard chars.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < chars.count {
            guard let b = UInt8(String(chars[i...i + 1]), radix: 16) else { return nil }
            bytes.append(b)
            i += 2
        }
        return bytes
    }

    /// A filter-language literal for a value: `42`, `1.5`, `'O\'Brien'`, `nil`.
    package static func filterLiteral(_ value: DatabaseValue) -> String? {
        switch value {
        case .null: return "nil"
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? exactReal(d) : nil
        case .text(let s):
            return "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "'"
        case .blob: return nil
        }
    }

    /// A double written with as many digits as it takes to read back the same value
    /// (`0.30000000000000004`, `1e-05`), where the screen shows 15 significant digits as sqlite3 does.
    package static func exactReal(_ d: Double) -> String {
        if d.isInfinite { return d < 0 ? "-Inf" : "Inf" }
        return d.description
    }

    /// A column name as a filter key path: bare when it is a simple identifier, backquoted otherwise.
    package static func keyPath(_ name: String) -> String {
        let keywords: Set<String> = ["AND", "OR", "NOT", "IN", "LIKE", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "MATCHES",
                                     "NIL", "NULL", "TRUE", "FALSE", "YES", "NO", "IS", "TRUEPREDICATE", "FALSEPREDICATE", "ANY", "ALL", "SOME", "NONE"]
        let simple = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if simple && !keywords.contains(name.uppercased()) { return name }
        return "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
    }
}
