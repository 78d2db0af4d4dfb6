import Foundation

/// Reads the objects of a JSON data file (``DataFile/Format/json``: one array of objects;
/// ``DataFile/Format/jsonLines``: one object a line) as rows, keeping each object's keys in the
/// order they are written (Foundation's JSONSerialization forgets it).
///
/// Values become ``DatabaseValue``s: a string text, a whole number an integer (a real beyond
/// 64 bits), any other number a real, `true`/`false` 1/0, `null` NULL, and a nested object or
/// array its JSON text, written without spaces.
struct JSONRecordReader {
    /// The objects read: for each, its keys and values in written order.
    private(set) var records: [[(key: String, value: DatabaseValue)]] = []
    /// The line each object starts on, parallel to ``records``.
    private(set) var lines: [Int] = []
    /// How many strings held bytes that were not UTF-8 (read with U+FFFD in their place).
    private(set) var invalidUTF8Count = 0
    /// The line of the first such string.
    private(set) var firstInvalidUTF8Line: Int?

    private let path: String
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1

    /// Reads every object of `bytes` (the content of the file at `path`, named in errors).
    ///
    /// - Throws: ``DataFileError/empty(path:)`` for no objects, ``DataFileError/notObjects(path:line:found:)``
    ///   for JSON that is not objects, ``DataFileError/invalidJSON(path:line:reason:)`` for JSON that is not well formed.
    init(path: String, bytes: [UInt8], oneObjectALine: Bool) throws {
        self.path = path
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        skipWhitespace()
        guard i < bytes.count else { throw DataFileError.empty(path: path) }
        if oneObjectALine {
            while i < bytes.count {
                let start = line
                try readObject()
                skipWhitespace(stoppingAtNewline: true)
                if i < bytes.count && bytes[i] != UInt8(ascii: "\n") {
                    throw DataFileError.invalidJSON(path: path, line: line, reason: "more after the object on line \(start)")
                }
                skipWhitespace()
            }
        } else {
            guard bytes[i] == UInt8(ascii: "[") else { throw DataFileError.notObjects(path: path, line: line, found: describe()) }
            i += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { i += 1 } else {
                while true {
                    try readObject()
                    skipWhitespace()
                    let c = peek()
                    i += 1
                    if c == UInt8(ascii: "]") { break }
                    guard c == UInt8(ascii: ",") else { throw invalid("expected ',' or ']' after an object") }
                    skipWhitespace()
                }
            }
            skipWhitespace()
            if i < bytes.count { throw invalid("more after the array's closing ']'") }
        }
        if records.isEmpty { throw DataFileError.empty(path: path) }
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private func invalid(_ reason: String) -> DataFileError {
        DataFileError.invalidJSON(path: path, line: line, reason: reason)
    }

    /// What the value at the reading position is, for an error saying it is not an object.
    private func describe() -> String {
        switch peek() {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case nil: return "the end of the file"
        default: return "a number"
        }
    }

    private mutating func skipWhitespace(stoppingAtNewline: Bool = false) {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\n"):
                if stoppingAtNewline { return }
                line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            i += 1
        }
    }

    private mutating func readObject() throws {
        guard peek() == UInt8(ascii: "{") else { throw DataFileError.notObjects(path: path, line: line, found: describe()) }
        lines.append(line)
        i += 1
        var fields: [(key: String, value: DatabaseValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { i += 1; records.append(fields); return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw invalid("expected a key in double quotes") }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw invalid("expected ':' after the key \"\(key)\"") }
            i += 1
            skipWhitespace()
            fields.append((key, try readValue()))
            skipWhitespace()
            let c = peek()
            i += 1
            if c == UInt8(ascii: "}") { break }
            guard c == UInt8(ascii: ",") else { throw invalid("expected ',' or '}' after the value of \"\(key)\"") }
        }
        records.append(fields)
    }

    private mutating func readValue() throws -> DatabaseValue {
        switch peek() {
        case UInt8(ascii: "\""): return .text(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var text: [UInt8] = []
            try copyCompact(into: &text)
            return .text(String(decoding: text, as: UTF8.self))
        case UInt8(ascii: "t"): try expect("true"); return .integer(1)
        case UInt8(ascii: "f"): try expect("false"); return .integer(0)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            let number = try readNumberText()
            if !number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(number) { return .integer(integer) }
            guard let real = Double(number) else { throw invalid("'\(number)' is not a number") }
            return .real(real)
        }
    }

    private mutating func expect(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard i + utf8.count <= bytes.count, Array(bytes[i..<i + utf8.count]) == utf8 else { throw invalid("expected a value") }
        i += utf8.count
    }

    private mutating func readNumberText() throws -> String {
        let start = i
        while let c = peek(), c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            i += 1
        }
        guard i > start else { throw invalid("expected a value") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Reads a string (the reading position at its opening quote), escapes resolved.
    private mutating func readString() throws -> String {
        i += 1
        var out: [UInt8] = []
        var start = i
        while true {
            guard let c = peek() else { throw invalid("a string is not closed") }
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\n") { throw invalid("a line break inside a string") }
            if c == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[start..<i])
                try readEscape(into: &out)
                start = i
                continue
            }
            i += 1
        }
        out.append(contentsOf: bytes[start..<i])
        i += 1
        if let text = String(validating: out, as: UTF8.self) { return text }
        invalidUTF8Count += 1
        if firstInvalidUTF8Line == nil { firstInvalidUTF8Line = line }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func readEscape(into out: inout [UInt8]) throws {
        i += 1
        guard let c = peek() else { throw invalid("a string is not closed") }
        i += 1
        switch c {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar), peek() == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") {
                i += 2
                let low = try readHex4()
                scalar = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
            }
            out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default: out.append(c)
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw invalid("\\u needs four hexadecimal digits")
        }
        i += 4
        return value
    }

    /// Copies the object or array at the reading position into `text`, without the spaces and
    /// line breaks between its parts, checking that it is well formed.
    private mutating func copyCompact(into text: inout [UInt8]) throws {
        let close: UInt8 = peek() == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let isObject = close == UInt8(ascii: "}")
        text.append(bytes[i])
        i += 1
        skipWhitespace()
        if peek() == close { text.append(close); i += 1; return }
        while true {
            skipWhitespace()
            if isObject {
                guard peek() == UInt8(ascii: "\"") else { throw invalid("expected a key in double quotes") }
                try copyValue(into: &text)
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw invalid("expected ':' after a key") }
                text.append(UInt8(ascii: ":"))
                i += 1
                skipWhitespace()
            }
            try copyValue(into: &text)
            skipWhitespace()
            guard let c = peek(), c == UInt8(ascii: ",") || c == close else { throw invalid("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
            text.append(c)
            i += 1
            if c == close { return }
        }
    }

    /// Copies one value as it is written (a string with its escapes) into `text`.
    private mutating func copyValue(into text: inout [UInt8]) throws {
        switch peek() {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try copyCompact(into: &text)
        case UInt8(ascii: "\""):
            let start = i
            i += 1
            while true {
                guard let c = peek(), c != UInt8(ascii: "\n") else { throw invalid("a string is not closed") }
                i += c == UInt8(ascii: "\\") ? 2 : 1
                if c == UInt8(ascii: "\"") { break }
            }
            text.append(contentsOf: bytes[start..<min(i, bytes.count)])
        default:
            let start = i
            _ = try readValue()
            text.append(contentsOf: bytes[start..<i])
        }
    }
}
