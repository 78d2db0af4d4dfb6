import Foundation
import Testing
@testable import Amigo

/// "How is A related to B?": the chains of relationships between two models, shortest first, each
/// a filter path, and between two rows the rows that link them — on Chinook, checked against SQL.
@Suite struct RelationshipPathSpec {
    @Test("a many-to-many crosses its junction in one step; the steps through the junction's rows are not offered again")
    func aManyToManyIsOneStep() throws {
        let db = try ReflectedCopy(.chinook)
        let paths = db.amigo.relationshipPaths(from: try db.model("Track"), to: try db.model("Playlist"))
        #expect(paths.map(\.filterPath) == ["playlists"])
        #expect(paths.first?.description == "Track ⇄ Playlist (via PlaylistTrack)")
    }

    @Test("the chains from Customer to Genre and to Artist, shortest first, never through a table twice")
    func chainsAcrossTheSchema() throws {
        let db = try ReflectedCopy(.chinook)
        let customer = try db.model("Customer")
        #expect(db.amigo.relationshipPaths(from: customer, to: try db.model("Genre")).map(\.filterPath) == ["invoices.tracks.genre"])
        #expect(db.amigo.relationshipPaths(from: customer, to: try db.model("Artist")).map(\.filterPath) == ["invoices.tracks.album.artist"])
        #expect(db.amigo.relationshipPaths(from: customer, to: try db.model("Artist"), maxSteps: 3).isEmpty, "four steps are needed")
        let fromTrack = db.amigo.relationshipPaths(from: try db.model("Track"), to: try db.model("Customer"), maxSteps: 4)
        #expect(fromTrack.map(\.filterPath) == ["invoices.customer"])
        // A self-reference (an employee's manager, reports) would pass through Employee twice.
        let employee = db.amigo.relationshipPaths(from: try db.model("Employee"), to: try db.model("Track"))
        #expect(employee.map(\.filterPath) == ["customers.invoices.tracks"])
    }

    @Test("a path's filter keeps exactly the rows SQL says are linked")
    func theFilterAgreesWithSQL() throws {
        let db = try ReflectedCopy(.chinook)
        let path = try #require(db.amigo.relationshipPaths(from: try db.model("Customer"), to: try db.model("Genre")).first)
        let filter = try #require(path.filter(toTargetKey: .integer(2)))
        #expect(filter.filter == "invoices.tracks.genre.GenreId = %@")
        let count = try db.amigo.query("Customer").filter(filter.filter, filter.arguments[0]).count()
        let sql = try db.engine.fetchScalar("""
            SELECT count(DISTINCT i.CustomerId) FROM Invoice i JOIN InvoiceLine l ON l.InvoiceId = i.InvoiceId
            JOIN Track t ON t.TrackId = l.TrackId WHERE t.GenreId = 2
            """)
        #expect(sql == .integer(Int64(count)))
        #expect(count > 0)
    }

    @Test("between two rows: one row per step, the first by key that still reaches the target; nil when they are not linked")
    func theRowsThatLinkTwoRows() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let path = try #require(db.amigo.relationshipPaths(from: try db.model("Customer"), to: try db.model("Genre")).first)
        let customer = try #require(try session.get("Customer", 1))
        let rows = try #require(try session.linkingRows(along: path, from: customer, toTargetKey: .integer(1)))
        #expect(rows.count == 3)
        #expect([rows[0]["InvoiceId"], rows[1]["TrackId"], rows[2]["GenreId"]] == [.integer(121), .integer(447), .integer(1)])
        #expect(try session.linkingRows(along: path, from: customer, toTargetKey: .integer(25)) == nil, "customer 1 bought no opera")
    }

    @Test("names that are not plain words are backquoted in a filter path, and read back by the filter language")
    func oddNamesAreBackquoted() {
        #expect(RelationshipPath.filterName("tracks") == "tracks")
        #expect(RelationshipPath.filterName("line items") == "`line items`")
        #expect(RelationshipPath.filterName("a`b") == "`a``b`")
        #expect(RelationshipPath.filterName("2nd") == "`2nd`")
    }

    @Test("a schema whose links fan out answers within the search budget")
    func theSearchIsBounded() throws {
        // 40 tables, each pointing at every earlier one: the chains grow factorially.
        let engine = try SQLiteEngine(path: ":memory:")
        for i in 0..<40 {
            let references = (0..<i).map { "r\($0) INTEGER REFERENCES t\($0) (id)" }
            try engine.executeScript("CREATE TABLE t\(i) (" + (["id INTEGER PRIMARY KEY"] + references).joined(separator: ", ") + ")")
        }
        let amigo = try AmigoDatabase(reflecting: engine)
        let paths = amigo.relationshipPaths(from: try amigo.model(named: "t39"), to: try amigo.model(named: "t0"),
                                            maxSteps: 6, limit: 5)
        #expect(paths.count == 5)
        #expect(paths.first?.steps.count == 1)
    }
}
