import Amigo
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Another program writes the file while the shell has it open: counts and rows are read again
/// (on the next command in text mode, on the next idle second in the terminal UI, or with
/// `refresh`), never served from what was counted before.
@Suite struct ChangesElsewhereSpec {
    /// An explorer over a new file of `rows` students, and a second connection to the same file.
    func explorer(rows: Int = 3) throws -> (Explorer, SQLiteEngine, String) {
        let path = TemporaryFile.path("elsewhere")
        let other = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try other.executeScript("""
            CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE course (id INTEGER PRIMARY KEY, title TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) INSERT INTO student SELECT i, 'student ' || i FROM n;
            """)
        return (try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: path), other, path)
    }

    @Test func reopeningATableCountsTheRowsAnotherProgramAdded() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        explorer.releaseIdleLocks()
        try other.execute("INSERT INTO student VALUES (4, 'new')", [])
        try explorer.open("course")
        try explorer.open("student")
        #expect(explorer.current?.totalCount == 4)
        #expect(try explorer.values(in: 0..<10).map { $0[1] } == ["student 1", "student 2", "student 3", "new"])
        #expect(explorer.tables.first { $0.name == "student" }?.rowCount == 4)
    }

    @Test func countAndTheNextTextModeCommandSeeRowsDeletedElsewhere() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        var printed: [String] = []
        let runner = TextModeRunner(explorer: explorer, echo: false, output: { printed.append($0) }, errors: { _ in })
        runner.run("open student")
        try other.execute("DELETE FROM student WHERE id = 2", [])
        runner.run("count")
        #expect(printed.last == "2\n")
        try other.execute("DELETE FROM student WHERE id = 1", [])
        runner.run("show")
        #expect(printed.last?.contains("(1 row)") == true)
        #expect(printed.last?.contains("student 1") == false)
    }

    @Test func theIdleCheckRefreshesOnlyAfterAnotherCommitAndKeepsThePosition() throws {
        let (explorer, other, path) = try explorer(rows: 50)
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        explorer.moveCursor(to: 9)
        explorer.releaseIdleLocks()
        #expect(!explorer.refreshIfChangedElsewhere())
        explorer.releaseIdleLocks()     // as the UI does after every key and idle check
        try other.execute("INSERT INTO student VALUES (51, 'late')", [])
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.current?.totalCount == 51)
        #expect(explorer.current?.cursorRow == 9)
        #expect(!explorer.refreshIfChangedElsewhere())
        // Rows removed before the current one: the cursor stays on the same row, now higher up.
        #expect(try explorer.currentRecord()?["id"] == 10)      // on screen
        explorer.releaseIdleLocks()
        try other.execute("DELETE FROM student WHERE id <= 3", [])
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.current?.cursorRow == 6)
        #expect(try explorer.currentRecord()?["id"] == 10)
    }

    @Test func uncommittedEditsAreNotThrownAwayByARefresh() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        _ = try explorer.run("set name = 'edited'")
        #expect(explorer.pendingChanges == 1)
        // The session holds the write lock: nobody else can commit, and nothing is re-read.
        #expect(throws: (any Error).self) { try other.execute("INSERT INTO student VALUES (9, 'x')", []) }
        #expect(!explorer.refreshIfChangedElsewhere())
        #expect(try explorer.currentRecord()?["name"] == "edited")
    }

    @Test func aSchemaChangedElsewhereIsReflectedAgain() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        _ = try explorer.run("filter id >= 2")
        explorer.moveCursor(to: 1)
        explorer.releaseIdleLocks()
        try other.executeScript("""
            ALTER TABLE student ADD COLUMN email TEXT;
            UPDATE student SET email = 'x@y' WHERE id = 3;
            CREATE TABLE enrolment (student_id INTEGER REFERENCES student (id), course_id INTEGER REFERENCES course (id));
            """)
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.tables.map(\.name) == ["course", "enrolment", "student"])
        let view = try #require(explorer.current)
        #expect(view.columns == ["id", "name", "email"])
        #expect(view.filter == "id >= 2")
        #expect(view.cursorRow == 1)
        #expect(try explorer.currentRecord()?["email"] == "x@y")
        // The new link table is a junction already: student ↔ course.
        #expect(try explorer.amigo.model(named: "student").relationship(named: "courses")?.kind == .manyToMany)
        // The table on screen dropped elsewhere: the view closes, the list forgets it.
        explorer.releaseIdleLocks()
        try other.executeScript("DROP TABLE enrolment; DROP TABLE student;")
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.current == nil)
        #expect(explorer.tables.map(\.name) == ["course"])
        #expect(throws: (any Error).self) { try explorer.run("open student") }
    }

    @Test func aSchemaChangeElsewhereKeepsTheNavigationFiltersAndRow() throws {
        let fixture = try ChinookFixture()
        let explorer = fixture.explorer
        let other = try SQLiteEngine(path: fixture.path)
        try explorer.open("Artist")
        _ = try explorer.run("get 3")
        _ = try explorer.run("follow albums")
        try explorer.open("Track")
        _ = try explorer.run("filter GenreId = 3")
        _ = try explorer.run("order Composer desc")
        _ = try explorer.run("get 2564")
        let rowBefore = try #require(explorer.current?.cursorRow)
        explorer.releaseIdleLocks()
        try other.executeScript("CREATE TABLE foo (x)")
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.takeNotice() == "the schema was changed by another program")
        // Nothing it touched: the same filter, order and row, and back still leads to the followed view.
        #expect(explorer.current?.filter == "GenreId = 3")
        #expect(explorer.current?.cursorRow == rowBefore)
        #expect(try explorer.currentRecord()?["TrackId"] == 2564)
        try explorer.back()
        #expect(explorer.current?.title == "albums")
        #expect(try explorer.values(in: 0..<5).map { $0[1] } == ["Big Ones"])   // Aerosmith's one album
    }

    @Test func aFilterOnARenamedColumnIsDroppedWithANoticeAndTheRowKept() throws {
        let fixture = try ChinookFixture()
        let explorer = fixture.explorer
        let other = try SQLiteEngine(path: fixture.path)
        try explorer.open("Track")
        _ = try explorer.run("filter GenreId = 3")
        _ = try explorer.run("get 2564")
        explorer.releaseIdleLocks()
        try other.executeScript("ALTER TABLE Track RENAME COLUMN GenreId TO GenreRef")
        #expect(explorer.refreshIfChangedElsewhere())
        #expect(explorer.takeNotice() == "the schema was changed by another program: filter GenreId = 3 dropped from Track")
        #expect(explorer.current?.filter == nil)
        #expect(try explorer.currentRecord()?["TrackId"] == 2564)
    }

    @Test func aRowDeletedElsewhereIsNotEditedInItsPlace() throws {
        let (explorer, other, path) = try explorer(rows: 5)
        defer { TemporaryFile.remove(path) }
        var errors: [String] = []
        let runner = TextModeRunner(explorer: explorer, echo: false, output: { _ in }, errors: { errors.append($0) })
        runner.run("open student")
        runner.run("get 3")
        runner.run("show")
        try other.execute("DELETE FROM student WHERE id = 3", [])
        runner.run("set name = 'x'")
        #expect(errors == ["note: student 3 \"student 3\" was deleted (or left the view) by another program",
                           "error: set: student 3 \"student 3\" was deleted (or left the view) elsewhere, so no row was chosen; get a row first"])
        #expect(try other.fetchAll("SELECT name FROM student WHERE id = 4").rows == [["student 4"]])
        runner.run("get 4")
        runner.run("set name = 'x'")
        #expect(errors.count == 2)
    }

    @Test func aFailedTextModeCommandLeavesNoLockBehind() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        let runner = TextModeRunner(explorer: explorer, echo: false, output: { _ in }, errors: { _ in })
        runner.run("open student")
        runner.run("get 99")
        #expect(runner.failed)
        try other.execute("INSERT INTO student VALUES (4, 'new')", [])     // not blocked for the busy timeout
    }

    @Test func whatOthersCommittedWhileEditsWerePendingIsReadAtCommit() throws {
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        explorer.releaseIdleLocks()
        try other.executeScript("INSERT INTO student VALUES (0, 'zero'); ALTER TABLE student ADD COLUMN email TEXT;")
        _ = try explorer.run("get 2")
        _ = try explorer.run("set name = 'edited'")
        _ = try explorer.run("commit")
        let view = try #require(explorer.current)
        #expect(view.columns == ["id", "name", "email"])
        #expect(view.totalCount == 4)
        #expect(try explorer.currentRecord()?["name"] == "edited")
    }

    @Test func refreshIsACommandAndAKey() throws {
        #expect(try CommandParser.parse("refresh") == .refresh)
        #expect(try CommandParser.parse("reload") == .refresh)
        #expect(KeyMap.action(for: .char("R")) == .refresh)
        #expect(KeyMap.action(for: .control("r")) == .refresh)
        let (explorer, other, path) = try explorer()
        defer { TemporaryFile.remove(path) }
        try explorer.open("student")
        explorer.releaseIdleLocks()
        try other.execute("INSERT INTO student VALUES (4, 'new')", [])
        let result = try explorer.run("refresh")
        #expect(result.status == "refreshed: row 1 of 4")
    }
}
