import Amigo
import AmigoPostgres
import Foundation
import Testing

/// Values read from the server's text format: numbers and booleans are parsed from libpq's buffer,
/// and whatever does not parse whole (NaN and the infinities, numerics, text) still converts.
@Suite("PostgreSQL values read back", .enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct ValueConversionTests {
    @Test func numbersBooleansAndSpecialFloatsComeBackAsTheirValues() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let (_, rows) = try engine.fetchAll("""
            SELECT -12::int2, 2147483647::int4, 9223372036854775807::int8, (-9223372036854775807 - 1)::int8,
                   1.5::float4, -2.25e-10::float8, 'NaN'::float8, 'Infinity'::float8, '-Infinity'::float4,
                   true, false, 12.50::numeric, 'text 42'::text, NULL::int4
            """)
        let row = try #require(rows.first)
        #expect(Array(row[0..<4]) == [.integer(-12), .integer(2_147_483_647), .integer(.max), .integer(.min)])
        #expect(row[4] == .real(1.5) && row[5] == .real(-2.25e-10))
        guard case .real(let nan) = row[6] else { Issue.record("NaN is \(row[6])"); return }
        #expect(nan.isNaN)
        #expect(row[7] == .real(.infinity) && row[8] == .real(-.infinity))
        #expect(row[9] == .integer(1) && row[10] == .integer(0))
        // A numeric is its exact text, scale kept, whatever its value (one type per column).
        #expect(row[11] == .text("12.50"))
        #expect(row[12] == .text("text 42") && row[13] == .null)
    }

    /// The ORM reads a row's columns in place (``RowSource``): each typed reader must give what
    /// the same conversion of the column's value gives, for every type the engine knows and NULL.
    @Test func rowsReadInPlaceAgreeWithTheirValuesForEveryType() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let sql = """
            SELECT 7::int2, -42::int4, 9000000000::int8, 26::oid, 0.5::float4, -3.75::float8, 'NaN'::float8,
                   12.50::numeric, 1e40::numeric, 3::numeric, true, false, '\\x00ff41'::bytea,
                   '123e4567-e89b-12d3-a456-426614174000'::uuid, '2024-01-31 12:00:00.5'::timestamp,
                   '2024-01-31 12:00:00+00'::timestamptz, 'plain text'::text, ''::text, ' 17 '::varchar,
                   '{"a": 1}'::jsonb, NULL::int4, NULL::text, NULL::float8, NULL::bool, NULL::bytea
            """
        var checked = 0
        try engine.fetch(sql) { row in
            for i in 0..<row.count {
                let value = row.value(at: i)
                let reference = StatementRow(columns: [row.name(at: i)], values: [value])
                let label = "column \(i) (\(value))"
                #expect(row.isNull(at: i) == reference.isNull(at: 0), "\(label)")
                #expect(row.type(at: i) == reference.type(at: 0), "\(label)")
                #expect(row.int64(at: i) == reference.int64(at: 0), "\(label)")
                let double = row.double(at: i), expected = reference.double(at: 0)
                #expect(double == expected || (double.isNaN && expected.isNaN), "\(label)")
                #expect(row.optionalString(at: i) == reference.optionalString(at: 0), "\(label)")
                #expect(row.bytes(at: i) == reference.bytes(at: 0), "\(label)")
                #expect(row.optionalInt64(at: i) == reference.optionalInt64(at: 0), "\(label)")
                checked += 1
            }
            #expect(row.value(at: 12) == .blob([0, 255, 65]))
            #expect(row.optionalString(at: 16) == "plain text" && row.optionalString(at: 17) == "")
            #expect(row.isNull(at: 20) && row.optionalString(at: 21) == nil && row.optionalInt64(at: 23) == nil)
            return true
        }
        #expect(checked == 25)
    }

    /// amigo-shell reads numbers under the user's locale (`setlocale(LC_ALL, "")`): where the
    /// decimal point is a comma, C's `strtod` stops at "." — a double must still be read whole.
    @Test(.enabled(if: DecimalCommaLocale.handle != nil, "no de_DE locale could be compiled (Debian's locales package)"))
    func floatingPointIsReadWholeUnderALocaleWithADecimalComma() throws {
        let engine = try PostgresEngine(try #require(TestServer.url))
        let locale = try #require(DecimalCommaLocale.handle)
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        #expect(strtod("1.5", nil) == 1, "the locale is in effect: C reads only up to the point")
        try engine.fetch("SELECT 1.5::float8, -2.25::float4, 3::float8, NULL::float8") { row in
            #expect(row.double(at: 0) == 1.5 && row.double(at: 1) == -2.25 && row.double(at: 2) == 3)
            #expect(row.optionalDouble(at: 0) == 1.5 && row.optionalDouble(at: 3) == nil)
            #expect(row.value(at: 0) == .real(1.5) && row.value(at: 1) == .real(-2.25))
            return true
        }
    }
}

/// A locale whose decimal point is a comma (`de_DE.UTF-8`), compiled with `localedef` into a
/// temporary folder (the machine need not have it generated); nil without locale sources.
enum DecimalCommaLocale {
    nonisolated(unsafe) static let handle: locale_t? = {
        let folder = NSTemporaryDirectory() + "amigo-locale-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        compile.arguments = ["-i", "de_DE", "-f", "UTF-8", folder + "/de_DE.UTF-8"]
        compile.standardOutput = FileHandle.nullDevice
        compile.standardError = FileHandle.nullDevice
        guard (try? compile.run()) != nil else { return nil }
        compile.waitUntilExit()
        // glibc looks for the locale in LOCPATH when it is loaded; the process's own locale is untouched.
        setenv("LOCPATH", folder, 1)
        defer { unsetenv("LOCPATH") }
        return newlocale(LC_NUMERIC_MASK, "de_DE.UTF-8", nil)
    }()
}
