import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// CSV and TSV written from a row's cells read in place (``StatementRow/cell(at:)``: SQLite's
/// text and BLOB pointers, no value or string per cell) are the same text as written from the
/// row's values, in every form a column may have — also for text that is not valid UTF-8,
/// written as a value read from it is (U+FFFD for each bad sequence).
@Suite struct RowCellFormatsSpec {
    /// StreamedFormatsSpec's values (every rule of both formats) as the columns of a table.
    static func engine() throws -> SQLiteEngine {
        let engine = try SQLiteEngine(path: ":memory:")
        let values = StreamedFormatsSpec.values
        let names = values.indices.map { "c\($0)" }
        try engine.executeScript("CREATE TABLE t (\(names.joined(separator: ", ")))")
        let insert = "INSERT INTO t VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))"
        try engine.execute(insert, values)
        try engine.execute(insert, values.reversed())
        // Text that is not UTF-8 (a lone 0xFF, a cut sequence, a surrogate, an overlong form) and a long run of rows.
        try engine.executeScript("""
            INSERT INTO t (c0, c8, c9, c10) VALUES (1, CAST(X'ff61' AS TEXT), CAST(X'61e282' AS TEXT), CAST(X'eda080c0af2c' AS TEXT));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
              INSERT INTO t (c0, c1, c8, c17, c18) SELECT i, -i * 7919, 'row ' || i || CASE WHEN i % 3 = 0 THEN ',"' ELSE '' END,
                     randomblob(16), i * 0.25 FROM n;
            """)
        return engine
    }

    /// The output of `mode` for every row of `t`, written from cells and from values.
    static func both(_ mode: OutputMode, forms: [ValueForm]) throws -> (cells: String, values: String) {
        let engine = try engine()
        var fromCells = mode.formatter(header: true), fromValues = mode.formatter(header: true)
        var cells: [UInt8] = [], values: [UInt8] = []
        var names: [String] = []
        try engine.fetch("SELECT * FROM t", [], columns: { names = $0 }) { row in
            if cells.isEmpty {
                cells += Array(fromCells.begin(columns: names, forms: forms).utf8)
                values += Array(fromValues.begin(columns: names, forms: forms).utf8)
            }
            fromCells.appendRow(row, columns: row.count, to: &cells)
            fromValues.appendRow(row.values, to: &values)
            return true
        }
        return (String(decoding: cells, as: UTF8.self), String(decoding: values, as: UTF8.self))
    }

    /// Every column plain, then every form on some column (bytes as `\x` hex, booleans, …).
    static let formSets: [[ValueForm]] = [
        [],
        StreamedFormatsSpec.values.indices.map { ValueForm.allCases[$0 % ValueForm.allCases.count] },
        StreamedFormatsSpec.values.indices.map { _ in .escapedHex },
    ]

    @Test(arguments: [OutputMode.csv, .tsv])
    func cellsWriteWhatValuesWrite(_ mode: OutputMode) throws {
        for forms in Self.formSets {
            let (cells, values) = try Self.both(mode, forms: forms)
            #expect(cells.count > 3000 * 20)
            #expect(cells == values)
        }
    }

    @Test func textThatIsNotUTF8IsRepairedAsAValueReadFromItIs() throws {
        let (cells, _) = try Self.both(.csv, forms: [])
        let line = try #require(cells.components(separatedBy: "\r\n").first { $0.hasPrefix("1,") && $0.contains("\u{FFFD}") })
        #expect(line.contains("\u{FFFD}a,a\u{FFFD},\"\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD},\""))
    }

    @Test func integersAreWrittenAsStringWritesThem() {
        for number: Int64 in [0, 9, 10, -1, -9, -10, 42, 1_000_000, .max, .min, .max - 1, .min + 1] {
            var bytes: [UInt8] = []
            CellBytes.appendInteger(number, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(number))
        }
    }

    @Test func utf8IsCheckedAsTheStandardLibraryDecodesIt() {
        let samples: [[UInt8]] = [[0x61], [0xC3, 0xA9], [0xE2, 0x9C, 0x93], [0xF0, 0x9F, 0x91, 0xA9], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
                                  [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE2, 0x9C],
                                  [0xEF, 0xBF, 0xBD], [0xF4, 0x8F, 0xBF, 0xBF], [0xC2, 0x80], [0xDF, 0xBF, 0x61]]
        for bytes in samples {
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            bytes.withUnsafeBytes { #expect(CellBytes.isValidUTF8($0) == (repaired == bytes), "\(bytes)") }
        }
    }
}
