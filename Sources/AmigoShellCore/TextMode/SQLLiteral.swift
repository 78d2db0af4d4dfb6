import Amigo

/// An SQL literal as sqlite3's `.parameter set` reads a value and `.parameter list` writes one:
/// an integer, a real, `'text'` with `''` for a quote, `x'hex'`, or `NULL`.
///
///     SQLLiteral.value("42")        // .integer(42)
///     SQLLiteral.value("'it''s'")   // .text("it's")
///     SQLLiteral.value("x'00ff'")   // .blob([0, 255])
///     SQLLiteral.value("hello")     // .text("hello"): not a literal, the text as typed
///     SQLLiteral.text(.text("it's")) // "'it''s'"
///
/// sqlite3 evaluates the value as an SQL expression and keeps the text when that fails; here a
/// value is never run as SQL, so an expression (`1+1`, `date('now')`) is kept as its text.
enum SQLLiteral {
    /// The value `text` spells.
    static func value(_ text: String) -> DatabaseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased() == "NULL" { return .null }
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let real = Double(trimmed), trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), real.isFinite { return .real(real) }
        if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") {
            let inner = trimmed.dropFirst().dropLast()
            if !inner.replacingOccurrences(of: "''", with: "").contains("'") { return .text(inner.replacingOccurrences(of: "''", with: "'")) }
        }
        if trimmed.count >= 3, trimmed.lowercased().hasPrefix("x'"), trimmed.hasSuffix("'"), let bytes = hexBytes(trimmed.dropFirst(2).dropLast()) {
            return .blob(bytes)
        }
        return .text(trimmed)
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
        case .text(let s): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): return blob == .uppercase ? "X'" + ByteText.hex(bytes).uppercased() + "'" : "x'" + ByteText.hex(bytes) + "'"
        }
    }

    /// The bytes of an even number of hex digits, or nil.
    private static func hexBytes(_ digits: Substring) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
