import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// `set all COLUMN = VALUE`: one column over every row of the view by one UPDATE the library
/// builds from the view's query, previewed with the row count (the UI asks; text mode runs it).
@Suite struct BulkEditSpec {
    @Test func setAllParsesApartFromSetAndAColumnCalledAll() throws {
        #expect(try CommandParser.parse("set all Composer = 'X'") == .setAll(column: "Composer", value: "'X'"))
        #expect(try CommandParser.parse("set Composer = 'X'") == .set(column: "Composer", value: "'X'"))
        #expect(try CommandParser.parse("set all = 1") == .set(column: "all", value: "1"))
        #expect(try CommandParser.parse("set all all = 1") == .setAll(column: "all", value: "1"))
    }

    @Test func theUpdateCoversTheFilteredViewAndSaysItsRowCount() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("open Track")
        _ = try e.run("filter GenreId = 2")
        let expected = try #require(try f.scalar("SELECT count(*) FROM Track WHERE GenreId = 2"))
        let write = try e.previewWrite(.setAll(column: "Composer", value: "'Various'"))
        #expect(write.title == "set Composer = 'Various' on all \(expected) rows of Track (filter: GenreId = 2)")
        #expect(write.statements == [#"UPDATE "Track" SET "Composer" = ? WHERE "TrackId" IN (SELECT "Track"."TrackId" FROM "Track" WHERE "Track"."GenreId" = ?)  ['Various', 2]"#])
        #expect(e.pendingChanges == 0)
        let result = try e.run("set all Composer = 'Various'")
        #expect(result.output.contains("set Composer on \(expected) rows of Track"))
        #expect(try f.scalar("SELECT count(*) FROM Track WHERE Composer = 'Various'") == expected)
        #expect(try f.scalar("SELECT count(*) FROM Track WHERE Composer = 'Various' AND GenreId != 2") == 0)
        #expect(e.changeLog.changes.last?.rows == expected)
        _ = try e.run("undo")
        #expect(try f.scalar("SELECT count(*) FROM Track WHERE Composer = 'Various'") == 0)
    }

    @Test func aKeyColumnAViewOrAnEmptyViewIsRefused() throws {
        let f = try ChinookFixture()
        let e = f.explorer
        _ = try e.run("open Genre")
        #expect(throws: ShellError.keyColumnNotEditable(command: "set all", column: "GenreId", table: "Genre")) { try e.run("set all GenreId = 1") }
        _ = try e.run("filter Name = 'nothing like this'")
        #expect(throws: ShellError.noCurrentRow(command: "set all")) { try e.run("set all Name = 'x'") }
        #expect(e.pendingChanges == 0)
    }

    @Test func theUIShowsTheUpdateWithItsCountBeforeY() throws {
        let f = try ChinookFixture()
        let app = ShellApp(explorer: f.explorer)
        _ = app.submit(.command, text: "open Genre")
        _ = app.submit(.command, text: "set all Name = 'same'")
        guard case .confirmWrite(let write) = app.overlay else { Issue.record("no confirmation: \(app.overlay)"); return }
        #expect(write.title.hasPrefix("set Name = 'same' on all 25 rows of Genre"))
        #expect(f.explorer.pendingChanges == 0)
        _ = app.handle(.char("y"))
        #expect(try f.scalar("SELECT count(*) FROM Genre WHERE Name = 'same'") == 25)
        #expect(f.explorer.changeLog.statusText == "1 change, 25 rows")
    }
}
