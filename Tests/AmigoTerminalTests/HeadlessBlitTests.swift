@preconcurrency import CNcursesw
import Glibc
import Testing
import AmigoShellCore
@testable import AmigoTerminal

/// Blits grids into a real ncursesw screen that writes to the null device, then reads the curses
/// virtual screen back. No tty and no tmux needed. ncurses is process-global, hence `.serialized`.
@Suite("Headless curses blit", .serialized)
struct HeadlessBlitTests {
    /// Runs `body` with a headless xterm-256color screen of `rows` × `columns` and always tears
    /// it down. ncursesw decides at `newterm` from the *global* LC_CTYPE whether to decode UTF-8
    /// (a thread-local `uselocale` is not enough), so LC_CTYPE is C.UTF-8 meanwhile.
    private func withHeadlessWindow(rows: Int32, columns: Int32,
                                    _ body: (UnsafeMutablePointer<WINDOW>) throws -> Void) throws {
        let previousLocale = String(cString: setlocale(LC_CTYPE, nil))
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        defer { setlocale(LC_CTYPE, previousLocale) }
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let screen = try #require(newterm("xterm-256color", output, input))
        defer {
            endwin()
            delscreen(screen)
        }
        resizeterm(rows, columns)
        let window = try #require(amigo_stdscr())
        try body(window)
    }

    /// The text curses holds for `row`, trailing spaces trimmed (like `ScreenGrid.line`).
    private func cursesLine(_ window: UnsafeMutablePointer<WINDOW>, _ row: Int) -> String {
        var buffer = [wchar_t](repeating: 0, count: 512)
        let count = mvwinnwstr(window, Int32(row), 0, &buffer, Int32(buffer.count - 1))
        guard count != ERR else { return "<ERR>" }
        var text = String(String.UnicodeScalarView(buffer.prefix(while: { $0 != 0 })
            .compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        while text.last == " " { text.removeLast() }
        return text
    }

    private func attributes(_ window: UnsafeMutablePointer<WINDOW>, _ row: Int, _ column: Int) -> attr_t {
        mvwinch(window, Int32(row), Int32(column)) & ~attr_t(0xFF)   // drop the character byte
    }

    @Test func rowsMatchTheGridIncludingCJKAndBoxes() throws {
        var grid = ScreenGrid(width: 30, height: 6)
        grid.drawBox(Rect(x: 0, y: 0, width: 30, height: 5), title: "テーブル")
        grid.put("名前: 太郎 | age 42", row: 1, column: 1)
        grid.put("👨‍👩‍👧 ❤️ 👍🏽 é", row: 2, column: 1)
        grid.put("ascii only", row: 3, column: 2, style: TextStyle(.reverse))
        grid.put("status", row: 5, column: 0)
        try withHeadlessWindow(rows: 6, columns: 30) { window in
            blit(grid, into: window, colors: false)
            for row in 0..<5 {
                #expect(cursesLine(window, row) == grid.line(row), "row \(row)")
            }
            #expect(cursesLine(window, 5) == "status")
            // The box's right edge is where the grid says, after the wide characters.
            var cell = cchar_t()
            mvwin_wch(window, 1, 29, &cell)
            var text = [wchar_t](repeating: 0, count: 8)
            var attributes: attr_t = 0
            var pair: Int16 = 0
            getcchar(&cell, &text, &attributes, &pair, nil)
            #expect(text[0] == wchar_t(("│" as Unicode.Scalar).value))
        }
    }

    @Test func stylesBecomeCursesAttributes() throws {
        var grid = ScreenGrid(width: 20, height: 3)
        grid.put("plain", row: 0, column: 0)
        grid.put("sel", row: 0, column: 6, style: TextStyle(.reverse))
        grid.put("B", row: 0, column: 10, style: TextStyle([.bold, .underline]))
        grid.put("dim", row: 1, column: 0, style: TextStyle(.dim))
        try withHeadlessWindow(rows: 3, columns: 20) { window in
            blit(grid, into: window, colors: false)
            #expect(attributes(window, 0, 0) == amigo_A_NORMAL())
            #expect(attributes(window, 0, 6) == amigo_A_REVERSE())
            #expect(attributes(window, 0, 8) == amigo_A_REVERSE())
            #expect(attributes(window, 0, 9) == amigo_A_NORMAL())
            #expect(attributes(window, 0, 10) == amigo_A_BOLD() | amigo_A_UNDERLINE())
            #expect(attributes(window, 1, 2) == amigo_A_DIM())
        }
    }

    @Test func noColorMeansNoColorPairsEvenOnAColourTerminal() throws {
        try withHeadlessWindow(rows: 2, columns: 10) { _ in
            #expect(has_colors())
            #expect(!CursesStyle.startColors(allowed: false))
        }
    }

    @Test func colorsBecomeColorPairsWhenEnabled() throws {
        var grid = ScreenGrid(width: 10, height: 2)
        grid.put("err", row: 0, column: 0, style: TextStyle(.bold, color: .red))
        try withHeadlessWindow(rows: 2, columns: 10) { window in
            #expect(CursesStyle.startColors(allowed: true))
            blit(grid, into: window, colors: true)
            #expect(attributes(window, 0, 0) == amigo_A_BOLD() | amigo_COLOR_PAIR(Int32(TerminalColor.red.rawValue)))
            #expect(cursesLine(window, 0) == "err")
        }
    }

    @Test func bottomRightCellIsNeverWritten() throws {
        var grid = ScreenGrid(width: 5, height: 3)
        grid.fill(Rect(x: 0, y: 0, width: 5, height: 3), with: "x")
        try withHeadlessWindow(rows: 3, columns: 5) { window in
            blit(grid, into: window, colors: false)
            #expect(cursesLine(window, 0) == "xxxxx")
            #expect(cursesLine(window, 1) == "xxxxx")
            #expect(cursesLine(window, 2) == "xxxx")
        }
    }

    @Test func wideCharacterCutByTheWindowBecomesASpace() throws {
        var grid = ScreenGrid(width: 12, height: 2)
        grid.put("abcd日本語", row: 0, column: 0)   // 日 sits on columns 4-5, 本 on 6-7
        try withHeadlessWindow(rows: 2, columns: 7) { window in
            blit(grid, into: window, colors: false)
            #expect(cursesLine(window, 0) == "abcd日")
            #expect(cursesLine(window, 1) == "")
        }
    }

    @Test func gridLargerOrSmallerThanTheWindowIsClipped() throws {
        var large = ScreenGrid(width: 40, height: 10)
        large.put("0123456789ABCDEF", row: 0, column: 0)
        large.put("far", row: 9, column: 0)
        var small = ScreenGrid(width: 3, height: 1)
        small.put("日x", row: 0, column: 0)
        try withHeadlessWindow(rows: 4, columns: 10) { window in
            blit(large, into: window, colors: false)
            #expect(cursesLine(window, 0) == "0123456789")
            #expect(cursesLine(window, 3) == "")
            werase(window)
            blit(small, into: window, colors: false)
            #expect(cursesLine(window, 0) == "日x")
        }
    }
}
