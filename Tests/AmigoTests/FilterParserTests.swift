import Testing
@testable import Amigo

// MARK: - Helpers

/// A key path operand; `path` is split on dots.
private func key(_ path: String, _ position: Int) -> FilterOperand {
    .keyPath(path.split(separator: ".").map(String.init), position: position)
}

/// A constant operand.
private func value(_ v: DatabaseValue) -> FilterOperand { .constant(v) }

/// A comparison node; `at` is the offset of the operator.
private func compare(_ lhs: FilterOperand, _ op: FilterOperator, _ rhs: FilterOperand,
                     _ options: FilterComparisonOptions = [], at position: Int) -> FilterExpression {
    .comparison(FilterComparison(lhs: lhs, op: op, rhs: rhs, options: options, position: position))
}

/// The error thrown for `input`, or nil if it parses.
private func failure(_ input: String) -> FilterError? {
    do {
        _ = try FilterParser.parse(input)
        return nil
    } catch let error as FilterError {
        return error
    } catch {
        Issue.record("unexpected error type \(error)")
        return nil
    }
}

/// The single comparison `input` parses to.
private func comparison(_ input: String) throws -> FilterComparison {
    let expression = try FilterParser.parse(input)
    guard case .comparison(let c) = expression else {
        Issue.record("\(input) did not parse to a single comparison: \(expression)")
        throw FilterError(kind: .unexpectedToken, message: "", input: input, position: 0, token: "")
    }
    return c
}

/// The right-hand side of `x = <literal>`.
private func literal(_ text: String) throws -> FilterOperand {
    try comparison("x = " + text).rhs
}

// MARK: - Specification

@Suite struct FilterParserSpec {

    // MARK: Comparisons

    @Test func aComparisonIsKeyPathOperatorValue() throws {
        #expect(try FilterParser.parse("age > 3") == compare(key("age", 0), .greater, value(3), at: 4))
    }

    @Test(arguments: [
        ("=", FilterOperator.equal), ("==", .equal),
        ("!=", .notEqual), ("<>", .notEqual),
        ("<", .less),
        ("<=", .lessOrEqual), ("=<", .lessOrEqual),
        (">", .greater),
        (">=", .greaterOrEqual), ("=>", .greaterOrEqual),
    ])
    func symbolicOperatorsAndTheirSynonyms(symbol: String, op: FilterOperator) throws {
        #expect(try FilterParser.parse("a \(symbol) 1") == compare(key("a", 0), op, value(1), at: 2))
        // No spaces needed, even before a negative number.
        #expect(try FilterParser.parse("a\(symbol)-1") == compare(key("a", 0), op, value(-1), at: 1))
    }

    @Test(arguments: [
        ("LIKE", FilterOperator.like), ("like", .like), ("Like", .like),
        ("BEGINSWITH", .beginsWith), ("beginsWith", .beginsWith),
        ("ENDSWITH", .endsWith), ("endswith", .endsWith),
        ("CONTAINS", .contains), ("contains", .contains),
        ("MATCHES", .matches), ("matches", .matches),
    ])
    func wordOperatorsAreCaseInsensitive(word: String, op: FilterOperator) throws {
        #expect(try FilterParser.parse("name \(word) 'x'") == compare(key("name", 0), op, value("x"), at: 5))
    }

    @Test func likeKeepsItsWildcardsInTheString() throws {
        #expect(try comparison("name LIKE 'L*c?'").rhs == value("L*c?"))
    }

    @Test func matchesKeepsUnknownBackslashPairsForTheRegex() throws {
        #expect(try comparison(#"code MATCHES '\d+\.\w'"#).rhs == value(#"\d+\.\w"#))
    }

    @Test func eitherSideMayBeAConstantAndOperandsKeepTheirOrder() throws {
        #expect(try FilterParser.parse("3 < age") == compare(value(3), .less, key("age", 4), at: 2))
        #expect(try FilterParser.parse("'x' = 'x'") == compare(value("x"), .equal, value("x"), at: 4))
        #expect(try FilterParser.parse("a = b") == compare(key("a", 0), .equal, key("b", 4), at: 2))
    }

    // MARK: Modifiers

    @Test func modifiersFollowTheOperator() throws {
        #expect(try FilterParser.parse("name CONTAINS[c] 'page'")
            == compare(key("name", 0), .contains, value("page"), .caseInsensitive, at: 5))
        #expect(try FilterParser.parse(#"name ==[c] "x""#)
            == compare(key("name", 0), .equal, value("x"), .caseInsensitive, at: 5))
        #expect(try comparison("name LIKE[d] 'x'").options == .diacriticInsensitive)
        #expect(try comparison("name BEGINSWITH[cd] 'x'").options == [.caseInsensitive, .diacriticInsensitive])
        #expect(try comparison("name ENDSWITH[dc] 'x'").options == [.caseInsensitive, .diacriticInsensitive])
        #expect(try comparison("name MATCHES[C] 'x'").options == .caseInsensitive)
        #expect(try comparison("name IN[c] {'a'}").options == .caseInsensitive)
    }

    @Test func modifiersMayBeSpacedOut() throws {
        #expect(try comparison("name LIKE [ cd ] 'x'").options == [.caseInsensitive, .diacriticInsensitive])
    }

    @Test func noModifierMeansNoOptions() throws {
        #expect(try comparison("name CONTAINS 'x'").options == [])
    }

    // MARK: Logical operators and precedence

    @Test func andBindsTighterThanOr() throws {
        #expect(try FilterParser.parse("a = 1 OR b = 2 AND c = 3") == .or(
            compare(key("a", 0), .equal, value(1), at: 2),
            .and(compare(key("b", 9), .equal, value(2), at: 11),
                 compare(key("c", 19), .equal, value(3), at: 21))))
        #expect(try FilterParser.parse("a = 1 AND b = 2 OR c = 3") == .or(
            .and(compare(key("a", 0), .equal, value(1), at: 2),
                 compare(key("b", 10), .equal, value(2), at: 12)),
            compare(key("c", 19), .equal, value(3), at: 21)))
    }

    @Test func notBindsTighterThanAnd() throws {
        #expect(try FilterParser.parse("NOT a = 1 AND b = 2") == .and(
            .not(compare(key("a", 4), .equal, value(1), at: 6)),
            compare(key("b", 14), .equal, value(2), at: 16)))
        #expect(try FilterParser.parse("a = 1 OR NOT b = 2") == .or(
            compare(key("a", 0), .equal, value(1), at: 2),
            .not(compare(key("b", 13), .equal, value(2), at: 15))))
    }

    @Test func andAndOrAreLeftAssociative() throws {
        let a = compare(key("a", 0), .equal, value(1), at: 1)
        let b = compare(key("b", 8), .equal, value(2), at: 9)
        let c = compare(key("c", 16), .equal, value(3), at: 17)
        #expect(try FilterParser.parse("a=1 AND b=2 AND c=3") == .and(.and(a, b), c))
        let b2 = compare(key("b", 7), .equal, value(2), at: 8)
        let c2 = compare(key("c", 14), .equal, value(3), at: 15)
        #expect(try FilterParser.parse("a=1 OR b=2 OR c=3") == .or(.or(a, b2), c2))
    }

    @Test func symbolicLogicalOperators() throws {
        let a = compare(key("a", 0), .equal, value(1), at: 1)
        #expect(try FilterParser.parse("a=1 && b=2") == .and(a, compare(key("b", 7), .equal, value(2), at: 8)))
        #expect(try FilterParser.parse("a=1 || b=2") == .or(a, compare(key("b", 7), .equal, value(2), at: 8)))
        #expect(try FilterParser.parse("!a=1") == .not(compare(key("a", 1), .equal, value(1), at: 2)))
        #expect(try FilterParser.parse("a=1&&b=2") == .and(a, compare(key("b", 5), .equal, value(2), at: 6)))
    }

    @Test func logicalKeywordsAreCaseInsensitive() throws {
        let a = compare(key("a", 0), .equal, value(1), at: 1)
        #expect(try FilterParser.parse("a=1 and b=2") == .and(a, compare(key("b", 8), .equal, value(2), at: 9)))
        #expect(try FilterParser.parse("a=1 Or b=2") == .or(a, compare(key("b", 7), .equal, value(2), at: 8)))
        #expect(try FilterParser.parse("not a=1") == .not(compare(key("a", 4), .equal, value(1), at: 5)))
    }

    @Test func twoNotsCancelOutAndThreeAreOne() throws {
        #expect(try FilterParser.parse("NOT NOT a = 1") == compare(key("a", 8), .equal, value(1), at: 10))
        #expect(try FilterParser.parse("!!a=1") == compare(key("a", 2), .equal, value(1), at: 3))
        #expect(try FilterParser.parse("NOT NOT NOT a = 1") == .not(compare(key("a", 12), .equal, value(1), at: 14)))
        // Also across parentheses, so that SQLite never sees a tower of NOTs.
        #expect(try FilterParser.parse("NOT (NOT (a = 1))") == compare(key("a", 10), .equal, value(1), at: 12))
    }

    @Test func parenthesesOverridePrecedence() throws {
        #expect(try FilterParser.parse("(a = 1 OR b = 2) AND c = 3") == .and(
            .or(compare(key("a", 1), .equal, value(1), at: 3),
                compare(key("b", 10), .equal, value(2), at: 12)),
            compare(key("c", 21), .equal, value(3), at: 23)))
        #expect(try FilterParser.parse("NOT (a = 1 AND b = 2)") == .not(.and(
            compare(key("a", 5), .equal, value(1), at: 7),
            compare(key("b", 15), .equal, value(2), at: 17))))
    }

    @Test func redundantParenthesesVanish() throws {
        #expect(try FilterParser.parse("((a = 1))") == compare(key("a", 2), .equal, value(1), at: 4))
        #expect(try FilterParser.parse("(a=1) OR ((b=2))") == .or(
            compare(key("a", 1), .equal, value(1), at: 2),
            compare(key("b", 11), .equal, value(2), at: 12)))
    }

    @Test func truePredicateAndFalsePredicate() throws {
        #expect(try FilterParser.parse("TRUEPREDICATE") == .literal(true))
        #expect(try FilterParser.parse("falsepredicate") == .literal(false))
        #expect(try FilterParser.parse("TRUEPREDICATE AND a = 1")
            == .and(.literal(true), compare(key("a", 18), .equal, value(1), at: 20)))
        #expect(try FilterParser.parse("NOT (FALSEPREDICATE)") == .not(.literal(false)))
    }

    // MARK: Literals

    @Test(arguments: [
        ("'Lucy'", DatabaseValue.text("Lucy")),
        (#""Lucy""#, .text("Lucy")),
        ("''", .text("")),
        (#""""#, .text("")),
        (#""it's""#, .text("it's")),
        (#"'say "hi"'"#, .text(#"say "hi""#)),
        ("0", .integer(0)),
        ("42", .integer(42)),
        ("-7", .integer(-7)),
        ("007", .integer(7)),
        ("9223372036854775807", .integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("0x1F", .integer(31)),
        ("0XfF", .integer(255)),
        ("-0x10", .integer(-16)),
        ("0x7FFFFFFFFFFFFFFF", .integer(Int64.max)),
        ("-0x8000000000000000", .integer(Int64.min)),
        ("0o17", .integer(15)),
        ("0b101", .integer(5)),
        ("1.5", .real(1.5)),
        ("-0.25", .real(-0.25)),
        (".5", .real(0.5)),
        ("-.5", .real(-0.5)),
        ("1e3", .real(1000)),
        ("2.5E-3", .real(0.0025)),
        ("1E+2", .real(100)),
        ("nil", .null), ("NIL", .null), ("NULL", .null), ("null", .null),
        ("TRUE", .integer(1)), ("true", .integer(1)), ("YES", .integer(1)), ("yes", .integer(1)),
        ("FALSE", .integer(0)), ("false", .integer(0)), ("NO", .integer(0)), ("no", .integer(0)),
    ])
    func literals(text: String, expected: DatabaseValue) throws {
        #expect(try literal(text) == .constant(expected))
    }

    @Test func wholeNumbersWithAPointOrExponentAreReals() throws {
        #expect(try literal("3.0") == value(.real(3)))
        #expect(try literal("3e0") == value(.real(3)))
        #expect(try literal("3") == value(.integer(3)))
    }

    // MARK: String escapes

    @Test(arguments: [
        (#"'a\nb'"#, "a\nb"),
        (#"'a\tb'"#, "a\tb"),
        (#"'a\rb'"#, "a\rb"),
        (#"'a\\b'"#, #"a\b"#),
        (#"'it\'s'"#, "it's"),
        (#""say \"hi\"""#, #"say "hi""#),
        (#"'\"'"#, #"""#),
        (#"'caf\u00e9'"#, "café"),
        (#"'\u00C9T\u00c9'"#, "ÉTÉ"),
        (#"'\uD83D\uDE00'"#, "😀"),
        (#"'\u{1F600}'"#, "😀"),
        ("'it''s'", "it's"),
        ("''''", "'"),
        (#""say ""hi""""#, #"say "hi""#),
        (#"'\d'"#, #"\d"#),
    ])
    func stringEscapes(text: String, expected: String) throws {
        #expect(try literal(text) == value(.text(expected)))
    }

    // MARK: Arguments

    @Test func argumentsAreNumberedLeftToRightFromZero() throws {
        #expect(try FilterParser.parse("a = %@ AND b IN %@ OR %@ < c") == .or(
            .and(compare(key("a", 0), .equal, .argument(0, position: 4), at: 2),
                 compare(key("b", 11), .in, .argument(1, position: 16), at: 13)),
            compare(.argument(2, position: 22), .less, key("c", 27), at: 25)))
    }

    @Test(arguments: ["%@", "%d", "%i", "%u", "%f", "%g", "%e", "%s", "%ld", "%lld", "%lu", "%lf"])
    func printfPlaceholdersAreGenericArguments(placeholder: String) throws {
        #expect(try comparison("x = \(placeholder)").rhs == .argument(0, position: 4))
    }

    @Test func argumentsInsideListsAreNumberedToo() throws {
        #expect(try comparison("x IN {%@, 2, %@}").rhs
            == .list([.argument(0, position: 6), value(2), .argument(1, position: 13)]))
    }

    @Test func argumentCountCountsPlaceholders() throws {
        #expect(FilterParser.argumentCount(in: try FilterParser.parse("a = 1")) == 0)
        #expect(FilterParser.argumentCount(in: try FilterParser.parse("a = %@")) == 1)
        #expect(FilterParser.argumentCount(in: try FilterParser.parse(
            "%@ < a AND (b BETWEEN %@ OR c IN {%@, %@}) AND NOT d = %d")) == 5)
        #expect(FilterParser.argumentCount(in: try FilterParser.parse("TRUEPREDICATE")) == 0)
    }

    // MARK: Lists, IN and BETWEEN

    @Test func inTakesAList() throws {
        #expect(try FilterParser.parse("id IN {1, 2, 3}")
            == compare(key("id", 0), .in, .list([value(1), value(2), value(3)]), at: 3))
        #expect(try comparison("id in { 1 ,2 }").rhs == .list([value(1), value(2)]))
        #expect(try comparison("x IN {'a', \"b\", nil, 1.5, TRUE}").rhs
            == .list([value("a"), value("b"), value(.null), value(.real(1.5)), value(1)]))
    }

    @Test func listsMayBeEmpty() throws {
        #expect(try comparison("id IN {}").rhs == .list([]))
    }

    @Test func inTakesAnArgumentOrAKeyPath() throws {
        #expect(try comparison("id IN %@").rhs == .argument(0, position: 6))
        #expect(try FilterParser.parse("'red' IN tags") == compare(value("red"), .in, key("tags", 9), at: 6))
    }

    @Test func notBeforeAComparisonNegatesIt() throws {
        #expect(try FilterParser.parse("NOT id IN {1, 2}")
            == .not(compare(key("id", 4), .in, .list([value(1), value(2)]), at: 7)))
    }

    @Test func notBetweenOperandAndWordOperatorNegatesTheComparison() throws {
        #expect(try FilterParser.parse("id NOT IN {1}") == .not(compare(key("id", 0), .in, .list([value(1)]), at: 7)))
        #expect(try FilterParser.parse("name not like[c] 'a*'")
            == .not(compare(key("name", 0), .like, value("a*"), .caseInsensitive, at: 9)))
        #expect(try FilterParser.parse("x NOT BETWEEN {1, 2}")
            == .not(compare(key("x", 0), .between, .list([value(1), value(2)]), at: 6)))
    }

    @Test func betweenTakesATwoElementListOrAnArgument() throws {
        #expect(try FilterParser.parse("age BETWEEN {1, 5}")
            == compare(key("age", 0), .between, .list([value(1), value(5)]), at: 4))
        #expect(try comparison("age between {%@, %@}").rhs
            == .list([.argument(0, position: 13), .argument(1, position: 17)]))
        #expect(try comparison("age BETWEEN %@").rhs == .argument(0, position: 12))
    }

    // MARK: IS NULL

    @Test func isNullMeansEqualsNil() throws {
        #expect(try FilterParser.parse("x IS NULL") == compare(key("x", 0), .equal, value(.null), at: 2))
        #expect(try FilterParser.parse("x is nil") == compare(key("x", 0), .equal, value(.null), at: 2))
    }

    @Test func isNotNullMeansNotEqualsNil() throws {
        #expect(try FilterParser.parse("x IS NOT NULL") == compare(key("x", 0), .notEqual, value(.null), at: 2))
        #expect(try FilterParser.parse("dog.label is not nil AND a = 1") == .and(
            compare(key("dog.label", 0), .notEqual, value(.null), at: 10),
            compare(key("a", 25), .equal, value(1), at: 27)))
    }

    // MARK: Key paths

    @Test func keyPathsAreDotted() throws {
        #expect(try comparison("dog.label = 'Rex'").lhs == .keyPath(["dog", "label"], position: 0))
        #expect(try comparison("owner.dog.label = 'Rex'").lhs == .keyPath(["owner", "dog", "label"], position: 0))
        #expect(try comparison("x = owner . dog").rhs == .keyPath(["owner", "dog"], position: 4))
    }

    @Test func namesMayUseUnderscoresDollarsAndDigits() throws {
        #expect(try comparison("_private = 1").lhs == key("_private", 0))
        #expect(try comparison("$var = 1").lhs == key("$var", 0))
        #expect(try comparison("a1_b$2 = 1").lhs == key("a1_b$2", 0))
    }

    @Test func backquotedNamesMayContainSpaces() throws {
        #expect(try FilterParser.parse("`Order Details`.`Unit Price` > 10") == compare(
            .keyPath(["Order Details", "Unit Price"], position: 0), .greater, value(10), at: 29))
        #expect(try comparison("`a``b` = 1").lhs == .keyPath(["a`b"], position: 0))
    }

    @Test func reservedWordsAreNamesWhenBackquotedOrEscaped() throws {
        #expect(try FilterParser.parse("`in` = 1") == compare(key("in", 0), .equal, value(1), at: 5))
        #expect(try FilterParser.parse("#Like = 1") == compare(key("Like", 0), .equal, value(1), at: 6))
        #expect(try comparison("`NULL` = NULL").lhs == key("NULL", 0))
    }

    @Test func anyWordAfterADotIsAName() throws {
        #expect(try comparison("order.in = 1").lhs == .keyPath(["order", "in"], position: 0))
        #expect(try comparison("a.NOT.between = 1").lhs == .keyPath(["a", "NOT", "between"], position: 0))
    }

    @Test func namesThatMerelyStartWithAKeywordAreNames() throws {
        #expect(try comparison("index = 1").lhs == key("index", 0))
        #expect(try comparison("notes = 1").lhs == key("notes", 0))
        #expect(try comparison("android = 1").lhs == key("android", 0))
        #expect(try comparison("nothing = nil").lhs == key("nothing", 0))
    }

    // MARK: Unicode

    @Test func unicodeNamesAndStrings() throws {
        #expect(try FilterParser.parse("名前 = 'Ünïcödé' AND âge > 3") == .and(
            compare(key("名前", 0), .equal, value("Ünïcödé"), at: 3),
            compare(key("âge", 19), .greater, value(3), at: 23)))
        #expect(try comparison("Straße = 'x'").lhs == key("Straße", 0))
        #expect(try comparison("имя = 'Пётр'").rhs == value("Пётр"))
    }

    @Test func positionsCountCharactersNotScalarsOrBytes() throws {
        // "e" + combining acute accent is one Character.
        #expect(try FilterParser.parse("cafe\u{301} = 1") == compare(key("cafe\u{301}", 0), .equal, value(1), at: 5))
        // 👍🏽 is two scalars and eight UTF-8 bytes, but one Character.
        #expect(try FilterParser.parse("'👍🏽' = x") == compare(value("👍🏽"), .equal, key("x", 6), at: 4))
        // "\r\n" is one Character.
        #expect(try FilterParser.parse("a = 1\r\nAND b = 2") == .and(
            compare(key("a", 0), .equal, value(1), at: 2),
            compare(key("b", 10), .equal, value(2), at: 12)))
    }

    // MARK: Whitespace

    @Test func whitespaceIsAllowedAnywhereBetweenTokens() throws {
        #expect(try FilterParser.parse("\n\t a\n=\t1 \n") == compare(key("a", 3), .equal, value(1), at: 5))
        #expect(try FilterParser.parse("a\u{00A0}=\u{2003}1") == compare(key("a", 0), .equal, value(1), at: 2))
        #expect(try FilterParser.parse("(a=1)AND(b=2)") == .and(
            compare(key("a", 1), .equal, value(1), at: 2),
            compare(key("b", 9), .equal, value(2), at: 10)))
    }

    // MARK: Errors

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var input: String
        var kind: FilterError.Kind
        var position: Int
        var token: String
        var testDescription: String { "\(input.debugDescription) → \(kind) at \(position) near \(token.debugDescription)" }
        init(_ input: String, _ kind: FilterError.Kind, _ position: Int, _ token: String) {
            self.input = input; self.kind = kind; self.position = position; self.token = token
        }
    }

    @Test(arguments: [
        // Empty input.
        ErrorCase("", .emptyFilter, 0, ""),
        ErrorCase("   \n\t ", .emptyFilter, 0, ""),
        // Strings and names.
        ErrorCase("name = 'abc", .unterminatedString, 7, "'abc"),
        ErrorCase("name = \"abc", .unterminatedString, 7, "\"abc"),
        ErrorCase(#"name = 'abc\'"#, .unterminatedString, 7, #"'abc\'"#),
        ErrorCase("name = 'abc\\", .unterminatedString, 7, "'abc\\"),
        ErrorCase("`Unit Price = 1", .unterminatedString, 0, "`Unit Price = 1"),
        ErrorCase("`` = 1", .unexpectedToken, 0, "``"),
        ErrorCase(#"x = 'a\u12'"#, .invalidCharacter, 6, #"\u12"#),
        ErrorCase(#"x = '\uD83D'"#, .invalidCharacter, 5, #"\uD83D"#),
        // Missing and surplus tokens.
        ErrorCase("age >", .unexpectedEnd, 5, ""),
        ErrorCase("age > > 3", .unexpectedToken, 6, ">"),
        ErrorCase("(a = 1", .unexpectedEnd, 6, ""),
        ErrorCase("(a = 1 b", .unexpectedToken, 7, "b"),
        ErrorCase("a = 1)", .unexpectedToken, 5, ")"),
        ErrorCase("'abc' ", .unexpectedEnd, 6, ""),
        ErrorCase("age", .unexpectedEnd, 3, ""),
        ErrorCase("a = 1 b = 2", .unexpectedToken, 6, "b"),
        ErrorCase("a = 1 AND", .unexpectedEnd, 9, ""),
        ErrorCase("a = 1 AND OR b = 1", .unexpectedToken, 10, "OR"),
        ErrorCase("AND a = 1", .unexpectedToken, 0, "AND"),
        ErrorCase("()", .unexpectedToken, 1, ")"),
        ErrorCase("NOT", .unexpectedEnd, 3, ""),
        ErrorCase("a = 1 NOT", .unexpectedToken, 6, "NOT"),
        ErrorCase("dog. = 1", .unexpectedToken, 5, "="),
        ErrorCase("dog.", .unexpectedEnd, 4, ""),
        ErrorCase("IN = 1", .unexpectedToken, 0, "IN"),
        ErrorCase("a = LIKE", .unexpectedToken, 4, "LIKE"),
        ErrorCase("TRUEPREDICATE = 1", .unexpectedToken, 14, "="),
        ErrorCase("x IS 3", .unexpectedToken, 5, "3"),
        ErrorCase("x IS NOT", .unexpectedEnd, 8, ""),
        ErrorCase("x NOT = 3", .unexpectedToken, 6, "="),
        ErrorCase("a = (1)", .unexpectedToken, 4, "("),
        // Modifiers.
        ErrorCase("a == [x] 1", .invalidModifier, 6, "x"),
        ErrorCase("a == [] 1", .invalidModifier, 6, "]"),
        ErrorCase("a ==[cx] 1", .invalidModifier, 5, "cx"),
        ErrorCase("a ==[1] 1", .invalidModifier, 5, "1"),
        ErrorCase("a ==[c 1", .unexpectedToken, 7, "1"),
        ErrorCase("a ==[", .unexpectedEnd, 5, ""),
        // Characters.
        ErrorCase("@", .invalidCharacter, 0, "@"),
        ErrorCase("a = 1 @ b", .invalidCharacter, 6, "@"),
        ErrorCase("a & b", .invalidCharacter, 2, "&"),
        ErrorCase("a | b", .invalidCharacter, 2, "|"),
        ErrorCase("a = -", .invalidCharacter, 4, "-"),
        ErrorCase("# = 1", .invalidCharacter, 0, "#"),
        ErrorCase("a = %K", .invalidCharacter, 4, "%K"),
        ErrorCase("a = %", .invalidCharacter, 4, "%"),
        ErrorCase("a = %q", .invalidCharacter, 4, "%q"),
        ErrorCase("a = 1 ; DROP TABLE x", .invalidCharacter, 6, ";"),
        ErrorCase("a = 😀", .invalidCharacter, 4, "😀"),
        // Numbers.
        ErrorCase("a = 12abc", .invalidNumber, 4, "12abc"),
        ErrorCase("a = 1.2.3", .invalidNumber, 4, "1.2.3"),
        ErrorCase("a = 1.", .invalidNumber, 4, "1."),
        ErrorCase("a = 1e", .invalidNumber, 4, "1e"),
        ErrorCase("a = 0x", .invalidNumber, 4, "0x"),
        ErrorCase("a = 0xFG", .invalidNumber, 4, "0xFG"),
        ErrorCase("a = 0b102", .invalidNumber, 4, "0b102"),
        ErrorCase("a = 99999999999999999999", .invalidNumber, 4, "99999999999999999999"),
        ErrorCase("a = 9223372036854775808", .invalidNumber, 4, "9223372036854775808"),
        ErrorCase("a = 0x8000000000000000", .invalidNumber, 4, "0x8000000000000000"),
        ErrorCase("a = 1e999", .invalidNumber, 4, "1e999"),
        // Operands of the wrong shape.
        ErrorCase("x IN 3", .invalidOperand, 5, "3"),
        ErrorCase("x IN 'abc'", .invalidOperand, 5, "'abc'"),
        ErrorCase("x = {1, 2}", .invalidOperand, 4, "{1, 2}"),
        ErrorCase("{1} IN x", .invalidOperand, 0, "{1}"),
        ErrorCase("x BETWEEN {1}", .invalidOperand, 10, "{1}"),
        ErrorCase("x BETWEEN {1, 2, 3}", .invalidOperand, 10, "{1, 2, 3}"),
        ErrorCase("x BETWEEN 3", .invalidOperand, 10, "3"),
        ErrorCase("x BETWEEN y", .invalidOperand, 10, "y"),
        ErrorCase("x IN {a}", .invalidOperand, 6, "a"),
        ErrorCase("x IN {{1}}", .invalidOperand, 6, "{"),
        ErrorCase("x IN {1, 2", .unexpectedEnd, 10, ""),
        ErrorCase("x IN {1 2}", .unexpectedToken, 8, "2"),
        ErrorCase("x IN {1,}", .unexpectedToken, 8, "}"),
        ErrorCase("x IN {,}", .unexpectedToken, 6, ","),
        // Positions are Character offsets.
        ErrorCase("名前 = 'x' AND @", .invalidCharacter, 13, "@"),
        ErrorCase("'👍🏽' > > 1", .unexpectedToken, 6, ">"),
        ErrorCase("a = 'é\u{301}' AND", .unexpectedEnd, 11, ""),
    ])
    func errorsReportKindPositionAndToken(_ c: ErrorCase) throws {
        let error = try #require(failure(c.input))
        #expect(error.kind == c.kind)
        #expect(error.position == c.position)
        #expect(error.token == c.token)
        #expect(error.input == c.input)
        #expect(!error.message.isEmpty)
    }

    @Test func theFirstProblemInTheTextIsTheOneReported() throws {
        // The parse error comes before the bad character, so it wins.
        let error = try #require(failure("age > > @"))
        #expect(error.kind == .unexpectedToken)
        #expect(error.position == 6)
    }

    @Test func errorMessagesSayWhatWasExpected() throws {
        #expect(failure("age >")?.message == "expected a value after '>'")
        #expect(failure("age > > 3")?.message == "expected a value after '>'")
        #expect(failure("(a = 1")?.message == "expected ')' to close the '(' at column 1")
        #expect(failure("a = 1)")?.message == "unmatched ')'")
        #expect(failure("'abc' ")?.message == "expected an operator after 'abc'")
        #expect(failure("dog.label")?.message == "expected an operator after 'dog.label'")
        #expect(failure("a = 1 AND")?.message == "expected a comparison after 'AND'")
        #expect(failure("")?.message == "empty filter")
        #expect(failure("a = 1 b = 2")?.message == "expected AND, OR or the end of the filter after '1'")
        #expect(failure("x BETWEEN {1}")?.message == "BETWEEN needs a two-element list such as {1, 5}, or a %@ argument")
        #expect(failure("a == [x] 1")?.message == "unknown modifier 'x'; expected [c], [d] or [cd]")
        #expect(failure("in = 1")?.message.contains("reserved word") == true)
        #expect(failure("a = %K")?.message.contains("not supported") == true)
    }

    @Test func descriptionPointsAtTheProblem() throws {
        let error = try #require(failure("age > > 3"))
        #expect(error.description == """
            filter error at column 7 near '>': expected a value after '>'
            age > > 3
                  ^
            """)
        let atEnd = try #require(failure("age >"))
        #expect(atEnd.description == """
            filter error at column 6 at end of input: expected a value after '>'
            age >
                 ^
            """)
        let empty = try #require(failure(""))
        #expect(empty.description == "filter error at column 1: empty filter\n\n^")
    }

    @Test func descriptionKeepsTheCaretAlignedAcrossTabsAndNewlines() throws {
        let error = try #require(failure("a = 1\nAND\t@"))
        #expect(error.position == 10)
        #expect(error.description == "filter error at column 11 near '@': '@' must start a collection operator such as @count\n"
            + "a = 1 AND\t@\n" + "         \t^")
    }

    @Test func nestingIsBoundedInsteadOfOverflowingTheStack() throws {
        let deep = String(repeating: "(", count: 150) + "a = 1" + String(repeating: ")", count: 150)
        #expect(try FilterParser.parse(deep) == compare(key("a", 150), .equal, value(1), at: 152))
        let tooDeep = String(repeating: "(", count: 10_000) + "a = 1" + String(repeating: ")", count: 10_000)
        let error = try #require(failure(tooDeep))
        #expect(error.kind == .unexpectedToken)
        #expect(error.message.contains("nested too deeply"))
        // A chain of NOTs is read in a loop, whatever its length; an even number cancels out.
        let manyNots = String(repeating: "NOT ", count: 10_000) + "a = 1"
        #expect(try FilterParser.parse(manyNots) == compare(key("a", 40_000), .equal, value(1), at: 40_002))
        // Nested {…} lists are refused at the second brace, without recursing into the rest.
        let braces = "TrackId IN " + String(repeating: "{", count: 100_000)
        let list = try #require(failure(braces))
        #expect(list.position == 12)
        #expect(list.message.contains("a {…} list can only hold constants"))
        let long = "TrackId IN {" + (0...FilterRecursiveDescent.maximumListLength).map(String.init).joined(separator: ",") + "}"
        #expect(failure(long)?.message.contains("at most \(FilterRecursiveDescent.maximumListLength) values") == true)
    }

    @Test func longChainsDoNotRecurse() throws {
        let chain = (0..<5_000).map { "a\($0) = \($0)" }.joined(separator: " OR ")
        let expression = try FilterParser.parse(chain)
        guard case .or(_, let last) = expression else { Issue.record("not an OR"); return }
        #expect(last == compare(key("a4999", chain.count - 12), .equal, value(4999), at: chain.count - 6))
    }

    // MARK: Lexer

    @Test func lexerProducesTokensWithCharacterPositions() throws {
        let tokens = try FilterLexer.tokenize("dog.label >= 'x' && !%@ IN {1,-2.5}")
        #expect(tokens.map(\.kind) == [
            .identifier("dog"), .dot, .identifier("label"), .comparison(.greaterOrEqual), .string("x"),
            .keyword(.and), .keyword(.not), .argument, .keyword(.in),
            .leftBrace, .integer(1), .comma, .real(-2.5), .rightBrace, .end,
        ])
        #expect(tokens.map(\.text) == [
            "dog", ".", "label", ">=", "'x'", "&&", "!", "%@", "IN", "{", "1", ",", "-2.5", "}", "",
        ])
        #expect(tokens.map(\.position) == [0, 3, 4, 10, 13, 17, 20, 21, 24, 27, 28, 29, 30, 34, 35])
    }

    @Test func lexerKeepsSourceTextOfDecodedTokens() throws {
        let tokens = try FilterLexer.tokenize(#"'it''s' `a b` #in 0x1F"#)
        #expect(tokens.map(\.kind) == [.string("it's"), .identifier("a b"), .identifier("in"), .integer(31), .end])
        #expect(tokens.map(\.text) == ["'it''s'", "`a b`", "#in", "0x1F", ""])
    }

    // MARK: Cache

    @Test func parseCachedMatchesParse() throws {
        let input = "name CONTAINS[c] %@ AND age BETWEEN {1, 9}"
        #expect(try FilterParser.parseCached(input) == FilterParser.parse(input))
        #expect(try FilterParser.parseCached(input) == FilterParser.parse(input))
        #expect(throws: FilterError.self) { try FilterParser.parseCached("age >") }
        #expect(throws: FilterError.self) { try FilterParser.parseCached("age >") }
    }

    @Test func parseCacheIsThreadSafeAndBounded() async throws {
        let inputs = (0..<600).map { "a\($0 % 400) = \($0 % 400) OR b IN {%@, \($0)}" }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for chunk in 0..<8 {
                group.addTask {
                    for (i, input) in inputs.enumerated() where i % 8 == chunk {
                        if try FilterParser.parseCached(input) != FilterParser.parse(input) { return false }
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
        #expect(FilterParser.cachedCount <= FilterParser.cacheCapacity)
    }
}
