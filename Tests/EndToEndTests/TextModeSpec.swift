import Foundation
import Testing

/// The same scenarios as the terminal ones, as commands on standard input (a pipe, so no curses
/// at all): results on standard output as aligned text, errors on standard error, and a non-zero
/// exit status when any command failed. Each test runs the binary on its own copy of chinook.sqlite.
@Suite("amigo-shell in text mode (standard input, no terminal)")
struct TextModeSpec {
    /// The filter of the issue, and the same condition in SQL for the sqlite3 CLI.
    static let filter = TerminalUISpec.filter
    static let filterSQL = TerminalUISpec.filterSQL

    /// Runs amigo-shell in the workspace on `chinook.sqlite` (or `database`), feeding `commands`
    /// one per line on standard input.
    private func shell(_ workspace: Workspace, _ commands: [String]?, arguments: [String] = [],
                       database: String = "chinook.sqlite") throws -> ProcessResult {
        let binary = try Fixture.binary()
        let script = commands.map { $0.joined(separator: "\n") + "\n" }
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                      binary, database] + arguments,
                                           stdin: script, environment: ["AMIGO_HISTFILE": workspace.path("history")])
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    /// The data rows (first column only) of the last table printed under the header `header`.
    private func firstColumn(after header: String, in output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.lastIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { !$0.hasPrefix("(") && !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test("tables, open Artist, get 1, relations, follow albums, follow tracks (show prints each view)")
    func browseAndFollow() throws {
        let workspace = try Workspace("text-browse")
        let result = try shell(workspace, ["tables", "open Artist", "show", "get 1", "relations",
                                           "follow albums", "show", "relations", "follow tracks", "show", "count"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("""
            name           kind   rows
            -------------  -----  ----
            Album          table  347
            Artist         table  275
            Customer       table  59
            Employee       table  8
            Genre          table  25
            Invoice        table  412
            InvoiceLine    table  2240
            MediaType      table  5
            Playlist       table  18
            PlaylistTrack  table  8715
            Track          table  3503
            Artist
            ArtistId  Name
            --------  ---------------------------
            1         AC/DC

            """))
        #expect(result.stdout.contains("""
            (275 rows, first 20 shown)
            Artist 1 "AC/DC"
            relationship  kind         to     rows
            ------------  -----------  -----  ----
            albums        one-to-many  Album  2
            Artist 1 "AC/DC" › albums
            AlbumId  Title                                  ArtistId
            -------  -------------------------------------  ---------
            1        For Those About To Rock We Salute You  1 → AC/DC
            4        Let There Be Rock                      1 → AC/DC
            (2 rows)
            Album 1 "For Those About To Rock…"
            relationship  kind         to      rows
            ------------  -----------  ------  ----
            artist        to-one       Artist  1
            tracks        one-to-many  Track   10
            Artist 1 "AC/DC" › albums › Album 1 "For Those About To Rock…" › tracks

            """))
        let ids = try SQLite3.query(workspace.database, "SELECT TrackId FROM Track WHERE AlbumId = 1 ORDER BY TrackId")
        #expect(firstColumn(after: "TrackId ", in: result.stdout) == ids.split(separator: "\n").map(String.init))
        #expect(result.stdout.hasSuffix("(10 rows)\n10\n"))
    }

    @Test("open Playlist, get 1, follow tracks through PlaylistTrack: count is 3290")
    func playlistManyToMany() throws {
        let workspace = try Workspace("text-playlist")
        let result = try shell(workspace, ["open Playlist", "get 1", "relations", "follow tracks", "show", "count"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("""
            Playlist 1 "Music"
            relationship    kind          to             rows
            --------------  ------------  -------------  ----
            playlistTracks  one-to-many   PlaylistTrack  3290
            tracks          many-to-many  Track          3290
            Playlist 1 "Music" › tracks

            """))
        let count = try SQLite3.query(workspace.database, "SELECT COUNT(*) FROM PlaylistTrack WHERE PlaylistId = 1")
        #expect(count == "3290")
        #expect(result.stdout.hasSuffix("(\(count) rows, first 20 shown)\n\(count)\n"))
        let ids = try SQLite3.query(workspace.database,
            "SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = 1 ORDER BY TrackId LIMIT 20")
        #expect(firstColumn(after: "TrackId ", in: result.stdout) == ids.split(separator: "\n").map(String.init))
    }

    @Test("filter, order desc and echo on: the rows sqlite3 finds, and the SQL with ? and its values on stderr")
    func filterOrderEcho() throws {
        let workspace = try Workspace("text-filter")
        let result = try shell(workspace, ["open Track", "echo on", "filter \(Self.filter)", "show", "count",
                                           "order Milliseconds desc", "show"])
        #expect(result.status == 0)
        let count = try SQLite3.query(workspace.database, "SELECT COUNT(*) FROM Track WHERE \(Self.filterSQL)")
        #expect(count == "37")
        #expect(result.stdout.contains("(\(count) rows, first 20 shown; filter: \(Self.filter))\n\(count)\n"))
        #expect(result.stdout.hasSuffix("(\(count) rows, first 20 shown; filter: \(Self.filter); order: Milliseconds desc)\n"))
        let ids = try SQLite3.query(workspace.database,
            "SELECT TrackId FROM Track WHERE \(Self.filterSQL) ORDER BY Milliseconds DESC, TrackId LIMIT 20")
        #expect(firstColumn(after: "TrackId ", in: result.stdout) == ids.split(separator: "\n").map(String.init))

        #expect(result.stderr.contains(#"""
            amigo-shell: [SQL] SELECT COUNT(*) FROM "Track" WHERE "Track"."Milliseconds" > ? AND "Track"."Composer" LIKE ? ESCAPE '\'
            amigo-shell: [PARAMS] [300000, '%page%']
            """#))
        #expect(result.stderr.contains(#"""
            FROM "Track" WHERE "Track"."Milliseconds" > ? AND "Track"."Composer" LIKE ? ESCAPE '\' ORDER BY "Track"."Milliseconds" DESC, "Track"."TrackId" ASC LIMIT 
            """#))
        // Echo is off until `echo on`: the first SELECT of `open Track` is not shown.
        #expect(!result.stderr.contains(#"FROM "Track" ORDER BY"#))
    }

    @Test("back returns to the previous view with its filter, order and row")
    func backRestoresTheView() throws {
        let workspace = try Workspace("text-back")
        let result = try shell(workspace, ["open Track", "filter \(Self.filter)", "order Milliseconds desc",
                                           "get 1581", "follow album", "show", "back", "show", "relations"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Track 1581 \"Dazed And Confused\" › album\n"))
        #expect(result.stdout.contains("(37 rows, first 20 shown; filter: \(Self.filter); order: Milliseconds desc)\nTrack 1581 \"Dazed And Confused\"\nrelationship"))
    }

    @Test("help lists the commands and the filter language")
    func help() throws {
        let workspace = try Workspace("text-help")
        let result = try shell(workspace, ["help"])
        #expect(result.status == 0)
        // Usages are padded to the longest (`import [--csv] [--skip N] FILE TABLE`).
        func line(_ usage: String, _ summary: String) -> String { usage.padding(toLength: 38, withPad: " ", startingAt: 0) + summary }
        for line in [line("tables [KIND]", #"list tables and views with row counts (KIND tables or views: only those; also \dt for tables, \dv for views)"#),
                     line("follow NAME", "open the rows a relationship of the current row leads to"),
                     line("back", "return to the previous view (its filter, order and row)"),
                     line("set [all] COLUMN = VALUE", #"change a column of the current row (NULL for null, 'quoted text' with '' or \' for a quote) inside the session; set all COLUMN = VALUE changes it on every row of the view by one UPDATE, shown with the row count first (the UI asks)"#),
                     line("export csv|json|mermaid|dot FILE", "write every row of the current view (csv, json; json --depth N: the current row with its related rows nested N deep, an album with its artist and its tracks), or the map of the file (mermaid: an erDiagram, dot: a Graphviz digraph) to FILE (- for standard output; never the open database or its journals; --force to overwrite another SQLite file)"),
                     line("map", "the map of the whole file: each table with its row count and its relationships (→ to-one, ⇉ to-many, ⇄ many-to-many via a junction); the m key")] {
            #expect(result.stdout.contains(line + "\n"))
        }
        #expect(result.stdout.contains("Filters use the ORM's filter language"))
    }

    @Test("a malformed filter prints a positioned error on stderr, later commands still run, and the exit status is 1")
    func malformedFilter() throws {
        let workspace = try Workspace("text-malformed")
        let result = try shell(workspace, ["open Track", "filter Milliseconds >", "count", "back"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            amigo-shell: line 2: error: filter error at column 15 at end of input: expected a value after '>'
            amigo-shell: Milliseconds >
            amigo-shell:               ^
            amigo-shell: line 4: error: nothing to go back to

            """)
        // `open` printed nothing (it only changed the view); `count` answers from it.
        #expect(result.stdout == "3503\n")
    }

    @Test("set then rollback: the UPDATE is shown, undone, and the file is byte-identical")
    func setThenRollback() throws {
        let workspace = try Workspace("text-rollback")
        let result = try shell(workspace, ["open Artist", "get 1", "set Name = x", "rollback", "get 1"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("""
            UPDATE "Artist" SET "Name" = ? WHERE "ArtistId" = ?  ['x', 1]
            1 row changed (1 uncommitted; commit to keep)
            rolled back 1 change(s)
            Artist 1 "AC/DC"
            ArtistId  1
            Name      AC/DC

            """))
        #expect(workspace.databaseIsUnchanged)
        #expect(workspace.leftoverJournals.isEmpty)
    }

    @Test("set without commit is rolled back at the end with an error and status 1; the file is unchanged")
    func setWithoutCommit() throws {
        let workspace = try Workspace("text-uncommitted")
        let result = try shell(workspace, ["open Track", "get 1", "set Milliseconds = 1", "count"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#"UPDATE "Track" SET "Milliseconds" = ? WHERE "TrackId" = ?  [1, 1]"#))
        #expect(result.stderr == "amigo-shell: error: the input ended with 1 uncommitted change(s): rolled back (commit keeps changes; a statement outside BEGIN … COMMIT is committed at once)\n")
        #expect(workspace.databaseIsUnchanged)
        #expect(try SQLite3.query(workspace.database, "SELECT Milliseconds FROM Track WHERE TrackId = 1") == "343719")
    }

    @Test("set refuses to change a primary key, which would aim the UPDATE at another row")
    func setRefusesPrimaryKey() throws {
        let workspace = try Workspace("text-pk")
        let result = try shell(workspace, ["open Artist", "get 1", "set ArtistId = 99"])
        #expect(result.status == 1)
        #expect(result.stderr == "amigo-shell: line 3: error: set: ArtistId is part of Artist's primary key and cannot be edited\n")
        #expect(!result.stdout.contains("UPDATE"))
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("-c runs its commands in order without reading standard input")
    func dashC() throws {
        let workspace = try Workspace("text-c")
        let result = try shell(workspace, ["tables"], arguments: ["-c", "open Artist", "-c", "get 1", "-c", "relations"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // Standard input's `tables` is not read; `open` and `get` print nothing, `relations` its list.
        #expect(result.stdout == """
            Artist 1 "AC/DC"
            relationship  kind         to     rows
            ------------  -----------  -----  ----
            albums        one-to-many  Album  2

            """)
    }

    @Test("a missing file is an error with exit status 2, and no file is created")
    func missingFile() throws {
        let workspace = try Workspace("text-missing")
        let result = try shell(workspace, ["tables"], database: "missing.sqlite")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "amigo-shell: no such database file: missing.sqlite (--create makes a new one)\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("missing.sqlite")))
    }

    @Test("--read-only refuses set and leaves the file alone")
    func readOnlyRefusesSet() throws {
        let workspace = try Workspace("text-readonly")
        let result = try shell(workspace, ["open Artist", "get 1", "set Name = x", "get 1"], arguments: ["--read-only"])
        #expect(result.status == 1)
        #expect(result.stderr == "amigo-shell: line 3: error: cannot edit rows: chinook.sqlite is open read-only\n")
        #expect(result.stdout.hasSuffix("Artist 1 \"AC/DC\"\nArtistId  1\nName      AC/DC\n"))
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("export csv writes every row of the filtered view, as sqlite3 -csv does")
    func exportCSV() throws {
        let workspace = try Workspace("text-export")
        let result = try shell(workspace, ["open Track", "filter \(Self.filter)", "export csv out.csv"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("wrote 37 rows to out.csv\n"))
        let exported = try String(contentsOfFile: workspace.path("out.csv"), encoding: .utf8)
        let expected = try SQLite3.query(workspace.database, "SELECT * FROM Track WHERE \(Self.filterSQL) ORDER BY TrackId",
                                         options: ["-csv", "-header"])
        // The two quote differently (sqlite3 quotes every text, the export only when needed): compare fields.
        #expect(CSV.records(exported) == CSV.records(expected))
        #expect(CSV.records(exported).count == 38)
        #expect(exported.contains("\r\n1592,Darlene,128,1,1,\"Jimmy Page, Robert Plant, John Bonham, John Paul Jones\",307226,10078197,0.99\r\n"))
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("export to - writes to standard output, and through a symbolic link to the file it names")
    func exportToStandardOutputAndThroughALink() throws {
        let workspace = try Workspace("text-export-stdout")
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.json"), withDestinationPath: "target.json")
        let result = try shell(workspace, ["open Genre", "filter GenreId < 3", "limit 1", "show", "export csv -", "export json link.json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("(2 rows, first 1 shown; filter: GenreId < 3)\nGenreId,Name\r\n1,Rock\r\n2,Jazz\r\nwrote 2 rows to link.json\n"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path("link.json")) == "target.json")
        #expect(try String(contentsOfFile: workspace.path("target.json"), encoding: .utf8)
                == "[\n  {\"GenreId\": 1, \"Name\": \"Rock\"},\n  {\"GenreId\": 2, \"Name\": \"Jazz\"}\n]\n")
    }

    @Test("export to /dev/stdout appends to what standard output is redirected to, and a full disk is an error, not a crash")
    func exportToOwnStandardOutputAndAFullDevice() throws {
        let workspace = try Workspace("text-export-devices")
        let binary = try Fixture.binary()
        let result = try ProcessRunner.run("/bin/sh", ["-c", """
            cd \(workspace.directory.path.shellQuoted) && echo before > out.txt && \
            "$0" chinook.sqlite -c 'open MediaType' -c 'limit 1' -c 'export csv /dev/stdout' -c 'export csv /dev/full' -c count >> out.txt
            """, binary])
        #expect(result.status == 1)
        #expect(result.stderr == "amigo-shell: -c #4: error: cannot write /dev/full: No space left on device\n")
        let out = try String(contentsOfFile: workspace.path("out.txt"), encoding: .utf8)
        #expect(out.hasPrefix("before\nMediaTypeId,Name\r\n1,MPEG audio file\r\n"))
        #expect(out.hasSuffix("wrote 5 rows to /dev/stdout\n5\n"))
    }

    @Test("--bail stops at the first command that fails, so no later command answers from the old view")
    func bailStopsAtTheFirstError() throws {
        let workspace = try Workspace("text-bail")
        let commands = ["open Track", "filter GenreId = 2", "filter Milliseconds > 300000 AND genre.Nme = 'Jazz'", "count"]
        let carryOn = try shell(workspace, commands)
        #expect(carryOn.status == 1)
        #expect(carryOn.stdout == "130\n")          // the count of the filter before, as sqlite3 without -bail
        let bail = try shell(workspace, commands, arguments: ["--bail"])
        #expect(bail.status == 1)
        #expect(bail.stdout == "")
        #expect(bail.stderr.contains("unknown column 'Nme' in Genre"))
    }

    @Test("SQL over several lines on standard input runs when a line ends it with ';', and an error names the line it started on")
    func multiLineStatements() throws {
        let workspace = try Workspace("text-multi-line")
        let result = try shell(workspace, ["open Genre", "SELECT GenreId,", "       Name  -- a comment; not the end",
                                           "  FROM Genre", " WHERE Name = 'Rock;Roll' OR GenreId < 3", ";",
                                           "SELECT Nmae", "  FROM Genre;", "count"], arguments: ["--mode", "csv"])
        #expect(result.status == 1)
        #expect(result.stdout == "GenreId,Name\r\n1,Rock\r\n2,Jazz\r\n2\n")   // count: the rows of the result, the view now
        #expect(result.stderr.hasPrefix("amigo-shell: line 7: error: "))
        #expect(result.stderr.contains("Nmae"))
    }
}

/// Just enough RFC 4180 to compare two CSV files field by field.
enum CSV {
    /// The records of `text`: fields split on commas, quoted fields unquoted (`""` is a quote).
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, wasQuoted = false
        var characters = text.makeIterator()
        while let ch = characters.next() {
            if quoted {
                if ch == "\"" { quoted = false } else { field.append(ch) }
                continue
            }
            switch ch {
            case "\"":
                if wasQuoted { field.append("\"") }   // "" inside a quoted field
                quoted = true; wasQuoted = true
            case ",":
                record.append(field); field = ""; wasQuoted = false
            case "\r\n", "\n":
                record.append(field); records.append(record)
                record = []; field = ""; wasQuoted = false
            default:
                field.append(ch)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}

/// The reproductions of the reliability review, run on the real binary.
@Suite("amigo-shell refuses what would destroy data")
struct DestructiveInputSpec {
    @Test("export onto the open database, even read-only, is refused and the file survives byte for byte")
    func exportOntoTheDatabase() throws {
        let workspace = try Workspace("text-export-self")
        let binary = try Fixture.binary()
        for arguments in [["-c", "open Genre", "-c", "export csv chinook.sqlite"],
                          ["--read-only", "-c", "open Genre", "-c", "export csv chinook.sqlite"],
                          ["-c", "open Genre", "-c", "set Name = x", "-c", "export csv chinook.sqlite-journal"]] {
            let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                           binary, "chinook.sqlite"] + arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("error: cannot write chinook.sqlite"), "\(result.stderr)")
            #expect(workspace.databaseIsUnchanged)
        }
    }

    @Test("sql with a leading comment cannot commit or roll back the session's edits")
    func commentedTransactionControl() throws {
        let workspace = try Workspace("text-sql-comment")
        let binary = try Fixture.binary()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
            binary, "chinook.sqlite", "-c", "open Artist", "-c", "get 1", "-c", "set Name = 'changed'",
            "-c", "sql /*x*/ COMMIT", "-c", "sql -- y\nROLLBACK", "-c", "sql /*x*/ PRAGMA foreign_keys = OFF"])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "is not run here").count == 4, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "commit keeps its changes, rollback undoes them").count == 3, "\(result.stderr)")
        #expect(result.stderr.contains("the input ended with 1 uncommitted change(s): rolled back"))
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("a filter of thousands of braces or NOTs is one error line, not a crash")
    func hostileFilters() throws {
        let workspace = try Workspace("text-hostile-filters")
        let binary = try Fixture.binary()
        let braces = "filter TrackId IN " + String(repeating: "{", count: 5_000)
        let nots = "filter " + String(repeating: "NOT ", count: 5_001) + "TrackId = 1"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
            binary, "chinook.sqlite", "-c", "open Track", "-c", braces, "-c", nots, "-c", "count"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("-c #2: error: filter error at column 13"))
        #expect(result.stdout.hasSuffix("3502\n"))
    }
}
