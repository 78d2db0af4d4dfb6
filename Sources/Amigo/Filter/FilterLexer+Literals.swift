// FilterLexer: literals — strings with their escapes, placeholders and numbers.

extension FilterLexer {
    // MARK: - Strings

    /// Reads a single- or double-quoted string, decoding `\n \t \r \0 \\ \' \" \uXXXX \u{X…}`
    /// and a doubled quote (`'it''s'`). Other backslash pairs are kept as written (`\d` stays
    /// `\d`), which keeps `MATCHES` patterns readable.
    mutating func readString(quote: Unicode.Scalar) throws(FilterError) -> FilterToken {
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
    mutating func readUnicodeEscape() throws(FilterError) -> Unicode.Scalar {
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
    mutating func readHex4() -> UInt32? {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < scalars.count, let d = Self.hexValue(scalars[index]) else { return nil }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
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
    mutating func readPlaceholder() throws(FilterError) -> FilterToken {
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
    mutating func readNumber() throws(FilterError) -> FilterToken {
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
    func endsBadly() -> Bool {
        guard let c = peek(0) else { return false }
        return c == "." || Self.isWordContinue(c)
    }

    /// An `.invalidNumber` error covering the whole glued-together run from `start`.
    mutating func invalidNumber(from start: Int) -> FilterError {
        while index < scalars.count, scalars[index] == "." || Self.isWordContinue(scalars[index]) { index += 1 }
        let text = source(start..<index)
        return FilterError(kind: .invalidNumber, message: "invalid number '\(text)'", input: input,
                           position: characterPosition(ofScalar: start), token: text)
    }

    func outOfRange(from start: Int) -> FilterError {
        let text = source(start..<index)
        return FilterError(kind: .invalidNumber, message: "number '\(text)' is out of range", input: input,
                           position: characterPosition(ofScalar: start), token: text)
    }
}
