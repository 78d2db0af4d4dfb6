/// Breaks a line of text into lines of at most a given display width at the spaces between
/// words, as a reader expects (`SELECT "Name" FROM` never as `SELECT "Na` / `me" FROM`); a word
/// wider than the width is broken where it must. The line's leading blanks (an indentation)
/// are kept; the blanks a break falls on are not carried to the next line.
///
///     WordWrap.lines("SELECT count(*) FROM Track", width: 16)   // ["SELECT count(*)", "FROM Track"]
enum WordWrap {
    /// The lines of `text` (one line: no line breaks), each at most `width` cells wide.
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var pendingBlanks = ""
        var atStart = true
        /// Ends the line being filled.
        func breakLine() {
            lines.append(current)
            current = ""
            currentWidth = 0
            pendingBlanks = ""
        }
        /// Adds `word` (no blanks in it) after the blanks before it, breaking where it must.
        func add(_ word: String) {
            let wordWidth = DisplayWidth.of(word)
            let blanksWidth = DisplayWidth.of(pendingBlanks)
            if currentWidth + blanksWidth + wordWidth <= width {
                current += pendingBlanks + word
                currentWidth += blanksWidth + wordWidth
                pendingBlanks = ""
                return
            }
            if !current.isEmpty && wordWidth <= width {
                breakLine()
                current = word
                currentWidth = wordWidth
                return
            }
            // Wider than a line (or the line is empty): as much as fits, then the rest.
            if !current.isEmpty && currentWidth + blanksWidth < width {
                current += pendingBlanks
                currentWidth += blanksWidth
            } else if !current.isEmpty {
                breakLine()
            }
            pendingBlanks = ""
            for ch in word {
                let w = DisplayWidth.of(ch)
                if currentWidth + w > width && !current.isEmpty { breakLine() }
                current.append(ch)
                currentWidth += w
            }
        }
        var word = ""
        for ch in text {
            if ch == " " || ch == "\t" {
                if !word.isEmpty { add(word); word = ""; atStart = false }
                if atStart {
                    // The line's own indentation stays (as far as it fits).
                    if currentWidth < width { current.append(" "); currentWidth += 1 }
                } else {
                    pendingBlanks.append(" ")
                }
            } else {
                word.append(ch)
            }
        }
        if !word.isEmpty { add(word) }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
