import Amigo

/// Where a ``RowWindow`` reads a view's rows: a page at a time, in the view's total order.
///
/// The window decides which page it needs; a source only answers for one page per call (never
/// one row per call), so that going through the protocol costs nothing measurable.
/// ``QueryRowSource`` reads a view's query; a test can page over rows held in memory instead.
protocol RowPageSource: AnyObject {
    /// Whether a page can continue from a loaded row — the rows just after (or before) its
    /// values in the order (keyset paging). Otherwise rows are found only by their place
    /// (LIMIT/OFFSET), as for a view without a key or an order by a computed value.
    var continuesFromRows: Bool { get }

    /// Whether rows can be read counting from the end (the order reversed). False for rows in
    /// no order (an unsorted view without a key), which have no backwards.
    var readsFromEnd: Bool { get }

    /// Up to `count` rows from place `offset` on, in order.
    func rows(from offset: Int, count: Int) throws -> [Record]

    /// Up to `count` rows that end `offset` rows before the last one, in order (read backwards
    /// from the end). Only asked when ``readsFromEnd``.
    func rows(endingBeforeLast offset: Int, count: Int) throws -> [Record]

    /// Up to `count` rows just after `row` in the order. Only asked when ``continuesFromRows``.
    func rows(after row: Record, count: Int) throws -> [Record]

    /// Up to `count` rows just before `row`, in order. Only asked when ``continuesFromRows``.
    func rows(before row: Record, count: Int) throws -> [Record]

    /// `row`, found at place `index`, read again with every value whole (a page may hold only
    /// prefixes of long values); nil when it is not there any more.
    func wholeRow(_ row: Record, at index: Int) throws -> Record?
}
