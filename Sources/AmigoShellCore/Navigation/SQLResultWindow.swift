import Amigo

/// The rows of a `sql` result around what is on screen, read a page at a time, so that a
/// query of millions of rows scrolls to its end with only a few pages in memory.
///
/// The statement runs wrapped as `SELECT * FROM (statement) LIMIT ? OFFSET ?` (``SQLText/paged(_:dialect:)``),
/// the page's size and place bound as arguments; the outer query has no ORDER BY of its own, so
/// SQLite keeps the statement's order. Only a `SELECT`, `WITH` or `VALUES` statement can be
/// wrapped: ``make(sql:engine:pageSize:countLimit:cellPrefix:)`` says nil for the others.
///
/// With a cell prefix, pages read at most that many characters (or bytes) of each value, as the
/// grid reads a table (``SQLText/pagedPrefixes(_:columns:maxLength:dialect:)``), a longer value
/// held as what its cell shows (``ValueText/cut(_:fullSize:shownLength:)``); ``fullRow(at:)``
/// reads a row whole, by its place, for the detail.
final class SQLResultWindow: LoadedRows {
    /// How long values are cut: the statement of pages with prefixes, how many columns the
    /// result has, and how many characters a cut cell shows.
    struct Cut {
        let pagedSQL: String
        let columnCount: Int
        let shownLength: Int
    }

    /// The wrapped statement.
    let pagedSQL: String
    /// How pages cut long values (nil: pages hold them whole).
    private(set) var cut: Cut?
    /// The engine it runs on.
    let engine: any Engine
    /// Rows read per page.
    let pageSize: Int
    /// The number of rows of the result; a lower bound while ``countIsExact`` is false.
    private(set) var total: Int
    /// Whether ``total`` is exact (a huge result is counted up to a bound first).
    private(set) var countIsExact = true
    /// The statement, for counting it exactly.
    let sql: String
    /// The loaded rows, contiguous.
    private(set) var rows: [[DatabaseValue]] = []
    /// Absolute index of `rows[0]`.
    private(set) var start = 0

    /// Most rows kept in memory at once.
    var capacity: Int { pageSize * 4 }

    private var end: Int { start + rows.count }

    init(sql: String, pagedSQL: String, engine: any Engine, total: Int, pageSize: Int) {
        self.sql = sql
        self.pagedSQL = pagedSQL
        self.engine = engine
        self.total = total
        self.pageSize = max(1, pageSize)
    }

    /// A window over the result of `sql` (read-only already checked), counted with
    /// `SELECT count(*) FROM (sql)` — up to `countLimit` rows when one is given (the rest is
    /// counted by ``countExactly()`` when the end is needed). Nil when `sql` cannot be wrapped
    /// (a `PRAGMA`, `EXPLAIN`, or text SQLite does not take as a subquery), to be read whole instead.
    ///
    /// With `cellPrefix`, pages hold at most `length` characters or bytes of each value, and a
    /// longer value as its first `shownLength` characters and its size.
    static func make(sql: String, engine: any Engine, pageSize: Int, countLimit: Int?,
                     cellPrefix: (length: Int, shownLength: Int)? = nil) throws -> SQLResultWindow? {
        guard let paged = SQLText.paged(sql, dialect: engine.dialect),
              (try? engine.isReadOnlyStatement(paged)) == true else { return nil }
        let window = SQLResultWindow(sql: sql, pagedSQL: paged, engine: engine, total: 0, pageSize: pageSize)
        if let cellPrefix {
            // The names SQLite gives the columns of the statement as a subquery (`a:1` for a
            // second `a`), read from an empty page.
            var names: [String] = []
            _ = try engine.readingOnly { try engine.fetch(paged, [.integer(0), .integer(0)], columns: { names = $0 }) { _ in false } }
            if let cutSQL = SQLText.pagedPrefixes(sql, columns: names, maxLength: cellPrefix.length, dialect: engine.dialect),
               (try? engine.isReadOnlyStatement(cutSQL)) == true {
                window.cut = Cut(pagedSQL: cutSQL, columnCount: names.count, shownLength: cellPrefix.shownLength)
            }
        }
        if let countLimit, let bounded = SQLText.counted(sql, bounded: true, dialect: engine.dialect) {
            let count = Int(try engine.readingOnly { try engine.fetchScalar(bounded, [.integer(Int64(countLimit) + 1)]) }.integerValue ?? 0)
            window.total = min(count, countLimit)
            window.countIsExact = count <= countLimit
        } else {
            try window.countExactly()
        }
        return window
    }

    /// Counts the whole result (a scan of it).
    func countExactly() throws {
        guard let counted = SQLText.counted(sql, dialect: engine.dialect) else { return }
        total = Int(try engine.readingOnly { try engine.fetchScalar(counted) }.integerValue ?? 0)
        countIsExact = true
    }

    /// The row at absolute `index` with every value whole (read again by its place: the file
    /// as it is now), or nil past the end.
    func fullRow(at index: Int) throws -> [DatabaseValue]? {
        guard index >= 0 && index < total else { return nil }
        guard cut != nil else { return try rows(in: index..<index + 1).first }
        var row: [DatabaseValue]?
        _ = try engine.readingOnly { try engine.fetch(pagedSQL, [.integer(1), .integer(Int64(index))]) { row = $0.values; return false } }
        return row
    }

    /// Reads `count` rows from absolute index `offset` (cut, when pages cut long values), where
    /// the engine refuses writes (``Engine/readingOnly(_:)``: the statement was told a read by its
    /// words on a server, and a function it calls must not write all the same).
    private func read(from offset: Int, count: Int) throws -> [[DatabaseValue]] {
        try engine.readingOnly { try readPage(from: offset, count: count) }
    }

    private func readPage(from offset: Int, count: Int) throws -> [[DatabaseValue]] {
        var page: [[DatabaseValue]] = []
        page.reserveCapacity(count)
        let arguments: [DatabaseValue] = [.integer(Int64(count)), .integer(Int64(offset))]
        guard let cut else {
            _ = try engine.fetch(pagedSQL, arguments) { row in
                page.append(row.values)
                return true
            }
            return page
        }
        _ = try engine.fetch(cut.pagedSQL, arguments) { row in
            var values = (0..<cut.columnCount).map { row.value(at: $0) }
            for i in 0..<cut.columnCount {
                if case .integer(let size) = row.value(at: cut.columnCount + i) {
                    values[i] = ValueText.cut(values[i], fullSize: Int(size), shownLength: cut.shownLength)
                }
            }
            page.append(values)
            return true
        }
        return page
    }

    /// Makes sure every row of `range` (within the result) is loaded, keeping at most
    /// ``capacity`` rows (more only when `range` itself is longer).
    func ensure(_ range: Range<Int>) throws {
        if range.lowerBound >= start && range.upperBound <= end && !rows.isEmpty { return }
        if !rows.isEmpty, range.lowerBound >= start, range.lowerBound <= end + pageSize, range.upperBound > end {
            // Scrolling down: the pages after the loaded rows.
            rows += try read(from: end, count: max(pageSize, range.upperBound - end))
            let drop = min(max(0, rows.count - capacity), range.lowerBound - start)
            if drop > 0 { rows.removeFirst(drop); start += drop }
        } else if !rows.isEmpty, range.upperBound <= end, range.upperBound >= start - pageSize, range.lowerBound < start {
            // Scrolling up: the pages before.
            let from = max(0, min(range.lowerBound, start - pageSize))
            rows = try read(from: from, count: start - from) + rows
            start = from
            let keep = max(capacity, range.upperBound - start)
            if rows.count > keep { rows.removeLast(rows.count - keep) }
        } else {
            // A jump: a page around the range.
            let from = max(0, min(range.lowerBound - pageSize / 4, total - max(pageSize, range.count)))
            rows = try read(from: from, count: max(pageSize, range.count + pageSize / 2))
            start = from
        }
    }
}
