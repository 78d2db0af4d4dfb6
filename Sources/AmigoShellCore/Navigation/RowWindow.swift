import Amigo

/// The rows of a view around what is on screen, fetched a page at a time.
///
/// Tables with a primary key or rowid are paged by keyset: the page after the last loaded row is
/// `WHERE (order columns) > (its values)`, the page before the first is the same backwards, and
/// the last page of the table is read backwards from the end — so the end of a million-row table
/// is as quick to reach as its start. Views without a key, and orders by a related value
/// (`albums.@count`, `artist.Name`), fall back to LIMIT/OFFSET.
final class RowWindow {
    /// Rows fetched per page.
    let pageSize: Int
    /// The loaded rows, contiguous.
    private(set) var rows: [Record] = []
    /// Absolute index of `rows[0]`.
    private(set) var start = 0
    /// The view's query, without paging.
    let query: Query<Record>
    /// The total order (view order + key) for keyset paging; nil → OFFSET paging.
    let keyset: [Query<Record>.KeysetColumn]?
    /// The total number of rows in the view.
    let total: Int

    init(query: Query<Record>, order: [Query<Record>.KeysetColumn], total: Int, pageSize: Int = 100) throws {
        self.query = query
        self.pageSize = pageSize
        self.total = total
        if order.contains(where: \.isComputed) {
            // A computed order (`albums.@count`, `artist.Name`) has no stored value to seek from:
            // OFFSET paging, the key breaking ties so that every row comes exactly once.
            self.keyset = nil
            self.orderOnly = try query.keysetColumns(for: order) ?? order
        } else {
            self.keyset = try query.keysetColumns(for: order)
            self.orderOnly = order
        }
    }

    private let orderOnly: [Query<Record>.KeysetColumn]

    /// Most rows kept in memory at once.
    private var capacity: Int { pageSize * 4 }

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

    /// Loaded rows in `range` (clamped), fetching what is missing.
    func rows(in range: Range<Int>) throws -> [Record] {
        let first = min(max(0, range.lowerBound), total)
        let clamped = first..<min(total, max(first, range.upperBound))
        guard !clamped.isEmpty else { return [] }
        try ensure(clamped)
        let lower = max(clamped.lowerBound - start, 0)
        let upper = min(clamped.upperBound - start, rows.count)
        return lower < upper ? Array(rows[lower..<upper]) : []
    }

    private var end: Int { start + rows.count }

    private func keyValues(_ record: Record) -> [DatabaseValue] {
        Query<Record>.keysetValues(keyset ?? [], of: record)
    }

    private func fetch(_ q: Query<Record>) throws -> [Record] { try q.all() }

    /// Makes sure every row of `range` is loaded.
    func ensure(_ range: Range<Int>) throws {
        let range = max(0, range.lowerBound)..<min(total, range.upperBound)
        if range.isEmpty || (range.lowerBound >= start && range.upperBound <= end) { return }
        guard let keyset else {
            // OFFSET paging: load a page that starts a little before the range.
            let from = max(0, range.lowerBound - pageSize / 4)
            let count = min(max(pageSize, range.count + pageSize / 2), total - from)
            var q = query
            let fromEnd = total - (from + count)
            if fromEnd < from {
                // Nearer the end: the same rows read backwards (every direction flipped, the key
                // breaking ties), so that the last page skips few rows instead of nearly all.
                for column in orderOnly { q = q.orderBy(column.name, ascending: !column.ascending) }
                rows = Array(try fetch(q.offset(fromEnd).limit(count)).reversed())
            } else {
                for column in orderOnly { q = q.orderBy(column.name, ascending: column.ascending) }
                rows = try fetch(q.offset(from).limit(count))
            }
            start = from
            return
        }
        if rows.isEmpty || range.lowerBound > end + pageSize || range.upperBound < start - pageSize {
            // A jump: read from the start or from the end, whichever is nearer.
            if range.lowerBound <= total - range.upperBound || range.lowerBound < pageSize {
                let count = max(pageSize, range.upperBound)
                if count <= pageSize * 4 {
                    rows = try fetch(query.seek(keyset, after: nil).limit(count))
                    start = 0
                    trim(keeping: range)
                    return
                }
            } else {
                let count = max(pageSize, total - range.lowerBound)
                if count <= pageSize * 4 {
                    rows = Array(try fetch(query.seek(keyset, after: nil, backward: true).limit(count)).reversed())
                    start = total - rows.count
                    trim(keeping: range)
                    return
                }
            }
            // Far into the middle: one OFFSET read to land, keyset from there on.
            let from = max(0, range.lowerBound - pageSize / 4)
            rows = try fetch(query.seek(keyset, after: nil).offset(from).limit(max(pageSize, range.count + pageSize / 2)))
            start = from
            return
        }
        while range.upperBound > end, let last = rows.last {
            let more = try fetch(query.seek(keyset, after: keyValues(last)).limit(pageSize))
            if more.isEmpty { break }
            rows += more
            if rows.count > capacity {
                let drop = min(rows.count - capacity, max(0, range.lowerBound - start))
                rows.removeFirst(drop)
                start += drop
            }
        }
        while range.lowerBound < start, let first = rows.first {
            let more = try fetch(query.seek(keyset, after: keyValues(first), backward: true).limit(pageSize))
            if more.isEmpty { break }
            rows = more.reversed() + rows
            start -= more.count
            if rows.count > capacity {
                let keep = max(capacity, range.upperBound - start)
                if rows.count > keep { rows.removeLast(rows.count - keep) }
            }
        }
    }

    private func trim(keeping range: Range<Int>) {
        guard rows.count > capacity else { return }
        let from = max(start, min(range.lowerBound - pageSize, end - capacity))
        let drop = from - start
        if drop > 0 { rows.removeFirst(drop); start += drop }
        if rows.count > capacity { rows.removeLast(rows.count - capacity) }
    }

    /// Replaces a loaded row (after an edit re-read it).
    func replace(at index: Int, with record: Record) {
        let i = index - start
        if rows.indices.contains(i) { rows[i] = record }
    }
}

extension Query<Record>.KeysetColumn {
    /// Whether the column is a path through relationships (`artist.Name`, `albums.@count`),
    /// computed per row rather than stored in it.
    var isComputed: Bool { name.contains(".") }
}
