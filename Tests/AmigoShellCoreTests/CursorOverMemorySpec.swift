import Amigo
import Testing
@testable import AmigoShellCore

/// Moving the cursor of a view whose rows come from memory (``MemoryBrowse``): the cursor
/// clamps and scrolls, rows are read a page at a time before it moves, a read that fails leaves
/// it where it was, and the current row is read whole while the grid shows the cut value.
/// No statement reaches a database.
@Suite struct CursorOverMemorySpec {
    @Test func movingDownScrollsSoThatTheCursorIsTheLastRowOnScreen() throws {
        let browse = try MemoryBrowse(200, viewportRows: 10)
        browse.navigator.moveCursor(to: 9)
        #expect((browse.view.cursorRow, browse.view.topRow) == (9, 0))
        browse.navigator.moveCursor(to: 10)
        #expect((browse.view.cursorRow, browse.view.topRow) == (10, 1))
        browse.navigator.moveCursor(to: 55)
        #expect((browse.view.cursorRow, browse.view.topRow) == (55, 46))
        // Up within the screen leaves it; above it, the cursor becomes the first row on screen.
        browse.navigator.moveCursor(to: 50)
        #expect((browse.view.cursorRow, browse.view.topRow) == (50, 46))
        browse.navigator.moveCursor(to: 30)
        #expect((browse.view.cursorRow, browse.view.topRow) == (30, 30))
        #expect(try browse.navigator.currentRecord()?["id"] == .integer(31))
        #expect(browse.statementsRun == 0)
    }

    @Test func theCursorStopsAtTheFirstAndLastRows() throws {
        let browse = try MemoryBrowse(200, viewportRows: 10)
        browse.navigator.moveCursor(to: 5_000)
        #expect((browse.view.cursorRow, browse.view.topRow) == (199, 190))
        #expect(try browse.navigator.currentRecord()?["label"] == .text("row 200"))
        browse.navigator.moveCursor(to: -3)
        #expect((browse.view.cursorRow, browse.view.topRow) == (0, 0))
        #expect(try browse.navigator.currentRecord()?["label"] == .text("row 1"))
    }

    /// End (`G`) on a long view reads the last screen backwards from the end — one page — and
    /// the screen's rows are those last rows.
    @Test func goingToTheEndReadsOnePageFromTheEnd() throws {
        let browse = try MemoryBrowse(100_000, viewportRows: 10, pageSize: 20)
        browse.navigator.moveCursor(to: Int.max)
        #expect(browse.view.cursorRow == 99_999)
        #expect(browse.source.reads == [.endingBeforeLast(0, count: 20)])
        let ids = try browse.navigator.values(in: browse.view.topRow..<(browse.view.topRow + 10)).map { $0[0] }
        #expect(ids == (99_991...100_000).map { .integer(Int64($0)) })
        #expect(browse.source.reads.count == 1)
    }

    /// Paging down screen by screen reads a page every other screen (pages are two screens).
    @Test func pagingDownReadsAPageEveryTwoScreens() throws {
        let browse = try MemoryBrowse(1_000, viewportRows: 10, pageSize: 20)
        for screen in 1...10 { browse.navigator.moveCursor(to: screen * 10 + 9) }
        #expect(browse.view.topRow == 100)
        #expect(browse.source.reads.count == 6)
        #expect(try browse.navigator.currentRecord()?["id"] == .integer(110))
    }

    /// A read that fails (a slow page cancelled with Esc) leaves the cursor and the screen where
    /// they were; the next move that succeeds goes on from there.
    @Test func aFailedReadLeavesTheCursorWhereItWas() throws {
        let browse = try MemoryBrowse(1_000, viewportRows: 10)
        browse.navigator.moveCursor(to: 12)
        browse.source.failure = CancellationError()
        browse.navigator.moveCursor(to: 700)
        #expect((browse.view.cursorRow, browse.view.topRow) == (12, 3))
        browse.source.failure = nil
        browse.navigator.moveCursor(to: 700)
        #expect((browse.view.cursorRow, browse.view.topRow) == (700, 691))
    }

    /// The grid shows a long value cut, with its size; the current row is read whole again,
    /// by its key, for the detail, an edit or a copy.
    @Test func theGridShowsALongValueCutAndTheCurrentRowIsReadWhole() throws {
        let long = String(repeating: "ab", count: 2_000)
        let rows = MemoryRows.items(30).map { $0["id"] == .integer(4) ? MemoryRows.item(4, label: long) : $0 }
        let browse = try MemoryBrowse(30, prefixLength: 100, rows: rows)
        browse.navigator.moveCursor(to: 3)
        let shown = try browse.navigator.values(in: 3..<4)
        #expect(shown.first?[2] == .text(String(long.prefix(24)) + "…(3.9 KB)"))
        let current = try #require(try browse.navigator.currentRecord())
        #expect(current["label"] == .text(long))
        #expect(browse.source.reads.last == .whole(MemoryRows.key(4)))
        #expect(browse.navigator.rowCaption(current) == "item 4 \"" + String(long.prefix(23)) + "…\"")
        #expect(browse.statementsRun == 0)
    }
}
