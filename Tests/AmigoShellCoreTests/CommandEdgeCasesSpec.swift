import Amigo
import AmigoTestSupport
import Foundation
import Testing
@testable import AmigoShellCore

/// Commands at their edges: failed gets and edits, refused SQL, results replacing results, what
/// the row view and CSV show of awkward values, and the status line.
@Suite struct CommandEdgeCasesSpec {
    @Test func aFailedGetLeavesNoRowToEdit() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Artist")
        #expect(throws: ShellError.self) { try fixture.explorer.run("get 9999") }
        #expect(throws: ShellError.self) { try fixture.explorer.run("set Name = 'Renamed'") }
        _ = try fixture.explorer.run("filter Name BEGINSWITH 'A'")
        #expect(throws: ShellError.self) { try fixture.explorer.run("get 200") }     // exists, not in the view
        #expect(throws: ShellError.self) { try fixture.explorer.run("set Name = 'Renamed'") }
        #expect(fixture.explorer.pendingChanges == 0)
        #expect(throws: ShellError.self) { try fixture.explorer.run("relations") }
        #expect(throws: ShellError.self) { try fixture.explorer.run("follow albums") }
        // A successful get (or moving the cursor) chooses a row again.
        _ = try fixture.explorer.run("get 2")
        _ = try fixture.explorer.run("set Name = 'Accepted'")
        #expect(fixture.explorer.pendingChanges == 1)
    }

    @Test func aPragmaThatSetsSomethingAttachAndDetachAreRefusedBySql() throws {
        let fixture = try ChinookFixture()
        for pragma in ["PRAGMA ignore_check_constraints=1", "pragma foreign_keys = OFF", "PRAGMA writable_schema(1)", "PRAGMA main.query_only = 0",
                       "PRAGMA optimize", "pragma main.incremental_vacuum", "ATTACH ':memory:' AS other", "DETACH other"] {
            // Refused before anything runs: the session owns the transaction and the connection.
            let error = try #require(throws: ShellError.self, "\(pragma)") { try fixture.explorer.run("sql \(pragma)") }
            #expect(error.description.contains("PRAGMA") || error.description.contains("transaction"), "\(pragma)")
            #expect(fixture.explorer.pendingChanges == 0)
        }
        for pragma in ["PRAGMA foreign_keys", "PRAGMA table_info(Track)", "pragma main.index_list('Track')", "PRAGMA integrity_check"] {
            _ = try fixture.explorer.run("sql \(pragma)")
        }
    }

    @Test func oneSQLResultReplacesTheOneBefore() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Artist")
        _ = try fixture.explorer.run("sql SELECT 1")
        let result = try fixture.explorer.run("sql SELECT 2")
        #expect(!result.output.contains("sql › sql"))
        _ = try fixture.explorer.run("back")
        #expect(fixture.explorer.current?.model?.name == "Artist")
    }

    @Test func theRowViewMakesControlCharactersVisible() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Artist")
        _ = try fixture.explorer.run("get 1")
        _ = try fixture.explorer.run("set Name = 'x'")
        try fixture.explorer.session.execute(#"UPDATE "Artist" SET "Name" = char(27) || '[31mRED' || char(10) || 'x' WHERE "ArtistId" = 1"#)
        let shown = try fixture.explorer.run("get 1").output
        #expect(!shown.contains("\u{1B}") && !shown.contains("\n x") && shown.contains("·[31mRED↵x"))
    }

    @Test func smallAnswersToCommonQuestions() throws {
        let fixture = try ChinookFixture()
        #expect(throws: ShellError.self) { try fixture.explorer.run("help bogus") }
        #expect(try fixture.explorer.run("help get").output.hasPrefix("get ID"))
        try fixture.explorer.open("Track")
        #expect(!(try fixture.explorer.statsText("Name")).contains("avg"))          // no average of text
        #expect((try fixture.explorer.statsText("Milliseconds")).contains("avg"))
        #expect(Navigator.keyParts("1,'a,b'") == ["1", "'a,b'"])
        #expect(Navigator.keyParts(#"7,"x, y",'it''s'"#) == ["7", #""x, y""#, "'it''s'"])
        #expect(Navigator.keyParts("42") == ["42"])
        _ = try fixture.explorer.run("filter TrackId = 1")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("amigo-one-row-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try fixture.explorer.run("export csv \(path)").output == "wrote 1 row to \(path)")
    }

    @Test func csvKeepsNullAndEmptyTextApart() {
        #expect(CSVFormatter.field(.null) == "")
        #expect(CSVFormatter.field(.text("")) == #""""#)
        #expect(CSVFormatter.field(.text("a,b")) == #""a,b""#)
        #expect(CSVFormatter.field(.integer(7)) == "7")
    }

    @Test func theStatusMessageAnswersOnlyTheLastKey() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        try fixture.explorer.open("Artist")
        _ = app.handle(.tab)
        _ = app.handle(.char("S"))
        #expect(app.message == "sorted by ArtistId descending")
        _ = app.handle(.down)
        #expect(app.message == "")
    }

    @Test func statsOnAnUnknownColumnSaysSo() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Track")
        #expect(throws: AmigoError.unknownColumn(column: "nope", model: "Track")) { try fixture.explorer.run("stats nope") }
    }

    @Test func realsPrintWithFifteenSignificantDigitsAsSQLiteDoes() {
        #expect(ValueText.display(.real(19.984510000000146)) == "19.9845100000001")   // as the sqlite3 shell prints it
        #expect(ValueText.display(.real(0.1 + 0.2)) == "0.3")
        #expect(ValueText.display(.real(2)) == "2.0")
    }

    @Test func aFailedEditFollowedByIdleTimeLeavesTheFileUntouched() throws {
        let fixture = try ChinookFixture()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        try fixture.explorer.open("Album")
        // ArtistId 99999 breaks the foreign key: SQLite refuses and undoes the statement.
        #expect(throws: AmigoError.self) { try fixture.explorer.run("set ArtistId = 99999") }
        #expect(fixture.explorer.pendingChanges == 0)
        fixture.explorer.releaseIdleLocks()
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before)
    }
}

@Suite struct LabelColumnSpec {
    @Test func aTextKeyIsItsOwnLabelAndAnotherTextColumnIsNotPicked() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE department (dept_name TEXT PRIMARY KEY, building TEXT, budget REAL);
            CREATE TABLE artist (id INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE person (id INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT, email TEXT);
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect(LabelColumn.columns(of: try amigo.model(named: "department")) == nil)
        #expect(LabelColumn.columns(of: try amigo.model(named: "artist"))?.map(\.label) == ["Name"])
        #expect(LabelColumn.columns(of: try amigo.model(named: "person"))?.map(\.label) == ["FirstName", "LastName"])
    }

    @Test func rowsKeyedByManyColumnsAndForeignKeysAreNotLabels() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("""
            CREATE TABLE classroom (building TEXT, room TEXT, PRIMARY KEY (building, room));
            CREATE TABLE section (id INTEGER PRIMARY KEY, building TEXT, room TEXT, semester TEXT,
                                  FOREIGN KEY (building, room) REFERENCES classroom (building, room));
            CREATE TABLE takes (student INTEGER, section INTEGER REFERENCES section (id), grade TEXT, PRIMARY KEY (student, section));
            CREATE VIEW busy AS SELECT building, COUNT(*) AS n FROM section GROUP BY building;
            INSERT INTO classroom VALUES ('Chandler', '804');
            INSERT INTO section VALUES (1, 'Chandler', '804', 'Fall');
            """)
        let amigo = try AmigoDatabase(reflecting: engine)
        #expect(LabelColumn.columns(of: try amigo.model(named: "takes")) == nil)                        // its grade is no name
        #expect(LabelColumn.columns(of: try amigo.model(named: "section"))?.map(\.label) == ["semester"])  // not the classroom's building
        let explorer = try Explorer(amigo: amigo, displayPath: "memory")
        try explorer.open("busy")
        #expect(try explorer.run("relations").output.hasPrefix("busy \"Chandler\""))            // no key: no double space
    }
}

@Suite struct TooSmallSpec {
    @Test func keysWaitWhileTheScreenIsTooSmallExceptQuit() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        try fixture.explorer.open("Artist")
        _ = app.handle(.tab)
        let tiny = FrameLayout(app, width: 10, height: 3)
        _ = app.handle(.down, in: tiny)
        #expect(fixture.explorer.current?.cursorRow == 0)
        #expect(app.handle(.char("q"), in: tiny) == .quit)
        _ = app.handle(.down, in: FrameLayout(app, width: 120, height: 40))
        #expect(fixture.explorer.current?.cursorRow == 1)
    }
}

@Suite struct ColumnWidthSpec {
    @Test func columnsDoNotNarrowWhilePaging() throws {
        let fixture = try ChinookFixture()
        let app = ShellApp(explorer: fixture.explorer)
        try fixture.explorer.open("Track")
        _ = app.handle(.tab)
        func headerOffset(of name: String) -> Int? {
            let grid = app.render(width: 160, height: 40)
            return (0..<grid.height).lazy.compactMap { row in grid.line(row).range(of: name).map { grid.line(row).distance(from: grid.line(row).startIndex, to: $0.lowerBound) } }.first
        }
        let before = try #require(headerOffset(of: "AlbumId"))
        _ = app.handle(.end)
        let after = try #require(headerOffset(of: "AlbumId"))
        #expect(after >= before)
        _ = app.handle(.home)
        #expect(try #require(headerOffset(of: "AlbumId")) == after)
    }
}

/// What commands say about wrong arguments and awkward files: order and stats arguments, writes
/// SQLite cannot prepare, generated columns, export targets, help, huge sums, a table's own rowid.
@Suite struct CommandArgumentsSpec {
    @Test func orderSaysWhatIsWrongWithItsArguments() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Track")
        #expect(throws: ShellError.usage(command: "order", usage: "order COLUMN [asc|desc] ('sideways' is neither)")) {
            try fixture.explorer.run("order Name sideways")
        }
        #expect(throws: Never.self) { try fixture.explorer.run("order album.Title") }    // a related value sorts too
        #expect(throws: AmigoError.unknownColumn(column: "Nmae", model: "Track")) { try fixture.explorer.run("order Nmae") }
    }

    @Test func statsOnAPathThatDoesNotExistQuotesThePath() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Track")
        let error = try #require(throws: AmigoError.self) { try fixture.explorer.run("stats track.Name") }
        let lines = ErrorText.describe(error).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("filter error at column 1 near 'track': unknown relationship 'track' in Track"))
        #expect(lines[1] == "track.Name")
        #expect(lines[2] == "^")
        // A path that does lead somewhere works.
        #expect(try fixture.explorer.run("stats album.Title").output.contains("distinct"))
    }

    @Test func aWriteSQLiteCannotPrepareIsRunAndReportsSQLitesReason() throws {
        let path = TemporaryFile.path("mismatch")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE person (id INTEGER PRIMARY KEY, code TEXT);
            CREATE TABLE dangling (id INTEGER PRIMARY KEY, person_code TEXT REFERENCES person (code));
            INSERT INTO person VALUES (1, 'x');
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "mismatch")
        for statement in ["sql DELETE FROM person", "sql delete from person"] {
            let error = try #require(throws: (any Error).self) { try explorer.run(statement) }
            #expect(ErrorText.describe(error).contains("foreign key mismatch"))
            #expect(ErrorText.describe(error).hasSuffix("so SQLite refuses writes that must check it (schema TABLE shows the keys)"))
        }
        #expect(explorer.pendingChanges == 0)
        // A read that fails to prepare still says why.
        #expect(throws: (any Error).self) { try explorer.run("sql SELECT nosuch FROM person") }
        let error = try #require(throws: (any Error).self) { try explorer.amigo.engine.execute("DELETE FROM person", []) }
        #expect(ErrorText.describe(error).contains("a foreign key of this file points at columns that are not a key of their table"))
    }

    @Test func schemaOfATableNamesItsGeneratedColumnsAndItsWarnings() throws {
        let path = TemporaryFile.path("schema-notes")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("""
            CREATE TABLE box (id INTEGER PRIMARY KEY, w REAL, h REAL, area REAL GENERATED ALWAYS AS (w * h) STORED);
            CREATE TABLE dangling (id INTEGER PRIMARY KEY, ghost_id INTEGER REFERENCES ghost (id));
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "schema-notes")
        #expect(try explorer.schemaText("box").contains("\n-- generated (read-only): area"))
        #expect(try explorer.schemaText("dangling").hasSuffix("\n-- warning: dangling: foreign key (ghost_id) references missing table 'ghost'"))
        #expect(try !explorer.schemaText("box").contains("warning"))
    }

    @Test func exportToStandardOutputNeedsTextModeAndADirectoryIsRefused() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("MediaType")
        #expect(throws: ShellError.standardOutputIsTheScreen(command: "export")) {
            try fixture.explorer.run("export csv -")
        }
        var written = ""
        fixture.explorer.standardOutputWriter = { written += $0 }
        let result = try fixture.explorer.run("export csv -")
        #expect(result.output == "")
        #expect(result.status == "exported 5 rows to standard output")
        #expect(written.hasPrefix("MediaTypeId,Name\r\n1,MPEG audio file\r\n"))
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: ShellError.cannotWrite(path: directory, reason: "Is a directory")) { try fixture.explorer.run("export csv \(directory)") }
    }

    @Test func helpFilterDescribesTheLanguageWithExamplesThatRun() throws {
        let fixture = try ChinookFixture()
        let help = try fixture.explorer.run("help filter").output
        #expect(help.hasPrefix("filter EXPR"))
        #expect(help.contains("\nThe filter language (every constant is bound as a ? parameter):\n"))
        #expect(try fixture.explorer.run("help").output.hasSuffix("help filter describes it in full."))
        try fixture.explorer.open("Track")
        for example in ["Name = 'Rock'", "GenreId IN {1, 2}", "Milliseconds BETWEEN {100000, 200000}", "Name LIKE 'Rock*'",
                        "Name MATCHES '[A-Z].*'", "Composer = nil", "album.artist.Name = 'AC/DC'", "Name BEGINSWITH 'A'"] {
            #expect(help.contains(example), "\(example)")
            #expect(throws: Never.self) { try fixture.explorer.setFilter(example) }
        }
        #expect(throws: Never.self) { try fixture.explorer.setFilter("Name BEGINSWITH[cd] 'a'") }
        try fixture.explorer.open("Album")
        #expect(throws: Never.self) { try fixture.explorer.setFilter("tracks.Name CONTAINS 'Love'") }
        try fixture.explorer.open("Artist")
        #expect(throws: Never.self) { try fixture.explorer.setFilter("albums = nil") }
        #expect(help.contains("albums.@count > 5"))
        try fixture.explorer.setFilter("albums.@count > 5")
        #expect(fixture.explorer.current?.totalCount == 6)
    }

    @Test func aFailedExportWriteIsAnErrorAndTheSessionKeepsItsEdits() throws {
        let fixture = try ChinookFixture()
        try fixture.explorer.open("Genre")
        _ = try fixture.explorer.run("set Name = 'Edited'")
        #expect(throws: ShellError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
            try fixture.explorer.run("export csv /dev/full")
        }
        #expect(fixture.explorer.pendingChanges == 1)
        #expect(try fixture.explorer.currentRecord()?["Name"] == "Edited")
        // A FIFO or a device is written to in place, never truncated or replaced.
        #expect(Exporter.exportTarget("/dev/full") == .file(existingIsRegular: false))
        #expect(Exporter.exportTarget("/dev/null") == .file(existingIsRegular: false))
        #expect(Exporter.exportTarget("-") == .standardOutput)
        #expect(Exporter.exportTarget("/nonexistent/x.csv") == .file(existingIsRegular: nil))
    }

    @Test func aRowidColumnOfTheTablesOwnIsNeverTakenForSQLitesRowid() throws {
        let path = TemporaryFile.path("own-rowid")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("CREATE TABLE q (rowid TEXT, v TEXT); INSERT INTO q VALUES ('1', 'a'), ('1', 'b'), (NULL, 'c');")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: path), displayPath: "own-rowid")
        #expect(try !explorer.amigo.model(named: "q").table.hasRowID)
        try explorer.open("q")
        #expect(throws: ShellError.keyLookup(command: "get", reason: "q has no primary key, and its own rowid column hides SQLite's, so rows cannot be looked up by key; use filter")) {
            try explorer.run("get 1")
        }
        // Without a key to aim at one row, an edit is refused rather than applied to two.
        #expect(throws: (any Error).self) { try explorer.run("set v = 'changed'") }
        #expect(try engine.fetchAll("SELECT v FROM q ORDER BY v").rows == [["a"], ["b"], ["c"]])
        // Paging still walks every row once.
        #expect(try explorer.values(in: 0..<10).map { $0[1] } == ["a", "b", "c"])
    }

    @Test func statsOfASumPastSixtyFourBitsGivesItAsAReal() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        try engine.executeScript("CREATE TABLE p (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO p VALUES (1, 9223372036854775807), (2, 5);")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "memory")
        try explorer.open("p")
        let stats = try explorer.run("stats v").output
        #expect(stats.contains("\nmax       9223372036854775807"))
        #expect(stats.contains("\nsum       9.22337203685478e+18"))
    }

    @Test func statsOfATextColumnComputeNoSumNorAverageAndSayTheSame() throws {
        let engine = try SQLiteEngine(path: ":memory:")
        // TEXT affinity stores the number 12 as the text '12'; a BLOB stays a BLOB.
        try engine.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT); INSERT INTO t VALUES (1, 'b'), (2, 12), (3, NULL), (4, 'b');")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "memory")
        try explorer.open("t")
        explorer.echoLog.clear()
        let stats = try explorer.run("stats s").output
        #expect(stats == """
            stat      s
            --------  --
            rows      4
            non-null  3
            distinct  2
            nulls     1
            min       12
            max       b
            """)
        let ran = explorer.echoLog.entries.filter { $0.kind == .statement }.map(\.sql)
        #expect(ran.count == 1 && !ran[0].contains("SUM(") && !ran[0].contains("AVG("), "\(ran)")
    }

    @Test func aTableWithoutRelationshipsSaysSo() throws {
        let path = TemporaryFile.path("lonely")
        defer { TemporaryFile.remove(path) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        try engine.executeScript("CREATE TABLE lonely (id INTEGER PRIMARY KEY, note TEXT); INSERT INTO lonely VALUES (1, 'first line' || char(10) || 'second line' || char(27) || '[31m');")
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "lonely")
        try explorer.open("lonely")
        let result = try explorer.run("relations")
        #expect(result.output == "lonely 1 \"first line↵second line·…\"\n(no relationships: no foreign key leads from or to lonely)")
        #expect(result.status == "0 relationships")
        // The row detail breaks a multi-line value into lines under its first one.
        #expect(try explorer.currentRowDetail().split(separator: "\n").suffix(3) == ["id    1", "note  first line", "      second line·[31m"])
        #expect(ValueText.blobSummary([0x41]) == "⟨1 byte⟩ 41")
    }
}
