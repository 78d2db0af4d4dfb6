import AmigoShellCore

/// What one prompt row shows: the prompt, the visible part of the line being edited, and where
/// the cursor goes.
///
/// Readline reports the cursor as a byte offset into its UTF-8 buffer; the column is the display
/// width of the bytes before it. A line too long for the row scrolls horizontally so the cursor
/// stays visible, with `…` marking text cut off at either end.
///
/// For example, with `prompt: "filter> "`, the line `日本x`, the point at byte 3 (after 日), width 40:
/// text `filter> 日本x`, cursor column 10.
struct PromptLayout: Equatable {
    /// The row's text (prompt plus visible part of the line), sanitized.
    var text: String
    /// The cursor's column in the row.
    var cursorColumn: Int
    /// The row's column where the line's first column would be drawn (left of the row when the
    /// line is scrolled), for colouring runs of the line at their place.
    var lineOrigin = 0
    /// The row's columns that show the line (the `…` marks left out).
    var field = 0..<0

    init(prompt: String, line: [UInt8], point: Int, width: Int) {
        guard width > 0 else {
            self.init(text: "", cursorColumn: 0)
            return
        }
        let shownPrompt = DisplayWidth.truncate(prompt, to: max(0, width - 2))
        let promptWidth = DisplayWidth.of(shownPrompt)
        let field = width - promptWidth   // columns for the line, cursor included; at least 2

        let clampedPoint = min(max(0, point), line.count)
        let graphemes = Array(DisplayWidth.sanitize(String(decoding: line, as: UTF8.self)))
        let cursor = DisplayWidth.of(String(decoding: line[..<clampedPoint], as: UTF8.self))
        let total = DisplayWidth.of(String(graphemes))
        let fitsWithoutScrolling = total < field || cursor < field - 1

        var visible = ""
        var cursorInField = cursor
        var origin = promptWidth
        var shownField = promptWidth..<(promptWidth + min(field, total))
        if fitsWithoutScrolling {
            visible = DisplayWidth.truncate(String(graphemes), to: field)
            if total > field { shownField = promptWidth..<(promptWidth + field - 1) }
        } else {
            // Drop graphemes from the left until "…" + the rest up to the cursor puts the cursor on
            // the field's last column, or the one before when more text follows (its "…" is last).
            let target = max(1, cursor < total ? field - 2 : field - 1)
            var dropped = 0
            var index = graphemes.startIndex
            while index < graphemes.endIndex && 1 + cursor - dropped > target {
                dropped += DisplayWidth.of(graphemes[index])
                index += 1
            }
            cursorInField = 1 + cursor - dropped
            visible = "…" + DisplayWidth.truncate(String(graphemes[index...]), to: field - 1)
            origin = promptWidth + 1 - dropped
            let rest = total - dropped
            shownField = (promptWidth + 1)..<(promptWidth + 1 + min(rest, field - 1 - (rest > field - 1 ? 1 : 0)))
        }
        self.init(text: shownPrompt + visible, cursorColumn: promptWidth + cursorInField)
        lineOrigin = origin
        self.field = shownField
    }

    init(text: String, cursorColumn: Int) {
        self.text = text
        self.cursorColumn = cursorColumn
    }

    /// Two layouts are equal when they show the same row with the cursor in the same place
    /// (``lineOrigin`` and ``field`` follow from those).
    static func == (a: PromptLayout, b: PromptLayout) -> Bool { a.text == b.text && a.cursorColumn == b.cursorColumn }
}
