import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// One page per entity: `page` and `p` show a row with its to-one chain and the first rows of
/// each to-many; `export json --depth N` writes it nested.
@Suite struct EntityPageSpec {
    @Test func pageShowsTheRowItsToOneChainsAsLabelsAndTheFirstRowsOfEachToMany() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        let text = try f.explorer.run("page").output
        #expect(text == """
            Track 1 "For Those About To Rock (We Salute You)"
              album → For Those About To Rock We Salute You → artist → AC/DC
              genre → Rock
              mediaType → MPEG audio file

            TrackId       1
            Name          For Those About To Rock (We Salute You)
            AlbumId       1 → For Those About To Rock We Salute You
            MediaTypeId   1 → MPEG audio file
            GenreId       1 → Rock
            Composer      Angus Young, Malcolm Young, Brian Johnson
            Milliseconds  343719
            Bytes         11170334
            UnitPrice     0.99

            invoiceLines · to-many · 1 row
              579

            playlistTracks · to-many · 3 rows
              1,1
              8,1
              17,1

            invoices · many-to-many via InvoiceLine · 1 row
              108

            playlists · many-to-many via PlaylistTrack · 3 rows
              1   Music
              8   Music
              17  Heavy Metal Classic
            """)
    }

    @Test func aToManyShowsItsFirstFiveRowsAndHowManyMore() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        try f.explorer.get("90")                       // Iron Maiden: 21 albums
        let page = try f.explorer.currentPage()
        let albums = try #require(page.related.first { $0.relationship == "albums" })
        #expect(albums.count == 21)
        #expect(albums.first.count == EntityPage.firstRows)
        #expect(EntityPageText.text(page).contains("albums · to-many · 21 rows\n  94  A Matter of Life and Death\n"))
        #expect(EntityPageText.text(page).hasSuffix("  … 16 more"))
    }

    @Test func aSelfReferencingChainStopsAtTheTopAndCyclesAreCut() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Customer")
        #expect(try f.explorer.currentPage().chains.map { $0.map(\.row.text) } == [["Jane Peacock", "Nancy Edwards", "Andrew Adams"]])
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, buddy INTEGER REFERENCES person (id));
            INSERT INTO person VALUES (1, 'Ann', 2), (2, 'Bob', 1);
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "cycle")
        try explorer.open("person")
        // Ann → Bob → Ann: the chain stops where it comes back.
        #expect(try explorer.currentPage().chains.map { $0.map(\.row.text) } == [["Bob", "Ann"]])
        let json = try explorer.run("export json --depth 6 -", standardOutput: true)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    // MARK: The UI

    @Test func pOpensThePageAndEnterFollowsTheLineUnderTheCursor() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.open("Track")
        _ = app.handle(.char("p"))
        guard case .entityPage(let browser) = app.overlay else { Issue.record("no page: \(app.overlay)"); return }
        #expect(browser.lines[browser.cursor].target == .follow("album"))
        let screen = app.render(width: 120, height: 50).text()
        #expect(screen.contains("Page of Track 1 \"For Those About To Rock (We Salute You)\""))
        #expect(screen.contains("album → For Those About To Rock We Salute You → artist → AC/DC"))
        #expect(screen.contains(EntityPageBrowser.footer))
        _ = app.handle(.down)                              // genre → Rock
        _ = app.handle(.enter)
        #expect(f.explorer.current?.title == "genre")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(1)])
        // A row of a to-many: followed, and that row made current.
        try f.explorer.back()
        _ = app.handle(.char("p"))
        _ = app.handle(.char("G"))                          // the last line: playlist 17
        _ = app.handle(.enter)
        #expect(f.explorer.current?.title == "playlists")
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(17)])
        #expect(app.focus == .grid)
    }

    @Test func pOnASqlResultSaysWhyNot() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        try f.explorer.runSQL("SELECT 1 AS one")
        _ = app.handle(.char("p"))
        #expect(app.messageIsError)
        #expect(app.message.contains("page: a sql result has no relationships"))
    }

    // MARK: export json --depth

    @Test func exportJsonDepthNestsTheArtistAndTheTracksOfAnAlbum() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        let one = try f.explorer.run("export json --depth 1 -", standardOutput: true)
        let album = try #require(try JSONSerialization.jsonObject(with: Data(one.utf8)) as? [String: Any])
        #expect(album["Title"] as? String == "For Those About To Rock We Salute You")
        #expect((album["artist"] as? [String: Any])?["Name"] as? String == "AC/DC")
        let tracks = try #require(album["tracks"] as? [[String: Any]])
        #expect(tracks.count == 10)
        #expect(tracks.first?["genre"] == nil)             // depth 1: the tracks' own links are not followed
        #expect(one.hasPrefix("{\n  \"AlbumId\": 1,\n  \"Title\": \"For Those About To Rock We Salute You\",\n  \"ArtistId\": 1,\n  \"artist\": {\n    \"ArtistId\": 1,\n    \"Name\": \"AC/DC\"\n  },\n  \"tracks\": [\n    {\n      \"TrackId\": 1,"))
        let two = try f.explorer.run("export json --depth 2 -", standardOutput: true)
        let deeper = try #require(try JSONSerialization.jsonObject(with: Data(two.utf8)) as? [String: Any])
        let track = try #require((deeper["tracks"] as? [[String: Any]])?.first)
        #expect((track["genre"] as? [String: Any])?["Name"] as? String == "Rock")
        #expect(track["album"] == nil)                      // the way back to the album is left out
        #expect((deeper["artist"] as? [String: Any])?["albums"] == nil)
        let zero = try f.explorer.run("export json --depth 0 -", standardOutput: true)
        #expect(zero == "{\n  \"AlbumId\": 1,\n  \"Title\": \"For Those About To Rock We Salute You\",\n  \"ArtistId\": 1\n}\n")
        f.explorer.standardOutputWriter = { _ in }
        #expect(try f.explorer.run("export json --depth 1 -").status == "exported Album 1 \"For Those About To Rock…\" with 11 related to standard output")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func pythonsJsonModuleParsesTheNestedExport() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Playlist")
        let path = TemporaryFile.path("page", ext: "json")
        defer { TemporaryFile.remove(path) }
        #expect(try f.explorer.run("export json --depth 2 \(path)").output.hasPrefix("wrote Playlist 1 \"Music\" with "))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import json,sys; d=json.load(open(sys.argv[1])); print(d['Name'], len(d['tracks']))", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == "Music 3290\n")
    }

    @Test func depthIsForJsonAndANumber() throws {
        #expect(try CommandParser.parse("export json --depth 2 -") == .export(format: .json, path: "-", depth: 2))
        #expect(try CommandParser.parse("export json out.json --depth 0") == .export(format: .json, path: "out.json", depth: 0))
        #expect(throws: ShellError.usage(command: "export", usage: "export json --depth N FILE (--depth nests the current row's related rows in JSON)")) {
            try CommandParser.parse("export csv --depth 2 x.csv")
        }
        #expect(throws: ShellError.usage(command: "export", usage: "export json --depth N FILE (N: how many relationships deep, 0 to 8)")) {
            try CommandParser.parse("export json --depth deep x.json")
        }
        // Bounded: every level multiplies the rows read.
        #expect(throws: ShellError.usage(command: "export", usage: "export json --depth N FILE (N: how many relationships deep, 0 to 8)")) {
            try CommandParser.parse("export json --depth 9 x.json")
        }
    }
}
