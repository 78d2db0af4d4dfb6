// FilterRecursiveDescent: a path into a JSON column — json(body).address.city, json(tags)[0].

import Foundation

extension FilterRecursiveDescent {
    // MARK: - JSON paths

    /// `json ( keyPath ) step+` where a step is `.name`, `.'any key'` or `[N]`. `current` is `(`.
    mutating func parseJSONPath(position: Int) throws(FilterError) -> FilterOperand {
        try advance()
        guard case .identifier(let first) = current.kind else {
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected a column inside json( ), as in json(body).address.city")
        }
        let firstPosition = current.position
        try advance()
        guard case .keyPath(let column, _) = try parseKeyPath(first: first, position: firstPosition) else { preconditionFailure("a key path") }
        guard current.kind == .rightParen else {
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected ')' after json(\(column.joined(separator: "."))")
        }
        try advance()
        var steps: [JSONPathStep] = []
        while true {
            if current.kind == .dot {
                try advance()
                let key: String
                switch current.kind {
                case .identifier(let name): key = name
                case .string(let text): key = text
                case .keyword, .integer: key = current.text
                default:
                    throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected a key after '.' in a JSON path")
                }
                // SQLite's JSON paths quote a key in double quotes, with no way to write one inside.
                if key.contains("\"") || key.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                    throw error(.invalidOperand, "a JSON key cannot hold a double quote or a control character")
                }
                steps.append(.key(key))
                try advance()
            } else if current.kind == .leftBracket {
                try advance()
                guard case .integer(let index) = current.kind, index >= 0, index <= Int64(Int32.max) else {
                    throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected an array index (0, 1, …) inside [ ] in a JSON path")
                }
                try advance()
                guard current.kind == .rightBracket else {
                    throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected ']' after the array index")
                }
                try advance()
                steps.append(.index(Int(index)))
            } else {
                break
            }
        }
        if steps.isEmpty {
            throw error(.invalidOperand, "json(\(column.joined(separator: "."))) needs a path after it, as in json(\(column.joined(separator: "."))).address.city")
        }
        return .jsonPath(column: column, steps: steps, position: position)
    }
}

extension FilterParser {
    /// Reads `input` as a path into a JSON column alone (`json(body).address.city`), as an
    /// ordering key or a grid column names it: nil when `input` does not start with `json(`.
    ///
    /// - Throws: ``FilterError`` when it starts with `json(` but is not a whole JSON path.
    public static func jsonPath(_ input: String) throws -> (column: [String], steps: [JSONPathStep])? {
        var parser = try FilterRecursiveDescent(input)
        guard case .identifier(let name) = parser.current.kind, name.lowercased() == "json" else { return nil }
        try parser.advance()
        guard parser.current.kind == .leftParen else { return nil }
        guard case .jsonPath(let column, let steps, _) = try parser.parseJSONPath(position: 0) else { preconditionFailure("a JSON path") }
        guard parser.current.kind == .end else {
            throw parser.error(.unexpectedToken, "expected the end of the JSON path\(parser.after)")
        }
        return (column, steps)
    }

    /// The JSON path `column`/`steps` as the filter language writes it: `json(body).address.city`.
    public static func jsonPathText(column: [String], steps: [JSONPathStep]) -> String {
        "json(" + column.joined(separator: ".") + ")" + steps.map(\.text).joined()
    }
}
