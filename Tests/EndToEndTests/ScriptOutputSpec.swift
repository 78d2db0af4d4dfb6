import Foundation
import Testing

/// Text mode's output as other programs read it: CSV and JSON that parse, every row of a `sql`
/// result, sqlite3 scripts run unchanged, `.read` and `.once`. Each test runs the real binary on
/// its own copy of chinook.sqlite.
@Suite("amigo-shell output for scripts (modes, sqlite3 habits)")
struct ScriptOutputSpec {
    /// Runs amigo-shell in the workspace on chinook.sqlite with `arguments`, `stdin` on standard input.
    private func shell(_ workspace: Workspace, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        let binary = try Fixture.binary()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                      binary, "chinook.sqlite"] + arguments,
                                           stdin: stdin, environment: ["AMIGO_HISTFILE": workspace.path("history")])
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    /// Runs a python3 program on `input`; nil when python3 is not installed.
    private func python(_ program: String, input: String) throws -> ProcessResult? {
        guard let python3 = Fixture.executable(named: "python3") else { return nil }
        return try ProcessRunner.run(python3, ["-c", program], stdin: input)
    }

    @Test("--csv, open, filter, export csv -: valid CSV with a header and exactly the matching rows")
    func csvOfAFilteredView() throws {
        let workspace = try Workspace("script-csv")
        let result = try shell(workspace, ["--csv", "-c", "open Track", "-c", "filter Milliseconds > 300000", "-c", "export csv -"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let expected = try SQLite3.query(workspace.database, "SELECT * FROM Track WHERE Milliseconds > 300000 ORDER BY TrackId",
                                         options: ["-csv", "-header"])
        #expect(CSV.records(result.stdout) == CSV.records(expected))
        #expect(CSV.records(result.stdout).count == 1 + Int(try SQLite3.query(workspace.database, "SELECT count(*) FROM Track WHERE Milliseconds > 300000"))!)
        #expect(result.stdout.hasPrefix("TrackId,Name,AlbumId,MediaTypeId,GenreId,Composer,Milliseconds,Bytes,UnitPrice\r\n"))
        // Python's csv module, an independent reader, agrees on the record count and the width.
        if let parsed = try python("import csv, sys\nrows = list(csv.reader(sys.stdin))\nprint(len(rows), {len(r) for r in rows})",
                                   input: result.stdout) {
            #expect(parsed.status == 0, "\(parsed.stderr)")
            #expect(parsed.stdout == "\(CSV.records(expected).count) {9}\n")
        }
    }

    @Test("--json with sql SELECT * FROM Artist parses with python3 -m json.tool and has 275 objects")
    func jsonOfASqlResult() throws {
        let workspace = try Workspace("script-json")
        let result = try shell(workspace, ["--json", "-c", "sql SELECT * FROM Artist"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        if let tool = try python("import runpy, sys\nsys.argv = ['json.tool']\nrunpy.run_module('json.tool', run_name='__main__')", input: result.stdout) {
            #expect(tool.status == 0, "\(tool.stderr)")
        }
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 275)
        #expect(rows[0]["Name"] as? String == "AC/DC")
        #expect((rows[0]["ArtistId"] as? NSNumber)?.intValue == 1)
    }

    @Test("sql in text mode writes every row, not the first 20; NULL is null in JSON Lines")
    func sqlWritesEveryRow() throws {
        let workspace = try Workspace("script-sql-all")
        let table = try shell(workspace, ["-c", "sql SELECT Name FROM Artist"])
        #expect(table.status == 0)
        #expect(table.stdout.hasSuffix("\n(275 rows)\n"))
        #expect(table.stdout.components(separatedBy: "\n").count == 275 + 4)
        let lines = try shell(workspace, ["--mode", "jsonl", "-c", "SELECT TrackId, Composer FROM Track WHERE TrackId IN (62, 63);"])
        #expect(lines.stdout == "{\"TrackId\": 62, \"Composer\": \"Jerry Cantrell, Layne Staley\"}\n{\"TrackId\": 63, \"Composer\": null}\n")
        let tsv = try shell(workspace, ["--mode", "tsv", "--no-header", "-c", "open Genre", "-c", "filter GenreId < 3"])
        #expect(tsv.stdout == "1\tRock\n2\tJazz\n")
    }

    @Test("a sqlite3 script of dot-commands and SELECT …; lines runs unchanged, as sqlite3 prints the SELECT")
    func sqlite3ScriptRunsUnchanged() throws {
        let workspace = try Workspace("script-sqlite3")
        let select = ".mode csv\n.headers on\nSELECT ArtistId, Name FROM Artist WHERE ArtistId < 4;\n"
        let script = ".tables\n.schema Album\n-- then the rows\n\n" + select + ".quit\n"
        let result = try shell(workspace, [], stdin: script)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("CREATE TABLE [Album]"))
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let witness = try ProcessRunner.run(sqlite3, ["-batch", workspace.database], stdin: select)
        #expect(witness.status == 0)
        #expect(result.stdout.hasSuffix(witness.stdout))
        #expect(result.stdout.hasSuffix("ArtistId,Name\r\n1,AC/DC\r\n2,Accept\r\n3,Aerosmith\r\n"))
    }

    @Test(".read FILE runs its lines; an error names the -c, the file and the line")
    func readAFile() throws {
        let workspace = try Workspace("script-read")
        try "open Genre\nfilter GenreId < 3;\n.mode csv\nshow\n".write(toFile: workspace.path("genres.sql"), atomically: true, encoding: .utf8)
        try "open Genre\nfliter x\n".write(toFile: workspace.path("broken.sql"), atomically: true, encoding: .utf8)
        let result = try shell(workspace, ["-c", ".read genres.sql", "-c", ".read broken.sql", "-c", "count"])
        #expect(result.status == 1)
        // `.mode csv` is sqlite3's: no header line until `.headers on`.
        #expect(result.stdout == "1,Rock\r\n2,Jazz\r\n25\n")
        #expect(result.stderr == "amigo-shell: -c #2: broken.sql line 2: error: unknown command 'fliter' (did you mean 'filter'?); type help for the list\n")
    }

    @Test(".once FILE sends one command's output to the file; the next goes to standard output again")
    func onceWritesOneCommandToAFile() throws {
        let workspace = try Workspace("script-once")
        let result = try shell(workspace, ["--json", "-c", ".once artists.json", "-c", "sql SELECT * FROM Artist",
                                           "-c", "sql SELECT count(*) AS n FROM Artist"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "[\n  {\"n\": 275}\n]\n")
        let rows = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: workspace.path("artists.json")))) as? [Any]
        #expect(rows?.count == 275)
        #expect(workspace.databaseIsUnchanged)
    }

    @Test(".output onto the open database is refused like export, and the file survives")
    func outputRefusesTheDatabase() throws {
        let workspace = try Workspace("script-output-self")
        let result = try shell(workspace, ["-c", ".output chinook.sqlite", "-c", "count"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("-c #1: error: cannot write chinook.sqlite"), "\(result.stderr)")
        #expect(workspace.databaseIsUnchanged)
    }

    @Test("a mode that does not exist is a usage error naming the choices")
    func unknownMode() throws {
        let workspace = try Workspace("script-bad-mode")
        let result = try shell(workspace, ["--mode", "htm", "-c", "tables"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("amigo-shell: --mode: 'htm' is not one of csv|tsv|json|jsonl|table|line|markdown|list|column|box|ascii-table|qbox|tabs|json-sqlite3|quote|insert|html|ascii|tcl\n"), "\(result.stderr)")
    }

    @Test(".exit CODE ends the run with that status, as sqlite3's does; .backup and .save copy the file, never onto itself")
    func exitStatusAndBackup() throws {
        let workspace = try Workspace("script-exit-backup")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        for script in ["SELECT 1;\n.exit 3\nSELECT 2;\n", "SELECT nosuch;\n.exit 0\n", "SELECT 1;\n.exit\n", "SELECT nosuch;\n"] {
            let expected = try ProcessRunner.run(sqlite3, [workspace.database], stdin: script)
            let actual = try shell(workspace, [], stdin: script)
            #expect(actual.status == expected.status, "\(script)")
            #expect(actual.stdout == expected.stdout, "\(script)")
        }
        let copied = try shell(workspace, [], stdin: ".backup copy.sqlite\n.save 'second copy.sqlite'\n.backup chinook.sqlite\n.backup main ./chinook.sqlite-wal\n")
        #expect(copied.stderr.contains("line 3: error: cannot write chinook.sqlite: it is the open database"), "\(copied.stderr)")
        #expect(copied.stderr.contains("line 4: error: cannot write ./chinook.sqlite-wal: it is a file of the open database"), "\(copied.stderr)")
        #expect(try SQLite3.query(workspace.path("copy.sqlite"), "SELECT count(*) FROM Track") == "3503")
        #expect(try SQLite3.query(workspace.path("second copy.sqlite"), "PRAGMA integrity_check") == "ok")
        #expect(try SQLite3.query(workspace.database, "PRAGMA integrity_check") == "ok")
        #expect(!FileManager.default.fileExists(atPath: workspace.database + "-wal"))
    }

    @Test("sqlite3's command line runs unchanged: single-dash options and SQL after the file name")
    func sqlite3CommandLine() throws {
        let workspace = try Workspace("script-sqlite3-flags")
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        // Text with spaces, quotes and markup, a NULL, and reals (SQLite writes 15 digits).
        let sql = "SELECT GenreId, Name || ' & co''s <b>' AS name, NULL AS missing, GenreId / 3.0 AS third FROM Genre WHERE GenreId < 4 ORDER BY GenreId"
        for flags in [["-csv"], ["-csv", "-header"], ["-list"], ["-header"], ["-column", "-header"], ["-box"],
                      ["-line"], ["-list", "-separator", ";", "-nullvalue", "NULL"], ["-cmd", ".mode column"],
                      ["-html", "-header"], ["-quote"], ["-ascii"], ["-tabs"], ["-markdown"], ["-table"], ["-table", "-noheader"], ["-json"],
                      ["-csv", "-separator", ";", "-newline", "|"]] {
            let expected = try ProcessRunner.run(sqlite3, flags + [workspace.database, sql])
            let actual = try shell(workspace, flags + [sql])
            #expect(actual.status == 0, "\(flags): \(actual.stderr)")
            // Byte for byte, line ends included (sqlite3's -csv ends rows with LF).
            #expect(actual.stdout == expected.stdout, "\(flags)\nsqlite3:\n\(expected.stdout)\namigo-shell:\n\(actual.stdout)")
        }
    }
}
