import Testing
@testable import AmigoShellCore

/// The command language, the same at the `:` prompt, with `-c` and on standard input.
@Suite struct CommandParserSpec {
    private func parse(_ line: String) throws -> Command? { try CommandParser.parse(line) }

    /// The error a line gives, as a `ShellError` (or nil when it parses).
    private func error(_ line: String) -> ShellError? {
        do { _ = try CommandParser.parse(line); return nil } catch { return error as? ShellError }
    }

    @Test func everyCommandParsesByItsName() throws {
        #expect(try parse("tables") == .tables())
        #expect(try parse("open Artist") == .open("Artist"))
        #expect(try parse("filter Milliseconds > 300000") == .filter("Milliseconds > 300000"))
        #expect(try parse("order Name") == .order(column: "Name", descending: false))
        #expect(try parse("limit 5") == .limit(5))
        #expect(try parse("relations") == .relations)
        #expect(try parse("follow albums") == .follow("albums"))
        #expect(try parse("back") == .back)
        #expect(try parse("show") == .show(nil))
        #expect(try parse("show 5") == .show(5))
        #expect(try parse("get 1") == .get("1"))
        #expect(try parse("sql SELECT 1") == .sql("SELECT 1"))
        #expect(try parse("set Name = AC/DC") == .set(column: "Name", value: "AC/DC"))
        #expect(try parse("commit") == .commit)
        #expect(try parse("rollback") == .rollback)
        #expect(try parse("echo on") == .echo(true))
        #expect(try parse(".echo off") == .echo(false))
        #expect(try parse(".print  a   \"b c\" 'd'") == .print("a b c d"))
        // As sqlite3's C strings: an escaped NUL (\0, \000) ends its argument, never written.
        #expect(try parse(".print ab\\0cd e\\000f g") == .print("ab e g"))
        #expect(try parse(".bail on") == .bail(true))
        #expect(try parse("export csv out.csv") == .export(format: .csv, path: "out.csv"))
        #expect(try parse("schema Album") == .schema("Album"))
        #expect(try parse("count") == .count)
        #expect(try parse("stats Milliseconds") == .stats("Milliseconds"))
        #expect(try parse("help") == .help(nil))
        #expect(try parse("quit") == .quit)
    }

    @Test func everyCommandInTheHelpListIsAccepted() throws {
        // The help list is also what completion offers: each name must parse (with an argument when it needs one).
        for name in CommandParser.names {
            let line = ["open", "follow", "get", "stats", "once", "read", "save", "run", "path", "attach", "detach", "unhide", "backup"].contains(name) ? "\(name) x"
                : ["link", "unlink"].contains(name) ? "\(name) x 1"
                : name == "import" ? "import a.csv t" : name == "headers" ? "headers off" : name == "timer" ? "timer on" : name == "bail" ? "bail on" : name == "countchanges" ? "countchanges on" : name == "parameter" ? "parameter list" : name == "eqp" ? "eqp on" : name == "separator" ? "separator ," : name == "width" ? "width 5 -3"
                : name == "sql" ? "sql SELECT 1" : name == "set" ? "set a = 1" : name == "limit" ? "limit 3"
                : name == "export" ? "export json x.json" : name == "column" ? "column json(body).a" : name
            #expect(try parse(line) != nil, "\(line)")
        }
        #expect(try parse("column json(body).address.city") == .jsonColumn("json(body).address.city"))
        #expect(CommandParser.names == ["tables", "open", "filter", "order", "hide", "unhide", "column", "pin", "limit", "relations", "follow", "back", "show", "get",
                                        "sql", "set", "insert", "delete", "link", "unlink", "changes", "undo", "commit", "rollback", "echo", "export", "page", "map", "path", "schema", "schemas", "attach", "detach", "conninfo", "count", "refresh", "reconnect",
                                        "explain", "history", "save", "run", "stats", "freq",
                                        "mode", "headers", "output", "once", "read", "dump", "import", "indexes", "separator", "nullvalue", "print", "bail",
                                        "countchanges", "backup", "use", "parameter", "eqp", "databases", "settings", "timer", "expanded",
                                        "width", "help", "quit"])
    }

    @Test func aliasesMeanTheSameAsTheirCommand() throws {
        #expect(try parse("ls") == .tables())
        #expect(try parse(".tables") == .tables())
        #expect(try parse("o Track") == .open("Track"))
        #expect(try parse("f Name = 'x'") == .filter("Name = 'x'"))
        #expect(try parse("where Name = 'x'") == .filter("Name = 'x'"))
        #expect(try parse("sort Name desc") == .order(column: "Name", descending: true))
        #expect(try parse("rel") == .relations)
        #expect(try parse("r") == .relations)
        #expect(try parse("fo tracks") == .follow("tracks"))
        #expect(try parse("b") == .back)
        #expect(try parse("g 7") == .get("7"))
        #expect(try parse(".schema") == .schema(nil))
        #expect(try parse("?") == .help(nil))
        #expect(try parse("h") == .help(nil))
        for word in ["exit", "q", ".quit", ".exit"] { #expect(try parse(word) == .quit) }
    }

    @Test func selectWithPragmaAndExplainAreSQLWithoutTheSqlWord() throws {
        #expect(try parse("SELECT count(*) FROM Track") == .sql("SELECT count(*) FROM Track"))
        #expect(try parse("with x AS (SELECT 1) SELECT * FROM x") == .sql("with x AS (SELECT 1) SELECT * FROM x"))
        #expect(try parse("pragma table_info(Album)") == .sql("pragma table_info(Album)"))
        #expect(try parse("EXPLAIN SELECT 1") == .sql("EXPLAIN SELECT 1"))
    }

    @Test func commandWordsAreCaseInsensitiveAndALeadingColonIsAllowed() throws {
        #expect(try parse("OPEN Artist") == .open("Artist"))
        #expect(try parse(":open Artist") == .open("Artist"))
        #expect(try parse("  :  back  ") == .back)
        #expect(try parse("Tables") == .tables())
    }

    @Test func blankLinesAndCommentsAreNoCommand() throws {
        #expect(try parse("") == nil)
        #expect(try parse("   ") == nil)
        #expect(try parse(":") == nil)
        #expect(try parse("# a comment") == nil)
        #expect(try parse("-- a comment") == nil)
    }

    @Test func quotesAroundNamesAreRemoved() throws {
        #expect(try parse("open \"Invoice Line\"") == .open("Invoice Line"))
        #expect(try parse("open 'Album'") == .open("Album"))
        #expect(try parse("open `Album`") == .open("Album"))
        #expect(try parse("open [Album]") == .open("Album"))
        #expect(try parse("follow \"tracks\"") == .follow("tracks"))
        #expect(try parse("schema \"Play List\"") == .schema("Play List"))
        #expect(try parse("stats [Unit Price]") == .stats("Unit Price"))
    }

    @Test func orderKeepsAQuotedColumnWithSpacesTogether() throws {
        #expect(try parse("order \"Unit Price\" desc") == .order(column: "Unit Price", descending: true))
        #expect(try parse("order [Unit Price] ASC") == .order(column: "Unit Price", descending: false))
        #expect(try parse("order Name DESC") == .order(column: "Name", descending: true))
    }

    @Test func orderWithoutAColumnGoesBackToKeyOrder() throws {
        #expect(try parse("order") == .order(column: nil, descending: false))
        // A lone `desc` is a column name, not a direction.
        #expect(try parse("order desc") == .order(column: "desc", descending: false))
    }

    @Test func filterWithoutAnExpressionClearsIt() throws {
        #expect(try parse("filter") == .filter(nil))
        #expect(try parse("filter   ") == .filter(nil))
    }

    @Test func filterKeepsItsExpressionVerbatim() throws {
        #expect(try parse("filter Milliseconds > 300000 AND Composer CONTAINS[c] 'page'")
                == .filter("Milliseconds > 300000 AND Composer CONTAINS[c] 'page'"))
    }

    @Test func setSplitsAtTheFirstEqualsSignAndKeepsTheValueAsTyped() throws {
        #expect(try parse("set Name = 'a = b'") == .set(column: "Name", value: "'a = b'"))
        #expect(try parse("set \"Unit Price\"=0.99") == .set(column: "Unit Price", value: "0.99"))
        #expect(try parse("set Composer = NULL") == .set(column: "Composer", value: "NULL"))
        #expect(try parse("set Name =") == .set(column: "Name", value: ""))
    }

    @Test func echoTakesOnOffOrTogglesWithoutAnArgument() throws {
        #expect(try parse("echo") == .echo(nil))
        #expect(try parse("echo OFF") == .echo(false))
        #expect(try parse("echo 1") == .echo(true))
        #expect(try parse("echo false") == .echo(false))
    }

    @Test func exportTakesAFormatAndAPathThatMayBeQuoted() throws {
        #expect(try parse("export JSON out.json") == .export(format: .json, path: "out.json"))
        #expect(try parse("export csv \"/tmp/my tracks.csv\"") == .export(format: .csv, path: "/tmp/my tracks.csv"))
    }

    @Test func helpTakesAnOptionalTopic() throws {
        #expect(try parse("help open") == .help("open"))
        #expect(try parse("? filter") == .help("filter"))
    }

    @Test func missingArgumentsGiveTheCommandsUsage() {
        #expect(error("open") == .usage(command: "open", usage: "open TABLE"))
        #expect(error("follow") == .usage(command: "follow", usage: "follow NAME"))
        #expect(error("get") == .usage(command: "get", usage: "get ID"))
        #expect(error("sql") == .usage(command: "sql", usage: "sql SELECT …"))
        #expect(error("stats") == .usage(command: "stats", usage: "stats COLUMN"))
        #expect(error("set") == .usage(command: "set", usage: "set [all] COLUMN = VALUE"))
        #expect(error("limit") == .usage(command: "limit", usage: "limit N"))
    }

    @Test func malformedArgumentsGiveTheCommandsUsage() {
        #expect(error("limit 0") == .usage(command: "limit", usage: "limit N (a positive number)"))
        #expect(error("limit ten") == .usage(command: "limit", usage: "limit N (a positive number)"))
        #expect(error("set Name") == .usage(command: "set", usage: "set [all] COLUMN = VALUE"))
        #expect(error("set = 3") == .usage(command: "set", usage: "set [all] COLUMN = VALUE"))
        #expect(error("echo maybe") == .usage(command: "echo", usage: "echo on|off"))
        #expect(error("export xml out.xml") == .usage(command: "export", usage: "export csv|json|mermaid|dot FILE [--force] [--depth N]"))
        #expect(error("export csv") == .usage(command: "export", usage: "export csv|json|mermaid|dot FILE [--force] [--depth N]"))
        #expect(error("tables x") == .usage(command: "tables", usage: "tables [KIND] (KIND: tables or views)"))
    }

    @Test func commandsThatTakeNothingRefuseExtraWords() {
        for (line, usage) in [("count extra", "count"), ("schemas x", "schemas"), ("back 2", "back"), ("commit now", "commit"),
                              ("relations all", "relations"), ("refresh x", "refresh"), ("quit please", "quit")] {
            #expect(error(line) == .usage(command: String(line.split(separator: " ")[0]), usage: usage + " (it takes nothing after it)"), "\(line)")
        }
        #expect(error("count  ") == nil)
    }

    @Test func usageErrorsReadAsOneLine() {
        #expect(ErrorText.line(ShellError.usage(command: "open", usage: "open TABLE")) == "open: usage: open TABLE")
    }

    @Test func anUnknownCommandSuggestsTheNearestOne() {
        #expect(error("tabels") == .unknownCommand("tabels", suggestion: "tables"))
        #expect(error("opne Artist") == .unknownCommand("opne", suggestion: "open"))
        #expect(error("fliter x = 1") == .unknownCommand("fliter", suggestion: "filter"))
        #expect(error("comit") == .unknownCommand("comit", suggestion: "commit"))
        #expect(error("rollbakc") == .unknownCommand("rollbakc", suggestion: "rollback"))
        #expect(ErrorText.line(ShellError.unknownCommand("fliter", suggestion: "filter"))
                == "unknown command 'fliter' (did you mean 'filter'?); type help for the list")
    }

    @Test func anUnknownCommandFarFromEveryCommandHasNoSuggestion() {
        #expect(error("xyzzy") == .unknownCommand("xyzzy", suggestion: nil))
        #expect(ErrorText.line(ShellError.unknownCommand("xyzzy", suggestion: nil)) == "unknown command 'xyzzy'; type help for the list")
    }

    @Test func aTrailingSemicolonIsAcceptedEverywhere() throws {
        #expect(try parse("tables;") == .tables())
        #expect(try parse("open Artist ;") == .open("Artist"))
        #expect(try parse("filter Name = 'a;b';") == .filter("Name = 'a;b'"))
        #expect(try parse("SELECT Name FROM Artist;;") == .sql("SELECT Name FROM Artist"))
        #expect(try parse("sql SELECT 1;") == .sql("SELECT 1"))
        #expect(try parse(";") == nil)
        #expect(try parse("quit;") == .quit)
    }

    @Test func sqliteDotCommandsAreTheCommandsTheyName() throws {
        #expect(try parse(".tables") == .tables())
        #expect(try parse(".schema Album") == .schema("Album"))
        #expect(try parse(".mode csv") == .mode(.csv))
        #expect(try parse(".mode") == .mode(nil))
        #expect(try parse("mode JSONL") == .mode(.jsonl))
        #expect(try parse(".mode column") == .mode(.column))
        #expect(try parse(".mode list") == .mode(.list))
        #expect(try parse(".mode box") == .mode(.box))
        #expect(try parse(".separator ;") == .separator(";"))
        #expect(try parse(".separator \\t") == .separator("\t"))
        #expect(try parse(".nullvalue NULL") == .nullValue("NULL"))
        #expect(try parse(".timer on") == .timer(true))
        #expect(try parse(".width 5 -3") == .width([5, -3]))
        #expect(try parse(".dump") == .dump([]))
        #expect(try parse(".dump Album Track") == .dump(["Album", "Track"]))
        #expect(try parse(".indexes Track") == .indexes("Track"))
        #expect(try parse(".mode tabs") == .mode(.tabs))
        #expect(try parse(".changes on") == .countChanges(true))
        #expect(try parse(".databases") == .databases)
        #expect(try parse(".show") == .settings)
        #expect(try parse(".backup copy.db") == .backup(path: "copy.db", schema: nil))
        #expect(try parse(".backup aux 'my copy.db'") == .backup(path: "my copy.db", schema: "aux"))
        #expect(try parse(".save copy.db") == .backup(path: "copy.db", schema: nil))
        #expect(try parse(".exit 3") == .exit(3))
        #expect(try parse(".exit") == .quit)
        #expect(try parse(".exit 0") == .quit)
        #expect(try parse(".mode column --wrap 10 --wordwrap on") == .mode(.column, columnar: ColumnarOptions(quote: false).with(wrap: 10, wordWrap: true)))
        #expect(try parse(".mode qbox --noquote") == .mode(.qbox, columnar: ColumnarOptions(quote: false)))
        #expect(try parse(".mode box -ww --quote") == .mode(.box, columnar: ColumnarOptions(quote: true).with(wrap: 60, wordWrap: true)))
        #expect(throws: ShellError.self) { try parse(".mode column --wrap x") }
        #expect(throws: ShellError.self) { try parse(".mode column --bogus") }
        // sqlite3 reads .exit's CODE as its integerValue: leading digits, else 0 (leaves, never runs on).
        #expect(try parse(".exit abc") == .quit)
        #expect(try parse(".exit 12abc") == .exit(12))
        #expect(try parse(".exit 4294967297") == .exit(1))
        #expect(throws: ShellError.self) { try parse("exit abc") }
        #expect(try parse(".parameter set :x 5") == .parameter(.set(name: ":x", value: .integer(5))))
        #expect(try parse(".param set @who 'it''s me'") == .parameter(.set(name: "@who", value: .text("it's me"))))
        #expect(try parse(".parameter set $b x'00FF'") == .parameter(.set(name: "$b", value: .blob([0, 255]))))
        #expect(try parse(".parameter set :r 2.5") == .parameter(.set(name: ":r", value: .real(2.5))))
        #expect(try parse(".parameter set :n NULL") == .parameter(.set(name: ":n", value: .null)))
        #expect(try parse(".parameter set :t hello world") == .parameter(.set(name: ":t", value: .text("hello world"))))
        #expect(try parse(".parameter set :q \"dq\"") == .parameter(.set(name: ":q", value: .text("dq"))))
        #expect(try parse(".parameter set :s 007") == .parameter(.set(name: ":s", value: .integer(7))))
        #expect(try parse(".parameter unset :x") == .parameter(.unset(name: ":x")))
        #expect(try parse(".parameter clear") == .parameter(.clear))
        #expect(try parse(".open x.db") == .openFile(path: "x.db", new: false, readOnly: false))
        #expect(try parse(".open --new --readonly 'my file.db'") == .openFile(path: "my file.db", new: true, readOnly: true))
        #expect(try parse(".open") == .openFile(path: nil, new: false, readOnly: false))
        #expect(try parse("open Track") == .open("Track"))
        #expect(throws: ShellError.self) { try parse(".open --zip x.db") }
        #expect(throws: ShellError.self) { try parse(".parameter set :x") }
        #expect(try parse(".headers on") == .headers(true))
        #expect(try parse(".headers off;") == .headers(false))
        #expect(try parse(".once out.csv") == .once("out.csv"))
        #expect(try parse(".output 'my file.txt'") == .output("my file.txt"))
        #expect(try parse(".output") == .output(nil))
        #expect(try parse(".output stdout") == .output(nil))
        #expect(try parse(".read script.sql") == .read("script.sql"))
        #expect(try parse(".help") == .help(nil))
        for word in [".quit", ".exit", "\\q", ".quit;"] { #expect(try parse(word) == .quit) }
    }

    @Test func aDotCommandThisShellLacksIsAnErrorWithAnHonestSuggestion() throws {
        #expect(error(".mode htm") == .usage(command: ".mode", usage: "mode csv|tsv|json|jsonl|table|line|markdown|list|column|box|ascii-table|qbox|tabs|json-sqlite3|quote|insert|html|ascii|tcl"))
        #expect(try parse(".mode insert") == .mode(.insert, table: nil))
        #expect(try parse(".mode insert \"my table\"") == .mode(.insert, table: "my table"))
        #expect(try parse(".mode html") == .mode(.html))
        #expect(error(".headers maybe") == .usage(command: ".headers", usage: "headers on|off"))
        #expect(error(".vfsinfo") == .unknownCommand(".vfsinfo", suggestion: nil))
        #expect(error(".tabels") == .unknownCommand(".tabels", suggestion: ".tables"))
        #expect(error(".read") == .usage(command: ".read", usage: "read FILE"))
    }

    @Test func commentsAndBlankLinesAreSkipped() throws {
        for line in ["", "   ", "-- a comment", "  -- indented", "# hash", "--"] { #expect(try parse(line) == nil, "\(line)") }
    }

    @Test func showTakesAnOptionalRowCount() throws {
        #expect(try parse("show 3") == .show(3))
        #expect(error("show many") == .usage(command: "show", usage: "show [N] (a number of rows)"))
    }

    @Test func aCombiningMarkAfterTheSpaceDoesNotHideTheCommandWord() throws {
        // " ́" (a space and U+0301) is one Character: the command is still `open`, and the mark
        // stays with the name, which is then not a table (a clear error, not "unknown command").
        #expect(try parse("open \u{301}Track") == .open("\u{301}Track"))
        #expect(try parse("order \u{301}Name desc") == .order(column: "\u{301}Name", descending: true))
        #expect(CommandParser.splitWords("a \u{301}b c") == ["a", "\u{301}b", "c"])
    }

    /// A line sqlite3 would run as SQL is SQL; where a word is also a shell command, the SQL shape
    /// decides (`INSERT INTO`, `DELETE FROM`, `ROLLBACK TO`), and the shell's forms stay the shell's.
    @Test func sqlite3StatementsAreSQLAndTheShellsCommandsStayCommands() throws {
        for line in ["CREATE TABLE t (a)", "update t set a = 1", "INSERT INTO t VALUES (1)", "insert or replace into t values (1)",
                     "DELETE FROM t", "BEGIN", "begin transaction", "END", "COMMIT TRANSACTION", "ROLLBACK TO s1", "SAVEPOINT s1",
                     "RELEASE s1", "DROP TABLE t", "ALTER TABLE t ADD b", "REPLACE INTO t VALUES (2)", "VACUUM", "ANALYZE",
                     "REFRESH MATERIALIZED VIEW v", "/* a comment */ CREATE VIEW v AS SELECT 1"] {
            let command = try parse(line)
            guard case .sql = command else { Issue.record("\(line) → \(String(describing: command))"); continue }
        }
        #expect(try parse("insert Name='x'") == .insert([ColumnAssignment(column: "Name", value: "'x'")]))
        #expect(try parse("delete") == .delete(all: false, expected: nil))
        #expect(try parse("delete all") == .delete(all: true, expected: nil))
        #expect(try parse("commit") == .commit)
        #expect(try parse("rollback") == .rollback)
        #expect(try parse("refresh") == .refresh)
        #expect(try parse("show") == .show(nil))
        #expect(try parse("sql INSERT INTO t VALUES (1)") == .sql("INSERT INTO t VALUES (1)"))
        #expect(CommandParser.namesTheSQLCommand(" :sql DELETE FROM t"))
        #expect(!CommandParser.namesTheSQLCommand("DELETE FROM t"))
    }
}

/// psql's backslash commands are the shell's own commands under psql's names.
@Suite("psql's backslash commands")
struct PsqlBackslashCommandSpec {
    @Test("\\d, \\dt, \\dv, \\dn, \\x, \\timing, \\conninfo, \\? and \\q parse to the commands they name")
    func backslashCommandsAreAliases() throws {
        #expect(try CommandParser.parse("\\d") == .schema(nil))
        #expect(try CommandParser.parse("\\d artist") == .schema("artist"))
        #expect(try CommandParser.parse("\\dt") == .tables(only: .tables))
        #expect(try CommandParser.parse("\\dv") == .tables(only: .views))
        #expect(try CommandParser.parse("tables views") == .tables(only: .views))
        #expect(try CommandParser.parse("\\dn") == .schemas)
        #expect(try CommandParser.parse("\\x") == .expanded(nil))
        #expect(try CommandParser.parse("\\x on") == .expanded(true))
        #expect(try CommandParser.parse("\\timing") == .timer(nil))
        #expect(try CommandParser.parse("\\timing off") == .timer(false))
        #expect(try CommandParser.parse("\\conninfo") == .conninfo)
        #expect(try CommandParser.parse("\\?") == .help(nil))
        #expect(try CommandParser.parse("\\q") == .quit)
    }
}

private extension ColumnarOptions {
    /// These options with `wrap` and `wordWrap` set.
    func with(wrap: Int, wordWrap: Bool) -> ColumnarOptions {
        var copy = self
        copy.wrap = wrap
        copy.wordWrap = wordWrap
        return copy
    }
}
