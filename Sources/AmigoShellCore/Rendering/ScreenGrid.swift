/// Text attributes of a cell; a terminal adapter maps them to its own (curses `A_BOLD` …).
package struct TextAttributes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates attributes from raw bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Bold (often also bright).
    package static let bold = TextAttributes(rawValue: 1 << 0)
    /// Foreground and background swapped; used for the selection.
    package static let reverse = TextAttributes(rawValue: 1 << 1)
    /// Underlined.
    package static let underline = TextAttributes(rawValue: 1 << 2)
    /// Dim (half-bright).
    package static let dim = TextAttributes(rawValue: 1 << 3)
}

/// A foreground colour from the basic terminal palette, on the terminal's default background.
package enum TerminalColor: Int, Sendable, Hashable, CaseIterable {
    /// The terminal's default foreground.
    case normal
    /// Red.
    case red
    /// Green.
    case green
    /// Yellow.
    case yellow
    /// Blue.
    case blue
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan
    /// Gray (bright black where the terminal has 16 colours, white otherwise).
    case gray
}

/// How a cell is drawn: attributes plus a foreground colour.
package struct TextStyle: Sendable, Hashable {
    /// Bold, reverse, underline, dim.
    package var attributes: TextAttributes
    /// The foreground colour.
    package var color: TerminalColor

    /// No attributes, default colour.
    package static let plain = TextStyle()

    /// Creates a style, for example `TextStyle(.bold, color: .cyan)`.
    package init(_ attributes: TextAttributes = [], color: TerminalColor = .normal) {
        self.attributes = attributes
        self.color = color
    }
}

/// One terminal cell of a ``ScreenGrid``.
package struct Cell: Sendable, Hashable {
    /// One sanitized grapheme (see ``DisplayWidth/sanitize(_:)``), or `""` for a cell covered by the
    /// wide character to its left.
    public var text: String
    /// How the cell is drawn. A wide character is drawn with the style of its first cell.
    public var style: TextStyle

    /// Creates a cell.
    package init(text: String = " ", style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A plain space.
    package static let blank = Cell()
}

/// A cell position in a grid, 0-based.
public struct GridPosition: Sendable, Hashable {
    /// The row, from the top.
    public var row: Int
    /// The column, from the left.
    public var column: Int

    /// Creates a position.
    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells. Its sizes are never negative.
package struct Rect: Sendable, Hashable {
    /// The leftmost column.
    package var x: Int
    /// The top row.
    package var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle; negative values are clamped to 0, so layout arithmetic on a tiny
    /// terminal yields empty rectangles instead of invalid ones.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = max(0, x)
        self.y = max(0, y)
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just past the right edge (`x + width`).
    package var maxX: Int { x + width }
    /// The row just below the bottom edge (`y + height`).
    package var maxY: Int { y + height }

    /// The rectangle shrunk by `amount` cells on every side (never below zero size);
    /// `inset(by: 1)` is the inside of a box drawn with ``ScreenGrid/drawBox(_:title:style:titleStyle:)``.
    package func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

/// A terminal screen as a value: width × height cells plus a cursor position.
///
/// Renderers draw into a grid; the terminal adapter blits it; tests compare ``text()`` with
/// multi-line snapshots. The grid keeps wide characters whole: a character two columns wide
/// occupies its cell and the next, which holds `""`. Overwriting either half of a wide character
/// blanks the other half, exactly as a terminal does.
///
/// For example:
///
///     var grid = ScreenGrid(width: 12, height: 3)
///     grid.drawBox(Rect(x: 0, y: 0, width: 12, height: 3), title: "日本")
///     grid.put("ok", row: 1, column: 1)
///     grid.text()  // "┌─ 日本 ───┐\n│ok        │\n└──────────┘"
public struct ScreenGrid: Sendable, Equatable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// Where the terminal cursor should be shown; nil hides it.
    public var cursor: GridPosition?

    private var cells: [Cell]

    /// Creates a grid of plain spaces with a hidden cursor. Negative sizes are treated as 0.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cursor = nil
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at `row`, `column`. Reading outside the grid gives a blank cell; writing outside
    /// it is ignored.
    ///
    /// Writing sanitizes the text to its first grapheme and keeps wide characters whole: a wide
    /// grapheme also claims the cell(s) to its right (or becomes a space if it does not fit), and a
    /// wide character that is partly overwritten becomes spaces. Writing `""` writes a space.
    package subscript(row: Int, column: Int) -> Cell {
        get {
            guard contains(row: row, column: column) else { return .blank }
            return cells[row * width + column]
        }
        set {
            guard contains(row: row, column: column) else { return }
            if let grapheme = DisplayWidth.sanitizedGraphemes(newValue.text).first {
                place(grapheme, row: row, column: column, limit: width, style: newValue.style)
            } else {
                place(DisplayWidth.SanitizedGrapheme(character: " ", width: 1),
                      row: row, column: column, limit: width, style: newValue.style)
            }
        }
    }

    /// Writes `text`, sanitized, from `row`, `column` to the right.
    ///
    /// Output stops at `column + maxWidth` (when given) and at the grid's right edge. A wide
    /// character that would straddle that limit is replaced by a space. Nothing wraps.
    ///
    /// - Returns: the number of columns written.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, maxWidth: Int? = nil,
                             style: TextStyle = .plain) -> Int {
        guard row >= 0, row < height else { return 0 }
        let limit = min(width, maxWidth.map { column + max(0, $0) } ?? width)
        var x = column
        for grapheme in DisplayWidth.sanitizedGraphemes(text) {
            guard x < limit else { break }
            if x + grapheme.width > limit || x < 0 {
                // Does not fit (or starts left of the grid): blank the visible part of it.
                let visible = max(0, x)..<max(0, min(limit, x + grapheme.width))
                for blankColumn in visible {
                    place(.space, row: row, column: blankColumn, limit: limit, style: style)
                }
            } else {
                place(grapheme, row: row, column: x, limit: limit, style: style)
            }
            x += grapheme.width
        }
        return max(0, min(x, limit) - max(0, column))
    }

    /// Fills `rect` (clipped to the grid) with `character`. A wide character is repeated every two
    /// columns; an odd column left over at the right is a space.
    package mutating func fill(_ rect: Rect, with character: Character = " ", style: TextStyle = .plain) {
        let grapheme = DisplayWidth.sanitizedGrapheme(character) ?? .space
        let (rows, columns) = clipped(rect)
        let maxX = columns.upperBound
        for row in rows {
            var x = columns.lowerBound
            while x < maxX {
                if x + grapheme.width <= maxX {
                    place(grapheme, row: row, column: x, limit: maxX, style: style)
                    x += grapheme.width
                } else {
                    place(.space, row: row, column: x, limit: maxX, style: style)
                    x += 1
                }
            }
        }
    }

    /// Changes the style of the cells in `rect` (clipped to the grid) without changing their text.
    package mutating func style(_ rect: Rect, _ style: TextStyle) {
        let (rows, columns) = clipped(rect)
        for row in rows {
            for column in columns {
                cells[row * width + column].style = style
            }
        }
    }

    /// Draws a box with Unicode light lines along the edges of `rect` (clipped to the grid).
    ///
    /// A `title` goes into the top border, `┌─ Tables ─────┐`, truncated with `…` if the box is too
    /// narrow, and drawn with `titleStyle` (default: `style`). The inside is left untouched.
    /// A rectangle less than 2×2 draws nothing.
    package mutating func drawBox(_ rect: Rect, title: String? = nil, style: TextStyle = .plain,
                                 titleStyle: TextStyle? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for x in rect.x + 1..<right {
            self[rect.y, x] = Cell(text: "─", style: style)
            self[bottom, x] = Cell(text: "─", style: style)
        }
        for y in rect.y + 1..<bottom {
            self[y, rect.x] = Cell(text: "│", style: style)
            self[y, right] = Cell(text: "│", style: style)
        }
        self[rect.y, rect.x] = Cell(text: "┌", style: style)
        self[rect.y, right] = Cell(text: "┐", style: style)
        self[bottom, rect.x] = Cell(text: "└", style: style)
        self[bottom, right] = Cell(text: "┘", style: style)

        // "┌─ " + title + " ─…┐": the title needs the corner, one rule, two spaces and one column.
        let room = rect.width - 5
        if let title, room >= 1, !DisplayWidth.sanitize(title).isEmpty {
            let shown = DisplayWidth.truncate(title, to: room)
            put(" " + shown + " ", row: rect.y, column: rect.x + 2, maxWidth: room + 2,
                style: titleStyle ?? style)
        }
    }

    /// The text of `row` with trailing spaces trimmed; `""` outside the grid.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var text = ""
        for cell in cells[row * width..<(row + 1) * width] { text += cell.text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// All rows, each trimmed of trailing spaces, joined with `"\n"`.
    public func text() -> String {
        (0..<height).map(line).joined(separator: "\n")
    }

    // MARK: - Wide-character bookkeeping

    /// The rows and columns of `rect` that lie inside the grid (possibly empty ranges).
    private func clipped(_ rect: Rect) -> (rows: Range<Int>, columns: Range<Int>) {
        let rows = min(rect.y, height)..<min(max(rect.y, rect.maxY), height)
        let columns = min(rect.x, width)..<min(max(rect.x, rect.maxX), width)
        return (rows, columns)
    }

    private func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Writes one sanitized grapheme at `row`, `column`, claiming continuation cells to its right
    /// (a space if it would cross `limit`), after blanking any wide character it partly covers.
    private mutating func place(_ grapheme: DisplayWidth.SanitizedGrapheme, row: Int, column: Int,
                                limit: Int, style: TextStyle) {
        let fits = column + grapheme.width <= min(limit, width)
        let span = fits ? grapheme.width : 1
        for x in column..<column + span { breakWideCharacter(row: row, column: x) }
        let base = row * width + column
        cells[base] = Cell(text: fits ? String(grapheme.character) : " ", style: style)
        for offset in 1..<span { cells[base + offset] = Cell(text: "", style: style) }
    }

    /// If the cell at `row`, `column` is part of a wide character, turns that whole character into
    /// spaces (keeping its style), so a following write never leaves half of one behind.
    private mutating func breakWideCharacter(row: Int, column: Int) {
        let rowStart = row * width
        var lead = column
        while lead > 0 && cells[rowStart + lead].text.isEmpty { lead -= 1 }
        var end = lead + 1
        while end < width && cells[rowStart + end].text.isEmpty { end += 1 }
        guard end - lead > 1 else { return }  // a single-width cell: nothing to break
        for x in lead..<end { cells[rowStart + x].text = " " }
    }
}

extension DisplayWidth.SanitizedGrapheme {
    /// A single space.
    static let space = DisplayWidth.SanitizedGrapheme(character: " ", width: 1)
}
