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
        if let json = try jsonPathValue(key, position: start) { return json + (ascending ? " ASC" : " DESC") }
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

    /// The value at a path into a JSON column (`json(body).address.city`), read as a filter
    /// reads it (``SQLDialect/jsonValue(of:at:numeric:)``; its path's arguments added to
    /// ``arguments``); nil when `key` is not such a path.
    func jsonPathValue(_ key: String, position: Int) throws -> String? {
        let parsed: (column: [String], steps: [JSONPathStep])?
        do {
            parsed = try FilterParser.jsonPath(key)
        } catch let failure as FilterError {
            throw error(failure.message, position: position + failure.position, token: failure.token)
        }
        guard let (column, steps) = parsed else { return nil }
        guard case .column(let columnSQL, _) = try resolve(column, position: position + 5, allowToMany: false) else {
            throw error("json( ) reads one column, not a to-many path", position: position, token: key)
        }
        let value = dialect.jsonValue(of: columnSQL, at: steps, numeric: false)
        arguments += value.arguments
        return value.sql
    }

    /// The segments of an ordering or aggregate key: the key itself when the model has a column of
    /// that very name (`a.b`, unquoted by the shell), else its dot-separated path (`artist.Name`).
    func segments(of key: String) -> [String] {
        if key.contains("."), model.table.column(named: key) != nil { return [key] }
        return key.split(separator: ".").map(String.init)
    }
}
