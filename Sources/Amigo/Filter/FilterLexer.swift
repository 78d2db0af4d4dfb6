/// Splits a filter string into ``FilterToken``s, one at a time.
///
/// Works over the string's unicode scalars (no regular expressions, no Foundation scanners)
/// and reports positions as `Character` offsets: for plain ASCII input the two coincide, and
/// otherwise a scalar-to-character map is built once up front.
struct FilterLexer {
    /// The whole filter string.
    let input: String
    /// The input as unicode scalars.
    let scalars: [Unicode.Scalar]
    /// `characterOffsets[i]` is the `Character` offset of scalar `i` (with one extra entry for
    /// the end), or nil when every scalar is its own character.
    let characterOffsets: [Int]?
    /// The index of the next scalar to read.
    var index = 0

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
    func peek(_ offset: Int) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }

    /// A one-scalar punctuation token.
    mutating func single(_ kind: FilterToken.Kind, _ start: Int) -> FilterToken {
        symbol(kind, start, 1)
    }

    /// A symbol token `length` scalars long.
    mutating func symbol(_ kind: FilterToken.Kind, _ start: Int, _ length: Int) -> FilterToken {
        index = start + length
        return FilterToken(kind, source(start..<index), at: characterPosition(ofScalar: start),
                           scalars: start..<index)
    }

    mutating func skipWhitespace() {
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

    func invalidCharacter(at start: Int, _ message: String) -> FilterError {
        FilterError(kind: .invalidCharacter, message: message, input: input,
                    position: characterPosition(ofScalar: start), token: String(Character(scalars[start])))
    }
}
