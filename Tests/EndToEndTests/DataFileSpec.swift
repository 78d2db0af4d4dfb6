import Foundation
import Testing

/// `amigo-shell data.csv` (TSV, JSON): the file opens as a typed table, browsed, counted,
/// profiled, exported and queried in text mode like any table; bad files are one clear line on
/// standard error and exit status 2, as a database that cannot be opened is.
@Suite("amigo-shell on a CSV, TSV or JSON file")
struct DataFileSpec {
    /// A new folder with `name` holding `content`; the binary runs there with `arguments` after the name.
    private func run(_ name: String, _ content: String, _ arguments: [String]) throws -> (ProcessResult, Workspace) {
        let workspace = try Workspace("data-file")
        FileManager.default.createFile(atPath: workspace.path(name), contents: Data(content.utf8))
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh",
                                                      try Fixture.binary(), name] + arguments)
        #expect(!result.timedOut)
        return (result, workspace)
    }

    static let people = "id,name,score\r\n1,\"Lovelace, Ada\",9.5\r\n2,Tim,7\r\n3,Bob,\r\n"

    @Test("the table is open at start: count, show, sql, freq and export work on it")
    func browseAQueryACSVFile() throws {
        let (count, _) = try run("people.csv", Self.people, ["-c", "count"])
        #expect(count.status == 0)
        #expect(count.stdout == "3\n")
        #expect(count.stderr == "")
        let (sql, _) = try run("people.csv", Self.people, ["--csv", "-c", "sql SELECT name, typeof(id), typeof(score) FROM people ORDER BY id"])
        #expect(sql.stdout == "name,typeof(id),typeof(score)\r\n\"Lovelace, Ada\",integer,real\r\nTim,integer,real\r\nBob,integer,null\r\n")
        let (export, _) = try run("people.csv", Self.people, ["-c", "filter score > 8", "-c", "export csv -"])
        #expect(export.stdout == "id,name,score\r\n1,\"Lovelace, Ada\",9.5\r\n")
        let (freq, _) = try run("people.csv", Self.people, ["--csv", "-c", "freq score"])
        #expect(freq.status == 0)
        #expect(freq.stdout.contains("9.5,1,"))
    }

    @Test("JSON and one-object-a-line JSON open the same way")
    func jsonFiles() throws {
        let (json, _) = try run("events.json", #"[{"id": 1, "tags": ["a"]}, {"id": 2, "at": 1.5}]"#, ["--csv", "-c", "sql SELECT * FROM events"])
        #expect(json.stdout == "id,tags,at\r\n1,\"[\"\"a\"\"]\",\r\n2,,1.5\r\n")
        let (lines, _) = try run("log.NDJSON", "{\"n\": 1}\n{\"n\": 2}\n", ["-c", "sql SELECT sum(n) FROM log"])
        #expect(lines.stdout.contains("3"))
    }

    @Test("--import-into writes the table into a SQLite file, then a second run is refused")
    func importInto() throws {
        let (first, workspace) = try run("people.csv", Self.people, ["--import-into", "out.sqlite", "-c", "tables"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("people"))
        #expect(try SQLite3.query(workspace.path("out.sqlite"), "SELECT count(*), sum(score) FROM people") == "3|16.5")
        let second = try ProcessRunner.run(try Fixture.binary(), [workspace.path("people.csv"), "--import-into", workspace.path("out.sqlite"), "-c", "count"])
        #expect(second.status == 2)
        #expect(second.stderr == "amigo-shell: \(workspace.path("out.sqlite")) already has a table named people; nothing was imported\n")
    }

    @Test("a bad file is one line on standard error and exit status 2; a short row is a note")
    func badFiles() throws {
        let (missing, _) = try run("people.csv", "", [])
        #expect(missing.status == 2)
        #expect(missing.stderr == "amigo-shell: people.csv is empty: there is no header line or object to make a table of\n")
        let nowhere = try ProcessRunner.run(try Fixture.binary(), ["/nonexistent/x.csv", "-c", "count"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr == "amigo-shell: cannot read /nonexistent/x.csv: No such file or directory\n")
        let (long, _) = try run("r.csv", "a,b\n1,2\n1,2,3\n", ["-c", "count"])
        #expect(long.status == 2)
        #expect(long.stderr == "amigo-shell: r.csv line 3: 3 fields, but the header names 2 columns\n")
        let (notObjects, _) = try run("n.json", "[1, 2]", ["-c", "count"])
        #expect(notObjects.status == 2)
        #expect(notObjects.stderr == "amigo-shell: n.json line 1: expected an array of objects (or one object a line), found a number\n")
        let (short, _) = try run("s.csv", "a,b\n1\n", ["-c", "count"])
        #expect(short.status == 0)
        #expect(short.stdout == "1\n")
        #expect(short.stderr == "amigo-shell: s.csv: 1 row has fewer fields than the header (the first on line 2); the missing values are NULL\n")
    }

    @Test("--import-into without a data file is a usage error")
    func importIntoNeedsADataFile() throws {
        let result = try ProcessRunner.run(try Fixture.binary(), ["shop.sqlite", "--import-into", "x.sqlite"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("amigo-shell: --import-into needs a .csv, .tsv, .json, .jsonl or .ndjson file to import, not shop.sqlite\n"))
    }
}
