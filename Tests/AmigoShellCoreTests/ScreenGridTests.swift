import Testing
@testable import AmigoShellCore

@Suite("ScreenGrid")
struct ScreenGridTests {
    // MARK: Basics

    @Test func newGridIsBlankWithHiddenCursor() {
        let grid = ScreenGrid(width: 4, height: 3)
        #expect(grid.text() == "\n\n")
        #expect(grid[0, 0] == Cell(text: " ", style: .plain))
        #expect(grid.cursor == nil)
        #expect(grid == ScreenGrid(width: 4, height: 3))
    }

    @Test func outOfRangeReadsAreBlankAndWritesIgnored() {
        var grid = ScreenGrid(width: 3, height: 2)
        grid[5, 0] = Cell(text: "x")
        grid[0, -1] = Cell(text: "x")
        #expect(grid[-1, 0] == .blank)
        #expect(grid[0, 3] == .blank)
        #expect(grid.text() == "\n")
        #expect(grid.line(7) == "")
    }

    @Test func subscriptWritesOneSanitizedGrapheme() {
        var grid = ScreenGrid(width: 4, height: 1)
        grid[0, 0] = Cell(text: "ab", style: TextStyle(.bold))
        grid[0, 1] = Cell(text: "\t")
        grid[0, 2] = Cell(text: "日")
        #expect(grid[0, 0] == Cell(text: "a", style: TextStyle(.bold)))
        #expect(grid[0, 3].text == "")
        #expect(grid.line(0) == "a→日")
    }

    @Test func putWritesTextAndReportsColumns() {
        var grid = ScreenGrid(width: 10, height: 2)
        #expect(grid.put("hello", row: 1, column: 2) == 5)
        #expect(grid.text() == "\n  hello")
        #expect(grid.put("x", row: 2, column: 0) == 0)
        #expect(grid.put("x", row: -1, column: 0) == 0)
    }

    @Test func putClipsToTheGridAndToMaxWidth() {
        var grid = ScreenGrid(width: 8, height: 2)
        #expect(grid.put("abcdefghij", row: 0, column: 3) == 5)
        #expect(grid.put("abcdefghij", row: 1, column: 1, maxWidth: 3) == 3)
        #expect(grid.text() == "   abcde\n abc")
    }

    @Test func putStartingLeftOfTheGridShowsOnlyTheVisiblePart() {
        var grid = ScreenGrid(width: 6, height: 1)
        #expect(grid.put("abcdef", row: 0, column: -2) == 4)
        #expect(grid.line(0) == "cdef")
        grid.put("日本x", row: 0, column: -1)
        #expect(grid.line(0) == " 本x")  // half of 日 is visible: a space stands in for it
    }

    @Test func putAppliesTheStyle() {
        var grid = ScreenGrid(width: 6, height: 1)
        let selected = TextStyle([.reverse, .bold], color: .cyan)
        grid.put("ab", row: 0, column: 1, style: selected)
        #expect(grid[0, 0].style == .plain)
        #expect(grid[0, 1].style == selected)
        #expect(grid[0, 2].style == selected)
        #expect(grid[0, 3].style == .plain)
    }

    // MARK: Wide characters

    @Test func wideCharacterOccupiesTwoCells() {
        var grid = ScreenGrid(width: 6, height: 1)
        #expect(grid.put("日本", row: 0, column: 1) == 4)
        #expect(grid[0, 1].text == "日")
        #expect(grid[0, 2].text == "")
        #expect(grid[0, 3].text == "本")
        #expect(grid[0, 4].text == "")
        #expect(grid.line(0) == " 日本")
        #expect(DisplayWidth.of(grid.line(0)) == 5)
    }

    @Test func wideCharacterStraddlingMaxWidthBecomesASpace() {
        var grid = ScreenGrid(width: 8, height: 1)
        grid.fill(Rect(x: 0, y: 0, width: 8, height: 1), with: "#")
        #expect(grid.put("a日本", row: 0, column: 0, maxWidth: 4) == 4)
        #expect(grid.line(0) == "a日 ####")
    }

    @Test func wideCharacterStraddlingTheRightEdgeBecomesASpace() {
        var grid = ScreenGrid(width: 5, height: 1)
        grid.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "#")
        #expect(grid.put("abcd日", row: 0, column: 0) == 5)
        #expect(grid[0, 4] == Cell(text: " "))
        #expect(grid.line(0) == "abcd")
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var grid = ScreenGrid(width: 6, height: 1)
        grid.put("日本語", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)   // right half of 日
        grid.put("y", row: 0, column: 2)   // left half of 本
        #expect(grid.line(0) == " xy 語")
        #expect((0..<6).map { grid[0, $0].text } == [" ", "x", "y", " ", "語", ""])
    }

    @Test func wideCharacterOverTwoNarrowOnesLeavesNoOrphans() {
        var grid = ScreenGrid(width: 6, height: 1)
        grid.put("日本語", row: 0, column: 0)
        grid.put("字", row: 0, column: 1)  // covers the right half of 日 and the left half of 本
        #expect((0..<6).map { grid[0, $0].text } == [" ", "字", "", " ", "語", ""])
    }

    @Test func emojiAreSanitizedWhenDrawn() {
        var grid = ScreenGrid(width: 12, height: 1)
        #expect(grid.put("👨‍👩‍👧|❤️|👍🏽|", row: 0, column: 0) == 8)
        #expect(grid.line(0) == "👨|❤|👍|")
    }

    @Test func combiningMarkStaysInItsBaseCell() {
        var grid = ScreenGrid(width: 4, height: 1)
        #expect(grid.put("e\u{301}x", row: 0, column: 0) == 2)
        #expect(Array(grid[0, 0].text.unicodeScalars) == ["e", "\u{301}"])
        #expect(grid[0, 1].text == "x")
    }

    @Test func controlCharactersAreVisibleInTheGrid() {
        var grid = ScreenGrid(width: 10, height: 1)
        grid.put("a\nb\tc\u{7}", row: 0, column: 0)
        #expect(grid.line(0) == "a↵b→c·")
    }

    // MARK: Fill and style

    @Test func fillClipsToTheGrid() {
        var grid = ScreenGrid(width: 4, height: 3)
        grid.fill(Rect(x: 2, y: 1, width: 10, height: 10), with: "x")
        grid.fill(Rect(x: 9, y: 9, width: 2, height: 2), with: "y")
        #expect(grid.text() == "\n  xx\n  xx")
    }

    @Test func fillWithAWideCharacterLeavesASpaceForAnOddColumn() {
        var grid = ScreenGrid(width: 5, height: 1)
        grid.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "日")
        #expect((0..<5).map { grid[0, $0].text } == ["日", "", "日", "", " "])
    }

    @Test func styleChangesStyleButNotText() {
        var grid = ScreenGrid(width: 5, height: 2)
        grid.put("abcde", row: 0, column: 0)
        let highlight = TextStyle(.reverse)
        grid.style(Rect(x: 1, y: 0, width: 2, height: 5), highlight)
        #expect(grid.line(0) == "abcde")
        #expect(grid[0, 0].style == .plain)
        #expect(grid[0, 1].style == highlight)
        #expect(grid[1, 2].style == highlight)
        #expect(grid[0, 3].style == .plain)
    }

    // MARK: Boxes

    @Test func boxWithTitle() {
        var grid = ScreenGrid(width: 16, height: 4)
        grid.drawBox(Rect(x: 0, y: 0, width: 16, height: 4), title: "Tables")
        #expect(grid.text() == """
            ┌─ Tables ─────┐
            │              │
            │              │
            └──────────────┘
            """)
    }

    @Test func boxWithoutTitleAndInsideAGrid() {
        var grid = ScreenGrid(width: 8, height: 4)
        grid.drawBox(Rect(x: 1, y: 1, width: 4, height: 3))
        #expect(grid.text() == """

             ┌──┐
             │  │
             └──┘
            """)
    }

    @Test func boxTitleIsTruncatedToFit() {
        var grid = ScreenGrid(width: 12, height: 2)
        grid.drawBox(Rect(x: 0, y: 0, width: 12, height: 2), title: "Very long title")
        #expect(grid.line(0) == "┌─ Very l… ┐")
        #expect(DisplayWidth.of(grid.line(0)) == 12)
    }

    @Test func boxWithWideTitle() {
        var grid = ScreenGrid(width: 12, height: 3)
        grid.drawBox(Rect(x: 0, y: 0, width: 12, height: 3), title: "日本")
        grid.put("ok", row: 1, column: 1)
        #expect(grid.text() == """
            ┌─ 日本 ───┐
            │ok        │
            └──────────┘
            """)
    }

    @Test func boxTitleStyleAppliesToTheTitleOnly() {
        var grid = ScreenGrid(width: 12, height: 2)
        let border = TextStyle(color: .gray)
        let title = TextStyle(.bold)
        grid.drawBox(Rect(x: 0, y: 0, width: 12, height: 2), title: "Rows", style: border, titleStyle: title)
        #expect(grid[0, 1].style == border)
        #expect(grid[0, 2].style == title)   // the space before the title
        #expect(grid[0, 3].style == title)
        #expect(grid[0, 7].style == title)   // the space after it
        #expect(grid[0, 8].style == border)
        #expect(grid[1, 0].style == border)
    }

    @Test func tooNarrowBoxSkipsTheTitleAndTinyBoxDrawsNothing() {
        var grid = ScreenGrid(width: 6, height: 3)
        grid.drawBox(Rect(x: 0, y: 0, width: 5, height: 2), title: "Tables")
        grid.drawBox(Rect(x: 5, y: 0, width: 1, height: 3), title: "x")
        grid.drawBox(Rect(x: 0, y: 2, width: 6, height: 1))
        #expect(grid.text() == "┌───┐\n└───┘\n")
    }

    @Test func boxClippedByTheGrid() {
        var grid = ScreenGrid(width: 5, height: 2)
        grid.drawBox(Rect(x: 2, y: 0, width: 6, height: 4), title: "T")
        #expect(grid.text() == "  ┌─\n  │")  // " T " would start at column 4: only its space fits
    }

    // MARK: Rect

    @Test func rectClampsNegativesAndInsets() {
        let rect = Rect(x: -3, y: 2, width: -1, height: 5)
        #expect(rect == Rect(x: 0, y: 2, width: 0, height: 5))
        #expect(Rect(x: 1, y: 2, width: 10, height: 4).inset(by: 1) == Rect(x: 2, y: 3, width: 8, height: 2))
        #expect(Rect(x: 0, y: 0, width: 3, height: 1).inset(by: 1).height == 0)
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).maxX == 4)
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).maxY == 6)
    }

    // MARK: A whole screen

    @Test func twoPaneSnapshotWithCJKAndSelection() {
        var grid = ScreenGrid(width: 30, height: 6)
        let tables = Rect(x: 0, y: 0, width: 12, height: 5)
        let rows = Rect(x: 12, y: 0, width: 18, height: 5)
        grid.drawBox(tables, title: "Tables")
        grid.drawBox(rows, title: "users")
        let inside = tables.inset(by: 1)
        for (index, name) in ["users", "orders_history", "日本語テーブル"].enumerated() {
            grid.put(DisplayWidth.pad(name, to: inside.width), row: inside.y + index, column: inside.x,
                     maxWidth: inside.width)
        }
        grid.style(Rect(x: inside.x, y: inside.y, width: inside.width, height: 1), TextStyle(.reverse))
        let cells = rows.inset(by: 1)
        grid.put(DisplayWidth.pad("id", to: 3) + "│" + "name", row: cells.y, column: cells.x, maxWidth: cells.width)
        grid.put(DisplayWidth.pad("1", to: 3, alignRight: true) + "│" + "太郎 👨‍👩‍👧", row: cells.y + 1,
                 column: cells.x, maxWidth: cells.width)
        grid.put("q quit  / filter", row: 5, column: 0)
        grid.cursor = GridPosition(row: 5, column: 0)

        #expect(grid.text() == """
            ┌─ Tables ─┐┌─ users ────────┐
            │users     ││id │name        │
            │orders_hi…││  1│太郎 👨     │
            │日本語テ… ││                │
            └──────────┘└────────────────┘
            q quit  / filter
            """)
        #expect(grid[1, 1].style == TextStyle(.reverse))
        #expect(grid[2, 1].style == .plain)
        #expect(grid.cursor == GridPosition(row: 5, column: 0))
        for row in 0..<grid.height where !grid.line(row).isEmpty {
            #expect(DisplayWidth.of(grid.line(row)) <= 30)
        }
    }
}
