// QueryScope: compiling an ordering key.

import Foundation

extension QueryScope {
    // MARK: Orderings

    /// `"alias"."column" ASC` for an ordering key path (`label`, `dog.label`, `-label`).
    ///
    /// Error positions count from the start of `key` as given (the scope's `input` should be `key`).
    func ordering(_ key: String, ascending: Bool) throws -> String {
        var start = key.prefix(while: { $0 == " " || $0 == "\t" }).count
        var key = key.trimmingCharacters(in: .whitespaces)
        var ascending = ascending
        if key.hasPrefix("-") { key.removeFirst(); ascending.toggle(); start += 1 }
        let path = segments(of: key)
        guard !path.isEmpty else { throw error("empty ordering", position: start, token: key) }
        if path.count > 1, path.last!.hasPrefix("@") {
            return try countExpression(Array(path.dropLast()), operator: path.last!, position: start) + (ascending ? " ASC" : " DESC")
        }
        guard case .column(let sql, _) = try resolve(path, position: start, allowToMany: false) else {
            throw error("cannot order by a to-many path", position: start, token: key)
        }
        return sql + (ascending ? " ASC" : " DESC")
    }

    /// The segments of an ordering or aggregate key: the key itself when the model has a column of
    /// that very name (`a.b`, unquoted by the shell), else its dot-separated path (`artist.Name`).
    func segments(of key: String) -> [String] {
        if key.contains("."), model.table.column(named: key) != nil { return [key] }
        return key.split(separator: ".").map(String.init)
    }
}
