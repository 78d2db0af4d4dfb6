import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// `path TABLE [KEY]`: how the current table is related to another — the chains of relationships,
/// each a filter path with its SQL — and the rows that link the current row to one of the other's.
@Suite struct RelationshipPathsSpec {
    @Test("path lists each chain with its filter and the SQL that filter runs; the filter finds what SQL finds")
    func theChainsWithTheirFilterAndSQL() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.execute(.open("Customer"))
        let result = try f.explorer.execute(.path(table: "Genre", key: nil))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["Customer → Genre: 1 path, shortest first",
                                    "1. invoices.tracks.genre   Customer ⇉ Invoice ⇄ Track (via InvoiceLine) → Genre",
                                    "   filter invoices.tracks.genre.GenreId = KEY"])
        #expect(lines[3].hasPrefix("   SQL: SELECT ") && lines[3].contains("EXISTS"))
        #expect(result.status == "path: 1 path from Customer to Genre")
        // The filter it offers, run as offered: the customers who bought a Pop track (genre 9).
        _ = try f.explorer.execute(.filter("invoices.tracks.genre.GenreId = 9"))
        let count = try f.explorer.execute(.count).output
        let sql = try f.explorer.session.engine.fetchScalar("""
            SELECT count(DISTINCT i.CustomerId) FROM Invoice i JOIN InvoiceLine l ON l.InvoiceId = i.InvoiceId
            JOIN Track t ON t.TrackId = l.TrackId WHERE t.GenreId = 9
            """)
        #expect(count == String(sql.integerValue ?? -1))
    }

    @Test("with a key: the rows linking the current row to that row, labelled; or that they are not linked")
    func theRowsThatLink() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.execute(.open("Customer"))
        _ = try f.explorer.execute(.get("1"))
        let linked = try f.explorer.execute(.path(table: "genres", key: "1"))
        #expect(linked.output.contains("   linked: Customer 1 (Luís Gonçalves) → Invoice 121 → Track 447 (Shout It Out Loud) → Genre 1 (Rock)"))
        #expect(linked.status == "path: Customer 1 (Luís Gonçalves) and Genre 1 linked along 1 of 1 path")
        let opera = try f.explorer.execute(.path(table: "Genre", key: "25"))
        #expect(opera.output.contains("   not linked this way"))
        #expect(opera.status.hasSuffix("linked along 0 of 1 path"))
    }

    @Test("errors: no table open, an unknown table named with the nearest, a key of a table keyed by two columns; no chain is said as such")
    func errors() throws {
        let f = try ChinookFixture()
        #expect(throws: ShellError.self) { try f.explorer.execute(.path(table: "Genre", key: nil)) }
        _ = try f.explorer.execute(.open("Track"))
        #expect { try f.explorer.execute(.path(table: "Genr", key: nil)) } throws: { "\($0)".contains("Genre") }
        #expect { try f.explorer.execute(.path(table: "PlaylistTrack", key: "1")) } throws: { "\($0)".contains("not one column") }
        #expect(try CommandParser.parse("path Genre 3") == .path(table: "Genre", key: "3"))
        #expect(throws: ShellError.self) { try CommandParser.parse("path") }
        #expect(throws: ShellError.self) { try CommandParser.parse("path a b c") }
        _ = try f.explorer.execute(.open("Artist"))
        let none = try f.explorer.execute(.path(table: "Artist", key: nil))
        #expect(none.output == "Artist → Artist: no path of at most 4 relationships (each table once)")
    }
}
