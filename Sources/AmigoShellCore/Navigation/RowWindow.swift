import Amigo

/// The rows of a view around what is on screen, fetched a page at a time from a
/// ``RowPageSource`` (``QueryRowSource`` for a view's query).
///
/// When the source continues from rows (keyset paging), a jump near either end reads from that
/// end — the last page backwards from the end, so the end of a million-row table is as quick to
/// reach as its start — a jump far into the middle lands with one read by place, and from
/// there the window steps a page after its last row or before its first. Otherwise every read
/// is by place, near the end counted from the end. At most four pages are kept.
///
/// ``fullRow(at:)`` reads a row whole again (pages may hold only prefixes of long values) for
/// what needs every byte; the last one so read is kept.
final class RowWindow: LoadedRows {
    /// Rows fetched per page.
    let pageSize: Int
    /// The loaded rows, contiguous.
    private(set) var rows: [Record] = []
    /// Absolute index of `rows[0]`.
    private(set) var start = 0
    /// Where pages are read.
    let source: any RowPageSource
    /// The last row read whole by ``fullRow(at:)``, by absolute index.
    private var lastFullRow: (index: Int, record: Record)?
    /// The total number of rows in the view.
    private(set) var total: Int

    /// A window over the `total` rows of `source`, reading `pageSize` rows at a time.
    init(source: any RowPageSource, total: Int, pageSize: Int = 100) {
        self.source = source
        self.total = total
        self.pageSize = pageSize
    }

    /// The row at absolute `index` with every value whole: the loaded row when it holds no
    /// prefix, otherwise read again (``RowPageSource/wholeRow(_:at:)``). Nil when there is no
    /// such row any more.
    func fullRow(at index: Int) throws -> Record? {
        guard let loaded = try row(at: index) else { return nil }
        if loaded.prefixColumns.isEmpty { return loaded }
        if let last = lastFullRow, last.index == index { return last.record }
        guard let record = try source.wholeRow(loaded, at: index) else { return nil }
        lastFullRow = (index, record)
        return record
    }

    /// Most rows kept in memory at once.
    var capacity: Int { pageSize * 4 }

    /// The row at absolute `index`, fetching around it if needed.
    func row(at index: Int) throws -> Record? {
        guard index >= 0 && index < total else { return nil }
        try ensure(index..<(index + 1))
        let i = index - start
        return rows.indices.contains(i) ? rows[i] : nil
    }

    /// The row at absolute `index` if it is loaded already (nothing is fetched).
    func loadedRow(at index: Int) -> Record? {
        let i = index - start
        return rows.indices.contains(i) ? rows[i] : nil
    }

    private var end: Int { start + rows.count }

    /// Makes sure every row of `range` is loaded.
    func ensure(_ range: Range<Int>) throws {
        let range = max(0, range.lowerBound)..<min(total, range.upperBound)
        if range.isEmpty || (range.lowerBound >= start && range.upperBound <= end) { return }
        guard source.continuesFromRows else {
            // By place: load a page that starts a little before the range.
            let from = max(0, range.lowerBound - pageSize / 4)
            let count = min(max(pageSize, range.count + pageSize / 2), total - from)
            let fromEnd = total - (from + count)
            if fromEnd < from && source.readsFromEnd {
                // Nearer the end: counted from the end, so that the read skips few rows
                // instead of nearly all.
                rows = try source.rows(endingBeforeLast: fromEnd, count: count)
            } else {
                rows = try source.rows(from: from, count: count)
            }
            start = from
            return
        }
        if rows.isEmpty || range.lowerBound > end + pageSize || range.upperBound < start - pageSize {
            try jump(to: range)
            return
        }
        while range.upperBound > end, let last = rows.last {
            let more = try source.rows(after: last, count: pageSize)
            if more.isEmpty { break }
            rows += more
            if rows.count > capacity {
                let drop = min(rows.count - capacity, max(0, range.lowerBound - start))
                rows.removeFirst(drop)
                start += drop
            }
        }
        while range.lowerBound < start, let first = rows.first {
            let more = try source.rows(before: first, count: pageSize)
            if more.isEmpty { break }
            rows = more + rows
            start -= more.count
            if rows.count > capacity {
                let keep = max(capacity, range.upperBound - start)
                if rows.count > keep { rows.removeLast(rows.count - keep) }
            }
        }
    }

    /// Loads `range` afresh, far from what is loaded: read from the start or from the end,
    /// whichever is nearer, or landing by place in the middle.
    private func jump(to range: Range<Int>) throws {
        if range.lowerBound <= total - range.upperBound || range.lowerBound < pageSize {
            let count = max(pageSize, range.upperBound)
            if count <= capacity {
                rows = try source.rows(from: 0, count: count)
                start = 0
                trim(keeping: range)
                return
            }
        } else {
            let count = max(pageSize, total - range.lowerBound)
            if count <= capacity {
                rows = try source.rows(endingBeforeLast: 0, count: count)
                start = total - rows.count
                trim(keeping: range)
                return
            }
        }
        // Far into the middle: one read by place to land, from rows on from there.
        let from = max(0, range.lowerBound - pageSize / 4)
        rows = try source.rows(from: from, count: max(pageSize, range.count + pageSize / 2))
        start = from
    }

    private func trim(keeping range: Range<Int>) {
        guard rows.count > capacity else { return }
        let from = max(start, min(range.lowerBound - pageSize, end - capacity))
        let drop = from - start
        if drop > 0 { rows.removeFirst(drop); start += drop }
        if rows.count > capacity { rows.removeLast(rows.count - capacity) }
    }

    /// The view's count made exact (it was counted up to a bound first): the rows loaded stay,
    /// so that the count finishing reads no page again.
    func recount(_ total: Int) {
        self.total = total
        if end > total {
            rows.removeLast(min(rows.count, end - total))
            if rows.isEmpty { start = 0 }
        }
    }

    /// Starts the window at `row`, known to be at absolute `index` (found by its key after the
    /// view was read again): the rows around it are then read after and before it by keyset,
    /// never by their place.
    func anchor(_ row: Record, at index: Int) {
        guard index >= 0 && index < total else { return }
        rows = [row]
        start = index
        lastFullRow = nil
    }

    /// Replaces a loaded row (after an edit re-read it).
    func replace(at index: Int, with record: Record) {
        let i = index - start
        if rows.indices.contains(i) { rows[i] = record }
        if lastFullRow?.index == index { lastFullRow = nil }
    }
}
