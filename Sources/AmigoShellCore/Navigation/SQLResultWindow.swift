import Amigo

/// The rows of a `sql` result around what is on screen, read a page at a time, so that a
/// query of millions of rows scrolls to its end with only a few pages in memory.
///
/// The statement runs wrapped as `SELECT * FROM (statement) LIMIT ? OFFSET ?` (``SQLText/paged(_:dialect:)``),
/// the page's size and place bound as arguments; the outer query has no ORDER BY of its own, so
/// SQLite keeps the statement's order. Only a `SELECT`, `WITH` or `VALUES` statement can be
/// wrapped: ``make(sql:engine:pageSize:)`` says nil for the others.
final class SQLResultWindow {
    /// The wrapped statement.
    let pagedSQL: String
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
    static func make(sql: String, engine: any Engine, pageSize: Int, countLimit: Int?) throws -> SQLResultWindow? {
        guard let paged = SQLText.paged(sql, dialect: engine.dialect),
              (try? engine.isReadOnlyStatement(paged)) == true else { return nil }
        let window = SQLResultWindow(sql: sql, pagedSQL: paged, engine: engine, total: 0, pageSize: pageSize)
        if let countLimit, let bounded = SQLText.counted(sql, bounded: true, dialect: engine.dialect) {
            let count = Int(try engine.fetchScalar(bounded, [.integer(Int64(countLimit) + 1)]).integerValue ?? 0)
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
        total = Int(try engine.fetchScalar(counted).integerValue ?? 0)
        countIsExact = true
    }

    /// The rows in `range` (clamped to the result), reading what is missing.
    func rows(in range: Range<Int>) throws -> [[DatabaseValue]] {
        let first = min(max(0, range.lowerBound), total)
        let clamped = first..<min(total, max(first, range.upperBound))
        guard !clamped.isEmpty else { return [] }
        try ensure(clamped)
        let lower = max(clamped.lowerBound - start, 0)
        let upper = min(clamped.upperBound - start, rows.count)
        return lower < upper ? Array(rows[lower..<upper]) : []
    }

    /// Reads `count` rows from absolute index `offset`.
    private func read(from offset: Int, count: Int) throws -> [[DatabaseValue]] {
        var page: [[DatabaseValue]] = []
        page.reserveCapacity(count)
        _ = try engine.fetch(pagedSQL, [.integer(Int64(count)), .integer(Int64(offset))]) { row in
            page.append(row.values)
            return true
        }
        return page
    }

    /// Makes sure every row of `range` (within the result) is loaded, keeping at most
    /// ``capacity`` rows (more only when `range` itself is longer).
    private func ensure(_ range: Range<Int>) throws {
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
