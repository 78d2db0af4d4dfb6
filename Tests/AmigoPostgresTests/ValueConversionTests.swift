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
        #expect(row[11] == .real(12.5))
        #expect(row[12] == .text("text 42") && row[13] == .null)
    }
}
