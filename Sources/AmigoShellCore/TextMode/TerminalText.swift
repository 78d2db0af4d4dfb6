/// Text made safe to write to a terminal in text mode: nothing from the data (a table or column
/// name, a stored DDL, a value, an error that quotes them) can act on the terminal.
///
/// Line breaks and tabs are kept (text mode prints tables and DDL over several lines); every
/// other C0 control and DEL becomes caret notation (`ESC` → `^[`), and C1 controls, bidirectional
/// overrides and isolates become `<U+XXXX>`, as `cat -v` and `less` show them. Invalid UTF-8
/// never reaches here: SQLite text is decoded with replacement characters.
/// The full-screen UI has its own, width-aware sanitizer (``DisplayWidth/sanitize(_:)``);
/// machine output (CSV, JSON) is never passed through this.
package enum TerminalText {
    /// `text` with every terminal control made visible; with `keepingLineEnds`, a carriage
    /// return before a line feed stays (CSV's CRLF line ends, shown on a terminal).
    package static func safe(_ text: String, keepingLineEnds: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 >= 0xC2 }) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A, 0x09: result.append(scalar)
            case 0x0D where keepingLineEnds && index + 1 < scalars.count && scalars[index + 1].value == 0x0A: result.append(scalar)
            case 0x00..<0x20: result.append(contentsOf: "^\(Character(Unicode.Scalar(scalar.value + 0x40)!))".unicodeScalars)
            case 0x7F: result.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
