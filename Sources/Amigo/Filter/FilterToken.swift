/// A reserved word of the filter language. Matched without regard to case; to use one as a
/// key path, write it in backquotes (`` `in` ``) or after `#` (`#in`).
enum FilterKeyword: String, Sendable, Equatable, CaseIterable {
    case and = "AND"
    case or = "OR"
    case not = "NOT"
    case like = "LIKE"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"
    case `is` = "IS"
    case `nil` = "NIL"
    case null = "NULL"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case yes = "YES"
    case no = "NO"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"

    /// The comparison operator a word-operator keyword stands for (`LIKE`, `IN`, …), else nil.
    var comparisonOperator: FilterOperator? {
        switch self {
        case .like: return .like
        case .beginsWith: return .beginsWith
        case .endsWith: return .endsWith
        case .contains: return .contains
        case .matches: return .matches
        case .in: return .in
        case .between: return .between
        default: return nil
        }
    }

    /// The constant a value keyword stands for (`NIL`, `NULL`, `TRUE`, `YES`, …), else nil.
    var constantValue: DatabaseValue? {
        switch self {
        case .nil, .null: return .null
        case .true, .yes: return .integer(1)
        case .false, .no: return .integer(0)
        default: return nil
        }
    }

    /// Keywords by upper-case spelling, for the lexer.
    static let byUppercasedName: [String: FilterKeyword] = {
        var table: [String: FilterKeyword] = [:]
        for k in FilterKeyword.allCases { table[k.rawValue] = k }
        return table
    }()

    /// The length of the longest keyword (`FALSEPREDICATE`), so longer words skip the lookup.
    static let maximumLength = 14
}

/// One lexical unit of a filter string, produced by ``FilterLexer``.
struct FilterToken: Sendable, Equatable {
    /// What a token is, with its decoded value where it has one.
    enum Kind: Sendable, Equatable {
        /// A name: plain (`age`), backquoted (`` `Unit Price` ``) or `#`-escaped (`#in`);
        /// the payload is the name without quotes. Never a keyword.
        case identifier(String)
        /// A reserved word (or its symbolic spelling: `&&` is `.and`, `||` is `.or`, `!` is `.not`).
        case keyword(FilterKeyword)
        /// A quoted string; the payload is the value with escapes decoded.
        case string(String)
        /// An integer literal (decimal, `0x`, `0o` or `0b`, optionally negative).
        case integer(Int64)
        /// A decimal or exponent literal.
        case real(Double)
        /// A `%@`-style argument placeholder.
        case argument
        /// A symbolic comparison: `=` `==` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`.
        case comparison(FilterOperator)
        /// `(`
        case leftParen
        /// `)`
        case rightParen
        /// `{`
        case leftBrace
        /// `}`
        case rightBrace
        /// `[`
        case leftBracket
        /// `]`
        case rightBracket
        /// `,`
        case comma
        /// `.`
        case dot
        /// The end of the input.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// The token exactly as written in the filter (empty for `.end`).
    var text: String
    /// Offset, in `Character`s from 0, of the token's first character.
    var position: Int
    /// The token's extent in the lexer's unicode-scalar array, used to quote longer
    /// stretches of source (a whole key path or list) in error messages.
    var scalarRange: Range<Int>

    /// Creates a token.
    init(_ kind: Kind, _ text: String, at position: Int, scalars: Range<Int>) {
        self.kind = kind
        self.text = text
        self.position = position
        self.scalarRange = scalars
    }
}
