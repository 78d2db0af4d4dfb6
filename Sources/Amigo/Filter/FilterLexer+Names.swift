// FilterLexer: names — words and backquoted names.

extension FilterLexer {
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
    mutating func readWord() -> String {
        let start = index
        index += 1
        while index < scalars.count, Self.isWordContinue(scalars[index]) { index += 1 }
        return source(start..<index)
    }

    /// Reads `` `a name` ``; a doubled backquote inside stands for one backquote.
    mutating func readBackquotedName() throws(FilterError) -> FilterToken {
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
}
