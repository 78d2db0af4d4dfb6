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

    static func argumentCount(in operand: FilterOperand) -> Int {
        switch operand {
        case .argument: return 1
        case .list(let items): return items.reduce(0) { $0 + argumentCount(in: $1) }
        case .keyPath, .constant, .jsonPath: return 0
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

    static let cache = FilterParseCache(capacity: cacheCapacity)
}

/// A bounded, lock-guarded map from filter strings to parsed trees.
///
/// `@unchecked Sendable`: guarded by a lock.
final class FilterParseCache: @unchecked Sendable {
    // @unchecked: `entries` is only touched while holding `lock`.
    let lock = NSLock()
    var entries: [String: FilterExpression] = [:]
    let capacity: Int

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

    var lexer: FilterLexer
    /// The look-ahead token.
    var current: FilterToken
    /// The token before `current`, quoted in "expected … after '…'" messages.
    var previous: FilterToken?
    /// Arguments seen so far; the next `%@` gets this number.
    var argumentsSeen = 0
    /// Current nesting of parentheses and `NOT`s.
    var depth = 0

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

    mutating func parseOr() throws(FilterError) -> FilterExpression {
        var left = try parseAnd()
        while current.kind == .keyword(.or) {
            try advance()
            left = .or(left, try parseAnd())
        }
        return left
    }

    mutating func parseAnd() throws(FilterError) -> FilterExpression {
        var left = try parseNot()
        while current.kind == .keyword(.and) {
            try advance()
            left = .and(left, try parseNot())
        }
        return left
    }

    /// `NOT x`; a chain of NOTs is read without recursion, and two NOTs cancel out (also
    /// across parentheses), so that no nesting reaches SQLite's own parser limits.
    mutating func parseNot() throws(FilterError) -> FilterExpression {
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

    mutating func parsePrimary() throws(FilterError) -> FilterExpression {
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
    mutating func enter() throws(FilterError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(.unexpectedToken, "filter nested too deeply (more than \(Self.maximumDepth) levels)")
        }
    }

    // MARK: - Helpers

    mutating func advance() throws(FilterError) {
        previous = current
        current = try lexer.next()
    }

    /// ` after '<previous token>'`, or nothing at the start of the input.
    var after: String {
        guard let previous else { return "" }
        return " after " + Self.quoted(previous.text)
    }

    /// `text` in single quotes, unless it is a quoted string already.
    static func quoted(_ text: String) -> String {
        if let first = text.first, first == "'" || first == "\"" { return text }
        return "'" + text + "'"
    }

    /// The source text from `start` to the end of the previous token.
    func sourceSince(_ start: FilterToken) -> String {
        guard let previous else { return start.text }
        return lexer.source(start.scalarRange.lowerBound..<previous.scalarRange.upperBound)
    }

    /// An error at the current token.
    func error(_ kind: FilterError.Kind, _ message: String) -> FilterError {
        FilterError(kind: kind, message: message, input: lexer.input, position: current.position, token: current.text)
    }

    /// An `.invalidOperand` error covering the operand that began at `start`.
    func operandError(_ message: String, from start: FilterToken) -> FilterError {
        FilterError(kind: .invalidOperand, message: message, input: lexer.input, position: start.position,
                    token: sourceSince(start))
    }
}
