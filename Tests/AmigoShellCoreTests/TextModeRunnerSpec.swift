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

        init(echo: Bool = false) throws {
            fixture = try ChinookFixture()
            let (out, err) = (out, err)
            runner = TextModeRunner(explorer: fixture.explorer, echo: echo,
                                    output: { out.all.append($0) }, errors: { err.all.append($0) })
        }

        /// What went to standard output, one entry per command.
        var printed: [String] { out.all }
        /// What went to standard error.
        var reported: [String] { err.all }
    }

    @Test func linesRunInOrderAndPrintAlignedText() throws {
        let run = try Run()
        run.runner.run(lines: ["limit 3", "open Artist", "get 1", "follow albums"])
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
            ArtistId  1
            Name      AC/DC
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
        let explorer = try Explorer(amigo: Amigo(reflecting: engine), displayPath: "codes")
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
}
