import Foundation

/// A JSON object or array stored as text, shown indented in the row detail (`v`): one member
/// per line, two spaces a level, keys in their stored order and numbers as written (it
/// re-indents the text; nothing is parsed into values and written back).
///
///     JSONPrettyText.pretty(#"{"a":1,"b":[true,null]}"#)
///     // {
///     //   "a": 1,
///     //   "b": [
///     //     true,
///     //     null
///     //   ]
///     // }
enum JSONPrettyText {
    /// Longest text re-indented: a bigger value is shown as stored.
    static let maxLength = 1_000_000

    /// `text` indented, when it is a JSON object or array; nil otherwise (or when longer than
    /// ``maxLength``).
    static func pretty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= maxLength, let first = trimmed.first, first == "{" || first == "[",
              (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) != nil else { return nil }
        var out = ""
        var depth = 0
        var inString = false
        var escaped = false
        var chars = Array(trimmed)
        var i = 0
        /// A line break and the indentation of `depth`.
        func newline() { out += "\n" + String(repeating: "  ", count: depth) }
        while i < chars.count {
            let c = chars[i]
            defer { i += 1 }
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"":
                inString = true
                out.append(c)
            case "{", "[":
                // An empty object or array stays on one line.
                var j = i + 1
                while j < chars.count, chars[j].isWhitespace { j += 1 }
                if j < chars.count, chars[j] == (c == "{" ? "}" : "]") {
                    out += c == "{" ? "{}" : "[]"
                    i = j
                    continue
                }
                out.append(c)
                depth += 1
                newline()
            case "}", "]":
                depth -= 1
                newline()
                out.append(c)
            case ",":
                out.append(c)
                newline()
            case ":":
                out += ": "
            case _ where c.isWhitespace:
                continue
            default:
                out.append(c)
            }
        }
        chars.removeAll()
        return out
    }
}
