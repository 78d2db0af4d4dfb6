import Amigo

/// Where a row is in a view: the number of rows before it in the view's order, found by keyset
/// (one count of the rows before it) or, for an order by a computed value (`artist.Name`), by
/// walking the view. What `back`, an edit, an insert and a find use to put the cursor on a row.
struct RowPlaces {
    /// The session the views' queries run in.
    let session: Session

    /// The absolute index of `record` in `view`, or nil when the view does not contain it.
    func index(of record: Record, in view: BrowseView) throws -> Int? {
        let query = try view.query(in: session)
        if view.keysetOrder.contains(where: \.isComputed), let order = try query.keysetColumns(for: view.keysetOrder) {
            // No stored value to compare with: walk the view in its order until the row comes.
            var ordered = query
            for column in order { ordered = ordered.orderBy(column.name, ascending: column.ascending) }
            let key = record.primaryKey
            var index = 0
            var found: Int?
            try ordered.forEach { row in
                if row.primaryKey == key { found = index; return false }
                index += 1
                return true
            }
            return found
        }
        guard let keyset = try query.keysetColumns(for: view.keysetOrder) else { return nil }
        let values = Query<Record>.keysetValues(keyset, of: record)
        // Rows before it = rows "after" it going backward.
        let pk = record.primaryKey
        let contains = try query.get(pk) != nil || (record.model.table.primaryKey.isEmpty && record.rowID != nil)
        guard contains else { return nil }
        return try query.seek(keyset, after: values, backward: true).count()
    }

    /// Where `record` is in `view` (the number of rows before it in the view's order) and the row
    /// as it reads now; nil when it is not in the view. Ordered by stored values, the place is one
    /// count by keyset; by a computed value (`artist.Name`) the view is walked
    /// (``index(of:in:)``) and no row is given.
    func locate(_ record: Record, in view: BrowseView) throws -> (index: Int, row: Record?)? {
        let query = try view.query(in: session)
        let key = record.primaryKey
        guard !view.keysetOrder.contains(where: \.isComputed), !key.isEmpty,
              let keyset = try query.keysetColumns(for: view.keysetOrder) else {
            return try index(of: record, in: view).map { ($0, nil) }
        }
        guard let fresh = try query.get(key) else { return nil }
        let values = Query<Record>.keysetValues(keyset, of: fresh)
        return (try query.seek(keyset, after: values, backward: true).count(), fresh)
    }
}
