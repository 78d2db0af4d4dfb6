import Amigo
import Foundation
import AmigoTestSupport
import Testing
@testable import AmigoShellCore

/// Text mode: command lines in, aligned text out, errors flagged without stopping the run.
@Suite struct TextModeRunnerSpec {
    /// Lines a runner wrote (the runner calls back on the test's own thread).
    final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    /// A runner over chinook that collects its output and errors.
    final class Run {
        let fixture: ChinookFixture
        let runner: TextModeRunner
        private let out = Lines()
        private let err = Lines()

        init(echo: Bool = false, mode: OutputMode = .table, header: Bool = true) throws {
            fixture = try ChinookFixture()
            let (out, err) = (out, err)
            runner = TextModeRunner(explorer: fixture.explorer, echo: echo, mode: mode, header: header,
                                    output: { out.all.append($0) }, errors: { err.all.append($0) })
        }

        /// What went to standard output, one entry per command that printed (its last line
        /// break removed).
        var printed: [String] { out.all.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 } }
        /// Everything that went to standard output, as written.
        var text: String { out.all.joined() }
        /// What went to standard error.
        var reported: [String] { err.all }
    }

    @Test func linesRunInOrderAndPrintAlignedText() throws {
        let run = try Run()
        run.runner.run(lines: ["limit 3", "open Artist", "show", "get 1", "relations", "follow albums"])
        #expect(!run.runner.failed)
        #expect(run.reported == [])
        #expect(run.printed.count == 3)
        #expect(run.printed[0] == """
            Artist
            ArtistId  Name
            --------  ---------
            1         AC/DC
            2         Accept
            3         Aerosmith
            (275 rows, first 3 shown)
            """)
        #expect(run.printed[1] == """
            Artist 1 "AC/DC"
            relationship  kind         to     rows
            ------------  -----------  -----  ----
            albums        one-to-many  Album  2
            """)
        #expect(run.printed[2] == """
            Artist 1 "AC/DC" › albums
            AlbumId  Title                                  ArtistId
            -------  -------------------------------------  ---------
            1        For Those About To Rock We Salute You  1 → AC/DC
            4        Let There Be Rock                      1 → AC/DC
            (2 rows)
            """)
    }

    @Test func anErrorIsReportedFlaggedAndTheRunGoesOn() throws {
        let run = try Run()
        run.runner.run(lines: ["open Track", "filter Milliseconds >> 3", "fliter x", "count", "back"])
        #expect(run.runner.failed)
        #expect(run.reported.count == 3)
        #expect(run.reported[0].hasPrefix("error: filter error at column"))
        #expect(run.reported[0].contains("\nMilliseconds >> 3\n"))
        #expect(run.reported[1] == "error: unknown command 'fliter' (did you mean 'filter'?); type help for the list")
        #expect(run.reported[2] == "error: nothing to go back to")
        #expect(run.printed.last == "3503")
    }

    @Test func quitStopsTheRun() throws {
        let run = try Run()
        run.runner.run(lines: ["open Genre", "count", "quit", "count"])
        #expect(run.runner.quitRequested)
        #expect(!run.runner.failed)
        #expect(run.printed.filter { $0 == "25" }.count == 1)
    }

    @Test func blankLinesAndCommentsPrintNothing() throws {
        let run = try Run()
        run.runner.run(lines: ["", "# a comment", "-- another"])
        #expect(run.printed == [])
        #expect(!run.runner.failed)
    }

    @Test func withEchoEveryStatementGoesToTheErrorStream() throws {
        let run = try Run(echo: true)
        run.runner.run(lines: ["open Genre", "filter Name = 'Rock'"])
        #expect(!run.runner.failed)
        #expect(run.reported.contains { $0.contains("SELECT COUNT(*) FROM \"Genre\" WHERE \"Genre\".\"Name\" = ?") && $0.contains("'Rock'") })
        let before = run.reported.count
        run.runner.run(lines: ["echo off", "filter Name = 'Jazz'"])
        #expect(run.reported.count == before)
        #expect(run.printed.contains("echo off"))
    }

    @Test func exportCsvWritesEveryRowOfTheViewWithAHeader() throws {
        let run = try Run()
        let path = TemporaryFile.path("tracks", ext: "csv")
        defer { TemporaryFile.remove(path) }
        run.runner.run(lines: ["open Track", "filter Milliseconds > 300000 AND Composer CONTAINS[c] 'page'", "order Milliseconds desc", "export csv \(path)"])
        #expect(!run.runner.failed, "\(run.reported)")
        let expected = try #require(try run.fixture.scalar("SELECT count(*) FROM Track WHERE Milliseconds > 300000 AND lower(Composer) LIKE '%page%'"))
        #expect(run.printed.last == "wrote \(expected) rows to \(path)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == "TrackId,Name,AlbumId,MediaTypeId,GenreId,Composer,Milliseconds,Bytes,UnitPrice")
        #expect(lines.count == expected + 2)       // header, rows, and the empty string after the last CRLF
        #expect(lines.last == "")
        let longest = try run.fixture.amigo.engine.fetchAll("""
            SELECT TrackId, Name, Composer FROM Track WHERE Milliseconds > 300000 AND lower(Composer) LIKE '%page%'
            ORDER BY Milliseconds DESC LIMIT 1
            """).rows[0]
        let first = lines[1]
        #expect(first.hasPrefix("\(longest[0].integerValue ?? -1),"))
        // A composer list with commas is quoted.
        if case .text(let composer) = longest[2], composer.contains(",") { #expect(first.contains("\"\(composer)\"")) }
    }

    @Test func exportJsonWritesAnArrayOfObjects() throws {
        let run = try Run()
        let path = TemporaryFile.path("albums", ext: "json")
        defer { TemporaryFile.remove(path) }
        run.runner.run(lines: ["open Artist", "get 1", "follow albums", "export json \(path)"])
        #expect(!run.runner.failed, "\(run.reported)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["Title"] as? String == "For Those About To Rock We Salute You")
        #expect((rows[1]["AlbumId"] as? NSNumber)?.intValue == 4)
        #expect((rows[1]["ArtistId"] as? NSNumber)?.intValue == 1)
    }

    @Test func exportJsonKeepsNullsNumbersAndUnicode() throws {
        let run = try Run()
        let path = TemporaryFile.path("tracks", ext: "json")
        defer { TemporaryFile.remove(path) }
        run.runner.run(lines: ["open Track", "filter TrackId IN {63, 1}", "export json \(path)"])
        #expect(!run.runner.failed, "\(run.reported)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[1]["Composer"] is NSNull)
        #expect((rows[0]["UnitPrice"] as? NSNumber)?.doubleValue == 0.99)
        #expect(rows[0]["Composer"] as? String == "Angus Young, Malcolm Young, Brian Johnson")
    }

    @Test func exportOfAnEmptyViewWritesAnEmptyArray() throws {
        let run = try Run()
        let path = TemporaryFile.path("none", ext: "json")
        defer { TemporaryFile.remove(path) }
        run.runner.run(lines: ["open Track", "filter Milliseconds < 0", "export json \(path)"])
        #expect(run.printed.last == "wrote 0 rows to \(path)")
        let rows = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Any]
        #expect(rows?.isEmpty == true)
    }

    @Test func exportToAFolderThatDoesNotExistFails() throws {
        let run = try Run()
        run.runner.run(lines: ["open Genre", "export csv /nonexistent/folder/x.csv"])
        #expect(run.runner.failed)
        #expect(run.reported == ["error: cannot write /nonexistent/folder/x.csv: No such file or directory"])
    }

    /// Export writes the rows in the order the view shows them, even where storage order differs.
    @Test func exportFollowsTheViewsOrderNotTheStorageOrder() throws {
        let path = TemporaryFile.path("codes")
        let csv = TemporaryFile.path("codes", ext: "csv")
        defer { TemporaryFile.remove(path); TemporaryFile.remove(csv) }
        let engine = try SQLiteEngine(path: path, options: OpenOptions(create: true))
        // A text key inserted out of order: rowid (storage) order is b, a, d, c.
        try engine.executeScript("""
            CREATE TABLE code (code TEXT PRIMARY KEY, n INTEGER);
            INSERT INTO code VALUES ('b', 2), ('a', 1), ('d', 1), ('c', 2);
            """)
        let explorer = try Explorer(amigo: AmigoDatabase(reflecting: engine), displayPath: "codes")
        try explorer.open("code")
        #expect(try explorer.values(in: 0..<4).map { $0[0] } == [.text("a"), .text("b"), .text("c"), .text("d")])
        _ = try explorer.export(format: .csv, to: csv)
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == "code,n\r\na,1\r\nb,2\r\nc,2\r\nd,1\r\n")
        // Sorted by a column with ties: the key breaks them, as on screen.
        try explorer.setOrder(column: "n", descending: true)
        #expect(try explorer.values(in: 0..<4).map { $0[0] } == [.text("b"), .text("c"), .text("a"), .text("d")])
        _ = try explorer.export(format: .csv, to: csv)
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == "code,n\r\nb,2\r\nc,2\r\na,1\r\nd,1\r\n")
    }

    // MARK: Output that scripts can use

    @Test func commandsThatOnlyChangeTheViewPrintNothingButTheLastOfARunPrintsIt() throws {
        let run = try Run()
        run.runner.run(lines: ["open Genre", "filter GenreId < 3", "count", "order Name desc", "limit 1"])
        #expect(run.reported == [])
        #expect(run.printed == ["2", """
            Genre
            GenreId  Name
            -------  ----
            1        Rock
            (2 rows, first 1 shown; filter: GenreId < 3; order: Name desc)
            """])
    }

    @Test func aRunEndingInGetPrintsTheRowAndOneEndingInAFailurePrintsNothing() throws {
        let run = try Run()
        run.runner.run(lines: ["open Artist", "get 1"])
        #expect(run.printed == ["Artist 1 \"AC/DC\"\nArtistId  1\nName      AC/DC"])
        let failing = try Run()
        failing.runner.run(lines: ["open Artist", "filter Nme = 1"])
        #expect(failing.runner.failed)
        #expect(failing.printed == [])
    }

    @Test func showPrintsTheViewOnDemandWithAnOptionalRowCount() throws {
        let run = try Run()
        run.runner.run(lines: ["open Genre", "show 2", "count"])
        #expect(run.printed == ["Genre\nGenreId  Name\n-------  ----\n1        Rock\n2        Jazz\n(25 rows, first 2 shown)", "25"])
    }

    /// Quoted as sqlite3's `.mode csv` quotes on SQLite (a field with a space, too).
    @Test func csvModeWritesEveryRowOfTheViewWithRawValuesAndKeysNotLabels() throws {
        let run = try Run(mode: .csv)
        run.runner.run(lines: ["open Album", "filter ArtistId = 1"])
        #expect(run.reported == [])
        #expect(run.text == "AlbumId,Title,ArtistId\r\n1,\"For Those About To Rock We Salute You\",1\r\n4,\"Let There Be Rock\",1\r\n")
        let noHeader = try Run(mode: .csv, header: false)
        noHeader.runner.run(lines: ["open Track", "filter TrackId = 63", "show"])
        #expect(noHeader.text == "63,Desafinado,8,1,2,,185338,5990473,0.99\r\n")
    }

    @Test func sqlWritesEveryRowOfItsResultInEveryMode() throws {
        let table = try Run()
        table.runner.run(lines: ["sql SELECT Name FROM Artist ORDER BY ArtistId"])
        #expect(table.text.hasPrefix("Name\n----"))
        #expect(table.text.hasSuffix("\nPhilip Glass Ensemble\n(275 rows)\n"))
        #expect(table.text.components(separatedBy: "\n").count == 275 + 4)
        let json = try Run(mode: .json)
        json.runner.run(lines: ["SELECT ArtistId, Name FROM Artist WHERE ArtistId <= 2;"])
        #expect(json.text == "[\n  {\"ArtistId\": 1, \"Name\": \"AC/DC\"},\n  {\"ArtistId\": 2, \"Name\": \"Accept\"}\n]\n")
        let all = try #require(try JSONSerialization.jsonObject(with: Data({ let r = try Run(mode: .json); r.runner.run(lines: ["sql SELECT * FROM Artist"]); return r.text }().utf8)) as? [Any])
        #expect(all.count == 275)
    }

    @Test func aStreamedSqlResultIsStillTheViewForCountShowAndExport() throws {
        let run = try Run()
        let path = TemporaryFile.path("artists", ext: "csv")
        defer { TemporaryFile.remove(path) }
        run.runner.run(lines: ["sql SELECT ArtistId, Name FROM Artist;", "count", "show 1", "export csv \(path)"])
        #expect(run.reported == [])
        #expect(Array(run.printed.dropFirst()) == ["275", "sql\nArtistId  Name\n--------  -----\n1         AC/DC\n(275 rows, first 1 shown)",
                                                 "wrote 275 rows to \(path)"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n").count == 277)
    }

    @Test func theModeCommandSwitchesModesAndSaysWhichIsOn() throws {
        let run = try Run()
        run.runner.run(lines: [".mode", "mode jsonl", ".mode", "sql SELECT 1 AS a;", ".headers off", ".mode tsv", "sql SELECT 1 AS a, NULL AS b"])
        #expect(run.printed == ["table", "jsonl", #"{"a": 1}"#, "1\t"])
    }

    /// On a terminal no mode writes the data's control characters raw (CSV keeps its CRLF); a
    /// pipe gets every machine mode byte for byte, as sqlite3 writes it.
    @Test func onATerminalEveryModeMakesTheDataSafeAndAPipeGetsItExact() throws {
        let query = "SELECT 'a' || char(27) || '[31mb' AS v;"
        let terminal = try Run(mode: .list, header: false)
        terminal.runner.outputIsTerminal = true
        terminal.runner.run(lines: [query])
        #expect(terminal.text == "a^[[31mb\n")
        let pipe = try Run(mode: .list, header: false)
        pipe.runner.run(lines: [query])
        #expect(pipe.text == "a\u{1b}[31mb\n")
        let defaultMode = try Run()     // no mode chosen: sqlite3's list mode, raw to a pipe too
        defaultMode.runner.run(lines: [query])
        #expect(defaultMode.text == "a\u{1b}[31mb\n")
        let csv = try Run(mode: .csv, header: false)
        csv.runner.outputIsTerminal = true
        csv.runner.run(lines: ["SELECT 'x' || char(13) || 'y' AS v;"])
        #expect(csv.text == "\"x^My\"\r\n")     // quoted (it holds a line break), its CR made visible
    }

    @Test func aSqlite3ScriptRunsUnchanged() throws {
        let run = try Run()
        run.runner.run(lines: [".tables", ".schema Album", "-- the names", "", ".mode csv", ".headers on",
                               "SELECT Name FROM Artist WHERE ArtistId < 3;", ".quit"])
        #expect(run.reported == [])
        #expect(!run.runner.failed)
        // sqlite3's .tables (names in columns) and .schema (the statement as stored, with ;).
        #expect(run.printed[0].hasPrefix("Album          Employee       InvoiceLine    PlaylistTrack"))
        #expect(run.printed[1].hasPrefix("CREATE TABLE [Album]"))
        #expect(run.text.contains("ON UPDATE NO ACTION\n);\nCREATE INDEX [IFK_AlbumArtistId] ON [Album] ([ArtistId]);\n"))
        #expect(run.text.hasSuffix("Name\r\nAC/DC\r\nAccept\r\n"))
    }

    @Test func outputSendsResultsToAFileUntilTheNextOutputAndOnceForOneCommand() throws {
        let run = try Run()
        let out = TemporaryFile.path("out", ext: "txt")
        let once = TemporaryFile.path("once", ext: "csv")
        defer { TemporaryFile.remove(out); TemporaryFile.remove(once) }
        run.runner.run(lines: ["open Genre", ".output \(out)", "count", ".output", "count",
                               "mode csv", ".once \(once)", "sql SELECT GenreId FROM Genre WHERE GenreId < 3;", "count"])
        #expect(run.reported == [])
        #expect(run.printed == ["25", "2"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "25\n")
        #expect(try String(contentsOfFile: once, encoding: .utf8) == "GenreId\r\n1\r\n2\r\n")
    }

    /// sqlite3's `.mode csv` writes no header until `.headers on`; the shell's own `mode csv`
    /// (and `--csv`) starts with one; a header chosen explicitly is kept by either.
    @Test func aDotModeLeavesTheHeaderOffAsSqlite3DoesUnlessItWasChosen() throws {
        let sql = "SELECT GenreId FROM Genre WHERE GenreId < 3;"
        let dotted = try Run()
        dotted.runner.run(lines: [".mode csv", sql])
        #expect(dotted.text == "1\r\n2\r\n")
        let plain = try Run()
        plain.runner.run(lines: ["mode csv", sql])
        #expect(plain.text == "GenreId\r\n1\r\n2\r\n")
        let chosen = try Run()
        chosen.runner.run(lines: [".headers on", ".mode csv", sql])
        #expect(chosen.text == "GenreId\r\n1\r\n2\r\n")
    }

    @Test func readRunsAFileAndNamesItsLinesInErrors() throws {
        let run = try Run()
        let script = TemporaryFile.path("script", ext: "sql")
        defer { TemporaryFile.remove(script) }
        try "open Genre\n\ncount;\nfliter x\n".write(toFile: script, atomically: true, encoding: .utf8)
        run.runner.run(lines: [".read \(script)", "count"], location: { "line \($0)" })
        #expect(run.printed == ["25", "25"])
        #expect(run.reported == ["line 1: \(script) line 4: error: unknown command 'fliter' (did you mean 'filter'?); type help for the list"])
    }

    @Test func aFileThatReadsItselfStopsWithAnError() throws {
        let run = try Run()
        let script = TemporaryFile.path("loop", ext: "sql")
        defer { TemporaryFile.remove(script) }
        try ".read \(script)\n".write(toFile: script, atomically: true, encoding: .utf8)
        run.runner.run(lines: [".read \(script)"])
        #expect(run.runner.failed)
        #expect(run.reported.count == 1)
        #expect(run.reported[0].contains("more than 16 deep"))
    }

    @Test func textModeCommandsAreRefusedWhereThereIsNoStream() throws {
        let fixture = try ChinookFixture()
        #expect(throws: ShellError.textModeOnly(command: "mode")) {
            try fixture.explorer.run("mode csv")
        }
    }

    @Test func atAnInteractivePromptEveryViewPrintsAsItChanges() throws {
        let run = try Run()
        run.runner.printsEveryView = true
        run.runner.run(lines: ["limit 1", "open Genre", "get 2"])
        #expect(run.printed == ["Genre\nGenreId  Name\n-------  ----\n1        Rock\n(25 rows, first 1 shown)",
                                "Genre 2 \"Jazz\"\nGenreId  2\nName     Jazz"])
    }

    /// `freq PATH`: value, count and percent, most frequent first — aligned with bars in table
    /// mode, a row each in the machine modes; along a to-one path, over the view's filter.
    @Test func freqWritesValueCountAndPercentInEveryMode() throws {
        let table = try Run()
        table.runner.run(lines: ["open Track", "filter Milliseconds > 400000", "freq genre.Name"])
        #expect(table.reported == [])
        let lines = table.text.split(separator: "\n").map(String.init)
        let top = try table.runner.explorer.amigo.engine.fetchAll(
            "SELECT g.Name, count(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE Milliseconds > 400000 GROUP BY g.Name ORDER BY 2 DESC, 1 LIMIT 1").rows[0]
        #expect(lines.first?.hasPrefix(top[0].textValue ?? "?") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains(" \(top[1].integerValue ?? -1) ") == true)
        #expect(lines.last?.hasPrefix("475 rows · ") == true)
        let csv = try Run()
        csv.runner.run(lines: ["mode csv", "open Track", "freq GenreId"])
        // A foreign key's values with their parents' labels.
        #expect(csv.text.hasPrefix("GenreId,label,count,percent\r\n1,Rock,1297,37.0\r\n7,Latin,579,16.5\r\n"))
        let json = try Run()
        json.runner.run(lines: ["mode jsonl", "open Track", "freq Composer"])
        let nulls = try json.runner.explorer.amigo.engine.fetchScalar("SELECT count(*) FROM Track WHERE Composer IS NULL").integerValue ?? -1
        #expect(json.text.hasPrefix(#"{"Composer": null, "count": \#(nulls), "percent": 27.9}"#))
    }

    /// `freq tracks.@count`: buckets of related counts, the albums without tracks first, exact
    /// in table and CSV mode; `freq Milliseconds`: ranges of a column with many values.
    @Test func freqOfARelatedCountListsBucketsAndOfANumberRanges() throws {
        let table = try Run()
        table.runner.run(lines: ["open Album", "freq tracks.@count"])
        #expect(table.reported == [])
        #expect(table.text == """
            0 (none)      0    0.0%  
            1            82   23.6%  █████████▉
            2–5          15    4.3%  █▊
            6–10         67   19.3%  ████████▏
            11–20       166   47.8%  ████████████████████
            21–50        16    4.6%  █▉
            51–100        1    0.3%  ▏
            347 rows · 29 distinct counts · in buckets

            """)
        let csv = try Run()
        csv.runner.run(lines: ["mode csv", "open Album", "freq tracks.@count"])
        #expect(csv.text == "tracks.@count,count,percent\r\n\"0 (none)\",0,0.0\r\n1,82,23.6\r\n\"2–5\",15,4.3\r\n\"6–10\",67,19.3\r\n\"11–20\",166,47.8\r\n\"21–50\",16,4.6\r\n\"51–100\",1,0.3\r\n")
        let ranges = try Run()
        ranges.runner.run(lines: ["mode csv", "open Track", "freq Milliseconds"])
        #expect(ranges.text == "Milliseconds,count,percent\r\n\"0–999999\",3288,93.9\r\n\"1000000–1999999\",55,1.6\r\n\"2000000–2999999\",158,4.5\r\n"
                + "\"3000000–3999999\",0,0.0\r\n\"4000000–4999999\",0,0.0\r\n\"5000000–5999999\",2,0.1\r\n")
    }
}
