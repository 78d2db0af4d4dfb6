import Amigo
import Testing
@testable import AmigoShellCore

/// The window of rows the shell keeps around the screen, paging an in-memory source: which
/// pages it asks for (one read per page, never one per row), what it keeps, and how it copes
/// with rows deleted under it, a count that is no longer right, and rows held as prefixes.
/// No database: ``SortedRowSource`` holds the rows. (``PagingSpec`` walks the same paths over
/// SQLite and compares them with plain SQL.)
@Suite struct RowWindowSpec {
    /// A window of `pageSize` over rows 1…`count` in `order`, and its source.
    private func window(_ count: Int, pageSize: Int = 10, order: [(column: String, ascending: Bool)] = [],
                        prefixLength: Int? = nil, byKeyset: Bool = true,
                        rows: [Record]? = nil) -> (RowWindow, SortedRowSource) {
        let source = SortedRowSource(model: MemoryRows.model, rows: rows ?? MemoryRows.items(count), order: order,
                                     prefixLength: prefixLength, continuesFromRows: byKeyset)
        return (RowWindow(source: source, total: count, pageSize: pageSize), source)
    }

    /// The ids of `window`'s rows `range`.
    private func ids(_ window: RowWindow, _ range: Range<Int>) throws -> [Int] {
        MemoryRows.ids(try window.rows(in: range))
    }

    // MARK: Forward and backward

    @Test func theFirstScreenIsOnePageFromTheStart() throws {
        let (window, source) = window(1_000)
        #expect(try ids(window, 0..<5) == [1, 2, 3, 4, 5])
        #expect(source.reads == [.from(0, count: 10)])
        #expect(window.start == 0 && window.rows.count == 10)
    }

    @Test func walkingForwardReadsEachPageAfterTheLastLoadedRow() throws {
        let (window, source) = window(1_000)
        for index in 0..<35 { _ = try window.row(at: index) }
        #expect(source.reads == [.from(0, count: 10), .after(MemoryRows.key(10), count: 10),
                                 .after(MemoryRows.key(20), count: 10), .after(MemoryRows.key(30), count: 10)])
        #expect(try ids(window, 0..<40) == Array(1...40))
    }

    /// Walking all 1,000 rows one at a time asks for 100 pages, and never keeps more than four.
    @Test func walkingTheWholeViewReadsOncePerPageAndKeepsAtMostFourPages() throws {
        let (window, source) = window(1_000)
        var seen: [Int] = []
        for index in 0..<1_000 {
            seen += MemoryRows.ids([try #require(try window.row(at: index))])
            #expect(window.rows.count <= window.capacity)
        }
        #expect(seen == Array(1...1_000))
        #expect(source.reads.count == 100)
        #expect(try window.row(at: 1_000) == nil)
        #expect(source.reads.count == 100)
    }

    @Test func theEndIsReadBackwardsFromTheLastRowNotCountedTo() throws {
        let (window, source) = window(1_000)
        #expect(try ids(window, 995..<1_000) == [996, 997, 998, 999, 1_000])
        #expect(source.reads == [.endingBeforeLast(0, count: 10)])
        #expect(window.start == 990)
    }

    @Test func walkingBackwardFromTheEndReadsEachPageBeforeTheFirstLoadedRow() throws {
        let (window, source) = window(1_000)
        var seen: [Int] = []
        for index in (900..<1_000).reversed() { seen += MemoryRows.ids([try #require(try window.row(at: index))]) }
        #expect(seen == Array((901...1_000).reversed()))
        #expect(source.reads.first == .endingBeforeLast(0, count: 10))
        #expect(source.reads.dropFirst().allSatisfy { if case .before = $0 { true } else { false } })
        #expect(source.reads.count == 10)
        #expect(window.rows.count <= window.capacity)
    }

    // MARK: Jumps

    @Test func aJumpFarIntoTheMiddleLandsByPlaceAndStepsByKeyFromThere() throws {
        let (window, source) = window(1_000)
        _ = try window.row(at: 0)
        source.clearReads()
        #expect(try ids(window, 500..<505) == [501, 502, 503, 504, 505])
        #expect(source.reads == [.from(498, count: 10)])   // a quarter page before the range
        _ = try window.row(at: 510)
        _ = try window.row(at: 490)
        #expect(source.reads.dropFirst() == [.after(MemoryRows.key(508), count: 10), .before(MemoryRows.key(499), count: 10)])
        #expect(try ids(window, 488..<512) == Array(489...512))
    }

    @Test func aJumpNearAnEndReadsFromThatEnd() throws {
        let (window, source) = window(1_000)
        _ = try window.row(at: 500)
        source.clearReads()
        #expect(try ids(window, 20..<22) == [21, 22])
        #expect(source.reads == [.from(0, count: 22)])
        source.clearReads()
        #expect(try ids(window, 970..<972) == [971, 972])
        #expect(source.reads == [.endingBeforeLast(0, count: 30)])
        #expect(window.start == 970)
    }

    @Test func rowsOutsideTheViewAreNilAndReadNothing() throws {
        let (window, source) = window(50)
        #expect(try window.row(at: -1) == nil)
        #expect(try window.row(at: 50) == nil)
        #expect(try window.rows(in: 60..<70).isEmpty)
        #expect(source.reads.isEmpty)
        #expect(window.loadedRow(at: 0) == nil)
    }

    // MARK: In a sort order

    /// Sorted by a column with ties and NULLs, pages continue after the last row's group and key,
    /// so every row comes once: forward and backward the rows are the sorted rows.
    @Test func inASortOrderWithTiesEveryRowComesOnceBothWays() throws {
        let expected = MemoryRows.ids(MemoryRows.items(300).sorted {
            let a = $0["grp"].integerValue ?? -1, b = $1["grp"].integerValue ?? -1
            return a != b ? a > b : $0["id"].integerValue! < $1["id"].integerValue!
        })
        let (forward, _) = window(300, order: [("grp", false)])
        #expect(try (0..<300).map { MemoryRows.ids([try #require(try forward.row(at: $0))])[0] } == expected)
        let (backward, _) = window(300, order: [("grp", false)])
        #expect(try (0..<300).reversed().map { MemoryRows.ids([try #require(try backward.row(at: $0))])[0] } == expected.reversed())
    }

    // MARK: By place

    @Test func withoutKeysetEveryReadIsByPlaceNearTheEndCountedFromTheEnd() throws {
        let (window, source) = window(1_000, byKeyset: false)
        #expect(try ids(window, 0..<3) == [1, 2, 3])
        #expect(try ids(window, 12..<14) == [13, 14])
        #expect(try ids(window, 400..<402) == [401, 402])
        #expect(try ids(window, 600..<602) == [601, 602])
        #expect(try ids(window, 998..<1_000) == [999, 1_000])
        // Past the middle, the rows before the page outnumber those after it: read from the end.
        #expect(source.reads == [.from(0, count: 10), .from(10, count: 10), .from(398, count: 10),
                                 .endingBeforeLast(392, count: 10), .endingBeforeLast(0, count: 4)])
    }

    // MARK: Changes under the window

    /// Another program deleted the last loaded row: the next page still starts right after
    /// where it stood in the order, skipping nothing.
    @Test func aDeletedLastLoadedRowStillLeadsToTheRowsAfterIt() throws {
        let (window, source) = window(100)
        _ = try window.row(at: 0)
        source.delete(key: MemoryRows.key(10))
        #expect(try ids(window, 10..<13) == [11, 12, 13])
        #expect(source.reads.last == .after(MemoryRows.key(10), count: 10))
    }

    /// Rows deleted since the count: the window ends early and the rows past the end are nil.
    @Test func rowsDeletedSinceTheCountEndTheViewEarly() throws {
        let (window, source) = window(30)
        _ = try window.row(at: 0)
        source.delete(key: MemoryRows.key(15))
        source.delete(key: MemoryRows.key(16))
        #expect(try ids(window, 0..<30) == Array(1...14) + Array(17...30))
        #expect(try window.row(at: 28) == nil)
        #expect(try window.fullRow(at: 29) == nil)
    }

    /// Rows added since the count: the window shows no more than it was told there are, and the
    /// rows added before a loaded row come in their place when the window reads past it.
    @Test func rowsAddedSinceTheCountAreShownInTheirPlaceUpToTheCount() throws {
        let (window, source) = window(30, rows: MemoryRows.items(30).filter { $0["id"] != .integer(12) })
        _ = try window.row(at: 0)
        source.insert(MemoryRows.item(12))
        source.insert(MemoryRows.item(31))
        #expect(try ids(window, 0..<40) == Array(1...30))
        #expect(try window.row(at: 30) == nil)
    }

    /// A count that has grown (the window is made again): the new rows are reached, at the end
    /// read backwards from the last row.
    @Test func aNewWindowOverMoreRowsReachesTheNewLastRow() throws {
        let (old, source) = window(20)
        _ = try old.row(at: 19)
        source.insert(MemoryRows.item(21))
        let grown = RowWindow(source: source, total: 21, pageSize: 10)
        #expect(MemoryRows.ids([try #require(try grown.row(at: 20))]) == [21])
    }

    // MARK: Prefixed rows

    /// Pages hold a prefix of a long value; the row read whole again is the stored row, read
    /// once while it stays current, and again after an edit replaced it.
    @Test func aRowHeldAsAPrefixIsReadWholeAgainOnceByItsKey() throws {
        let long = String(repeating: "x", count: 5_000)
        let rows = MemoryRows.items(40).map { $0["id"] == .integer(25) ? MemoryRows.item(25, label: long) : $0 }
        let (window, source) = window(40, prefixLength: 100, rows: rows)
        _ = try window.rows(in: 20..<30)
        let loaded = try #require(try window.row(at: 24))
        #expect(loaded["label"] == .text(String(repeating: "x", count: 100)))
        #expect(loaded.prefixColumns == [2])
        #expect(loaded.fullSize(at: 2) == 5_000)
        source.clearReads()

        let whole = try #require(try window.fullRow(at: 24))
        #expect(whole["label"] == .text(long))
        #expect(whole.prefixColumns.isEmpty)
        _ = try window.fullRow(at: 24)
        #expect(source.reads == [.whole(MemoryRows.key(25))])

        // A row held whole is its loaded row: nothing is read.
        #expect(try window.fullRow(at: 23) === window.loadedRow(at: 23))
        #expect(source.reads.count == 1)

        window.replace(at: 24, with: loaded)
        _ = try window.fullRow(at: 24)
        #expect(source.reads == [.whole(MemoryRows.key(25)), .whole(MemoryRows.key(25))])
    }

    @Test func aPrefixedRowDeletedElsewhereIsNoLongerThere() throws {
        let rows = MemoryRows.items(5).map { MemoryRows.item(Int($0["id"].integerValue!), label: String(repeating: "y", count: 50)) }
        let (window, source) = window(5, prefixLength: 10, rows: rows)
        _ = try window.row(at: 2)
        source.delete(key: MemoryRows.key(3))
        #expect(try window.fullRow(at: 2) == nil)
    }
}
