import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Editing a cell through the session: the exact UPDATE is shown first, nothing reaches the file
/// before commit, rollback restores, and what cannot be edited says so.
@Suite struct EditingSpec {
    /// The value a second, independent connection reads from the file.
    private func onDisk(_ path: String, _ sql: String) throws -> DatabaseValue {
        let other = try SQLiteEngine(path: path, options: OpenOptions(readOnly: true))
        return try other.fetchScalar(sql)
    }

    @Test func previewShowsTheExactUpdateWithPlaceholdersAndItsArguments() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        try f.explorer.get("1")
        let edit = try f.explorer.previewEdit(column: "Title", text: "Highway to Hell")
        #expect(edit.sql == "UPDATE \"Album\" SET \"Title\" = ? WHERE \"AlbumId\" = ?")
        #expect(edit.arguments == [.text("Highway to Hell"), .integer(1)])
        #expect(edit.preview == "UPDATE \"Album\" SET \"Title\" = ? WHERE \"AlbumId\" = ?  ['Highway to Hell', 1]")
        #expect(edit.column == "Title")
        #expect(edit.row == 0)
    }

    @Test func previewChangesNothing() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        f.explorer.echoLog.clear()
        _ = try f.explorer.previewEdit(column: "Title", text: "Highway to Hell")
        #expect(f.explorer.pendingChanges == 0)
        #expect(try f.explorer.currentRecord()?["Title"] == .text("For Those About To Rock We Salute You"))
        #expect(!f.explorer.echoLog.entries.contains { $0.sql.hasPrefix("UPDATE") })
    }

    @Test func typedTextBecomesAValueOfTheColumnsType() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Track")
        #expect(try f.explorer.previewEdit(column: "Milliseconds", text: "1234").arguments.first == .integer(1234))
        #expect(try f.explorer.previewEdit(column: "UnitPrice", text: "1.5").arguments.first == .real(1.5))
        #expect(try f.explorer.previewEdit(column: "Composer", text: "null").arguments.first == .null)
        #expect(try f.explorer.previewEdit(column: "Composer", text: "'NULL'").arguments.first == .text("NULL"))
        #expect(try f.explorer.previewEdit(column: "Name", text: "42").arguments.first == .text("42"))
    }

    @Test func applyRunsTheUpdateInsideTheSessionButWritesNothingToTheFile() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        let edit = try f.explorer.previewEdit(column: "Title", text: "Highway to Hell")
        let statement = try f.explorer.apply(edit)
        #expect(statement.sql == edit.sql)
        #expect(statement.arguments == edit.arguments)
        #expect(f.explorer.pendingChanges == 1)
        #expect(try f.explorer.currentRecord()?["Title"] == .text("Highway to Hell"))
        #expect(try onDisk(f.path, "SELECT Title FROM Album WHERE AlbumId = 1") == .text("For Those About To Rock We Salute You"))
    }

    @Test func commitWritesTheChangeToTheFile() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        try f.explorer.apply(try f.explorer.previewEdit(column: "Title", text: "Highway to Hell"))
        try f.explorer.commit()
        #expect(f.explorer.pendingChanges == 0)
        #expect(try onDisk(f.path, "SELECT Title FROM Album WHERE AlbumId = 1") == .text("Highway to Hell"))
        #expect(try f.explorer.currentRecord()?["Title"] == .text("Highway to Hell"))
    }

    @Test func rollbackRestoresTheRowsAndTheFileIsUntouched() throws {
        let f = try ChinookFixture()
        let before = try Data(contentsOf: URL(fileURLWithPath: f.path))
        try f.explorer.open("Artist")
        try f.explorer.get("1")
        try f.explorer.apply(try f.explorer.previewEdit(column: "Name", text: "AC/DC!"))
        f.explorer.moveCursor(to: 1)
        try f.explorer.apply(try f.explorer.previewEdit(column: "Name", text: "NULL"))
        #expect(f.explorer.pendingChanges == 2)
        #expect(try f.explorer.record(at: 0)?["Name"] == .text("AC/DC!"))
        #expect(try f.explorer.record(at: 1)?["Name"] == .null)

        try f.explorer.rollback()
        #expect(f.explorer.pendingChanges == 0)
        #expect(f.explorer.current?.cursorRow == 1)
        #expect(try f.explorer.record(at: 0)?["Name"] == .text("AC/DC"))
        #expect(try f.explorer.record(at: 1)?["Name"] == .text("Accept"))
        #expect(try onDisk(f.path, "SELECT Name FROM Artist WHERE ArtistId = 1") == .text("AC/DC"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path)) == before)
    }

    @Test func setCommitAndRollbackCommandsReportWhatTheyDid() throws {
        let f = try ChinookFixture()
        _ = try f.explorer.run("open Genre")
        let set = try f.explorer.run("set Name = 'Rock & Roll'")
        #expect(set.output == """
            UPDATE "Genre" SET "Name" = ? WHERE "GenreId" = ?  ['Rock & Roll', 1]
            1 row changed (1 uncommitted; commit to keep)
            """)
        #expect(set.status == "updated Name — 1 uncommitted")
        #expect(try f.explorer.run("rollback").output == "rolled back 1 change(s)")
        #expect(try onDisk(f.path, "SELECT Name FROM Genre WHERE GenreId = 1") == .text("Rock"))
        _ = try f.explorer.run("set Name = Rock!")
        #expect(try f.explorer.run("commit").output == "committed 1 change(s)")
        #expect(try onDisk(f.path, "SELECT Name FROM Genre WHERE GenreId = 1") == .text("Rock!"))
    }

    @Test func aConstraintViolationThrowsAndLeavesTheRowAsItWas() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        let edit = try f.explorer.previewEdit(column: "Title", text: "NULL")
        do {
            try f.explorer.apply(edit)
            Issue.record("expected a NOT NULL violation")
        } catch {
            #expect(ErrorText.line(error).contains("NOT NULL constraint failed: Album.Title"))
        }
        #expect(f.explorer.pendingChanges == 0)
        #expect(try f.explorer.currentRecord()?["Title"] == .text("For Those About To Rock We Salute You"))
    }

    @Test func editingAPrimaryKeyIsRefusedBecauseTheRowCouldNotBeFoundAgain() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        #expect(throws: ShellError.keyColumnNotEditable(command: "set", column: "ArtistId", table: "Artist")) {
            try f.explorer.previewEdit(column: "ArtistId", text: "2")
        }
        #expect(f.explorer.pendingChanges == 0)
    }

    @Test func editingAnUnknownColumnNamesTheModel() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        #expect(throws: AmigoError.unknownColumn(column: "Nmae", model: "Artist")) {
            try f.explorer.previewEdit(column: "Nmae", text: "x")
        }
    }

    @Test func editingAViewIsRefusedWithAClearError() throws {
        let path = try SampleDatabase.chinook.copy()
        defer { TemporaryFile.remove(path) }
        try SQLiteEngine(path: path).executeScript("CREATE VIEW AlbumTitle AS SELECT AlbumId, Title FROM Album;")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "chinook.sqlite")
        #expect(explorer.tables.first { $0.name == "AlbumTitle" }?.isView == true)
        try explorer.open("AlbumTitle")
        #expect(explorer.current?.totalCount == 347)
        #expect(throws: ShellError.viewNotEditable(command: "set", view: "AlbumTitle")) {
            try explorer.previewEdit(column: "Title", text: "x")
        }
        #expect(throws: ShellError.viewNotEditable(command: "set", view: "AlbumTitle")) {
            try explorer.run("set Title = x")
        }
    }

    @Test func editingAReadOnlyDatabaseIsRefusedBeforeTheUpdateIsShown() throws {
        let f = try ChinookFixture(options: OpenOptions(readOnly: true))
        #expect(f.amigo.engine.isReadOnly)
        try f.explorer.open("Artist")
        #expect(throws: AmigoError.readOnly(path: f.amigo.engine.path, operation: "edit rows")) {
            try f.explorer.previewEdit(column: "Name", text: "x")
        }
        do {
            _ = try f.explorer.run("set Name = x")
            Issue.record("expected a read-only error")
        } catch {
            #expect(ErrorText.line(error) == "cannot edit rows: \(f.amigo.engine.path) is open read-only")
        }
        #expect(try onDisk(f.path, "SELECT Name FROM Artist WHERE ArtistId = 1") == .text("AC/DC"))
    }
}
