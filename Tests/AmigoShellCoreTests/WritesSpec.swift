import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// A small library with every ON DELETE action: author → book (CASCADE) → chapter (CASCADE),
/// book → review (SET NULL), author → loan (NO ACTION).
final class LibraryFixture {
    let path = TemporaryFile.path("library")
    let explorer: Explorer

    static let sql = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES author (id) ON DELETE CASCADE);
        CREATE TABLE chapter (id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES book (id) ON DELETE CASCADE, title TEXT);
        CREATE TABLE review (id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES book (id) ON DELETE SET NULL, body TEXT);
        CREATE TABLE loan (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id), note TEXT);
        INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy'), (4, 'Di');
        INSERT INTO book VALUES (1, 'One', 1), (2, 'Two', 1), (3, 'Three', 2);
        INSERT INTO chapter VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 1, 'c'), (4, 2, 'd'), (5, 2, 'e'), (6, 3, 'f');
        INSERT INTO review VALUES (1, 1, 'good'), (2, 2, 'fine'), (3, 3, 'meh');
        INSERT INTO loan VALUES (1, 3, 'lent');
        """

    init(readOnly: Bool = false) throws {
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript(Self.sql)
        explorer = try Explorer(amigo: AmigoDatabase(reflecting: path, options: OpenOptions(readOnly: readOnly)), displayPath: "library")
    }

    func scalar(_ sql: String) throws -> Int? {
        try explorer.amigo.engine.fetchScalar(sql).integerValue.map(Int.init)
    }

    deinit {
        try? explorer.session.close()
        TemporaryFile.remove(path)
    }
}

/// insert, delete, link, unlink and writing sql: through the session, each in its own savepoint,
/// with the exact statements shown first and what ON DELETE actions do counted.
@Suite struct WritesSpec {
    // MARK: Parsing

    @Test func insertParsesCommaSeparatedAssignmentsWithQuotedCommas() throws {
        #expect(try CommandParser.parse("insert Name='Foo, Bar', ArtistId=3") == .insert([
            ColumnAssignment(column: "Name", value: "'Foo, Bar'"), ColumnAssignment(column: "ArtistId", value: "3")]))
        #expect(try CommandParser.parse("insert") == .insert([]))
        #expect(throws: ShellError.self) { try CommandParser.parse("insert Name") }
    }

    @Test func deleteParsesTheCurrentRowOrAllWithAnOptionalCount() throws {
        #expect(try CommandParser.parse("delete") == .delete(all: false, expected: nil))
        #expect(try CommandParser.parse("delete all") == .delete(all: true, expected: nil))
        #expect(try CommandParser.parse("delete all 12") == .delete(all: true, expected: 12))
        #expect(throws: ShellError.self) { try CommandParser.parse("delete everything") }
    }

    @Test func linkAndUnlinkParseARelationshipAKeyAndAPayload() throws {
        #expect(try CommandParser.parse("link tracks 5") == .link(relationship: "tracks", key: "5", payload: []))
        #expect(try CommandParser.parse("link students 1,2 grade='A', year=2020") == .link(
            relationship: "students", key: "1,2",
            payload: [ColumnAssignment(column: "grade", value: "'A'"), ColumnAssignment(column: "year", value: "2020")]))
        #expect(try CommandParser.parse("unlink tracks 5") == .unlink(relationship: "tracks", key: "5"))
        #expect(throws: ShellError.self) { try CommandParser.parse("unlink tracks") }
    }

    @Test func everyWriteCommandHasHelp() {
        for name in ["insert", "delete", "link", "unlink"] {
            #expect(CommandParser.names.contains(name))
        }
    }

    // MARK: Insert

    @Test func insertPreviewsTheExactInsertAndMakesTheNewRowCurrent() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        let pending = try f.explorer.previewWrite(.insert([ColumnAssignment(column: "Name", value: "'Foo'")]))
        #expect(pending.statements == ["INSERT INTO \"Artist\" (\"Name\") VALUES (?)  ['Foo']"])
        #expect(f.explorer.pendingChanges == 0)
        try f.explorer.perform(pending)
        #expect(f.explorer.pendingChanges == 1)
        let id = try #require(try f.scalar("SELECT max(ArtistId) FROM Artist"))
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(Int64(id))])
        #expect(try f.explorer.currentRecord()?["Name"] == .text("Foo"))
    }

    @Test func insertFromTheCommandLineParsesValuesAsSetDoes() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        let result = try f.explorer.run("insert Title='It''s, here', ArtistId=3")
        #expect(result.output.hasPrefix("INSERT INTO \"Album\" (\"Title\", \"ArtistId\") VALUES (?, ?)  ['It''s, here', 3]"))
        #expect(try f.explorer.currentRecord()?["Title"] == .text("It's, here"))
        #expect(try f.scalar("SELECT count(*) FROM Album WHERE Title = 'It''s, here' AND ArtistId = 3") == 1)
    }

    @Test func aConstraintViolationIsOneLineAndKeepsEarlierPendingChanges() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Album")
        _ = try f.explorer.run("set Title = 'Kept'")
        let error = try #require(throws: (any Error).self) { try f.explorer.run("insert Title='Bad', ArtistId=99999") }
        let text = ErrorText.describe(error)
        #expect(!text.contains("\n"))
        #expect(text.contains("FOREIGN KEY"))
        #expect(text.contains("ArtistId"))
        #expect(text.contains("99999"))
        // SQLite does not say which key failed: the shell looked for the missing parent row.
        #expect(text.contains("FOREIGN KEY constraint failed: no Artist with ArtistId = 99999 for ArtistId"), "\(text)")
        #expect(f.explorer.pendingChanges == 1)
        #expect(try f.scalar("SELECT count(*) FROM Album WHERE Title = 'Kept'") == 1)
        // The session is still usable.
        _ = try f.explorer.run("insert Title='Good', ArtistId=1")
        #expect(f.explorer.pendingChanges == 2)
    }

    @Test func aNotNullViolationNamesTheColumn() throws {
        let f = try LibraryFixture()
        try f.explorer.open("author")
        let error = try #require(throws: (any Error).self) { try f.explorer.run("insert name=NULL") }
        #expect(ErrorText.describe(error).contains("author.name"))
        let unique = try #require(throws: (any Error).self) { try f.explorer.run("insert name='Ann'") }
        #expect(ErrorText.describe(unique).contains("UNIQUE constraint failed: author.name (name = 'Ann')"))
    }

    // MARK: Delete

    @Test func deletePreviewCountsCascadedAndNulledRowsAsSQLDoes() throws {
        let f = try LibraryFixture()
        try f.explorer.open("author")
        try f.explorer.get("1")
        let pending = try f.explorer.previewWrite(.delete(all: false, expected: nil))
        #expect(pending.statements == ["DELETE FROM \"author\" WHERE \"id\" = ?  [1]"])
        let cascade = try #require(pending.cascade)
        let books = try #require(try f.scalar("SELECT count(*) FROM book WHERE author_id = 1"))
        let chapters = try #require(try f.scalar("SELECT count(*) FROM chapter WHERE book_id IN (SELECT id FROM book WHERE author_id = 1)"))
        let reviews = try #require(try f.scalar("SELECT count(*) FROM review WHERE book_id IN (SELECT id FROM book WHERE author_id = 1)"))
        #expect(cascade.rows == 1)
        #expect(cascade.cascaded == [.init(table: "book", count: books), .init(table: "chapter", count: chapters)])
        #expect(cascade.nulled == [.init(table: "review", count: reviews)])
        #expect(!cascade.willFail)
        #expect(pending.preview.contains("also deletes 2 rows of book (ON DELETE CASCADE)"))
        #expect(pending.preview.contains("also deletes 5 rows of chapter (ON DELETE CASCADE)"))
        #expect(pending.preview.contains("sets the foreign key of 2 rows of review to NULL (ON DELETE SET NULL)"))
        try f.explorer.perform(pending)
        #expect(try f.scalar("SELECT count(*) FROM book") == 1)
        #expect(try f.scalar("SELECT count(*) FROM chapter") == 1)
        #expect(try f.scalar("SELECT count(*) FROM review WHERE book_id IS NULL") == 2)
        // The grid stays on the neighbouring row.
        #expect(try f.explorer.currentRecord()?.primaryKey == [.integer(2)])
    }

    /// The counts behind a delete's preview and its check are the shell's bookkeeping: not echoed,
    /// while echo stays on and shows the DELETE itself.
    @Test func theCountsBehindADeleteAreNotEchoedButTheDeleteIs() throws {
        let f = try LibraryFixture()
        try f.explorer.open("author")
        try f.explorer.get("1")
        #expect(f.explorer.isEchoOn)
        f.explorer.echoLog.clear()
        let pending = try f.explorer.previewWrite(.delete(all: false, expected: nil))
        try f.explorer.perform(pending)
        let statements = f.explorer.echoLog.entries.map(\.sql)
        #expect(f.explorer.isEchoOn)
        #expect(!statements.contains { $0.contains("count(*)") }, "\(statements)")
        #expect(statements.contains(#"DELETE FROM "author" WHERE "id" = ?"#), "\(statements)")
    }

    @Test func aRestrictingForeignKeyIsNamedAndTheDeleteIsRefused() throws {
        let f = try LibraryFixture()
        try f.explorer.open("author")
        try f.explorer.get("3")
        let pending = try f.explorer.previewWrite(.delete(all: false, expected: nil))
        #expect(pending.cascade?.willFail == true)
        #expect(pending.preview.contains("will fail: 1 row of loan still refer to it through loan(author_id) → author (ON DELETE NO ACTION)"))
        #expect(throws: (any Error).self) { try f.explorer.perform(pending) }
        #expect(f.explorer.pendingChanges == 0)
        #expect(try f.scalar("SELECT count(*) FROM author") == 4)
    }

    @Test func deleteAllDeletesEveryRowOfTheFilteredViewWithItsCountConfirmed() throws {
        let f = try LibraryFixture()
        try f.explorer.open("book")
        try f.explorer.setFilter("author_id = 1")
        #expect(throws: ShellError.self) { try f.explorer.run("delete all 3") }
        #expect(f.explorer.pendingChanges == 0)
        let result = try f.explorer.run("delete all 2")
        #expect(result.output.contains("also deletes 5 rows of chapter (ON DELETE CASCADE)"))
        #expect(try f.scalar("SELECT count(*) FROM book") == 1)
        #expect(try f.scalar("SELECT count(*) FROM chapter") == 1)
        #expect(f.explorer.pendingChanges == 2)
    }

    @Test func aDeleteThatWouldRemoveMoreThanShownIsRolledBack() throws {
        let f = try LibraryFixture()
        try f.explorer.open("author")
        try f.explorer.get("4")
        let pending = try f.explorer.previewWrite(.delete(all: false, expected: nil))
        #expect(pending.cascade?.cascaded == [])
        // After the preview, a book of Di's appears: the delete would now remove more than shown.
        _ = try f.explorer.session.execute("INSERT INTO book VALUES (9, 'Late', 4)")
        let before = f.explorer.pendingChanges
        #expect(throws: (any Error).self) { try f.explorer.perform(pending) }
        #expect(f.explorer.pendingChanges == before)
        #expect(try f.scalar("SELECT count(*) FROM author WHERE id = 4") == 1)
        #expect(try f.scalar("SELECT count(*) FROM book WHERE id = 9") == 1)
    }

    // MARK: Link and unlink

    @Test func linkAndUnlinkAddAndRemoveAJunctionRowThroughTheSession() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Playlist")
        try f.explorer.get("2")
        let relationship = try #require(f.explorer.current?.model?.relationships.first { $0.kind == .manyToMany && $0.target.name == "Track" })
        let pending = try f.explorer.previewWrite(.link(relationship: relationship.name, key: "5", payload: []))
        #expect(pending.statements == ["INSERT OR IGNORE INTO \"PlaylistTrack\" (\"PlaylistId\", \"TrackId\") VALUES (?, ?)  [2, 5]"])
        try f.explorer.perform(pending)
        #expect(try f.scalar("SELECT count(*) FROM PlaylistTrack WHERE PlaylistId = 2 AND TrackId = 5") == 1)
        let result = try f.explorer.run("unlink \(relationship.name) 5")
        #expect(result.output.hasPrefix("DELETE FROM \"PlaylistTrack\" WHERE \"PlaylistId\" = ? AND \"TrackId\" = ?  [2, 5]"))
        #expect(try f.scalar("SELECT count(*) FROM PlaylistTrack WHERE PlaylistId = 2 AND TrackId = 5") == 0)
        #expect(throws: ShellError.self) { try f.explorer.run("link \(relationship.name) 5 extra=1") }
    }

    @Test func linkOnAJunctionWithAPayloadSetsItsColumns() throws {
        let path = TemporaryFile.path("university")
        defer { TemporaryFile.remove(path) }
        try SQLFixture.build("university", at: path)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "university")
        defer { try? explorer.session.close() }
        try explorer.open("student")
        let model = try #require(explorer.current?.model)
        let relationship = try #require(model.relationships.first { $0.kind == .manyToMany && $0.through?.name == "takes" })
        let student = try #require(try explorer.currentRecord())
        var found: [DatabaseValue]?
        try explorer.amigo.engine.fetch(
            "SELECT course_id, sec_id, semester, year FROM section WHERE NOT EXISTS (SELECT 1 FROM takes WHERE takes.ID = ? AND takes.course_id = section.course_id AND takes.sec_id = section.sec_id AND takes.semester = section.semester AND takes.year = section.year) LIMIT 1",
            [student["ID"]]) { row in found = row.values; return false }
        let section = (values: try #require(found), ())
        let key = section.values.map { ValueText.filterLiteral($0) ?? "" }.joined(separator: ",")
        let result = try explorer.run("link \(relationship.name) \(key) grade='A'")
        #expect(result.output.hasPrefix("INSERT INTO \"takes\""), "\(result.output)")
        #expect(try explorer.amigo.engine.fetchScalar("SELECT grade FROM takes WHERE ID = ? AND course_id = ? AND sec_id = ? AND semester = ? AND year = ?",
                                                     [student["ID"]] + section.values) == .text("A"))
        _ = try explorer.run("unlink \(relationship.name) \(key)")
        #expect(try explorer.amigo.engine.fetchScalar("SELECT count(*) FROM takes WHERE ID = ? AND course_id = ? AND sec_id = ? AND semester = ? AND year = ?",
                                                     [student["ID"]] + section.values) == .integer(0))
    }

    // MARK: sql

    @Test func sqlRunsAWriteInsideTheSession() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        let result = try f.explorer.run("sql UPDATE Artist SET Name = 'X' WHERE ArtistId <= 2")
        #expect(result.output == "UPDATE Artist SET Name = 'X' WHERE ArtistId <= 2\n2 rows changed (2 uncommitted; commit to keep)")
        #expect(f.explorer.pendingChanges == 2)
        _ = try f.explorer.run("rollback")
        #expect(try f.scalar("SELECT count(*) FROM Artist WHERE Name = 'X'") == 0)
    }

    @Test func sqlDDLReflectsTheModelsAgainKeepingPendingChanges() throws {
        let f = try ChinookFixture()
        try f.explorer.open("Artist")
        _ = try f.explorer.run("set Name = 'Kept'")
        _ = try f.explorer.run("sql CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT 'x', artist_id INTEGER REFERENCES Artist (ArtistId))")
        #expect(f.explorer.pendingChanges == 2)
        #expect(f.explorer.tables.contains { $0.name == "note" })
        _ = try f.explorer.run("open note")
        let result = try f.explorer.run("insert artist_id=1")
        #expect(result.output.hasPrefix("INSERT INTO \"note\" (\"artist_id\") VALUES (?)  [1]"))
        #expect(try f.explorer.currentRecord()?["body"] == .text("x"))
        #expect(try f.scalar("SELECT count(*) FROM Artist WHERE Name = 'Kept'") == 1)
        _ = try f.explorer.run("rollback")
        #expect(!f.explorer.tables.contains { $0.name == "note" })
        #expect(f.explorer.pendingChanges == 0)
    }

    @Test func sqlRefusesTransactionControlPointingToCommitAndRollback() throws {
        let f = try ChinookFixture()
        for statement in ["BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT x", "RELEASE x", "/* c */ begin immediate"] {
            let error = try #require(throws: ShellError.self, "\(statement)") { try f.explorer.run("sql \(statement)") }
            #expect(error.description.contains("commit keeps its changes, rollback undoes them"), "\(statement)")
        }
    }

    // MARK: Read-only

    @Test func readOnlyRefusesEveryWriteInOneLine() throws {
        let f = try LibraryFixture(readOnly: true)
        try f.explorer.open("author")
        for line in ["insert name='Eve'", "delete", "delete all", "sql DELETE FROM author", "sql CREATE TABLE x (a)"] {
            let error = try #require(throws: (any Error).self, "\(line)") { try f.explorer.run(line) }
            let text = ErrorText.describe(error)
            #expect(text.contains("read-only") && !text.contains("\n"), "\(line): \(text)")
        }
        #expect(try f.scalar("SELECT count(*) FROM author") == 4)
    }
}
