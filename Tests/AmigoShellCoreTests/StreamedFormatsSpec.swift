import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// CSV, TSV and JSON written byte by byte into the row buffer are the same text as the
/// value-by-value definitions they replaced (kept here as the reference), on values chosen to
/// hit every rule: NULL, extreme integers, reals, empty and quoted text, line breaks, controls,
/// multi-byte characters, and BLOBs of no bytes and of every byte value.
@Suite struct StreamedFormatsSpec {
    static let everyByte = (0...255).map(UInt8.init)
    /// Text with every code point below U+0300 (C0, DEL, C1, Latin), then wider characters.
    static let awkwardText = String(String.UnicodeScalarView((0..<0x300).compactMap(Unicode.Scalar.init))) + "✓ 日本 👩‍👩‍👧 \r\n"
    static let values: [DatabaseValue] = [
        .null, .integer(0), .integer(-1), .integer(.min), .integer(.max), .real(0.1), .real(-.infinity), .real(1e-7),
        .text(""), .text("plain"), .text("a,b"), .text(#"say "hi""#), .text("line\nbreak"), .text("cr\r"), .text("tab\tback\\slash"),
        .text("é ✓ 日本"), .text(awkwardText), .blob([]), .blob([0x00, 0xff, 0x10]), .blob(everyByte),
    ]

    // The definitions before the byte path, as they were.
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    static func raw(_ value: DatabaseValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let i): return String(i)
        case .real(let d): return ValueText.exactReal(d)
        case .text(let s): return s
        case .blob(let b): return hex(b)
        }
    }
    static func csvField(_ value: DatabaseValue) -> String {
        guard let text = raw(value) else { return "" }
        guard text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    static func tsvEscape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
    static func jsonValue(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "null"
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? ValueText.exactReal(d) : d < 0 ? "-1e999" : "1e999"
        case .text(let s): return jsonString(s)
        case .blob(let b): return #"{"$base64": true, "encoded": "# + jsonString(Data(b).base64EncodedString()) + "}"
        }
    }

    /// What a fresh formatter of `mode` writes for a header and these rows, through a RowWriter
    /// whose small buffer makes it flush between rows.
    func written(_ mode: OutputMode, _ columns: [String], _ rows: [[DatabaseValue]]) throws -> String {
        var text = ""
        let writer = RowWriter(formatter: mode.formatter(), bufferLimit: 64) { text += $0 }
        try writer.begin(columns: columns)
        for row in rows { try writer.write(row) }
        try writer.finish()
        return text
    }

    var columns: [String] { Self.values.indices.map { "c\($0)" } }
    var rows: [[DatabaseValue]] { [Self.values, Self.values.reversed()] }

    @Test func csvIsTheSameTextAsFieldByFieldQuoting() throws {
        let expected = "\(columns.joined(separator: ","))\r\n" + rows.map { $0.map(Self.csvField).joined(separator: ",") + "\r\n" }.joined()
        #expect(try written(.csv, columns, rows) == expected)
    }

    @Test func tsvIsTheSameTextAsValueByValueEscaping() throws {
        let expected = "\(columns.joined(separator: "\t"))\n" + rows.map { $0.map { Self.raw($0).map(Self.tsvEscape) ?? "" }.joined(separator: "\t") + "\n" }.joined()
        #expect(try written(.tsv, columns, rows) == expected)
    }

    @Test func jsonAndJSONLinesAreTheSameTextAsScalarByScalarEscaping() throws {
        let keys = columns.map(Self.jsonString)
        let objects = rows.map { row in "{" + zip(keys, row).map { $0 + ": " + Self.jsonValue($1) }.joined(separator: ", ") + "}" }
        #expect(try written(.json, columns, rows) == "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n")
        #expect(try written(.jsonl, columns, rows) == objects.map { $0 + "\n" }.joined())
        #expect(try written(.json, columns, []) == "[]\n")
        #expect(JSONFormatter.string(Self.awkwardText) == Self.jsonString(Self.awkwardText))
    }
}
