import Foundation
import Testing
@testable import Amigo

/// Reflection of chinook.sqlite, checked against the facts in Tests/Fixtures/README.md and against
/// plain SQL run through the engine.
@Suite struct ReflectionChinookSpec {
    // MARK: Schema

    @Test func reflectsTheElevenTablesWithTheirKeysTypesAndIndexes() throws {
        let db = try ReflectedCopy(.chinook)
        let amigo = db.amigo
        #expect(amigo.models.map(\.name) == ["Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine",
                                             "MediaType", "Playlist", "PlaylistTrack", "Track"])
        #expect(amigo.models.allSatisfy { $0.isDynamic && !$0.table.isView && !$0.table.withoutRowID })
        #expect(amigo.reflectionWarnings.isEmpty)
        let rows = ["Album": 347, "Artist": 275, "Customer": 59, "Employee": 8, "Genre": 25, "Invoice": 412,
                    "InvoiceLine": 2240, "MediaType": 5, "Playlist": 18, "PlaylistTrack": 8715, "Track": 3503]
        for model in amigo.models {
            #expect(try amigo.query(model.name).count() == rows[model.name], "\(model.name)")
            #expect(try db.engine.rowCount(model.table.name) == rows[model.name], "\(model.name)")
        }
        // Primary keys: single INTEGER keys (rowid aliases) everywhere but PlaylistTrack.
        for model in amigo.models where model.name != "PlaylistTrack" {
            #expect(model.table.primaryKey.map(\.label) == [model.name + "Id"])
            #expect(model.table.hasIntegerPrimaryKey)
        }
        let playlistTrack = try db.model("PlaylistTrack").table
        #expect(playlistTrack.primaryKey.map(\.label) == ["PlaylistId", "TrackId"])
        #expect(playlistTrack.primaryKey.map(\.primaryKeyPosition) == [1, 2])
        #expect(!playlistTrack.hasIntegerPrimaryKey)
        // Declared types and their affinity.
        let track = try db.model("Track").table
        #expect(track.columns.map(\.label) == ["TrackId", "Name", "AlbumId", "MediaTypeId", "GenreId", "Composer",
                                               "Milliseconds", "Bytes", "UnitPrice"])
        #expect(track.columns.map(\.declaredType) == ["INTEGER", "NVARCHAR(200)", "INTEGER", "INTEGER", "INTEGER",
                                                      "NVARCHAR(220)", "INTEGER", "INTEGER", "NUMERIC(10,2)"])
        #expect(track.columns.map(\.kind) == [.integer, .text, .integer, .integer, .integer, .text, .integer, .integer, .numeric])
        #expect(track.columns.map(\.optional) == [false, false, true, false, true, true, false, true, false])
        #expect(try db.model("Invoice").table.column(named: "InvoiceDate")?.kind == .date)
        #expect(try db.model("Invoice").table.column(named: "InvoiceDate")?.declaredType == "DATETIME")
        // Indexes: every foreign key column has an IFK_ index.
        #expect(track.indexes.map(\.label) == ["IFK_TrackAlbumId", "IFK_TrackGenreId", "IFK_TrackMediaTypeId"])
        #expect(track.indexes.allSatisfy { !$0.unique && $0.columns.count == 1 })
        #expect(playlistTrack.indexes.map(\.label) == ["IFK_PlaylistTrackPlaylistId", "IFK_PlaylistTrackTrackId", "sqlite_autoindex_PlaylistTrack_1"])
        #expect(playlistTrack.indexes.last?.unique == true)
        #expect(playlistTrack.indexes.last?.columns == ["PlaylistId", "TrackId"])
        // Foreign keys as sqlite3 reports them, in declaration order.
        #expect(track.foreignKeys.map { "\($0.columns) → \($0.referencedTable)\($0.referencedColumns) \($0.onDelete)" } == [
            #"["AlbumId"] → Album["AlbumId"] NO ACTION"#,
            #"["GenreId"] → Genre["GenreId"] NO ACTION"#,
            #"["MediaTypeId"] → MediaType["MediaTypeId"] NO ACTION"#,
        ])
        #expect(track.column(named: "AlbumId")?.foreignKey?.relatedTableName == "Album")
    }

    @Test func discoversEveryRelationshipWithReadableNames() throws {
        let db = try ReflectedCopy(.chinook)
        let expected: [String: [String]] = [
            "Album": ["artist to-one → Artist", "tracks one-to-many → Track"],
            "Artist": ["albums one-to-many → Album"],
            "Customer": ["supportRep to-one → Employee", "invoices one-to-many → Invoice"],
            "Employee": ["manager to-one → Employee", "customers one-to-many → Customer", "reports one-to-many → Employee"],
            "Genre": ["tracks one-to-many → Track"],
            "Invoice": ["customer to-one → Customer", "invoiceLines one-to-many → InvoiceLine",
                        "tracks many-to-many → Track via InvoiceLine (through)"],
            "InvoiceLine": ["invoice to-one → Invoice", "track to-one → Track"],
            "MediaType": ["tracks one-to-many → Track"],
            "Playlist": ["playlistTracks one-to-many → PlaylistTrack", "tracks many-to-many → Track via PlaylistTrack"],
            "PlaylistTrack": ["playlist to-one → Playlist", "track to-one → Track"],
            "Track": ["album to-one → Album", "genre to-one → Genre", "mediaType to-one → MediaType",
                      "invoiceLines one-to-many → InvoiceLine", "playlistTracks one-to-many → PlaylistTrack",
                      "invoices many-to-many → Invoice via InvoiceLine (through)", "playlists many-to-many → Playlist via PlaylistTrack"],
        ]
        for model in db.amigo.models {
            #expect(model.relationshipSignatures == expected[model.name], "\(model.name)")
        }
        // Reflecting the same file again gives the same names (they are stable).
        let again = try AmigoDatabase(reflecting: db.path)
        #expect(again.models.map(\.relationshipSignatures) == db.amigo.models.map(\.relationshipSignatures))
    }

    // MARK: Artist → Album → Track

    @Test func artistAlbumTrack() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let albums = try db.model("Artist").require("albums")
        #expect(albums.sourceColumns.map(\.qualifiedLabel) == ["Artist.ArtistId"])
        #expect(albums.targetColumns.map(\.qualifiedLabel) == ["Album.ArtistId"])
        let acdc = try #require(try session.query("Artist").filter("Name = %@", "AC/DC").first())
        #expect(acdc.primaryKey == [1])
        let acdcAlbums = try session.query("Album").using(acdc).relationship("albums").orderBy("AlbumId").all()
        #expect(acdcAlbums.map { $0["Title"] } == ["For Those About To Rock We Salute You", "Let There Be Rock"])
        #expect(try session.query("Album").filter("artist.Name = 'AC/DC'").count() == 2)
        let album1 = try #require(try session.query("Album").get(1))
        #expect(album1["Title"] == "For Those About To Rock We Salute You")
        #expect(try session.query("Track").using(album1).relationship("tracks").count() == 10)
        // Two to-one hops in a filter: one LEFT JOIN each.
        let acdcTracks = session.query("Track").filter("album.artist.Name = %@", "AC/DC")
        #expect(try acdcTracks.count() == 18)
        #expect(try acdcTracks.count() == db.int("""
            SELECT COUNT(*) FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId JOIN Artist r ON r.ArtistId = a.ArtistId
            WHERE r.Name = 'AC/DC'
            """))
        // Going back up: the to-one relationship and selectRelated.
        let track1 = try #require(try session.query("Track").selectRelated("album", "genre").get(1))
        #expect(track1.relatedRecord("album")?["Title"] == "For Those About To Rock We Salute You")
        #expect(track1.relatedRecord("genre")?["Name"] == "Rock")
        #expect(try session.query("Artist").using(album1).relationship("artist").all().map { $0["Name"] } == ["AC/DC"])
        // Order by a to-one path, with limit and offset.
        let byArtist = try session.query("Album").orderBy("artist.Name").orderBy("Title").limit(2).offset(1).all()
        #expect(try byArtist.map { $0["Title"] } == db.engine.column(
            "SELECT a.Title FROM Album a JOIN Artist r ON r.ArtistId = a.ArtistId ORDER BY r.Name, a.Title LIMIT 2 OFFSET 1"))
        #expect(try session.query("Track").filter("genre.Name = 'Rock'").count() == 1297)
        let rock = try #require(try session.query("Genre").filter("Name = 'Rock'").first())
        #expect(try session.relatedCountsByName(of: rock) == ["tracks": 1297])
    }

    @Test func seventyOneArtistsHaveNoAlbum() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        // A to-many path compiles to EXISTS (…): "has an album" and its negation.
        #expect(try session.query("Artist").filter("albums != nil").count() == 204)
        #expect(try session.query("Artist").filter("NOT albums != nil").count() == 71)
        #expect(try session.query("Artist").filter("NOT albums.AlbumId != nil").count() == 71)
        // The same with one relatedCounts per artist.
        var empty = 0
        for artist in try session.query("Artist").all() where try session.relatedCountsByName(of: artist)["albums"] == 0 {
            empty += 1
        }
        #expect(empty == 71)
        #expect(try db.int("SELECT COUNT(*) FROM Artist a WHERE NOT EXISTS (SELECT 1 FROM Album b WHERE b.ArtistId = a.ArtistId)") == 71)
        // An empty one-to-many is an empty result, not an error.
        let lonely = try #require(try session.query("Artist").filter("NOT albums != nil").orderBy("ArtistId").first())
        #expect(try session.query("Album").using(lonely).relationship("albums").all().isEmpty)
    }

    // MARK: Playlist ↔ Track

    @Test func playlistTrackIsAPureJunction() throws {
        let db = try ReflectedCopy(.chinook)
        let tracks = try db.model("Playlist").require("tracks")
        #expect(tracks.kind == .manyToMany)
        #expect(tracks.junction?.name == "PlaylistTrack")
        #expect(tracks.through == nil)
        #expect(tracks.junctionSourceColumns.map(\.qualifiedLabel) == ["PlaylistTrack.PlaylistId"])
        #expect(tracks.junctionTargetColumns.map(\.qualifiedLabel) == ["PlaylistTrack.TrackId"])
        #expect(tracks.sourceColumns.map(\.qualifiedLabel) == ["Playlist.PlaylistId"])
        #expect(tracks.targetColumns.map(\.qualifiedLabel) == ["Track.TrackId"])
        let playlists = try db.model("Track").require("playlists")
        #expect(playlists.junction === tracks.junction)
        #expect(playlists.through == nil)
        #expect(playlists.junctionSourceColumns.map(\.label) == ["TrackId"])

        let session = try db.amigo.openSession()
        let expected: [Int64: Int] = [1: 3290, 2: 0, 3: 213, 4: 0, 6: 0, 7: 0]
        for (id, count) in expected {
            let playlist = try #require(try session.query("Playlist").get(id))
            #expect(try session.query("Track").using(playlist).relationship("tracks").count() == count, "playlist \(id)")
            #expect(try session.relatedCountsByName(of: playlist) == ["playlistTracks": count, "tracks": count], "playlist \(id)")
        }
        #expect(try session.query("Playlist").get(1)?["Name"] == "Music")
        #expect(try session.query("Playlist").get(5)?["Name"] == "90’s Music")
        let track1 = try #require(try session.query("Track").get(1))
        let ofTrack1 = try session.query("Playlist").using(track1).relationship("playlists").orderBy("PlaylistId").all()
        #expect(ofTrack1.map(\.primaryKey) == [[1], [8], [17]])
        // Every track is in at least one playlist.
        #expect(try session.query("Track").filter("NOT playlists != nil").count() == 0)
        // A many-to-many path in a filter: tracks in a playlist named 'TV Shows' (ids 3 and 10).
        #expect(try session.query("Track").filter("playlists.Name = 'TV Shows'").count() == 213)
        #expect(try session.query("Playlist").filter("tracks.Name = 'For Those About To Rock (We Salute You)'").count() == 3)
    }

    // MARK: Employee

    @Test func employeeReportsToIsASelfReference() throws {
        let db = try ReflectedCopy(.chinook)
        // Through ReportsTo: the row's manager (and the other way, its reports).
        let manager = try db.model("Employee").require("manager")
        #expect(manager.kind == .toOne)
        #expect(manager.target === manager.source)
        #expect(manager.sourceColumns.map(\.label) == ["ReportsTo"])
        #expect(manager.targetColumns.map(\.label) == ["EmployeeId"])
        let session = try db.amigo.openSession()
        func reports(_ id: Int) throws -> [[DatabaseValue]] {
            let boss = try #require(try session.query("Employee").get(id))
            return try session.query("Employee").using(boss).relationship("reports").orderBy("EmployeeId").all().map(\.primaryKey)
        }
        #expect(try reports(1) == [[2], [6]])
        #expect(try reports(2) == [[3], [4], [5]])
        #expect(try reports(6) == [[7], [8]])
        #expect(try reports(8) == [])
        let andrew = try #require(try session.query("Employee").get(1))
        #expect(andrew["ReportsTo"] == .null)
        #expect(try session.query("Employee").using(andrew).relationship("manager").count() == 0)
        let jane = try #require(try session.query("Employee").selectRelated("manager").get(3))
        #expect(jane.relatedRecord("manager")?["FirstName"] == "Nancy")
        #expect(try session.query("Employee").selectRelated("manager").get(1)?.relatedRecord("manager") == nil)
        #expect(try session.query("Employee").filter("manager.FirstName = 'Andrew'").orderBy("EmployeeId").all().map(\.primaryKey) == [[2], [6]])
        // Two hops along the same self-reference: employees whose boss reports to Andrew.
        #expect(try session.query("Employee").filter("manager.manager.EmployeeId = 1").count() == 5)
        #expect(try session.relatedCountsByName(of: andrew) == ["manager": 0, "customers": 0, "reports": 2])
    }

    @Test func customerSupportRepPointsAtEmployee() throws {
        let db = try ReflectedCopy(.chinook)
        let supportRep = try db.model("Customer").require("supportRep")
        #expect(supportRep.kind == .toOne)
        #expect(supportRep.target.name == "Employee")
        #expect(supportRep.sourceColumns.map(\.label) == ["SupportRepId"])
        let session = try db.amigo.openSession()
        for (id, count) in [(3, 21), (4, 20), (5, 18)] {
            let rep = try #require(try session.query("Employee").get(id))
            #expect(try session.query("Customer").using(rep).relationship("customers").count() == count)
            #expect(try session.relatedCountsByName(of: rep)["customers"] == count)
            #expect(try session.query("Customer").filter("supportRep.EmployeeId = %@", id).count() == count)
        }
        #expect(try session.query("Employee").filter("customers != nil").orderBy("EmployeeId").all().map(\.primaryKey) == [[3], [4], [5]])
        let customer1 = try #require(try session.query("Customer").selectRelated("supportRep").get(1))
        #expect(customer1.relatedRecord("supportRep")?.primaryKey == [3])
        #expect(try session.query("Invoice").using(customer1).relationship("invoices").count() == 7)
    }

    // MARK: Invoice → InvoiceLine

    /// InvoiceLine has its own surrogate key and payload (UnitPrice, Quantity): it is not a pure
    /// junction. It keeps its two one-to-many links, and the Invoice ↔ Track link through it is a
    /// through model (the README leaves that choice open; reflection makes it).
    @Test func invoiceLineIsAModelOfItsOwnNotAPureJunction() throws {
        let db = try ReflectedCopy(.chinook)
        let invoiceLine = try db.model("InvoiceLine")
        #expect(invoiceLine.relationshipSignatures == ["invoice to-one → Invoice", "track to-one → Track"])
        let invoiceLines = try db.model("Invoice").require("invoiceLines")
        #expect(invoiceLines.kind == .oneToMany)
        #expect(invoiceLines.targetColumns.map(\.qualifiedLabel) == ["InvoiceLine.InvoiceId"])
        let tracks = try db.model("Invoice").require("tracks")
        #expect(tracks.through === invoiceLine)
        #expect(try db.model("Track").require("invoices").through === invoiceLine)
        let session = try db.amigo.openSession()
        let invoice1 = try #require(try session.query("Invoice").get(1))
        let lines = try session.query("InvoiceLine").using(invoice1).relationship("invoiceLines").orderBy("InvoiceLineId").all()
        #expect(lines.map(\.primaryKey) == [[1], [2]])
        #expect(lines.map { $0["UnitPrice"] } == [.real(0.99), .real(0.99)])
        #expect(try session.query("Track").using(invoice1).relationship("tracks").orderBy("TrackId").all().map(\.primaryKey) == [[2], [4]])
        #expect(try session.relatedCountsByName(of: invoice1) == ["customer": 1, "invoiceLines": 2, "tracks": 2])
        // Links through a through model are made by adding its rows, not by linking directly.
        let track = try #require(try session.query("Track").get(1))
        #expect(throws: AmigoError.relationshipManagedThroughModel(relationship: "tracks", throughModel: "InvoiceLine")) {
            try session.using(invoice1).relationship("tracks").add(track)
        }
        #expect(try db.int("SELECT COUNT(*) FROM InvoiceLine") == 2240)
        // A one-to-many path in a filter, and a path that continues through the line's to-one.
        #expect(try session.query("Invoice").filter("invoiceLines.TrackId = 2").count() == db.int(
            "SELECT COUNT(DISTINCT InvoiceId) FROM InvoiceLine WHERE TrackId = 2"))
        #expect(try session.query("Invoice").filter("invoiceLines.track.Name BEGINSWITH 'Balls'").count() == db.int("""
            SELECT COUNT(DISTINCT l.InvoiceId) FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId WHERE t.Name GLOB 'Balls*'
            """))
        #expect(try session.query("Invoice").filter("tracks.Name BEGINSWITH 'Balls'").count() == db.int("""
            SELECT COUNT(DISTINCT l.InvoiceId) FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId WHERE t.Name GLOB 'Balls*'
            """))
        // Customer 1 has 7 invoices.
        let customer1 = try #require(try session.query("Customer").get(1))
        #expect(try session.query("Invoice").using(customer1).relationship("invoices").count() == 7)
    }

    // MARK: Counting related rows

    /// Hand-written SQL counting each relationship's rows for the row whose key is `?`.
    static let countSQL: [String: String] = [
        "Album.artist": "SELECT COUNT(*) FROM Album a JOIN Artist r ON r.ArtistId = a.ArtistId WHERE a.AlbumId = ?",
        "Album.tracks": "SELECT COUNT(*) FROM Track WHERE AlbumId = ?",
        "Artist.albums": "SELECT COUNT(*) FROM Album WHERE ArtistId = ?",
        "Customer.supportRep": "SELECT COUNT(*) FROM Customer c JOIN Employee e ON e.EmployeeId = c.SupportRepId WHERE c.CustomerId = ?",
        "Customer.invoices": "SELECT COUNT(*) FROM Invoice WHERE CustomerId = ?",
        "Employee.manager": "SELECT COUNT(*) FROM Employee e JOIN Employee b ON b.EmployeeId = e.ReportsTo WHERE e.EmployeeId = ?",
        "Employee.customers": "SELECT COUNT(*) FROM Customer WHERE SupportRepId = ?",
        "Employee.reports": "SELECT COUNT(*) FROM Employee WHERE ReportsTo = ?",
        "Genre.tracks": "SELECT COUNT(*) FROM Track WHERE GenreId = ?",
        "Invoice.customer": "SELECT COUNT(*) FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId WHERE i.InvoiceId = ?",
        "Invoice.invoiceLines": "SELECT COUNT(*) FROM InvoiceLine WHERE InvoiceId = ?",
        "Invoice.tracks": "SELECT COUNT(*) FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId WHERE l.InvoiceId = ?",
        "InvoiceLine.invoice": "SELECT COUNT(*) FROM InvoiceLine l JOIN Invoice i ON i.InvoiceId = l.InvoiceId WHERE l.InvoiceLineId = ?",
        "InvoiceLine.track": "SELECT COUNT(*) FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId WHERE l.InvoiceLineId = ?",
        "MediaType.tracks": "SELECT COUNT(*) FROM Track WHERE MediaTypeId = ?",
        "Playlist.playlistTracks": "SELECT COUNT(*) FROM PlaylistTrack WHERE PlaylistId = ?",
        "Playlist.tracks": "SELECT COUNT(*) FROM PlaylistTrack pt JOIN Track t ON t.TrackId = pt.TrackId WHERE pt.PlaylistId = ?",
        "Track.album": "SELECT COUNT(*) FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId WHERE t.TrackId = ?",
        "Track.genre": "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE t.TrackId = ?",
        "Track.mediaType": "SELECT COUNT(*) FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId WHERE t.TrackId = ?",
        "Track.invoiceLines": "SELECT COUNT(*) FROM InvoiceLine WHERE TrackId = ?",
        "Track.playlistTracks": "SELECT COUNT(*) FROM PlaylistTrack WHERE TrackId = ?",
        "Track.invoices": "SELECT COUNT(*) FROM InvoiceLine l JOIN Invoice i ON i.InvoiceId = l.InvoiceId WHERE l.TrackId = ?",
        "Track.playlists": "SELECT COUNT(*) FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE pt.TrackId = ?",
    ]

    @Test func relatedCountsEqualPlainSQLCounts() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        var compared = 0
        for model in db.amigo.models where model.name != "PlaylistTrack" {
            // A sample of rows: the first ten, every 37th, and the last.
            let total = try session.query(model.name).count()
            var ids = Set((1...min(10, total)).map(Int64.init))
            ids.formUnion(stride(from: 37, through: total, by: 37).map(Int64.init))
            ids.insert(Int64(total))
            for id in ids.sorted() {
                let row = try #require(try session.query(model.name).get(id))
                let counts = try session.relatedCounts(of: row)
                #expect(counts.map(\.relationship.name) == model.relationships.map(\.name))
                for (relationship, count) in counts {
                    let sql = try #require(Self.countSQL["\(model.name).\(relationship.name)"], "\(model.name).\(relationship.name)")
                    #expect(count == (try db.int(sql, [.integer(id)])), "\(model.name) \(id) \(relationship.name)")
                    compared += 1
                }
            }
        }
        #expect(compared > 300)
        // PlaylistTrack rows have a composite key.
        let link = try #require(try session.query("PlaylistTrack").get([DatabaseValue.integer(1), .integer(3402)]))
        #expect(try session.relatedCountsByName(of: link) == ["playlist": 1, "track": 1])
    }

    @Test func relatedCountsRunOneIndexedQueryPerRelationship() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        let track = try #require(try session.query("Track").get(1))
        let recorder = EchoRecorder(db.engine.echo)
        let counts = try session.relatedCounts(of: track)
        let statements = recorder.statements
        #expect(statements.count == counts.count)
        #expect(statements.allSatisfy { $0.hasPrefix("SELECT COUNT(*) FROM ") })
        db.engine.echo.isEnabled = false
        for (sql, event) in zip(statements, recorder.events) {
            var plan: [String] = []
            try db.engine.fetch("EXPLAIN QUERY PLAN " + sql, event.arguments) { row in plan.append(row.string(at: 3)); return true }
            // No full scan of a table: every step searches an index (or the rowid).
            #expect(!plan.isEmpty && !plan.contains { $0.hasPrefix("SCAN") }, "\(sql): \(plan)")
        }
    }

    // MARK: Values

    @Test func nullHeavyColumnsAndUnicodeText() throws {
        let db = try ReflectedCopy(.chinook)
        let session = try db.amigo.openSession()
        #expect(try session.query("Customer").filter("Company = nil").count() == 49)
        #expect(try session.query("Customer").filter("Fax = nil").count() == 47)
        #expect(try session.query("Customer").filter("State = nil").count() == 29)
        #expect(try session.query("Invoice").filter("BillingState = nil").count() == 202)
        #expect(try session.query("Track").filter("Composer = nil").count() == 977)
        #expect(try session.query("Track").count("Composer") == 3503 - 977)
        #expect(try session.query("Employee").filter("ReportsTo = nil").count() == 1)
        // Non-ASCII names, as the README counts them (MATCHES runs a regular expression over the whole value).
        #expect(try session.query("Artist").filter("Name MATCHES '.*[^ -~].*'").count() == 31)
        #expect(try session.query("Track").filter("Name MATCHES '.*[^ -~].*'").count() == 274)
        #expect(try session.query("Playlist").filter("Name MATCHES '.*[^ -~].*'").all().map(\.primaryKey) == [[5]])
        let jobim = try #require(try session.query("Artist").filter("Name = %@", "Antônio Carlos Jobim").first())
        #expect(jobim["Name"] == "Antônio Carlos Jobim")
        #expect(try session.query("Artist").filter("Name CONTAINS 'ção'").orderBy("Name").all().map { $0["Name"] } == ["Chico Science & Nação Zumbi", "Nação Zumbi"])
        #expect(try session.query("Playlist").filter("Name ENDSWITH '’s Music'").all().map(\.primaryKey) == [[5]])
        // NUMERIC columns hold reals, DATETIME columns text.
        let invoice = try #require(try session.query("Invoice").get(1))
        #expect(invoice["Total"] == .real(1.98))
        #expect(invoice["InvoiceDate"] == .text("2021-01-01 00:00:00"))
    }
}
