// FilterRecursiveDescent: comparisons, IS NULL and the [cd] modifiers.

import Foundation

extension FilterRecursiveDescent {
    // MARK: - Comparisons

    mutating func parseComparison() throws(FilterError) -> FilterExpression {
        let lhsStart = current
        let lhs = try parseOperand(expecting: "a comparison")
        if case .list = lhs {
            throw operandError("a {…} list can only follow IN or BETWEEN", from: lhsStart)
        }

        var negated = false
        switch current.kind {
        case .keyword(.is):
            return try parseIsNull(lhs)
        case .keyword(.not):
            try advance()
            guard case .keyword(let k) = current.kind, k.comparisonOperator != nil else {
                throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken,
                            "expected IN, LIKE, BEGINSWITH, ENDSWITH, CONTAINS, MATCHES or BETWEEN\(after)")
            }
            negated = true
        case .comparison, .keyword(.like), .keyword(.beginsWith), .keyword(.endsWith), .keyword(.contains),
             .keyword(.matches), .keyword(.in), .keyword(.between):
            break
        default:
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken,
                        "expected an operator after " + Self.quoted(sourceSince(lhsStart)))
        }

        let opToken = current
        let op: FilterOperator
        switch opToken.kind {
        case .comparison(let o): op = o
        case .keyword(let k): op = k.comparisonOperator!
        default: preconditionFailure("checked above")
        }
        try advance()
        let options = try parseModifiers()

        let rhsStart = current
        let rhs = try parseOperand(expecting: "a value")
        switch (op, rhs) {
        case (.between, .list(let items)) where items.count == 2:
            break
        case (.between, .argument):
            break
        case (.between, _):
            throw operandError("BETWEEN needs a two-element list such as {1, 5}, or a %@ argument", from: rhsStart)
        case (.in, .list), (.in, .argument), (.in, .keyPath):
            break
        case (.in, _):
            throw operandError("IN needs a {…} list, a %@ argument or a key path", from: rhsStart)
        case (_, .list):
            throw operandError("a {…} list can only follow IN or BETWEEN", from: rhsStart)
        default:
            break
        }

        let comparison = FilterExpression.comparison(
            FilterComparison(lhs: lhs, op: op, rhs: rhs, options: options, position: opToken.position))
        return negated ? .not(comparison) : comparison
    }

    /// `IS NULL` / `IS NIL` → `= nil`; `IS NOT NULL` → `!= nil`. `current` is `IS`.
    mutating func parseIsNull(_ lhs: FilterOperand) throws(FilterError) -> FilterExpression {
        let isToken = current
        try advance()
        var op = FilterOperator.equal
        if current.kind == .keyword(.not) {
            op = .notEqual
            try advance()
        }
        switch current.kind {
        case .keyword(.null), .keyword(.nil):
            try advance()
        default:
            let message = op == .equal ? "expected NULL or NOT NULL after 'IS'" : "expected NULL\(after)"
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, message)
        }
        return .comparison(FilterComparison(lhs: lhs, op: op, rhs: .constant(.null), position: isToken.position))
    }

    /// An optional `[c]`, `[d]` or `[cd]` after an operator.
    mutating func parseModifiers() throws(FilterError) -> FilterComparisonOptions {
        guard current.kind == .leftBracket else { return [] }
        try advance()
        var options: FilterComparisonOptions = []
        switch current.kind {
        case .end:
            throw error(.unexpectedEnd, "expected c, d or cd after '['")
        case .rightBracket:
            throw error(.invalidModifier, "empty modifier; expected [c], [d] or [cd]")
        case .identifier, .keyword:
            for scalar in current.text.unicodeScalars {
                switch scalar {
                case "c", "C": options.insert(.caseInsensitive)
                case "d", "D": options.insert(.diacriticInsensitive)
                default: throw error(.invalidModifier, "unknown modifier '\(current.text)'; expected [c], [d] or [cd]")
                }
            }
        default:
            throw error(.invalidModifier, "unknown modifier '\(current.text)'; expected [c], [d] or [cd]")
        }
        try advance()
        guard current.kind == .rightBracket else {
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected ']' to close the modifier")
        }
        try advance()
        return options
    }
}
