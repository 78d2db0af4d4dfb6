import Foundation

/// Reads filter strings such as `label = 'Lucy' AND age > %@` into ``FilterExpression`` trees.
///
/// The language follows `NSPredicate` format strings:
///
/// - comparisons `=` `==` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`, and the words `LIKE` (with `*`
///   and `?` wildcards), `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `MATCHES`, `IN`, `BETWEEN`,
///   optionally followed by `[c]`, `[d]` or `[cd]`;
/// - `x IS NULL` / `x IS NOT NULL` (read as `x = nil` / `x != nil`), and `x NOT IN {…}` (and
///   the other word operators after `NOT`), read as `NOT (x IN {…})`;
/// - `NOT`/`!` binding tighter than `AND`/`&&`, binding tighter than `OR`/`||`, and parentheses;
/// - operands: key paths (`dog.label`, `` `Order Details`.`Unit Price` ``, `#in`), quoted strings,
///   integers (`-3`, `0x1F`), reals (`1.5`, `2e3`), `nil`/`NULL`, `TRUE`/`YES`/`FALSE`/`NO`,
///   `%@` arguments (numbered from 0, left to right) and `{a, b}` lists after `IN`/`BETWEEN`;
/// - `TRUEPREDICATE` and `FALSEPREDICATE`.
///
/// Keywords are matched without regard to case. Errors are thrown as ``FilterError``, which
/// carries the `Character` offset of the problem.
public enum FilterParser {
    /// Parses a filter string.
    ///
    /// - Parameter input: the filter, e.g. `name CONTAINS[c] 'page' AND age >= 3`.
    /// - Returns: the syntax tree; comparisons keep their operands in the order written.
    /// - Throws: ``FilterError`` describing the first problem found.
    public static func parse(_ input: String) throws -> FilterExpression {
        var parser = try FilterRecursiveDescent(input)
        return try parser.parseFilter()
    }

    /// The number of `%@`-style argument placeholders in an expression — for a parsed filter,
    /// the number of arguments it must be given.
    public static func argumentCount(in expression: FilterExpression) -> Int {
        switch expression {
        case .comparison(let c): return argumentCount(in: c.lhs) + argumentCount(in: c.rhs)
        case .and(let l, let r), .or(let l, let r): return argumentCount(in: l) + argumentCount(in: r)
        case .not(let e): return argumentCount(in: e)
        case .literal: return 0
        }
    }

    private static func argumentCount(in operand: FilterOperand) -> Int {
        switch operand {
        case .argument: return 1
        case .list(let items): return items.reduce(0) { $0 + argumentCount(in: $1) }
        case .keyPath, .constant: return 0
        }
    }

    /// Parses a filter string like ``parse(_:)``, reusing the tree from an earlier call with the
    /// same string. Thread-safe; the cache holds at most ``cacheCapacity`` filters and is
    /// emptied when full. Failures are not cached.
    public static func parseCached(_ input: String) throws -> FilterExpression {
        if let hit = cache.lookup(input) { return hit }
        let expression = try parse(input)
        cache.store(expression, for: input)
        return expression
    }

    /// The most filters ``parseCached(_:)`` keeps.
    public static let cacheCapacity = 256

    /// Empties the cache used by ``parseCached(_:)``.
    public static func clearCache() { cache.removeAll() }

    /// The number of filters currently in the cache used by ``parseCached(_:)``.
    static var cachedCount: Int { cache.count }

    private static let cache = FilterParseCache(capacity: cacheCapacity)
}

/// A bounded, lock-guarded map from filter strings to parsed trees.
private final class FilterParseCache: @unchecked Sendable {
    // @unchecked: `entries` is only touched while holding `lock`.
    private let lock = NSLock()
    private var entries: [String: FilterExpression] = [:]
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func lookup(_ key: String) -> FilterExpression? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ value: FilterExpression, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}

/// The recursive-descent parser behind ``FilterParser``, reading tokens lazily from a
/// ``FilterLexer`` with one token of look-ahead, so the first problem in the text is the one
/// reported.
///
/// ```text
/// filter     := or END
/// or         := and (('OR' | '||') and)*
/// and        := not (('AND' | '&&') not)*
/// not        := ('NOT' | '!') not | primary
/// primary    := '(' or ')' | 'TRUEPREDICATE' | 'FALSEPREDICATE' | comparison
/// comparison := operand 'IS' ['NOT'] ('NULL' | 'NIL')
///             | operand ['NOT'] operator [modifier] operand
/// modifier   := '[' ('c' | 'd' | 'cd' | 'dc') ']'
/// operand    := keyPath | STRING | NUMBER | constant word | ARGUMENT | '{' [value (',' value)*] '}'
/// keyPath    := NAME ('.' NAME)*             (a last NAME may be `@count`: `albums.@count`)
/// ```
struct FilterRecursiveDescent {
    /// The deepest nesting of parentheses and `NOT`s accepted, to keep recursion bounded.
    static let maximumDepth = 200

    /// The most values a `{…}` list may hold (each is one bound parameter).
    static let maximumListLength = 10_000

    private var lexer: FilterLexer
    /// The look-ahead token.
    private var current: FilterToken
    /// The token before `current`, quoted in "expected … after '…'" messages.
    private var previous: FilterToken?
    /// Arguments seen so far; the next `%@` gets this number.
    private var argumentsSeen = 0
    /// Current nesting of parentheses and `NOT`s.
    private var depth = 0

    /// Prepares to parse `input`, reading its first token.
    init(_ input: String) throws(FilterError) {
        lexer = FilterLexer(input)
        current = try lexer.next()
    }

    /// Parses the whole input as one filter.
    mutating func parseFilter() throws(FilterError) -> FilterExpression {
        if current.kind == .end {
            throw FilterError(kind: .emptyFilter, message: "empty filter", input: lexer.input, position: 0, token: "")
        }
        let expression = try parseOr()
        switch current.kind {
        case .end:
            return expression
        case .rightParen:
            throw error(.unexpectedToken, "unmatched ')'")
        default:
            throw error(.unexpectedToken, "expected AND, OR or the end of the filter\(after)")
        }
    }

    // MARK: - Logical structure

    private mutating func parseOr() throws(FilterError) -> FilterExpression {
        var left = try parseAnd()
        while current.kind == .keyword(.or) {
            try advance()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(FilterError) -> FilterExpression {
        var left = try parseNot()
        while current.kind == .keyword(.and) {
            try advance()
            left = .and(left, try parseNot())
        }
        return left
    }

    /// `NOT x`; a chain of NOTs is read without recursion, and two NOTs cancel out (also
    /// across parentheses), so that no nesting reaches SQLite's own parser limits.
    private mutating func parseNot() throws(FilterError) -> FilterExpression {
        var negations = 0
        while current.kind == .keyword(.not) {
            negations += 1
            try advance()
        }
        guard negations > 0 else { return try parsePrimary() }
        try enter()
        let operand = try parsePrimary()
        depth -= 1
        guard negations % 2 == 1 else { return operand }
        if case .not(let inner) = operand { return inner }
        return .not(operand)
    }

    private mutating func parsePrimary() throws(FilterError) -> FilterExpression {
        switch current.kind {
        case .leftParen:
            let open = current
            try enter()
            try advance()
            let inner = try parseOr()
            guard current.kind == .rightParen else {
                let message = "expected ')' to close the '(' at column \(open.position + 1)"
                throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken, message)
            }
            depth -= 1
            try advance()
            return inner
        case .keyword(.truePredicate):
            try advance()
            return .literal(true)
        case .keyword(.falsePredicate):
            try advance()
            return .literal(false)
        default:
            return try parseComparison()
        }
    }

    /// Counts one more level of nesting, refusing to go past ``maximumDepth``.
    private mutating func enter() throws(FilterError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(.unexpectedToken, "filter nested too deeply (more than \(Self.maximumDepth) levels)")
        }
    }

    // MARK: - Comparisons

    private mutating func parseComparison() throws(FilterError) -> FilterExpression {
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
    private mutating func parseIsNull(_ lhs: FilterOperand) throws(FilterError) -> FilterExpression {
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
    private mutating func parseModifiers() throws(FilterError) -> FilterComparisonOptions {
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

    // MARK: - Operands

    /// Parses one operand; `expecting` names what was wanted, for the error message.
    private mutating func parseOperand(expecting wanted: String) throws(FilterError) -> FilterOperand {
        let token = current
        switch token.kind {
        case .identifier(let name):
            try advance()
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
    private mutating func parseKeyPath(first: String, position: Int) throws(FilterError) -> FilterOperand {
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
    private mutating func parseList() throws(FilterError) -> FilterOperand {
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
            case .keyPath, .list:
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

    // MARK: - Helpers

    private mutating func advance() throws(FilterError) {
        previous = current
        current = try lexer.next()
    }

    /// ` after '<previous token>'`, or nothing at the start of the input.
    private var after: String {
        guard let previous else { return "" }
        return " after " + Self.quoted(previous.text)
    }

    /// `text` in single quotes, unless it is a quoted string already.
    private static func quoted(_ text: String) -> String {
        if let first = text.first, first == "'" || first == "\"" { return text }
        return "'" + text + "'"
    }

    /// The source text from `start` to the end of the previous token.
    private func sourceSince(_ start: FilterToken) -> String {
        guard let previous else { return start.text }
        return lexer.source(start.scalarRange.lowerBound..<previous.scalarRange.upperBound)
    }

    /// An error at the current token.
    private func error(_ kind: FilterError.Kind, _ message: String) -> FilterError {
        FilterError(kind: kind, message: message, input: lexer.input, position: current.position, token: current.text)
    }

    /// An `.invalidOperand` error covering the operand that began at `start`.
    private func operandError(_ message: String, from start: FilterToken) -> FilterError {
        FilterError(kind: .invalidOperand, message: message, input: lexer.input, position: start.position,
                    token: sourceSince(start))
    }
}
