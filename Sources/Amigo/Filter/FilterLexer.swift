/// Splits a filter string into ``FilterToken``s, one at a time.
///
/// Works over the string's unicode scalars (no regular expressions, no Foundation scanners)
/// and reports positions as `Character` offsets: for plain ASCII input the two coincide, and
/// otherwise a scalar-to-character map is built once up front.
struct FilterLexer {
    /// The whole filter string.
    let input: String
    /// The input as unicode scalars.
    private let scalars: [Unicode.Scalar]
    /// `characterOffsets[i]` is the `Character` offset of scalar `i` (with one extra entry for
    /// the end), or nil when every scalar is its own character.
    private let characterOffsets: [Int]?
    /// The index of the next scalar to read.
    private var index = 0

    /// Prepares to read `input` from its start.
    init(_ input: String) {
        self.input = input
        self.scalars = Array(input.unicodeScalars)
        var simple = true
        var previousWasCR = false
        for byte in input.utf8 {
            if byte >= 0x80 || (previousWasCR && byte == 0x0A) {
                simple = false
                break
            }
            previousWasCR = byte == 0x0D
        }
        if simple {
            characterOffsets = nil
        } else {
            var map: [Int] = []
            map.reserveCapacity(scalars.count + 1)
            var offset = 0
            for character in input {
                for _ in character.unicodeScalars { map.append(offset) }
                offset += 1
            }
            map.append(offset)
            characterOffsets = map
        }
    }

    /// The `Character` offset just past the last character of the input.
    var endPosition: Int { characterPosition(ofScalar: scalars.count) }

    /// The `Character` offset of the scalar at `scalarIndex`.
    func characterPosition(ofScalar scalarIndex: Int) -> Int {
        characterOffsets?[scalarIndex] ?? scalarIndex
    }

    /// The source text covering the given scalar range.
    func source(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    /// Reads the whole input into tokens, ending with an `.end` token.
    static func tokenize(_ input: String) throws(FilterError) -> [FilterToken] {
        var lexer = FilterLexer(input)
        var tokens: [FilterToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    // MARK: - Reading tokens

    /// Reads the next token, skipping whitespace; returns `.end` (repeatedly) at the end.
    mutating func next() throws(FilterError) -> FilterToken {
        skipWhitespace()
        let start = index
        guard start < scalars.count else {
            return FilterToken(.end, "", at: endPosition, scalars: start..<start)
        }
        let c = scalars[start]
        switch c {
        case "(": return single(.leftParen, start)
        case ")": return single(.rightParen, start)
        case "{": return single(.leftBrace, start)
        case "}": return single(.rightBrace, start)
        case "[": return single(.leftBracket, start)
        case "]": return single(.rightBracket, start)
        case ",": return single(.comma, start)
        case "=":
            switch peek(1) {
            case "=": return symbol(.comparison(.equal), start, 2)
            case "<": return symbol(.comparison(.lessOrEqual), start, 2)
            case ">": return symbol(.comparison(.greaterOrEqual), start, 2)
            default: return symbol(.comparison(.equal), start, 1)
            }
        case "!":
            if peek(1) == "=" { return symbol(.comparison(.notEqual), start, 2) }
            return symbol(.keyword(.not), start, 1)
        case "<":
            switch peek(1) {
            case "=": return symbol(.comparison(.lessOrEqual), start, 2)
            case ">": return symbol(.comparison(.notEqual), start, 2)
            default: return symbol(.comparison(.less), start, 1)
            }
        case ">":
            if peek(1) == "=" { return symbol(.comparison(.greaterOrEqual), start, 2) }
            return symbol(.comparison(.greater), start, 1)
        case "&":
            if peek(1) == "&" { return symbol(.keyword(.and), start, 2) }
            throw invalidCharacter(at: start, "'&' is not an operator; write '&&' or AND")
        case "|":
            if peek(1) == "|" { return symbol(.keyword(.or), start, 2) }
            throw invalidCharacter(at: start, "'|' is not an operator; write '||' or OR")
        case "'", "\"":
            return try readString(quote: c)
        case "`":
            return try readBackquotedName()
        case "#":
            if let next = peek(1), Self.isWordStart(next) {
                index += 1
                let name = readWord()
                return FilterToken(.identifier(name), "#" + name, at: characterPosition(ofScalar: start),
                                   scalars: start..<index)
            }
            throw invalidCharacter(at: start, "'#' must be followed by a name")
        case "@":
            // A collection operator in a key path: `albums.@count`.
            if let next = peek(1), Self.isWordStart(next) {
                index += 1
                let name = "@" + readWord()
                return FilterToken(.identifier(name), name, at: characterPosition(ofScalar: start), scalars: start..<index)
            }
            throw invalidCharacter(at: start, "'@' must start a collection operator such as @count")
        case "%":
            return try readPlaceholder()
        case "0"..."9":
            return try readNumber()
        case "-":
            if let next = peek(1), Self.isDigit(next) || (next == "." && peek(2).map(Self.isDigit) == true) {
                return try readNumber()
            }
            throw invalidCharacter(at: start, "'-' can only start a negative number")
        case ".":
            if let next = peek(1), Self.isDigit(next) { return try readNumber() }
            return single(.dot, start)
        default:
            if Self.isWordStart(c) {
                let word = readWord()
                if word.utf8.count <= FilterKeyword.maximumLength,
                   let keyword = FilterKeyword.byUppercasedName[word.uppercased()] {
                    return FilterToken(.keyword(keyword), word, at: characterPosition(ofScalar: start),
                                       scalars: start..<index)
                }
                return FilterToken(.identifier(word), word, at: characterPosition(ofScalar: start),
                                   scalars: start..<index)
            }
            throw invalidCharacter(at: start, "unexpected character '\(Character(c))'")
        }
    }

    /// The scalar `offset` places after the current one, if any.
    private func peek(_ offset: Int) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }

    /// A one-scalar punctuation token.
    private mutating func single(_ kind: FilterToken.Kind, _ start: Int) -> FilterToken {
        symbol(kind, start, 1)
    }

    /// A symbol token `length` scalars long.
    private mutating func symbol(_ kind: FilterToken.Kind, _ start: Int, _ length: Int) -> FilterToken {
        index = start + length
        return FilterToken(kind, source(start..<index), at: characterPosition(ofScalar: start),
                           scalars: start..<index)
    }

    private mutating func skipWhitespace() {
        while index < scalars.count {
            let c = scalars[index]
            switch c.value {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
            case 0x80...:
                if c.properties.isWhitespace { index += 1 } else { return }
            default:
                return
            }
        }
    }

    private func invalidCharacter(at start: Int, _ message: String) -> FilterError {
        FilterError(kind: .invalidCharacter, message: message, input: input,
                    position: characterPosition(ofScalar: start), token: String(Character(scalars[start])))
    }

    // MARK: - Names

    /// Whether `c` can start a name: a letter (any script), `_` or `$`.
    static func isWordStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24: return true
        case 0x80...: return c.properties.isAlphabetic
        default: return false
        }
    }

    /// Whether `c` can continue a name: a name-start character, a digit, or a combining mark.
    static func isWordContinue(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x30...0x39: return true
        case 0x200C, 0x200D: return true  // zero-width (non-)joiners, used inside words by some scripts
        case 0x80...:
            if c.properties.isAlphabetic { return true }
            switch c.properties.generalCategory {
            case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
                return true
            default:
                return false
            }
        default: return false
        }
    }

    /// Whether `c` is an ASCII decimal digit.
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    /// Reads a run of name characters starting at the current scalar.
    private mutating func readWord() -> String {
        let start = index
        index += 1
        while index < scalars.count, Self.isWordContinue(scalars[index]) { index += 1 }
        return source(start..<index)
    }

    /// Reads `` `a name` ``; a doubled backquote inside stands for one backquote.
    private mutating func readBackquotedName() throws(FilterError) -> FilterToken {
        let start = index
        index += 1
        var name = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            if c == "`" {
                if peek(1) == "`" {
                    name.append("`")
                    index += 2
                    continue
                }
                index += 1
                let position = characterPosition(ofScalar: start)
                if name.isEmpty {
                    throw FilterError(kind: .unexpectedToken, message: "a backquoted name cannot be empty",
                                      input: input, position: position, token: source(start..<index))
                }
                return FilterToken(.identifier(String(name)), source(start..<index), at: position,
                                   scalars: start..<index)
            }
            name.append(c)
            index += 1
        }
        throw FilterError(kind: .unterminatedString, message: "unterminated backquoted name: missing closing '`'",
                          input: input, position: characterPosition(ofScalar: start),
                          token: source(start..<scalars.count))
    }

    // MARK: - Strings

    /// Reads a single- or double-quoted string, decoding `\n \t \r \0 \\ \' \" \uXXXX \u{X…}`
    /// and a doubled quote (`'it''s'`). Other backslash pairs are kept as written (`\d` stays
    /// `\d`), which keeps `MATCHES` patterns readable.
    private mutating func readString(quote: Unicode.Scalar) throws(FilterError) -> FilterToken {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            if c == quote {
                if peek(1) == quote {
                    value.append(quote)
                    index += 2
                    continue
                }
                index += 1
                return FilterToken(.string(String(value)), source(start..<index),
                                   at: characterPosition(ofScalar: start), scalars: start..<index)
            }
            if c == "\\" {
                guard let escaped = peek(1) else { break }
                switch escaped {
                case "n": value.append("\n"); index += 2
                case "t": value.append("\t"); index += 2
                case "r": value.append("\r"); index += 2
                case "0": value.append("\0"); index += 2
                case "\\", "'", "\"", "`": value.append(escaped); index += 2
                case "u": value.append(try readUnicodeEscape())
                default: value.append(c); value.append(escaped); index += 2
                }
                continue
            }
            value.append(c)
            index += 1
        }
        let name = quote == "'" ? "single" : "double"
        throw FilterError(kind: .unterminatedString,
                          message: "unterminated string: missing closing \(name) quote (\(Character(quote)))",
                          input: input, position: characterPosition(ofScalar: start),
                          token: source(start..<scalars.count))
    }

    /// Reads `\uXXXX` (a UTF-16 unit; a surrogate pair takes two escapes) or `\u{X…}` at the
    /// current position, which holds the backslash.
    private mutating func readUnicodeEscape() throws(FilterError) -> Unicode.Scalar {
        let start = index
        index += 2  // past "\u"
        func fail(_ lexer: FilterLexer, _ end: Int) -> FilterError {
            FilterError(kind: .invalidCharacter,
                        message: "invalid unicode escape; write \\uXXXX with four hex digits or \\u{X…}",
                        input: lexer.input, position: lexer.characterPosition(ofScalar: start),
                        token: lexer.source(start..<min(end, lexer.scalars.count)))
        }
        if peek(0) == "{" {
            index += 1
            let digitsStart = index
            while index < scalars.count, index - digitsStart < 8, Self.hexValue(scalars[index]) != nil { index += 1 }
            guard index > digitsStart, peek(0) == "}" else { throw fail(self, index + 1) }
            var v: UInt32 = 0
            for i in digitsStart..<index { v = v << 4 | Self.hexValue(scalars[i])! }
            index += 1
            guard let scalar = Unicode.Scalar(v) else { throw fail(self, index) }
            return scalar
        }
        guard let unit = readHex4() else { throw fail(self, index) }
        if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by \u and a low surrogate.
            if peek(0) == "\\", peek(1) == "u" {
                let saved = index
                index += 2
                if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                    let v = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    return Unicode.Scalar(v)!
                }
                index = saved
            }
            throw fail(self, index)
        }
        guard let scalar = Unicode.Scalar(unit) else { throw fail(self, index) }
        return scalar
    }

    /// Reads exactly four hex digits, or returns nil (leaving the position after what was read).
    private mutating func readHex4() -> UInt32? {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < scalars.count, let d = Self.hexValue(scalars[index]) else { return nil }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: return c.value - 0x30
        case 0x41...0x46: return c.value - 0x41 + 10
        case 0x61...0x66: return c.value - 0x61 + 10
        default: return nil
        }
    }

    // MARK: - Placeholders

    /// Reads `%@` or a printf-style placeholder (`%d %i %u %f %g %e %s`, optionally with an
    /// `l`/`ll` length, e.g. `%ld`); all of them stand for "the next argument".
    private mutating func readPlaceholder() throws(FilterError) -> FilterToken {
        let start = index
        var i = start + 1
        if i < scalars.count, scalars[i] == "@" {
            index = i + 1
            return FilterToken(.argument, "%@", at: characterPosition(ofScalar: start), scalars: start..<index)
        }
        var lengthModifiers = 0
        while i < scalars.count, scalars[i] == "l", lengthModifiers < 2 { i += 1; lengthModifiers += 1 }
        if i < scalars.count {
            switch scalars[i] {
            case "d", "i", "u", "f", "g", "e", "s":
                index = i + 1
                return FilterToken(.argument, source(start..<index), at: characterPosition(ofScalar: start),
                                   scalars: start..<index)
            default: break
            }
        }
        let end = min(i + 1, scalars.count)
        let text = source(start..<end)
        let message: String
        if end > start + 1, scalars[end - 1] == "K" || scalars[end - 1] == "k" {
            message = "'\(text)' key-path placeholders are not supported; write the key path in the filter"
        } else {
            message = "unknown placeholder '\(text)'; use %@"
        }
        throw FilterError(kind: .invalidCharacter, message: message, input: input,
                          position: characterPosition(ofScalar: start), token: text)
    }

    // MARK: - Numbers

    /// Reads a number: `42`, `-7`, `0x1F`, `0o17`, `0b101`, `1.5`, `.5`, `2e10`, `-1.5E-3`.
    /// A number running straight into letters, digits or a dot (`12abc`, `1.2.3`, `1e`) is invalid.
    private mutating func readNumber() throws(FilterError) -> FilterToken {
        let start = index
        var negative = false
        if scalars[index] == "-" {
            negative = true
            index += 1
        }
        // 0x / 0o / 0b integers.
        if scalars[index] == "0", let marker = peek(1) {
            let radix: Int? = switch marker {
            case "x", "X": 16
            case "o", "O": 8
            case "b", "B": 2
            default: nil
            }
            if let radix {
                index += 2
                let digitsStart = index
                while index < scalars.count, let d = Self.hexValue(scalars[index]), d < radix { index += 1 }
                if index == digitsStart || endsBadly() { throw invalidNumber(from: start) }
                guard let magnitude = UInt64(source(digitsStart..<index), radix: radix) else {
                    throw outOfRange(from: start)
                }
                let value: Int64
                if negative {
                    guard magnitude <= UInt64(Int64.max) + 1 else { throw outOfRange(from: start) }
                    value = Int64(bitPattern: 0 &- magnitude)
                } else {
                    guard magnitude <= UInt64(Int64.max) else { throw outOfRange(from: start) }
                    value = Int64(magnitude)
                }
                return FilterToken(.integer(value), source(start..<index), at: characterPosition(ofScalar: start),
                                   scalars: start..<index)
            }
        }
        var isReal = false
        while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        if peek(0) == ".", let d = peek(1), Self.isDigit(d) {
            isReal = true
            index += 1
            while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        }
        if let e = peek(0), e == "e" || e == "E" {
            var i = index + 1
            if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
            if i < scalars.count, Self.isDigit(scalars[i]) {
                isReal = true
                index = i
                while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
            }
        }
        if endsBadly() { throw invalidNumber(from: start) }
        let text = source(start..<index)
        let position = characterPosition(ofScalar: start)
        if isReal {
            // Swift's Double parser wants a digit before the point.
            let normalized = text.hasPrefix(".") ? "0" + text : text.hasPrefix("-.") ? "-0" + text.dropFirst() : text
            guard let d = Double(normalized), d.isFinite else { throw outOfRange(from: start) }
            return FilterToken(.real(d), text, at: position, scalars: start..<index)
        }
        guard let v = Int64(text) else { throw outOfRange(from: start) }
        return FilterToken(.integer(v), text, at: position, scalars: start..<index)
    }

    /// Whether the scalar after a number would glue onto it (a letter, digit, `_`, `$` or `.`).
    private func endsBadly() -> Bool {
        guard let c = peek(0) else { return false }
        return c == "." || Self.isWordContinue(c)
    }

    /// An `.invalidNumber` error covering the whole glued-together run from `start`.
    private mutating func invalidNumber(from start: Int) -> FilterError {
        while index < scalars.count, scalars[index] == "." || Self.isWordContinue(scalars[index]) { index += 1 }
        let text = source(start..<index)
        return FilterError(kind: .invalidNumber, message: "invalid number '\(text)'", input: input,
                           position: characterPosition(ofScalar: start), token: text)
    }

    private func outOfRange(from start: Int) -> FilterError {
        let text = source(start..<index)
        return FilterError(kind: .invalidNumber, message: "number '\(text)' is out of range", input: input,
                           position: characterPosition(ofScalar: start), token: text)
    }
}
