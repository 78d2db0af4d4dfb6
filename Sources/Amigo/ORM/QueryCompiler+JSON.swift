// QueryScope: comparing a value inside a JSON column (`json(body).address.city = 'Oslo'`).

import Foundation

extension QueryScope {
    /// `json(column).steps <op> value`: the dialect reads the value at the path (the path bound
    /// as parameters), then it is compared as a column of text is — or of numbers, when the
    /// value compared with is a number (PostgreSQL then reads JSON numbers only).
    func compileJSON(_ c: FilterComparison, column path: [String], steps: [JSONPathStep], position: Int) throws -> String {
        let token = "json(" + path.joined(separator: ".") + ")" + steps.map(\.text).joined()
        guard case .column(let columnSQL, _) = try resolve(path, position: position, allowToMany: false) else {
            throw error("json( ) reads one column, not a to-many path", position: position, token: token)
        }
        let numeric = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .between].contains(c.op)
            && isNumeric(c.rhs) && !isNull(c.rhs)
        let value = dialect.jsonValue(of: columnSQL, at: steps, numeric: numeric)
        arguments += value.arguments
        foldsEveryCaseInsensitiveComparison = true
        defer { foldsEveryCaseInsensitiveComparison = false }
        return try compile(c, lhsSQL: value.sql, column: Column(token, kind: numeric ? .numeric : .text))
    }
}
