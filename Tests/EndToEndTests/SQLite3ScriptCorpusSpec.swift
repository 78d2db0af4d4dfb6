import Foundation
import Testing

/// sqlite3's contract for scripts: every script of Tests/Fixtures/SQLite3Scripts runs through
/// `sqlite3` and through `amigo-shell --create` on standard input, and both leave the same
/// database (`.dump` of each), write byte for byte the same standard output and agree on success
/// or failure.
///
/// Documented difference (README, "sqlite3 habits"): error messages are amigo-shell's own, one
/// per failing statement, on the same lines.
@Suite("sqlite3 scripts run unchanged", .serialized,
       .enabled(if: Fixture.executable(named: "sqlite3") != nil, "the sqlite3 command-line shell is not installed"))
struct SQLite3ScriptCorpusSpec {
    static let folder = Fixture.packageRoot.appendingPathComponent("Tests/Fixtures/SQLite3Scripts")
    static let scripts: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".sql") }.sorted()
    }()

    @Test("the corpus is there") func corpusExists() {
        #expect(Self.scripts.count >= 13)
    }

    @Test("same database, same rows, same outcome", arguments: scripts)
    func sameResult(script: String) throws {
        let workspace = try Workspace("corpus-\(script.prefix(2))")
        let text = try String(contentsOf: Self.folder.appendingPathComponent(script), encoding: .utf8)
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let expected = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", sqlite3, "expected.db"], stdin: text)
        let actual = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "actual.db"], stdin: text)

        #expect((expected.status == 0) == (actual.status == 0), "sqlite3 \(expected.status): \(expected.stderr)\namigo-shell \(actual.status): \(actual.stderr)")
        #expect(actual.stdout == expected.stdout, "sqlite3:\n\(expected.stdout)\namigo-shell:\n\(actual.stdout)\n\(actual.stderr)")
        let errorLines = { (stderr: String) in stderr.split(separator: "\n").filter { $0.contains("error") }.count }
        #expect(errorLines(actual.stderr) == errorLines(expected.stderr), "sqlite3: \(expected.stderr)\namigo-shell: \(actual.stderr)")
        let expectedDump = try SQLite3.query(workspace.path("expected.db"), ".dump")
        let actualDump = try SQLite3.query(workspace.path("actual.db"), ".dump")
        #expect(actualDump == expectedDump)
    }

    @Test("a script that writes without committing inside BEGIN ends with status 1 and says so; the file keeps what was committed")
    func uncommittedBeginIsAnError() throws {
        let workspace = try Workspace("corpus-uncommitted")
        let script = "CREATE TABLE t (a);\nINSERT INTO t VALUES (1);\nBEGIN;\nINSERT INTO t VALUES (2);\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "x.db"], stdin: script)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the input ended with 1 uncommitted change(s): rolled back"), "\(result.stderr)")
        #expect(try SQLite3.query(workspace.path("x.db"), "SELECT group_concat(a) FROM t") == "1")
    }

    @Test("the shell's own write commands stay pending until commit; a bare statement after them joins them, with a note")
    func shellCommandsKeepTheSession() throws {
        let workspace = try Workspace("corpus-mixed")
        let script = "open Genre\ninsert Name='Polka'\nINSERT INTO Genre (Name) VALUES ('Ska');\ncommit\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "chinook.sqlite"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: INSERT joins the 1 uncommitted change(s) of earlier commands"), "\(result.stderr)")
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM Genre WHERE Name IN ('Polka', 'Ska')") == "2")
    }
}

extension SQLite3ScriptCorpusSpec {
    /// sqlite3's ATTACH in a script attaches the file writable and makes it when missing, as
    /// sqlite3 does (the shell's own `attach FILE` stays read-only unless `rw`).
    @Test("ATTACH DATABASE in a script makes a missing file and writes to it, as sqlite3 does")
    func attachInAScriptWritesAsSQLite3Does() throws {
        let workspace = try Workspace("corpus-attach")
        let script = """
            .mode csv
            CREATE TABLE main_t(a);
            INSERT INTO main_t VALUES (1);
            ATTACH DATABASE 'side.db' AS side;
            CREATE TABLE side.s(b);
            INSERT INTO side.s VALUES (2), (3);
            SELECT (SELECT count(*) FROM main_t), (SELECT sum(b) FROM side.s);
            DETACH DATABASE side;

            """
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "x.db"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1,5\r\n", "\(result.stdout)")
        #expect(try SQLite3.query(workspace.path("side.db"), "SELECT group_concat(b) FROM s") == "2,3")
        #expect(try SQLite3.query(workspace.path("x.db"), "SELECT count(*) FROM main_t") == "1")
    }

    @Test(".import makes the table from the first row (or fills an existing one) with the rows sqlite3 imports, committed at once")
    func importACSVFile() throws {
        let workspace = try Workspace("corpus-import")
        try "name,age\n\"Ada, L.\",36\r\nAlan,41\n\"multi\nline\",\n".write(toFile: workspace.path("people.csv"), atomically: true, encoding: .utf8)
        let script = ".import --csv people.csv people\n.mode csv\n.import people.csv people\n"
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let expected = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", sqlite3, "expected.db"], stdin: script)
        let actual = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "actual.db"], stdin: script)
        #expect(expected.status == 0 && actual.status == 0, "\(actual.stderr)")
        let rows = "SELECT quote(name), quote(age) FROM people ORDER BY rowid"
        #expect(try SQLite3.query(workspace.path("actual.db"), rows) == (try SQLite3.query(workspace.path("expected.db"), rows)))
        #expect(try SQLite3.query(workspace.path("actual.db"), "SELECT count(*) FROM people") == "7")
    }

    @Test(".import of a missing file says it cannot be read (not that it is not UTF-8, nor that .read failed); Latin-1 says it is not UTF-8")
    func importSaysWhyItCannotRead() throws {
        let workspace = try Workspace("corpus-import-errors")
        try Data([0x61, 0x0A, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: workspace.path("latin1.csv")))
        let script = ".import missing.csv t\n.import latin1.csv t\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "x.db"], stdin: script)
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: error: import: missing.csv: cannot be read"), "\(result.stderr)")
        #expect(result.stderr.contains("line 2: error: import: latin1.csv: is not UTF-8 text"), "\(result.stderr)")
    }
}

extension SQLite3ScriptCorpusSpec {
    /// Found by review: several statements on one line each run (none was dropped after BEGIN), a
    /// savepoint after BEGIN survives between lines, and a comment alone on a line is a comment.
    @Test("statements sharing a line, savepoints after BEGIN and comment lines behave as in sqlite3")
    func linesAsSqlite3ReadsThem() throws {
        let workspace = try Workspace("corpus-review")
        let script = """
            CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1);
            BEGIN; INSERT INTO t VALUES (2); COMMIT;
            /* a comment alone */
            BEGIN;
            SAVEPOINT s;
            INSERT INTO t VALUES (3);
            ROLLBACK TO s;
            COMMIT;
            .mode csv
            SELECT group_concat(a) FROM t;

            """
        let sqlite3 = try #require(Fixture.executable(named: "sqlite3"))
        let expected = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", sqlite3, "expected.db"], stdin: script)
        let actual = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "--create", "actual.db"], stdin: script)
        #expect(CSVFields.rows(expected.stdout) == [["1,2"]], "\(expected.stdout)")
        #expect(actual.status == 0, "\(actual.stderr)")
        #expect(CSVFields.rows(actual.stdout) == CSVFields.rows(expected.stdout), "\(actual.stdout)\(actual.stderr)")
        #expect(try SQLite3.query(workspace.path("actual.db"), "SELECT group_concat(a) FROM t") == "1,2")
    }
}

extension SQLite3ScriptCorpusSpec {
    @Test(".import after the shell's own pending write is a change of its own: listed, and undo takes back exactly it")
    func importIsAChangeOfItsOwn() throws {
        let workspace = try Workspace("corpus-import-undo")
        try "name,age\nAda,36\nAlan,41\n".write(toFile: workspace.path("people.csv"), atomically: true, encoding: .utf8)
        let script = "open Genre\ninsert Name='Polka'\n.import --csv people.csv people\nundo\ncommit\n"
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cd \(workspace.directory.path.shellQuoted) && exec \"$@\"", "sh", try Fixture.binary(), "chinook.sqlite"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("undid import people.csv into people"), "\(result.stdout)")
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM Genre WHERE Name = 'Polka'") == "1")
        #expect(try SQLite3.query(workspace.database, "SELECT count(*) FROM sqlite_schema WHERE name = 'people'") == "0")
    }
}

/// Just enough of RFC 4180 to compare two CSV outputs by their fields.
enum CSVFields {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text)[...]
        while let ch = chars.popFirst() {
            if quoted {
                if ch == "\"" {
                    if chars.first == "\"" { field.append("\""); chars = chars.dropFirst() } else { quoted = false }
                } else {
                    field.append(ch)
                }
                continue
            }
            switch ch {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\n", "\r\n", "\r":
                row.append(field); field = ""
                rows.append(row); row = []
            default: field.append(ch)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
