import AmigoTestSupport
import Foundation
import Testing
@testable import Amigo

/// Reals written as SQLite writes them: `SQLiteRealText.text` against SQLite's own conversion of
/// the same value (`CAST(? AS TEXT)`, which is `%!.15g`), over values of every size and length of
/// digits — short prices, repeating fractions, ties at the 16th digit, huge and tiny exponents.
@Suite struct SQLiteRealTextSpec {
    @Test func everyRealIsWrittenAsSQLiteWritesIt() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        var random = SeededGenerator(seed: 2026)
        var values: [Double] = [0.1 + 0.2, 1e15, 1e14, 99999999999999.9, 1e-4, 1e-5, 0.5, -0.5, 1e300, 1.5e-300, 123, 1e16,
                                0.1, 100, 2.5, 1.0 / 3, 2.0 / 3, 5e-324, .greatestFiniteMagnitude, 0.125, 1234567890123456.7]
        for _ in 0..<3000 {
            let mantissa = Double.random(in: -1...1, using: &random)
            let scale = pow(10, Double(Int.random(in: -30...30, using: &random)))
            values.append(mantissa * scale)
            values.append((Double(Int.random(in: -100_000...100_000, using: &random)) / 100))   // prices
            values.append(Double(Int.random(in: 1...1000, using: &random)) / Double(Int.random(in: 1...97, using: &random)))
        }
        var mismatches: [String] = []
        for value in values {
            let sqlite = try engine.fetchScalar("SELECT CAST(? AS TEXT)", [.real(value)]).textValue ?? ""
            let ours = SQLiteRealText.text(value)
            if ours != sqlite { mismatches.append("\(value): \(ours) vs SQLite's \(sqlite)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func literalsAreWrittenAsSqlite3sQuoteAndInsertModesWriteThem() {
        #expect(SQLiteRealText.literal(2) == "2.0")
        #expect(SQLiteRealText.literal(-3) == "-3.0")
        #expect(SQLiteRealText.literal(0.1) == "0.10000000000000000555")
        #expect(SQLiteRealText.literal(1e300) == "1.0000000000000000047e+300")
        #expect(SQLiteRealText.literal(.infinity) == "1e999")
    }
}
