/// The syntax tree of a filter string such as `label = 'Lucy' AND age > %@`.
///
/// Produced by ``FilterParser``; resolved against a model and compiled to SQL by the query layer,
/// which binds every constant as a `?` parameter.
public indirect enum FilterExpression: Sendable, Equatable {
    /// A single comparison: `lhs op rhs`.
    case comparison(FilterComparison)
    /// `lhs AND rhs` (also `&&`).
    case and(FilterExpression, FilterExpression)
    /// `lhs OR rhs` (also `||`).
    case or(FilterExpression, FilterExpression)
    /// `NOT e` (also `!e`).
    case not(FilterExpression)
    /// `TRUEPREDICATE` / `FALSEPREDICATE`.
    case literal(Bool)
}

/// One comparison in a filter: `age > 3`, `name BEGINSWITH[c] 'a'`, `id IN {1, 2}`.
public struct FilterComparison: Sendable, Equatable {
    /// The left operand, usually a key path.
    public var lhs: FilterOperand
    /// The operator.
    public var op: FilterOperator
    /// The right operand, usually a constant, a list or a `%@` argument.
    public var rhs: FilterOperand
    /// The `[c]` / `[d]` modifiers written after the operator.
    public var options: FilterComparisonOptions
    /// Offset (in characters, from 0) of the operator token in the filter string, for error messages.
    public var position: Int

    /// Creates a comparison.
    public init(lhs: FilterOperand, op: FilterOperator, rhs: FilterOperand,
                options: FilterComparisonOptions = [], position: Int = 0) {
        self.lhs = lhs; self.op = op; self.rhs = rhs; self.options = options; self.position = position
    }
}

/// The `[c]` (case-insensitive) and `[d]` (diacritic-insensitive) modifiers of a comparison.
public struct FilterComparisonOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `[c]`: compare without regard to case (Unicode case folding; ASCII-only values use SQLite's `NOCASE`/`LIKE`).
    public static let caseInsensitive = FilterComparisonOptions(rawValue: 1)
    /// `[d]`: compare without regard to diacritics (`é` matches `e`), through the connection's `amigo_fold` function.
    public static let diacriticInsensitive = FilterComparisonOptions(rawValue: 2)
}

/// The operators of the filter language.
public enum FilterOperator: String, Sendable, Equatable, CaseIterable {
    case equal = "="            // = and ==
    case notEqual = "!="        // != and <>
    case less = "<"
    case lessOrEqual = "<="     // <= and =<
    case greater = ">"
    case greaterOrEqual = ">="  // >= and =>
    case like = "LIKE"          // * and ? wildcards
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case `in` = "IN"            // rhs is a list or an argument holding a list
    case between = "BETWEEN"    // rhs is a two-element list
    case matches = "MATCHES"    // regular expression
}

/// An operand of a comparison.
public indirect enum FilterOperand: Sendable, Equatable {
    /// A dotted key path such as `dog.label`, with the character offset of its first character.
    case keyPath([String], position: Int)
    /// A literal: a quoted string, a number, `nil`/`NULL`, `TRUE`/`FALSE`/`YES`/`NO`.
    case constant(DatabaseValue)
    /// A `{a, b, c}` aggregate, used by `IN` and `BETWEEN`.
    case list([FilterOperand])
    /// The n-th (from 0) `%@` placeholder; its value is passed alongside the string.
    case argument(Int, position: Int)
    /// A value inside a JSON column: `json(body).address.city` is the column's key path
    /// (`["body"]`) and the steps into its JSON (`.address`, `.city`), with the character offset
    /// of `json`.
    case jsonPath(column: [String], steps: [JSONPathStep], position: Int)
}
