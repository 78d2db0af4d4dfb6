// ViewLoader: values of a computed sort order (a count or a value through to-one links), cached per view.

import Amigo
import Foundation

extension ViewLoader {
    // MARK: Computed order values

    /// The path `view` is sorted by when it is computed (`albums.@count`, `artist.Name`,
    /// `json(body).age`): not a column of the rows, so the grid shows it as a column of its own
    /// (unless it is one of the view's JSON columns, shown already).
    static func computedOrderPath(of view: BrowseView?) -> String? {
        guard let view, let order = view.order, order.column.contains(".") || SortKey.isJSONPath(order.column),
              !view.jsonColumns.contains(order.column) else { return nil }
        return order.column
    }

    /// The computed order value of each row in `rows` of `view` (cached in the view): a count
    /// (`albums.@count`) or a value through to-one links (`album.artist.Name`).
    func computedOrderValues(of view: BrowseView, rows: Range<Int>) -> [DatabaseValue] {
        guard let path = Self.computedOrderPath(of: view) else { return [] }
        return rows.map { index in
            if let known = view.orderValues[index] { return known }
            guard let record = try? view.window?.row(at: index) else { return .null }
            let value = (try? orderValue(path, of: record)) ?? .null
            view.orderValues[index] = value
            return value
        }
    }

    /// The value of `path` (a count or a value through to-one links) for `record`.
    func orderValue(_ path: String, of record: Record) throws -> DatabaseValue {
        if SortKey.isJSONPath(path) {
            guard QueryRowSource.canReadAgainByKey(record.model) else { return .null }
            return try database.session.query(record.model.name).havingKey(record.primaryKey).value(at: path)
        }
        var parts = path.split(separator: ".").map(String.init)
        let last = parts.removeLast()
        var row = record
        for (i, part) in parts.enumerated() {
            guard let relationship = row.model.relationship(named: part) else { return .null }
            let related = database.session.query(relationship.target.name).using(row).relationship(relationship.name)
            if last == "@count" && i == parts.count - 1 { return .integer(Int64(try related.count())) }
            guard relationship.kind == .toOne, let next = try related.first() else { return .null }
            row = next
        }
        guard let column = row.model.table.column(named: last) else { return .null }
        return row.value(at: column.index)
    }
}
