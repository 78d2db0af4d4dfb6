@testable import Amigo
@testable import AmigoShellCore

/// Rows held in memory, sorted, paged as a ``RowWindow`` pages a view — no database.
///
/// The rows are kept whole and sorted by `order` (NULLs first, as SQLite sorts them); a page is a
/// copy of a run of them, long text cut to `prefixLength` characters and marked as a prefix
/// (as ``Query/prefixingValues(to:except:)`` reads them), except in the order's columns.
/// Every read is logged in ``reads``, so that a spec can say which pages the window asked for.
/// Rows can be deleted or added under a window to act as another program would.
final class SortedRowSource: RowPageSource {
    /// One page the window asked for.
    enum Read: Equatable {
        /// `rows(from:count:)`.
        case from(Int, count: Int)
        /// `rows(endingBeforeLast:count:)`.
        case endingBeforeLast(Int, count: Int)
        /// `rows(after:count:)`, by the row's key.
        case after([DatabaseValue], count: Int)
        /// `rows(before:count:)`, by the row's key.
        case before([DatabaseValue], count: Int)
        /// `wholeRow(_:at:)`, by the row's key.
        case whole([DatabaseValue])
    }

    /// The rows' model.
    let model: ORMModel
    /// The total order: column index and direction.
    let order: [(index: Int, ascending: Bool)]
    /// The rows, whole, in order.
    private(set) var stored: [Record]
    /// Most characters of a text value a page holds (nil: whole values).
    let prefixLength: Int?
    /// Whether pages continue from rows (keyset paging) or go only by place (OFFSET paging).
    let continuesFromRows: Bool
    /// Rows can always be read from the end.
    var readsFromEnd: Bool { true }
    /// The pages read, in order.
    private(set) var reads: [Read] = []
    /// When set, every read throws it (as a read cancelled with Esc does).
    var failure: (any Error)?

    /// `rows` of `model`, sorted by the columns `order` names (then by the key), paged by
    /// keyset when `continuesFromRows`, otherwise by place.
    init(model: ORMModel, rows: [Record], order: [(column: String, ascending: Bool)] = [],
         prefixLength: Int? = nil, continuesFromRows: Bool = true) {
        self.model = model
        let columns = model.table.columns
        var total = order.map { name, ascending in
            (index: columns.firstIndex { $0.label == name }!, ascending: ascending)
        }
        for key in model.table.primaryKey where !total.contains(where: { $0.index == key.index }) {
            total.append((key.index, true))
        }
        self.order = total
        self.prefixLength = prefixLength
        self.continuesFromRows = continuesFromRows
        self.stored = []
        self.stored = rows.sorted { compare($0, $1) < 0 }
    }

    // MARK: Changing the rows under the window

    /// Deletes the row whose key is `key`.
    func delete(key: [DatabaseValue]) { stored.removeAll { $0.primaryKey == key } }

    /// Adds `row` in its place in the order.
    func insert(_ row: Record) {
        let at = stored.firstIndex { compare($0, row) > 0 } ?? stored.count
        stored.insert(row, at: at)
    }

    /// Forgets the reads logged so far.
    func clearReads() { reads = [] }

    // MARK: RowPageSource

    func rows(from offset: Int, count: Int) throws -> [Record] {
        if let failure { throw failure }
        reads.append(.from(offset, count: count))
        return page(offset..<(offset + count))
    }

    func rows(endingBeforeLast offset: Int, count: Int) throws -> [Record] {
        if let failure { throw failure }
        reads.append(.endingBeforeLast(offset, count: count))
        let end = stored.count - offset
        return page((end - count)..<end)
    }

    func rows(after row: Record, count: Int) throws -> [Record] {
        if let failure { throw failure }
        reads.append(.after(row.primaryKey, count: count))
        let first = stored.firstIndex { compare($0, row) > 0 } ?? stored.count
        return page(first..<(first + count))
    }

    func rows(before row: Record, count: Int) throws -> [Record] {
        if let failure { throw failure }
        reads.append(.before(row.primaryKey, count: count))
        let end = stored.lastIndex { compare($0, row) < 0 }.map { $0 + 1 } ?? 0
        return page((end - count)..<end)
    }

    func wholeRow(_ row: Record, at index: Int) throws -> Record? {
        if let failure { throw failure }
        reads.append(.whole(row.primaryKey))
        return stored.first { $0.primaryKey == row.primaryKey }
    }

    // MARK: Pages

    /// Copies of the stored rows in `range` (clamped), long text cut to ``prefixLength``.
    private func page(_ range: Range<Int>) -> [Record] {
        let lower = min(max(0, range.lowerBound), stored.count)
        let upper = min(max(lower, range.upperBound), stored.count)
        return stored[lower..<upper].map(prefixed)
    }

    /// A copy of `row` holding at most ``prefixLength`` characters of each text value outside the order.
    private func prefixed(_ row: Record) -> Record {
        guard let prefixLength else { return row }
        let copy = Record(model)
        copy.values = row.values
        for (index, value) in row.values.enumerated() where !order.contains(where: { $0.index == index }) {
            if case .text(let text) = value, text.count > prefixLength {
                copy.setValue(.text(String(text.prefix(prefixLength))), at: index)
                copy.markPrefix(at: index, fullSize: text.utf8.count)
            }
        }
        return copy
    }

    /// The order of `a` and `b`: negative, zero or positive.
    private func compare(_ a: Record, _ b: Record) -> Int {
        for (index, ascending) in order {
            let c = SortedRowSource.compare(a.value(at: index), b.value(at: index))
            if c != 0 { return ascending ? c : -c }
        }
        return 0
    }

    /// SQLite's order of two values: NULL, then numbers, then text, then blobs.
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
        func rank(_ v: DatabaseValue) -> Int {
            switch v {
            case .null: return 0
            case .integer, .real: return 1
            case .text: return 2
            case .blob: return 3
            }
        }
        if rank(a) != rank(b) { return rank(a) < rank(b) ? -1 : 1 }
        switch (a, b) {
        case (.text(let x), .text(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.blob(let x), .blob(let y)): return x.lexicographicallyPrecedes(y) ? -1 : x == y ? 0 : 1
        default:
            let x = a.doubleValue ?? 0, y = b.doubleValue ?? 0
            return x < y ? -1 : x == y ? 0 : 1
        }
    }
}
