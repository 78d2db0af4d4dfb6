// FilterRecursiveDescent: operands — values, key paths and lists.

import Foundation

extension FilterRecursiveDescent {
    // MARK: - Operands

    /// Parses one operand; `expecting` names what was wanted, for the error message.
    mutating func parseOperand(expecting wanted: String) throws(FilterError) -> FilterOperand {
        let token = current
        switch token.kind {
        case .identifier(let name):
            try advance()
            if name.lowercased() == "json", current.kind == .leftParen { return try parseJSONPath(position: token.position) }
            return try parseKeyPath(first: name, position: token.position)
        case .string(let s):
            try advance()
            return .constant(.text(s))
        case .integer(let v):
            try advance()
            return .constant(.integer(v))
        case .real(let d):
            try advance()
            return .constant(.real(d))
        case .argument:
            let number = argumentsSeen
            argumentsSeen += 1
            try advance()
            return .argument(number, position: token.position)
        case .leftBrace:
            return try parseList()
        case .keyword(let k):
            if let value = k.constantValue {
                try advance()
                return .constant(value)
            }
            var message = "expected \(wanted)\(after)"
            if wanted == "a comparison", k != .and, k != .or, token.text.first?.isLetter == true {
                message += "; '\(token.text)' is a reserved word — write `\(token.text)` to use it as a name"
            }
            throw error(.unexpectedToken, message)
        case .end:
            throw error(.unexpectedEnd, "expected \(wanted)\(after)")
        default:
            throw error(.unexpectedToken, "expected \(wanted)\(after)")
        }
    }

    /// The rest of a key path after its first name: `(. name)*`. After a dot any word is a
    /// name, reserved or not (`order.in`).
    mutating func parseKeyPath(first: String, position: Int) throws(FilterError) -> FilterOperand {
        var segments = [first]
        while current.kind == .dot {
            try advance()
            switch current.kind {
            case .identifier(let name): segments.append(name)
            case .keyword: segments.append(current.text)
            default:
                throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, "expected a name after '.'")
            }
            try advance()
        }
        return .keyPath(segments, position: position)
    }

    /// `{}` or `{v, v, …}`; items are constants or `%@` arguments. `current` is `{`.
    mutating func parseList() throws(FilterError) -> FilterOperand {
        let open = current
        try advance()
        var items: [FilterOperand] = []
        if current.kind == .rightBrace {
            try advance()
            return .list(items)
        }
        while true {
            let itemStart = current
            // Checked before reading the item, so that `{{{{…` is refused without recursing.
            if current.kind == .leftBrace {
                throw error(.invalidOperand, "a {…} list can only hold constants and %@ arguments")
            }
            if items.count >= Self.maximumListLength {
                throw error(.unexpectedToken, "a {…} list may hold at most \(Self.maximumListLength) values")
            }
            let item = try parseOperand(expecting: "a value")
            switch item {
            case .constant, .argument: items.append(item)
            case .keyPath, .list, .jsonPath:
                throw operandError("a {…} list can only hold constants and %@ arguments", from: itemStart)
            }
            switch current.kind {
            case .comma:
                try advance()
            case .rightBrace:
                try advance()
                return .list(items)
            default:
                throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken,
                            "expected ',' or '}' to close the '{' at column \(open.position + 1)")
            }
        }
    }
}
