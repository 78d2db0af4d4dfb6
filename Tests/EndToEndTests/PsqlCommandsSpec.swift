import Foundation
import Testing

/// psql's everyday backslash commands (issue 25, point 10), each the shell's own command under
/// psql's name: `\d`, `\dt`, `\dv`, `\dn`, `\x`, `\timing`, `\conninfo`, `\?`, `\q`; and a
/// bare `amigo-shell` opening the database `PGDATABASE` or `PGSERVICE` names, as psql does.
@Suite("psql's backslash commands on PostgreSQL (text mode)",
       .enabled(if: PostgresDatabase.serverURL != nil, PostgresDatabase.skipReason))
struct PsqlCommandsSpec {
    /// A table, a view, and a table in another schema.
    static let schema = """
        CREATE TABLE artist (id integer PRIMARY KEY, name text NOT NULL);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'ABBA');
        CREATE VIEW artist_names AS SELECT name FROM artist;
        CREATE SCHEMA audit;
        CREATE TABLE audit.note (id integer PRIMARY KEY, body text);
        """

    /// Runs amigo-shell with `arguments`, one `-c` per command.
    static func shell(_ arguments: [String], _ commands: [String], environment: [String: String] = [:],
                      unsetting: Set<String> = []) throws -> ProcessResult {
        let result = try ProcessRunner.run(try Fixture.binary(), arguments + commands.flatMap { ["-c", $0] },
                                           environment: environment, unsetting: unsetting)
        #expect(!result.timedOut, "amigo-shell did not finish within 10 s")
        return result
    }

    @Test("\\dt lists the tables, \\dv the views, \\dn the schemas, \\d TABLE is schema TABLE")
    func describingCommands() throws {
        let db = try PostgresDatabase(Self.schema)
        let tables = try Self.shell([db.url], ["\\dt"])
        #expect(tables.stderr == "")
        #expect(tables.stdout == """
            name        kind   rows
            ----------  -----  ----
            artist      table  2
            audit.note  table  0

            """)
        let views = try Self.shell([db.url], ["\\dv"])
        #expect(views.stdout.contains("artist_names  view"))
        #expect(!views.stdout.contains("audit.note"))
        let schemas = try Self.shell([db.url], ["\\dn"])
        #expect(schemas.stdout == "schema\n------\naudit\npublic\n")
        let described = try Self.shell([db.url], ["\\d artist"])
        let schema = try Self.shell([db.url], ["schema artist"])
        #expect(described.stderr == "")
        #expect(described.stdout == schema.stdout)
        #expect(described.stdout.contains("CREATE TABLE \"artist\""))
    }

    @Test("SET and SHOW as psql takes them go to the server; the shell's set and show keep their meaning")
    func setAndShowGoToTheServer() throws {
        let db = try PostgresDatabase(Self.schema)
        let result = try Self.shell([db.url], ["SET search_path TO audit, public", "SHOW search_path",
                                               "set timezone = 'Europe/Oslo';", "show TimeZone;",
                                               "open artist", "get 1", "set name = 'AC-DC'", "show", "rollback"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.contains("search_path\n-------------\naudit, public\n"), "the server's answer: \(result.stdout)")
        #expect(result.stdout.contains("TimeZone\n-----------\nEurope/Oslo\n"))
        #expect(result.stdout.contains("AC-DC"), "set COLUMN = VALUE still edits the current row: \(result.stdout)")
    }

    @Test("\\x switches to line mode and back, \\timing switches the run time on and off, \\conninfo and \\? answer, \\q leaves")
    func settingsAndInformation() throws {
        let db = try PostgresDatabase(Self.schema)
        let result = try Self.shell([db.url], ["\\x", "sql SELECT id, name FROM artist WHERE id = 1", "\\x",
                                               "sql SELECT id FROM artist WHERE id = 2", "\\conninfo", "\\?", "\\q", "tables"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            Expanded display is on.
               id = 1
             name = AC/DC
            Expanded display is off.
            id
            --
            2
            (1 row)
            You are connected to database "\(db.name)" as user "
            """))
        #expect(result.stdout.contains("\" via socket in \"\(db.folder)\" at port \""))
        #expect(result.stdout.contains("help [COMMAND]"))
        // \q left before tables.
        #expect(!result.stdout.contains("artist_names"))

        let timed = try Self.shell([db.url], ["open artist", "\\timing", "count", "\\timing", "count"])
        #expect(timed.stderr == "")
        // Timed from \timing on until \timing off: the last count is not.
        let lines = timed.stdout.split(separator: "\n")
        #expect(lines.filter { $0 == "2" }.count == 2 && lines.last == "2")
        #expect(lines.filter { $0.hasPrefix("Run Time: real") }.count == 2)
    }

    @Test("a bare amigo-shell opens the database PGDATABASE names (PGHOST its server), as psql does; without PGDATABASE or PGSERVICE, the demo")
    func theEnvironmentNamesTheDatabase() throws {
        let db = try PostgresDatabase(Self.schema)
        let fromEnvironment = try Self.shell([], ["tables", "\\conninfo"], environment: ["PGDATABASE": db.name, "PGHOST": db.folder])
        #expect(fromEnvironment.stderr == "")
        #expect(fromEnvironment.stdout.contains("artist_names"))
        #expect(fromEnvironment.stdout.contains("You are connected to database \"\(db.name)\""))

        let demo = try Self.shell([], ["conninfo"], unsetting: ["PGDATABASE", "PGSERVICE"])
        #expect(demo.stderr == "")
        #expect(demo.stdout == "You are connected to the SQLite database \":memory:\".\n")
    }
}
