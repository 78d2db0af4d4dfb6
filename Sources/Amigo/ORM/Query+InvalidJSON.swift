// Query: PostgreSQL's refusal to read text that is not JSON, explained with the column and the row.

import Foundation

extension Query {
    /// Runs `body`; PostgreSQL's refusal to read a column's text as JSON (``DatabaseError/Kind/invalidJSON``,
    /// `invalid input syntax for type json`, on a server older than 16, where a filter's
    /// `json(body)…` cannot skip such rows) becomes ``AmigoError/invalidJSON(model:column:row:detail:)``,
    /// naming the column the filter reads and the first row whose text is not JSON.
    func explainingInvalidJSON<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch AmigoError.database(let error) where error.kind == .invalidJSON {
            throw invalidJSONError(error)
        }
    }

    /// ``AmigoError/invalidJSON(model:column:row:detail:)`` for the first column of the model
    /// that a filter reads inside (`json(body)…`) with a row that is not JSON; the database error
    /// itself when no filter reads one.
    private func invalidJSONError(_ error: DatabaseError) -> AmigoError {
        guard let model = try? modelResult.get() else { return .database(error) }
        var seen: [Column] = []
        for expression in filters.map(\.expression) {
            for path in Self.jsonColumnPaths(in: expression) where path.count == 1 {
                if let column = model.table.column(named: path[0]), !seen.contains(where: { $0 === column }) { seen.append(column) }
            }
        }
        guard let first = seen.first else { return .database(error) }
        // Each column read, until a row that is not JSON is found (none: the first column read, no row named).
        for column in seen {
            if let row = try? firstRowNotJSON(column, of: model) {
                return .invalidJSON(model: model.name, column: column.label, row: row, detail: error.message)
            }
        }
        return .invalidJSON(model: model.name, column: first.label, row: nil, detail: error.message)
    }

    /// The first row (in key order) of the query's rows, its filters aside, whose `column` holds
    /// text that is not JSON: `id 3` (its key), or `row 3` (its place) without a key.
    private func firstRowNotJSON(_ column: Column, of model: ORMModel) throws -> String? {
        var unfiltered = self.unordered()
        unfiltered.filters = []
        let keys = model.table.primaryKey.map(\.label)
        let compiled = try unfiltered.compile(columns: false, resolving: [column.label] + keys)
        var statement = compiled.statement
        statement.columns = compiled.resolved
        for key in keys { statement.orderings.append(compiled.resolved[1 + keys.firstIndex(of: key)!]) }
        var found: String?
        var place = 0
        try onConnection {
            _ = try amigo.engine.fetch(statement.sql, statement.arguments) { row in
                place += 1
                guard case .text(let text) = row.value(at: 0),
                      (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) == nil else { return true }
                found = keys.isEmpty ? "row \(place)"
                    : zip(keys, keys.indices).map { "\($0) \(row.value(at: 1 + $1).description)" }.joined(separator: ", ")
                return false
            }
        }
        return found
    }

    /// The column paths of the `json(…)` operands of `expression`.
    static func jsonColumnPaths(in expression: FilterExpression) -> [[String]] {
        switch expression {
        case .comparison(let c):
            return [c.lhs, c.rhs].compactMap { operand in
                if case .jsonPath(let column, _, _) = operand { return column }
                return nil
            }
        case .and(let l, let r), .or(let l, let r): return jsonColumnPaths(in: l) + jsonColumnPaths(in: r)
        case .not(let e): return jsonColumnPaths(in: e)
        case .literal: return []
        }
    }
}
