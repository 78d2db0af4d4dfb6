/// How sqlite3's columnar modes (`column`, `box`, `table`, `markdown`, `qbox`) cut a value into
/// the lines of its cell: at most `width` columns a line (sqlite3's `--wrap`, 60 unless `.width`
/// gives the column its own), a new line at every line break, a tab as spaces to the next
/// multiple of eight.
///
///     ColumnWrap.lines("a\nb", width: 60)          // ["a", "b"]
///     ColumnWrap.lines("abcdefghij", width: 4)     // ["abcd", "efgh", "ij"]
///     ColumnWrap.lines("a\tb", width: 60)          // ["a       b"]
///
/// As sqlite3 does, any other control character (an escape too) ends the line it is on and is
/// not written, a line break at the very end adds no empty line, and `\r\n` is one break.
package enum ColumnWrap {
    /// sqlite3's default wrap width.
    package static let defaultWidth = 60

    /// The lines of `text` in a cell of `width` columns (its absolute value; 0: no limit, only
    /// line breaks cut). With `wordWrap` (sqlite3's `--wordwrap on`), a full line is cut after
    /// the last space in its second half (or, failing one, where letters and digits meet other
    /// characters), and the spaces there start no line.
    package static func lines(_ text: String, width: Int, wordWrap: Bool = false) -> [String] {
        let limit = width == 0 ? Int.max : abs(width)
        var lines: [String] = []
        var rest = Substring(text)
        while true {
            let (line, tail) = firstLine(of: rest, limit: limit, wordWrap: wordWrap)
            lines.append(line)
            guard let tail else { return lines }
            rest = tail
        }
    }

    /// The first line of `text` and what is left for the next (nil when nothing is).
    private static func firstLine(of text: Substring, limit: Int, wordWrap: Bool) -> (String, Substring?) {
        var line = ""
        var columns = 0
        var index = text.startIndex
        // Where each character of `line` starts in it and in `text`, to back up to a word's end.
        var marks: [(line: String.Index, text: Substring.Index)] = []
        while columns < limit, index < text.endIndex {
            if wordWrap { marks.append((line.endIndex, index)) }
            let character = text[index]
            if character == "\t" {
                repeat {
                    line.append(" ")
                    columns += 1
                } while columns % 8 != 0 && columns < limit
            } else if isControl(character) {
                break
            } else {
                line.append(character)
                columns += max(1, DisplayWidth.of(character))
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return (line, nil) }
        if wordWrap, columns >= limit, let cut = wordBreak(text, line: line, marks: marks, at: index) {
            var tail = cut.text
            while tail < text.endIndex, text[tail] == " " { tail = text.index(after: tail) }
            return (String(line[..<cut.line]), tail < text.endIndex ? text[tail...] : nil)
        }
        let next = text[index]
        // Full: the rest starts the next line, unless a break comes right here.
        if columns >= limit && !isControl(next) && next != "\t" { return (line, text[index...]) }
        // A break (or another control character) ends the line and is dropped; none at the end.
        let after = text.index(after: index)
        return (line, after < text.endIndex ? text[after...] : nil)
    }

    /// sqlite3's better place to cut a full `line` that ends before `end` in `text`: after the
    /// last space in its second half, else where a letter or digit meets another character; nil
    /// when neither (the line is cut where it is full).
    private static func wordBreak(_ text: Substring, line: String, marks: [(line: String.Index, text: Substring.Index)],
                                  at end: Substring.Index) -> (line: String.Index, text: Substring.Index)? {
        let count = marks.count
        func position(_ k: Int) -> (line: String.Index, text: Substring.Index) { k < count ? marks[k] : (line.endIndex, end) }
        func alphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        let candidates = Array(stride(from: count, to: count / 2, by: -1))
        if let k = candidates.first(where: { text[marks[$0 - 1].text].isWhitespace }) { return position(k) }
        if let k = candidates.first(where: { k in
            let after = position(k).text
            return after < text.endIndex && alphanumeric(text[marks[k - 1].text]) != alphanumeric(text[after])
        }) { return position(k) }
        return nil
    }

    /// Whether `character` is one sqlite3 breaks a line at: a C0 control other than tab (`\r\n` is one character).
    private static func isControl(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.value < 0x20 && character != "\t"
    }
}
