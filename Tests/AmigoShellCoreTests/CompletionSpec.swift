import Amigo
import Foundation
import Testing
@testable import AmigoShellCore

/// Tab-completion candidates at the `:` and `/` prompts.
@Suite struct CompletionSpec {
    /// Candidates for the last word of `line` at a prompt of `kind`.
    private func complete(_ line: String, _ kind: ShellApp.PromptKind = .command, in explorer: Explorer) -> [String] {
        let start = line.lastIndex(where: { $0 == " " }).map { line.index(after: $0) } ?? line.startIndex
        let word = String(line[start...])
        return Completion.candidates(line: line, wordStart: line.distance(from: line.startIndex, to: start), word: word,
                                     kind: kind, explorer: explorer)
    }

    @Test func theFirstWordCompletesToCommands() throws {
        let f = try ChinookFixture()
        #expect(complete("", in: f.explorer) == CommandParser.names)
        #expect(complete("s", in: f.explorer) == ["show", "sql", "set", "schema", "schemas", "save", "stats", "separator", "settings"])
        #expect(complete("co", in: f.explorer) == ["column", "commit", "conninfo", "count", "countchanges"])
        #expect(complete("RO", in: f.explorer) == ["rollback"])
        #expect(complete("zz", in: f.explorer) == [])
    }

    @Test func afterOpenComeTableNames() throws {
        let f = try ChinookFixture()
        #expect(complete("open ", in: f.explorer) == f.explorer.tables.map(\.name))
        #expect(complete("open P", in: f.explorer) == ["Playlist", "PlaylistTrack"])
        #expect(complete("open in", in: f.explorer) == ["Invoice", "InvoiceLine"])
        #expect(complete(":o tr", in: f.explorer) == ["Track"])
        #expect(complete("schema G", in: f.explorer) == ["Genre"])
    }

    @Test func afterFollowComeTheCurrentModelsRelationships() throws {
        let f = try ChinookFixture()
        #expect(complete("follow ", in: f.explorer) == [])
        try f.explorer.open("Album")
        #expect(complete("follow ", in: f.explorer) == ["artist", "tracks"])
        #expect(complete("follow t", in: f.explorer) == ["tracks"])
        try f.explorer.open("Playlist")
        #expect(complete("fo t", in: f.explorer) == ["tracks"])
    }

    @Test func orderStatsAndSetCompleteColumnsAndOrderThenItsDirection() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        #expect(complete("order M", in: f.explorer) == ["MediaTypeId", "Milliseconds"])
        #expect(complete("order Milliseconds d", in: f.explorer) == ["desc"])
        #expect(complete("stats Un", in: f.explorer) == ["UnitPrice"])
        #expect(complete("set Com", in: f.explorer) == ["Composer"])
    }

    @Test func echoExportAndHelpCompleteTheirWords() throws {
        let f = try ChinookFixture()
        #expect(complete("echo o", in: f.explorer) == ["on", "off"])
        #expect(complete("export ", in: f.explorer) == ["csv", "json"])
        // After the format: file names, as a shell completes them (folders end in /).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("tracks.csv").path, contents: Data())
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(".hidden").path, contents: Data())
        #expect(complete("export csv \(folder.path)/", in: f.explorer) == ["\(folder.path)/sub/", "\(folder.path)/tracks.csv"])
        #expect(complete("export csv \(folder.path)/t", in: f.explorer) == ["\(folder.path)/tracks.csv"])
        #expect(complete("help f", in: f.explorer) == ["filter", "follow", "freq"])
    }

    @Test func theFilterPromptCompletesColumnsRelationshipsAndKeywords() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        #expect(complete("", .filter, in: f.explorer) == ["AlbumId", "Title", "ArtistId", "artist.", "tracks."])
        #expect(complete("Ti", .filter, in: f.explorer) == ["Title"])
        #expect(complete("Title CONTAINS[c] 'x' A", .filter, in: f.explorer) == ["AlbumId", "ArtistId", "artist.", "AND"])
        #expect(complete("Title BE", .filter, in: f.explorer) == ["BEGINSWITH", "BEGINSWITH[c]", "BETWEEN"])
    }

    @Test func aRelationshipPathCompletesTheRelatedModelsColumns() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        #expect(complete("artist.", .filter, in: f.explorer) == ["artist.ArtistId", "artist.Name", "artist.albums."])
        #expect(complete("artist.N", .filter, in: f.explorer) == ["artist.Name"])
        // After a to-many relationship, @count is offered too; after a to-one, it is not.
        #expect(complete("tracks.@", .filter, in: f.explorer) == ["tracks.@count"])
        #expect(complete("artist.albums.", .filter, in: f.explorer).last == "artist.albums.@count")
        #expect(!complete("artist.", .filter, in: f.explorer).contains("artist.@count"))
        #expect(complete("tracks.genre.N", .filter, in: f.explorer) == ["tracks.genre.Name"])
        #expect(complete("nope.", .filter, in: f.explorer) == [])
        // The same paths after `filter` at the command prompt.
        #expect(complete("filter artist.N", in: f.explorer) == ["artist.Name"])
    }

    @Test func theEditPromptOffersNothing() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        #expect(complete("A", .edit(column: "Title"), in: f.explorer) == [])
    }

    @Test func ambiguousMatchesAreListedInTheStatusLine() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        app.showMatches(["Playlist", "PlaylistTrack"])
        #expect(app.message == "completions: Playlist  PlaylistTrack")
        app.showMatches((1...14).map { "c\($0)" })
        #expect(app.message == "completions: c1  c2  c3  c4  c5  c6  c7  c8  c9  c10  c11  c12  …")
    }

    // MARK: SQL

    /// After JOIN, whole join clauses from the relationships: straight to a table, or through
    /// the junction of a many-to-many (PlaylistTrack between Track and Playlist).
    @Test func joinCompletesToClausesBuiltFromTheRelationships() throws {
        let f = try ChinookFixture()
        let candidates = complete("sql SELECT * FROM Track t JOIN Pla", in: f.explorer)
        #expect(candidates.contains("PlaylistTrack ON PlaylistTrack.TrackId = t.TrackId"), "\(candidates)")
        #expect(candidates.contains("PlaylistTrack ON PlaylistTrack.TrackId = t.TrackId JOIN Playlist ON Playlist.PlaylistId = PlaylistTrack.PlaylistId"), "\(candidates)")
        #expect(candidates.contains("Playlist") && candidates.contains("PlaylistTrack"))
        // To-one: an album's artist; written without the sql word too.
        let album = complete("SELECT * FROM Album a JOIN Ar", in: f.explorer)
        #expect(album.contains("Artist ON Artist.ArtistId = a.ArtistId"), "\(album)")
    }

    @Test func afterAJoinedTableItsOnConditionsAndAfterAnAliasItsColumns() throws {
        let f = try ChinookFixture()
        #expect(complete("sql SELECT * FROM Track t JOIN Album al ", in: f.explorer) == ["ON al.AlbumId = t.AlbumId"])
        #expect(complete("sql SELECT t.Na", in: f.explorer).isEmpty)      // t is not in scope yet
        #expect(complete("sql SELECT * FROM Track t WHERE t.Mi", in: f.explorer) == ["t.Milliseconds"])
        #expect(complete("sql SELECT * FROM Tr", in: f.explorer) == ["Track"])
        #expect(complete("sql SELECT Comp", in: f.explorer).isEmpty)      // no table in scope: no columns
        #expect(complete("sql SELECT * FROM Track WHERE Comp", in: f.explorer) == ["Composer"])
        #expect(complete("sql SELECT cou", in: f.explorer) == ["count("])
        #expect(complete("sql SELECT * FROM Track ORD", in: f.explorer) == ["ORDER BY"])
    }
}
