import Amigo

/// The rows of a view's query, as a ``RowWindow`` pages them.
///
/// Tables with a primary key or rowid are paged by keyset: the page after a row is
/// `WHERE (order columns) > (its values)`, the page before it the same backwards, and the last
/// page read backwards from the end — so the end of a million-row table is as quick to reach as
/// its start. Views without a key, and orders by a related value (`albums.@count`,
/// `artist.Name`), are read by place (LIMIT/OFFSET), the key breaking ties.
///
/// With a `prefixLength`, pages are read with bounded prefixes of long values
/// (``Query/prefixingValues(to:except:)``): a row of megabyte cells costs kilobytes; a row is
/// read whole again by its key, or a view's by its place.
final class QueryRowSource: RowPageSource {
    /// The view's query, without order or paging; rows read with it are whole.
    let query: Query<Record>
    /// What pages are read with: ``query``, reading prefixes of long values when it can.
    private let pageQuery: Query<Record>
    /// The total order (view order + key) for keyset paging; nil → paging by place.
    let keyset: [Query<Record>.KeysetColumn]?
    /// The order pages by place are read in (the view's, the key breaking ties when it is computed).
    private let orderOnly: [Query<Record>.KeysetColumn]
    /// Whether ``wholeRow(_:at:)`` finds a row by its key; otherwise (a view) by its place.
    private let readsAgainByKey: Bool

    /// The rows of `query` in `order`. With `prefixLength`, pages hold at most that many
    /// characters (or bytes) of each value, except the key and the order's columns.
    init(query: Query<Record>, order: [Query<Record>.KeysetColumn], prefixLength: Int? = nil) throws {
        self.query = query
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
        self.readsAgainByKey = QueryRowSource.canReadAgainByKey(try query.model)
    }

    /// Whether a row of `model` can be read again by its key: a primary key, or a rowid that no
    /// column of that name hides.
    static func canReadAgainByKey(_ model: ORMModel) -> Bool {
        let table = model.table
        if table.isView { return false }
        return !table.primaryKey.isEmpty || (table.hasRowID && table.column(named: "rowid") == nil)
    }

    var continuesFromRows: Bool { keyset != nil }

    var readsFromEnd: Bool { keyset != nil || !orderOnly.isEmpty }

    func rows(from offset: Int, count: Int) throws -> [Record] {
        guard let keyset else { return try ordered(pageQuery, backward: false).offset(offset).limit(count).all() }
        let q = pageQuery.seek(keyset, after: nil)
        return try (offset > 0 ? q.offset(offset) : q).limit(count).all()
    }

    func rows(endingBeforeLast offset: Int, count: Int) throws -> [Record] {
        guard let keyset else {
            // The same rows read backwards (every direction flipped, the key breaking ties), so
            // that the last page skips few rows instead of nearly all.
            return Array(try ordered(pageQuery, backward: true).offset(offset).limit(count).all().reversed())
        }
        let q = pageQuery.seek(keyset, after: nil, backward: true)
        return Array(try (offset > 0 ? q.offset(offset) : q).limit(count).all().reversed())
    }

    func rows(after row: Record, count: Int) throws -> [Record] {
        guard let keyset else { return [] }
        return try pageQuery.seek(keyset, after: Query<Record>.keysetValues(keyset, of: row)).limit(count).all()
    }

    func rows(before row: Record, count: Int) throws -> [Record] {
        guard let keyset else { return [] }
        let values = Query<Record>.keysetValues(keyset, of: row)
        return Array(try pageQuery.seek(keyset, after: values, backward: true).limit(count).all().reversed())
    }

    func wholeRow(_ row: Record, at index: Int) throws -> Record? {
        if readsAgainByKey { return try query.get(row.primaryKey) }
        return try ordered(query, backward: false).offset(index).limit(1).first()
    }

    /// `q` in the order pages by place are read in (every direction flipped when `backward`).
    private func ordered(_ q: Query<Record>, backward: Bool) -> Query<Record> {
        var q = q
        for column in orderOnly { q = q.orderBy(column.name, ascending: column.ascending != backward) }
        return q
    }
}

extension Query<Record>.KeysetColumn {
    /// Whether the column is a path through relationships (`artist.Name`, `albums.@count`) or
    /// into a JSON column (`json(body).age`), computed per row rather than stored in it.
    var isComputed: Bool { name.contains(".") || SortKey.isJSONPath(name) }
}
