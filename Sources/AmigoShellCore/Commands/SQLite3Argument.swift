/// A dot-command's argument as sqlite3 reads it: in single quotes, as it is; in double quotes or
/// bare, with backslash escapes resolved — `\t`, `\n`, `\r`, `\a`, `\b`, `\v`, `\f`, `\"`, `\'`,
/// `\\`, and up to three octal digits (`\033`; `\0` ends the argument, as NUL ends a C string);
/// a backslash before any other character is dropped.
///
///     SQLite3Argument.text(#""a\tb""#)   // "a<TAB>b"
///     SQLite3Argument.text(#"e\tf"#)     // "e<TAB>f"
///     SQLite3Argument.text(#"'c\td'"#)   // #"c\td"#
enum SQLite3Argument {
    /// The argument `word` (quotes included, as ``CommandParser/splitWords(_:)`` gives it) means.
    static func text(_ word: String) -> String {
        let unquoted = CommandParser.unquote(word)
        return word.hasPrefix("'") ? unquoted : resolvingBackslashes(unquoted)
    }

    /// `text` with its backslash escapes resolved, as sqlite3's `resolve_backslashes`.
    static func resolvingBackslashes(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                let escaped = scalars[index]
                switch escaped {
                case "a": scalar = "\u{07}"
                case "b": scalar = "\u{08}"
                case "t": scalar = "\t"
                case "n": scalar = "\n"
                case "v": scalar = "\u{0B}"
                case "f": scalar = "\u{0C}"
                case "r": scalar = "\r"
                case "0"..."7":
                    var value = escaped.value - 48
                    for _ in 0..<2 where index + 1 < scalars.count && ("0"..."7").contains(scalars[index + 1]) {
                        index += 1
                        value = value * 8 + scalars[index].value - 48
                    }
                    // NUL ends the argument, as it ends sqlite3's C string.
                    if value == 0 { return String(out) }
                    scalar = Unicode.Scalar(value) ?? "?"
                default: scalar = escaped
                }
            }
            out.append(scalar)
            index += 1
        }
        return String(out)
    }
}
