/// A window over a long result that keeps a run of consecutive rows loaded (``RowWindow`` for a
/// view's records, ``SQLResultWindow`` for a `sql` result's values) and reads more on demand.
protocol LoadedRows: AnyObject {
    /// What one row is.
    associatedtype Row
    /// The result's row count (as far as it is known).
    var total: Int { get }
    /// The absolute index of the first loaded row.
    var start: Int { get }
    /// The loaded rows, from ``start`` on.
    var rows: [Row] { get }
    /// Loads the rows of `range` (already clamped to the result) if they are not.
    func ensure(_ range: Range<Int>) throws
}

extension LoadedRows {
    /// The rows in `range` (clamped to the result), reading what is missing.
    func rows(in range: Range<Int>) throws -> [Row] {
        let first = min(max(0, range.lowerBound), total)
        let clamped = first..<min(total, max(first, range.upperBound))
        guard !clamped.isEmpty else { return [] }
        try ensure(clamped)
        let lower = max(clamped.lowerBound - start, 0)
        let upper = min(clamped.upperBound - start, rows.count)
        return lower < upper ? Array(rows[lower..<upper]) : []
    }
}
