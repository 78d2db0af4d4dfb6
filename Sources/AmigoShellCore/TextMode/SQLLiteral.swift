import Amigo

/// An SQL literal as sqlite3's `.parameter set` reads a value and `.parameter list` writes one:
/// an integer, a real, `'text'` with `''` for a quote, `x'hex'`, or `NULL`.
///
///     SQLLiteral.value("42")        // .integer(42)
///     SQLLiteral.value("'it''s'")   // .text("it's")
///     SQLLiteral.value("x'00ff'")   // .blob([0, 255])
///     SQLLiteral.value("\"dq\"")     // .text("dq")
///     SQLLiteral.value("hello")     // .text("hello"): not a literal, the text as typed
///     SQLLiteral.text(.text("it's")) // "'it''s'"
///
/// sqlite3 evaluates the value as an SQL expression and keeps the text when that fails; here a
/// value is never run as SQL, so an expression (`1+1`, `date('now')`) is kept as its text.
enum SQLLiteral {
    /// The value `text` spells: ``ValueText/parse(_:kind:)`` as for a column of no declared
    /// type (a number typed bare is a number, `'…'` or `"…"` text, `x'…'` a BLOB, `NULL`), the
    /// text as typed otherwise.
    static func value(_ text: String) -> DatabaseValue {
        ValueText.parse(text, kind: .blob)
    }

    /// How a BLOB is written: `X'00FF'` as SQLite's `quote()` writes it, or `x'00ff'` as
    /// sqlite3's quoted columns (`qbox`) do.
    enum BlobStyle { case uppercase, lowercase }

    /// `value` as SQLite's `quote()` writes it (reals with SQLite's 15 digits), a BLOB in `blob`'s style.
    static func text(_ value: DatabaseValue, blob: BlobStyle = .uppercase) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return String(i)
        case .real(let d): return ValueText.sqlite3Real(d)
        case .text(let s): return QuoteFormatter.text(s)
        case .blob(let bytes): return blob == .uppercase ? "X'" + ByteText.hex(bytes).uppercased() + "'" : "x'" + ByteText.hex(bytes) + "'"
        }
    }
}
