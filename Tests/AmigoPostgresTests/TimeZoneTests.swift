import Amigo
import AmigoPostgres
import Foundation
import Testing

/// The server's time zone wins (issue 25): a session in another zone than UTC shows
/// timestamps as psql does, and a `Date` still means the same instant both ways.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct TimeZoneTests {
    @Test func aDateKeepsItsInstantInASessionOutsideUTC() throws {
        let url = try #require(TestServer.url(adding: "options", "-c TimeZone=Asia/Kolkata"))
        let engine = try PostgresEngine(url)
        #expect(try engine.fetchScalar("SHOW TimeZone") == .text("Asia/Kolkata"))
        try engine.executeScript("CREATE TEMP TABLE event (id integer PRIMARY KEY, at timestamptz NOT NULL)")
        let instant = Date(timeIntervalSince1970: 1_704_067_200.25)    // 2024-01-01 00:00:00.25 UTC
        try engine.execute("INSERT INTO event (id, at) VALUES (?, ?)", [.integer(1), instant.databaseValue])
        // Stored as that instant, shown in the session's zone as the server writes it.
        #expect(try engine.fetchScalar("SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') FROM event") == .text("2024-01-01 00:00:00.250"))
        let shown = try engine.fetchScalar("SELECT at FROM event")
        #expect(shown == .text("2024-01-01 05:30:00.25+05:30"))
        #expect(Date.fromDatabaseValue(shown) == instant)
        // Text typed as psql takes it: in the session's zone.
        try engine.execute("INSERT INTO event (id, at) VALUES (?, ?)", [.integer(2), .text("2024-01-01 05:30")])
        #expect(try engine.fetchScalar("SELECT count(*) FROM event WHERE at = (SELECT at FROM event WHERE id = 1) - interval '0.25 s'") == .integer(1))
    }
}
