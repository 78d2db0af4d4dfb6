import Amigo

/// The rows of a view around what is on screen, fetched a page at a time.
///
/// Tables with a primary key or rowid are paged by keyset: the page after the last loaded row is
/// `WHERE (order columns) > (its values)`, the page before the first is the same backwards, and
/// the last page of the table is read backwards from the end — so the end of a million-row table
/// is as quick to reach as its start. Views without a key, and orders by a related value
/// (`albums.@count`, `artist.Name`), fall back to LIMIT/OFFSET.
///
/// With a `prefixLength`, pages are read with bounded prefixes of long values
/// (``Query/prefixingValues(to:except:)``): a row of megabyte cells costs kilobytes.
/// ``fullRow(at:)`` reads a row whole — by key, or a view's by its place — for what needs every byte.
final class RowWindow: LoadedRows {
    /// Rows fetched per page.
    let pageSize: Int
    /// The loaded rows, contiguous.
    private(set) var rows: [Record] = []
    /// Absolute index of `rows[0]`.
    private(set) var start = 0
    /// The view's query, without paging; rows read with it are whole.
    let query: Query<Record>
    /// What pages are read with: ``query``, reading prefixes of long values when it can.
    private let pageQuery: Query<Record>
    /// The last row read whole by ``fullRow(at:)``, by absolute index.
    private var lastFullRow: (index: Int, record: Record)?
    /// The total order (view order + key) for keyset paging; nil → OFFSET paging.
    let keyset: [Query<Record>.KeysetColumn]?
    /// The total number of rows in the view.
    let total: Int

    /// A window over `query`'s `total` rows in `order`. With `prefixLength`, pages hold at most
    /// that many characters (or bytes) of each value, except the key and the order's columns.
    init(query: Query<Record>, order: [Query<Record>.KeysetColumn], total: Int, pageSize: Int = 100,
         prefixLength: Int? = nil) throws {
        self.query = query
        self.pageSize = pageSize
        self.total = total
        let keyset: [Query<Record>.KeysetColumn]?
        let orderOnly: [Query<Record>.KeysetColumn]
        if order.contains(where: \.isComputed) {
            // A computed order (`albums.@count`, `artist.Name`) has no stored value to seek from:
            // OFFSET paging, the key breaking ties so that every row comes exactly once.
            keyset = nil
            orderOnly = try query.keysetColumns(for: order) ?? order
        } else {
            keyset = try query.keysetColumns(for: order)
            orderOnly = order
        }
        self.keyset = keyset
        self.orderOnly = orderOnly
        if let prefixLength {
            let whole = (keyset ?? orderOnly).map(\.name).filter { !$0.contains(".") }
            self.pageQuery = query.prefixingValues(to: prefixLength, except: whole)
        } else {
            self.pageQuery = query
        }
        self.readsAgainByKey = RowWindow.canReadAgainByKey(try query.model)
    }

    /// Whether ``fullRow(at:)`` finds a row by its key; otherwise (a view) by its place.
    private let readsAgainByKey: Bool

    /// Whether a row of `model` can be read again by its key: a primary key, or a rowid that no
    /// column of that name hides.
    static func canReadAgainByKey(_ model: ORMModel) -> Bool {
        let table = model.table
        if table.isView { return false }
        return !table.primaryKey.isEmpty || (table.hasRowID && table.column(named: "rowid") == nil)
    }

    /// The row at absolute `index` with every value whole: the loaded row when it holds no
    /// prefix, otherwise read again — by its key, or for a row without one (a view's) by its
    /// place in the order pages are read in (the last one so read is kept). Nil when there is
    /// no such row any more.
    func fullRow(at index: Int) throws -> Record? {
        guard let loaded = try row(at: index) else { return nil }
        if loaded.prefixColumns.isEmpty { return loaded }
        if let last = lastFullRow, last.index == index { return last.record }
        let found: Record?
        if readsAgainByKey {
            found = try query.get(loaded.primaryKey)
        } else {
            var q = query
            for column in orderOnly { q = q.orderBy(column.name, ascending: column.ascending) }
            found = try q.offset(index).limit(1).first()
        }
        guard let record = found else { return nil }
        lastFullRow = (index, record)
        return record
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
            var q = pageQuery
            let fromEnd = total - (from + count)
            if fromEnd < from && !orderOnly.isEmpty {
                // Nearer the end: the same rows read backwards (every direction flipped, the key
                // breaking ties), so that the last page skips few rows instead of nearly all.
                // Rows in no order (a view's, unsorted) have no backwards: read forwards.
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
                    rows = try fetch(pageQuery.seek(keyset, after: nil).limit(count))
                    start = 0
                    trim(keeping: range)
                    return
                }
            } else {
                let count = max(pageSize, total - range.lowerBound)
                if count <= pageSize * 4 {
                    rows = Array(try fetch(pageQuery.seek(keyset, after: nil, backward: true).limit(count)).reversed())
                    start = total - rows.count
                    trim(keeping: range)
                    return
                }
            }
            // Far into the middle: one OFFSET read to land, keyset from there on.
            let from = max(0, range.lowerBound - pageSize / 4)
            rows = try fetch(pageQuery.seek(keyset, after: nil).offset(from).limit(max(pageSize, range.count + pageSize / 2)))
            start = from
            return
        }
        while range.upperBound > end, let last = rows.last {
            let more = try fetch(pageQuery.seek(keyset, after: keyValues(last)).limit(pageSize))
            if more.isEmpty { break }
            rows += more
            if rows.count > capacity {
                let drop = min(rows.count - capacity, max(0, range.lowerBound - start))
                rows.removeFirst(drop)
                start += drop
            }
        }
        while range.lowerBound < start, let first = rows.first {
            let more = try fetch(pageQuery.seek(keyset, after: keyValues(first), backward: true).limit(pageSize))
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
        if lastFullRow?.index == index { lastFullRow = nil }
    }
}

extension Query<Record>.KeysetColumn {
    /// Whether the column is a path through relationships (`artist.Name`, `albums.@count`),
    /// computed per row rather than stored in it.
    var isComputed: Bool { name.contains(".") }
}
