/// Follows an SQL statement line by line, once over each byte, to tell whether it may end on the
/// last line read: whether its last token is a `;` outside quotes (`'…'`, `"…"`, `[…]`, `` `…` ``)
/// and comments (`-- …`, `/* … */`).
///
/// Asking SQLite (``SQLText/isComplete(_:)``) reads the whole text so far each time, which made a
/// statement whose every line holds a `;` (in a string literal, say) quadratic to read. The
/// scanner answers alone unless the statement mentions a trigger, whose `BEGIN … END` only
/// SQLite's own reading decides; then SQLite is asked, and only on lines that end with a `;`.
struct StatementEndScanner {
    /// Where the scan stands between bytes.
    private enum Context { case code, singleQuote, doubleQuote, bracket, backtick, blockComment }

    private var context = Context.code
    /// Whether the last token outside comments is a `;`.
    private var lastTokenIsSemicolon = false
    /// Whether a line read so far contains the word TRIGGER (in any case).
    private(set) var mentionsTrigger = false

    /// Whether the text read so far ends with a `;` outside quotes and comments.
    var endsWithSemicolon: Bool { context == .code && lastTokenIsSemicolon }

    /// Reads one more line (without its line break).
    mutating func read(_ line: String) {
        if !mentionsTrigger && line.utf8.count >= 7 && line.range(of: "trigger", options: .caseInsensitive) != nil {
            mentionsTrigger = true
        }
        var previous: UInt8 = 0
        var bytes = line.utf8.makeIterator()
        while let byte = bytes.next() {
            switch context {
            case .code:
                switch byte {
                case UInt8(ascii: ";"): lastTokenIsSemicolon = true
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C: break
                case UInt8(ascii: "'"): context = .singleQuote; lastTokenIsSemicolon = false
                case UInt8(ascii: "\""): context = .doubleQuote; lastTokenIsSemicolon = false
                case UInt8(ascii: "["): context = .bracket; lastTokenIsSemicolon = false
                case UInt8(ascii: "`"): context = .backtick; lastTokenIsSemicolon = false
                case UInt8(ascii: "-") where previous == UInt8(ascii: "-"):
                    // A line comment: the rest of the line is skipped. The first `-` was taken
                    // for a token; the comment does not change what the last token was.
                    lastTokenIsSemicolon = dashTokenWasSemicolonBefore
                    return
                case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                    context = .blockComment
                    lastTokenIsSemicolon = slashTokenWasSemicolonBefore
                    previous = 0
                    continue
                default:
                    if byte == UInt8(ascii: "-") { dashTokenWasSemicolonBefore = lastTokenIsSemicolon }
                    if byte == UInt8(ascii: "/") { slashTokenWasSemicolonBefore = lastTokenIsSemicolon }
                    lastTokenIsSemicolon = false
                }
            case .singleQuote: if byte == UInt8(ascii: "'") { context = .code }
            case .doubleQuote: if byte == UInt8(ascii: "\"") { context = .code }
            case .bracket: if byte == UInt8(ascii: "]") { context = .code }
            case .backtick: if byte == UInt8(ascii: "`") { context = .code }
            case .blockComment:
                if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "*") {
                    context = .code
                    previous = 0
                    continue
                }
            }
            previous = byte
        }
    }

    /// What the last token was before a `-` that may start a `--` comment.
    private var dashTokenWasSemicolonBefore = false
    /// What the last token was before a `/` that may start a `/* */` comment.
    private var slashTokenWasSemicolonBefore = false
}
